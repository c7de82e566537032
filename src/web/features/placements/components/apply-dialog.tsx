import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { APPLICATION_NOTES_MAX } from "@/domain/applications";
import { applyByLabel } from "@/domain/placements";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Textarea } from "@/web/components/ui/textarea";
import { formatDate } from "@/web/lib/format";
import { type StudentPlacement, useApply } from "../student-placements-api";

/** The student's apply dialog: the placement's summary and requirements, and an optional note. */
export function ApplyDialog({
  placement,
  onOpenChange,
}: {
  placement: StudentPlacement | null;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [notes, setNotes] = useState("");
  const apply = useApply();
  const tooLong = notes.length > APPLICATION_NOTES_MAX;

  useEffect(() => {
    if (placement) setNotes("");
  }, [placement]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!placement || tooLong) return;
    try {
      const result = await apply.mutateAsync({ placementId: placement.id, notes });
      toast.success("Application submitted", {
        description: `${result.placement.title} at ${result.placement.facilityName}`,
      });
      onOpenChange(false);
    } catch (err) {
      toast.error("Error", { description: err instanceof Error ? err.message : "Could not submit the application" });
    }
  }

  const where = placement ? [placement.facility.city, placement.facility.state].filter(Boolean).join(", ") : "";
  return (
    <Dialog open={placement !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-lg overflow-y-auto">
        <DialogTitle>Apply to {placement?.title ?? "placement"}</DialogTitle>
        {placement ? (
          <>
            <DialogDescription>
              {placement.facility.name}
              {where ? `, ${where}` : ""} · {placement.specialty}
            </DialogDescription>
            <dl className="mt-4 grid gap-2 text-sm">
              <div>
                <dt className="font-medium">Dates</dt>
                <dd className="text-muted-foreground">
                  {formatDate(placement.startDate)} – {formatDate(placement.endDate)} · {placement.durationWeeks} weeks
                </dd>
              </div>
              {placement.applicationDeadline ? (
                <div>
                  <dt className="font-medium">Application deadline</dt>
                  <dd className="text-muted-foreground">{applyByLabel(placement.applicationDeadline)}</dd>
                </div>
              ) : null}
              <div>
                <dt className="font-medium">Spots</dt>
                <dd className="text-muted-foreground">
                  {placement.availableSpots} of {placement.capacity} available
                </dd>
              </div>
              {placement.description ? (
                <div>
                  <dt className="font-medium">About</dt>
                  <dd className="text-muted-foreground">{placement.description}</dd>
                </div>
              ) : null}
              <div>
                <dt className="font-medium">Requirements</dt>
                <dd className="text-muted-foreground">
                  {placement.requirements.length > 0 ? (
                    <ul className="list-disc pl-5">
                      {placement.requirements.map((r) => (
                        <li key={r}>{r}</li>
                      ))}
                    </ul>
                  ) : (
                    "None listed"
                  )}
                </dd>
              </div>
            </dl>
          </>
        ) : null}
        <form className="mt-4 grid gap-4" onSubmit={submit} noValidate>
          <Field
            id={`${id}-notes`}
            label="Note to the facility (optional)"
            error={tooLong ? `Notes must be at most ${APPLICATION_NOTES_MAX} characters` : undefined}
          >
            <Textarea
              id={`${id}-notes`}
              rows={3}
              value={notes}
              aria-invalid={tooLong}
              placeholder="Why this placement, availability, anything they should know"
              onChange={(e) => setNotes(e.target.value)}
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={apply.isPending || tooLong}>
              {apply.isPending ? "Submitting..." : "Submit Application"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
