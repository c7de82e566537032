import { useQuery } from "@tanstack/react-query";
import { Check } from "lucide-react";
import { useState } from "react";
import { StudentPage } from "@/web/components/student-page";
import { Button } from "@/web/components/ui/button";
import { ApplyDialog } from "../components/apply-dialog";
import { PlacementBrowser, usePlacementFilters } from "../components/placement-browser";
import { type StudentPlacement, studentPlacementsQuery } from "../student-placements-api";

const HEADER = { title: "Browse Placements", description: "Active clinical placements with spots left" };

/** /student/placements: open placements with spots left; 'Applied' where the student already applied. */
export default function StudentPlacementsPage() {
  return <StudentPage header={HEADER} content={Browse} />;
}

function Browse() {
  const filters = usePlacementFilters();
  const [applyTo, setApplyTo] = useState<StudentPlacement | null>(null);
  const list = useQuery(studentPlacementsQuery(filters.query));

  const applyButton = (p: StudentPlacement) => <ApplyButton placement={p} onApply={setApplyTo} />;

  return (
    <>
      <PlacementBrowser filters={filters} list={list} action={applyButton} />

      <ApplyDialog
        placement={applyTo}
        onOpenChange={(open) => {
          if (!open) setApplyTo(null);
        }}
      />
    </>
  );
}

/** Apply, or Applied (disabled) where the student already applied. */
function ApplyButton({
  placement: p,
  onApply,
}: {
  placement: StudentPlacement;
  onApply: (p: StudentPlacement) => void;
}) {
  if (p.myApplication !== null) {
    return (
      <Button className="w-full" variant="secondary" disabled aria-label={`Applied: ${p.title}`}>
        <Check aria-hidden /> Applied
      </Button>
    );
  }
  return (
    <Button className="w-full" onClick={() => onApply(p)} aria-label={`Apply: ${p.title}`}>
      Apply
    </Button>
  );
}
