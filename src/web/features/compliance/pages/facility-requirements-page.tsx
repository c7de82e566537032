import { useSearchParams } from "react-router";
import { PageHeader } from "@/web/components/ui/page-header";
import { RequirementsSettings } from "../components/requirements-settings";

/**
 * /dashboard/facility/requirements: what every applicant to the facility's placements needs, on top
 * of their program's requirements (a placement adds its own in the placement form).
 */
export default function FacilityRequirementsPage() {
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader
        title="Requirements"
        description="Immunizations, certifications and checks every applicant to your placements needs"
      />
      <RequirementsSettings scope="facility" ownerId={params.get("facility") ?? undefined} />
    </>
  );
}
