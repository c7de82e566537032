import { useQuery } from "@tanstack/react-query";
import { SearchX, ShieldCheck } from "lucide-react";
import { ExportCsvButton } from "@/web/components/list-page/export-csv-button";
import { FilterBar } from "@/web/components/list-page/filter-bar";
import type { ListCopy } from "@/web/components/list-page/list-results";
import { actionsHeader, type Column } from "@/web/components/list-page/list-table";
import { ListView } from "@/web/components/list-page/list-view";
import { useListParams } from "@/web/components/list-page/use-list-params";
import { Badge } from "@/web/components/ui/badge";
import { PageHeader } from "@/web/components/ui/page-header";
import { formatDate } from "@/web/lib/format";
import { useMe } from "@/web/lib/session";
import { type AdminAccount, adminsExportUrl, adminsQuery } from "../admins-api";
import { AddAdminDialog } from "../components/add-admin-dialog";
import { AdminRightsButton } from "../components/admin-rights-button";

const COPY: ListCopy = {
  what: "administrators",
  loading: "Loading administrators...",
  empty: { icon: ShieldCheck, title: "No administrators yet" },
  noMatch: { icon: SearchX, title: "No administrators match", body: "No administrator matches this search." },
};

function columns(canChange: boolean): Column<AdminAccount>[] {
  const base: Column<AdminAccount>[] = [
    { id: "name", header: "Name", className: "font-medium", cell: (a) => a.fullName },
    { id: "email", header: "Email", className: "break-all", cell: (a) => a.email },
    {
      id: "organization",
      header: "Organization",
      cell: (a) => a.organizationName || <span className="text-muted-foreground">Not given</span>,
    },
    {
      id: "role",
      header: "Role",
      cell: (a) =>
        a.role === "super_admin" ? <Badge>Super Admin</Badge> : <Badge variant="muted">Administrator</Badge>,
    },
    { id: "since", header: "Since", className: "whitespace-nowrap", cell: (a) => formatDate(a.since) },
  ];
  if (!canChange) return base;
  return [
    ...base,
    {
      id: "actions",
      header: actionsHeader,
      actions: true,
      cell: (a) => (
        <div className="flex flex-wrap justify-end gap-2">
          {a.role === "super_admin" ? (
            <AdminRightsButton id={a.id} name={a.fullName} action="remove-super-admin" />
          ) : (
            <AdminRightsButton id={a.id} name={a.fullName} action="make-super-admin" />
          )}
          <AdminRightsButton id={a.id} name={a.fullName} action="remove-admin" />
        </div>
      ),
    },
  ];
}

/** Issue 14: the platform's administrators and super admins; super admins change their rights. */
export default function AdminsPage() {
  const me = useMe();
  const isSuperAdmin = me.data?.roles.includes("super_admin") ?? false;
  const params = useListParams({});
  const search = params.search || undefined;
  const list = useQuery(adminsQuery({ search, page: params.page }));

  return (
    <>
      <PageHeader
        title="Administrators"
        description={
          isSuperAdmin
            ? "Everyone with administrator access. Add administrators, make super admins, or remove rights."
            : "Everyone with administrator access. Only a super admin can change their rights."
        }
        actions={
          <>
            <AddAdminDialog />
            <ExportCsvButton url={adminsExportUrl({ search })} name="administrators" />
          </>
        }
      />
      <FilterBar
        label="Filter administrators"
        params={params}
        search={{ label: "Search administrators", placeholder: "Name, email or organization" }}
        className="sm:grid-cols-2"
      />
      <ListView query={list} copy={COPY} params={params} label="Administrators" columns={columns(isSuperAdmin)} />
    </>
  );
}
