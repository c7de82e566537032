import { useQuery } from "@tanstack/react-query";
import { Check } from "lucide-react";
import { useState } from "react";
import { NoStudentRecord } from "@/web/components/no-student-record";
import { Button } from "@/web/components/ui/button";
import { PageHeader } from "@/web/components/ui/page-header";
import { useMe } from "@/web/lib/session";
import { ApplyDialog } from "../components/apply-dialog";
import { PlacementFilterBar, PlacementResults, usePlacementFilters } from "../components/placement-browser";
import { PlacementCard } from "../components/placement-card";
import { type StudentPlacement, studentPlacementsQuery } from "../student-placements-api";

/** /student/placements: open placements with spots left; 'Applied' where the student already applied. */
export default function StudentPlacementsPage() {
  const me = useMe();
  return (
    <>
      <PageHeader title="Browse Placements" description="Active clinical placements with spots left" />
      {me.data?.studentId ? <Browse /> : <NoStudentRecord />}
    </>
  );
}

function Browse() {
  const filters = usePlacementFilters();
  const [applyTo, setApplyTo] = useState<StudentPlacement | null>(null);
  const list = useQuery(studentPlacementsQuery(filters.query));

  return (
    <>
      <PlacementFilterBar idPrefix="student-placement" filters={filters} />
      <PlacementResults
        list={list}
        filters={filters}
        renderCard={(p) => (
          <PlacementCard
            placement={p}
            action={
              p.myApplication !== null ? (
                <Button className="w-full" variant="secondary" disabled aria-label={`Applied: ${p.title}`}>
                  <Check aria-hidden /> Applied
                </Button>
              ) : (
                <Button className="w-full" onClick={() => setApplyTo(p)} aria-label={`Apply: ${p.title}`}>
                  Apply
                </Button>
              )
            }
          />
        )}
      />

      <ApplyDialog
        placement={applyTo}
        onOpenChange={(open) => {
          if (!open) setApplyTo(null);
        }}
      />
    </>
  );
}
