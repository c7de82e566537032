import { useQuery } from "@tanstack/react-query";
import { Building2, GraduationCap, LineChart } from "lucide-react";
import { Link } from "react-router";
import { LoadError } from "@/web/components/list-page/load-error";
import { Button } from "@/web/components/ui/button";
import { Loading } from "@/web/components/ui/loading";
import { PageHeader } from "@/web/components/ui/page-header";
import { useMe } from "@/web/lib/session";
import { AccessRequestsPanel } from "../components/access-requests-panel";
import { AddAdminDialog } from "../components/add-admin-dialog";
import { OverviewStatCards } from "../components/overview-stat-cards";
import { RecentActivityPanel } from "../components/recent-activity-panel";
import { RegionalTrendsPanel } from "../components/regional-trends-panel";
import { RosterClaimsPanel } from "../components/roster-claims-panel";
import { TopPerformersPanel } from "../components/top-performers-panel";
import { adminOverviewQuery } from "../overview-api";

/** /dashboard/admin: the platform's live figures (one request), then the admin's work queues. */
export default function AdminDashboardPage() {
  const me = useMe();
  const isSuperAdmin = me.data?.roles.includes("super_admin") ?? false;
  const overview = useQuery(adminOverviewQuery);
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
      {/* minmax(0, 1fr): a wide table scrolls in its own box instead of widening the cards. */}
      <div className="mb-6 grid grid-cols-[minmax(0,1fr)] gap-6">
        {overview.isPending ? (
          <Loading />
        ) : overview.isError ? (
          <LoadError what="the platform overview" query={overview} />
        ) : (
          <>
            <OverviewStatCards stats={overview.data.stats} />
            <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[repeat(2,minmax(0,1fr))]">
              <RecentActivityPanel />
              <TopPerformersPanel data={overview.data} />
            </div>
            <RegionalTrendsPanel rows={overview.data.regionalTrends} />
          </>
        )}
      </div>
      {isSuperAdmin ? <AccessRequestsPanel /> : null}
      <RosterClaimsPanel />
    </>
  );
}
