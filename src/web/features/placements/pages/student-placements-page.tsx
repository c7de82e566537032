import { useQuery } from "@tanstack/react-query";
import { Check } from "lucide-react";
import { type ReactNode, useState } from "react";
import { StudentPage, useStudentReadOnly } from "@/web/components/student-page";
import { Button } from "@/web/components/ui/button";
import { ApplyDialog } from "../components/apply-dialog";
import { PlacementBrowser, usePlacementFilters } from "../components/placement-browser";
import { type StudentPlacement, studentPlacementsQuery } from "../student-placements-api";

const HEADER = { title: "Browse Placements", description: "Active clinical placements with spots left" };

/** What the page shows above the list, given a way to open the apply dialog (app/ composes it). */
export type RecommendedSlot = (apply: (placement: StudentPlacement) => void) => ReactNode;

/**
 * /student/placements: open placements with spots left; 'Applied' where the student already applied.
 * `recommended` (issue 13, composed in app/pages) is shown above them and may open the apply dialog.
 */
export default function StudentPlacementsPage({ recommended }: { recommended?: RecommendedSlot }) {
  return (
    <StudentPage header={HEADER}>
      <Browse recommended={recommended} />
    </StudentPage>
  );
}

function Browse({ recommended }: { recommended?: RecommendedSlot }) {
  const filters = usePlacementFilters();
  const [applyTo, setApplyTo] = useState<StudentPlacement | null>(null);
  const list = useQuery(studentPlacementsQuery(filters.query));

  const applyButton = (p: StudentPlacement) => <ApplyButton placement={p} onApply={setApplyTo} />;

  return (
    <>
      {recommended?.(setApplyTo)}
      <PlacementBrowser filters={filters} list={list} action={applyButton} viewer="student" />

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
  const readOnly = useStudentReadOnly();
  // An administrator viewing as a student may look, not apply (the server refuses: read only).
  if (readOnly) return null;
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
