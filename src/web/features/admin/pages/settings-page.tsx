import { useQuery } from "@tanstack/react-query";
import { SETTING_GROUPS } from "@/domain/platform-settings";
import { LoadError } from "@/web/components/list-page/load-error";
import { Loading } from "@/web/components/ui/loading";
import { PageHeader } from "@/web/components/ui/page-header";
import { useMe } from "@/web/lib/session";
import { SettingsGroupForm } from "../components/settings-group-form";
import { settingsQuery } from "../settings-api";

/** Issue 14: the platform settings, stored in the database and used by the server at once. */
export default function SettingsPage() {
  const me = useMe();
  const canEdit = me.data?.roles.includes("super_admin") ?? false;
  const settings = useQuery(settingsQuery());
  return (
    <>
      <PageHeader
        title="Settings"
        description={
          canEdit
            ? "Platform-wide rules. A change applies at once, everywhere, and is recorded in the audit trail."
            : "Platform-wide rules. Only a super admin can change them."
        }
      />
      {settings.isPending ? (
        <Loading label="Loading settings..." />
      ) : settings.isError ? (
        <LoadError what="the settings" query={settings} />
      ) : (
        <div className="grid gap-6">
          {SETTING_GROUPS.map((group) => (
            <SettingsGroupForm key={group.id} group={group} data={settings.data} canEdit={canEdit} />
          ))}
        </div>
      )}
    </>
  );
}
