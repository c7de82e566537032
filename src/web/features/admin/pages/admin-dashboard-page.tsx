import { Building2, GraduationCap, LineChart } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/web/components/ui/button";
import { PageHeader } from "@/web/components/ui/page-header";
import { useMe } from "@/web/lib/session";
import { AccessRequestsPanel } from "../components/access-requests-panel";
import { AddAdminDialog } from "../components/add-admin-dialog";
import { RosterClaimsPanel } from "../components/roster-claims-panel";

export default function AdminDashboardPage() {
  const me = useMe();
  const isSuperAdmin = me.data?.roles.includes("super_admin") ?? false;
  return (
    <>
      <PageHeader
        title="Platform Overview"
        description="System-wide analytics and management"
        actions={
          <>
            <AddAdminDialog />
            <Button asChild variant="outline">
              <Link to="/dashboard/admin/facilities">
                <Building2 aria-hidden /> Facilities
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/dashboard/admin/programs">
                <GraduationCap aria-hidden /> Programs
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/dashboard/admin/analytics">
                <LineChart aria-hidden /> Analytics
              </Link>
            </Button>
          </>
        }
      />
      {isSuperAdmin ? <AccessRequestsPanel /> : null}
      <RosterClaimsPanel />
    </>
  );
}
