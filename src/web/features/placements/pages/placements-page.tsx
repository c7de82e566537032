import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "@/web/components/ui/button";
import { PageHeader } from "@/web/components/ui/page-header";
import { type OpenPlacement, openPlacementsQuery, studentNameQuery } from "../api";
import { PlacementBrowser, usePlacementFilters } from "../components/placement-browser";
import { SubmitApplicationDialog } from "../components/submit-application-dialog";

/** /placements: open placements for the program's students, with search, filters and the apply dialog. */
export default function PlacementsPage() {
  const [params, setParams] = useSearchParams();
  const studentId = params.get("student");
  const filters = usePlacementFilters();
  const [applyTo, setApplyTo] = useState<OpenPlacement | null>(null);

  const list = useQuery(openPlacementsQuery(filters.query));
  const student = useQuery(studentNameQuery(studentId));
  const preselected = useMemo(
    () => (student.data ? { id: student.data.id, name: student.data.name } : null),
    [student.data],
  );

  function clearStudent() {
    const next = new URLSearchParams(params);
    next.delete("student");
    setParams(next, { replace: true });
  }

  const submitButton = (p: OpenPlacement) => <SubmitButton placement={p} onApply={setApplyTo} />;

  return (
    <>
      <PageHeader title="Placements" description="Find available clinical placements for your students" />

      {preselected ? (
        <div
          className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-md border border-teal-200 bg-primary-soft px-4 py-2 text-sm text-teal-950"
          role="status"
        >
          <span>
            Choosing a placement for <strong>{preselected.name}</strong>
          </span>
          <Button size="sm" variant="ghost" onClick={clearStudent}>
            <X aria-hidden /> Clear
          </Button>
        </div>
      ) : null}

      <PlacementBrowser filters={filters} list={list} action={submitButton} viewer="program" />

      <SubmitApplicationDialog
        placement={applyTo}
        preselected={preselected}
        open={applyTo !== null}
        onOpenChange={(open) => {
          if (!open) setApplyTo(null);
        }}
      />
    </>
  );
}

/** The server offers only rotations taking applications today (issue 9); none other gets the button. */
function SubmitButton({ placement: p, onApply }: { placement: OpenPlacement; onApply: (p: OpenPlacement) => void }) {
  if (!p.acceptsApplications) return <p className="text-sm text-muted-foreground">No longer taking applications</p>;
  return (
    <Button className="w-full" onClick={() => onApply(p)} aria-label={`Submit Application: ${p.title}`}>
      Submit Application
    </Button>
  );
}
