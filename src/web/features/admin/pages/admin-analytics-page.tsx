import { PageHeader } from "@/web/components/ui/page-header";
import {
  ApplicationsOverTimeChart,
  ComplianceByProgramChart,
  FacilityDecisionsChart,
  SeatUtilizationChart,
  UnmetDemandChart,
} from "../analytics/analytics-charts";
import { AnalyticsFilterBar } from "../analytics/analytics-filter-bar";
import { useAnalyticsFilters } from "../analytics/use-analytics-filters";

/** /dashboard/admin/analytics: five charts from live data, one set of filters kept in the address. */
export default function AdminAnalyticsPage() {
  const params = useAnalyticsFilters();
  const { filters } = params;
  return (
    <>
      <PageHeader title="Analytics" description="Placement, capacity and compliance trends across the platform" />
      <AnalyticsFilterBar params={params} />
      <div className="grid gap-6 xl:grid-cols-2">
        <div className="xl:col-span-2">
          <ApplicationsOverTimeChart filters={filters} />
        </div>
        <FacilityDecisionsChart filters={filters} />
        <SeatUtilizationChart filters={filters} />
        <UnmetDemandChart filters={filters} />
        <ComplianceByProgramChart filters={filters} />
      </div>
    </>
  );
}
