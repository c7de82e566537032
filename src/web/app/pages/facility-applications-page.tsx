import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { FacilityApplicationsPage } from "@/web/features/applications/pages/facility-applications-page";
import { useKnownUnmet } from "@/web/features/compliance/api";
import { FacilityReadinessPanel } from "@/web/features/compliance/components/facility-readiness-panel";
import { departmentsQuery } from "@/web/features/placements/departments-api";
import { facilityPlacementOptionsQuery } from "@/web/features/placements/facility-api";

/**
 * /dashboard/facility/applications, composed here: the applications list filtered by the placements
 * feature's data, each applicant's readiness from the compliance feature.
 */
export default function FacilityApplicationsRoute() {
  const [params] = useSearchParams();
  const facilityId = params.get("facility") ?? undefined;
  const placements = useQuery(facilityPlacementOptionsQuery(facilityId));
  const departments = useQuery(departmentsQuery(facilityId));
  const knownUnmet = useKnownUnmet();
  return (
    <FacilityApplicationsPage
      options={{ placements: placements.data ?? [], departments: departments.data ?? [] }}
      readiness={(applicationId, studentName) => (
        <FacilityReadinessPanel applicationId={applicationId} studentName={studentName} />
      )}
      knownUnmet={knownUnmet}
    />
  );
}
