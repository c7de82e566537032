import { type ReactNode, useState } from "react";
import { toast } from "sonner";
import { REVIEW_ACTION_LABELS, type ReviewView } from "@/domain/applications";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Textarea } from "@/web/components/ui/textarea";
import { formatDate } from "@/web/lib/format";
import { useDecideApplication } from "../facility-api";

/** A pending application's clash with the student's approved placement, as the server reads it (D7). */
export type Overlap = {
  title: string | null;
  facilityName: string | null;
  startDate: string;
  endDate: string;
  sameFacility: boolean;
};

/** "ER Nights at Mercy (Mar 3, 2027 – Apr 25, 2027)"; another facility's rotation is dates only (D1). */
export const overlapText = (o: Overlap) =>
  `${o.sameFacility ? `${o.title} at ${o.facilityName}` : "a rotation at another facility"} (${formatDate(o.startDate)} – ${formatDate(o.endDate)})`;

export type ReviewTarget = {
  id: string;
  decision: "approve" | "reject";
  studentName: string;
  placementTitle: string;
  /** The view that opened the dialog: its words (Accept / Decline or Approve / Reject) are used. */
  view?: ReviewView;
  /** A known clash: approval would be refused, so Approve is disabled and the dialog says why. */
  overlap?: Overlap | null;
};

/**
 * Approve (Accept) or Reject (Decline) a pending application, with optional notes to the program.
 * 'Application updated' on success; the server's message (full, overlapping dates...) otherwise.
 * `readiness` shows the applicant's compliance against the placement (composed in app/). When the
 * student has not met every requirement, the server refuses the approval (409 not_ready) and a
 * second dialog names what is missing and asks before approving anyway.
 */
export function ReviewApplicationDialog({
  target,
  onClose,
  readiness,
  knownUnmet,
}: {
  target: ReviewTarget | null;
  onClose: () => void;
  readiness?: (applicationId: string, studentName: string) => ReactNode;
  /** What the page already knows the applicant has not met (undefined: not known yet). */
  knownUnmet?: (applicationId: string) => string[] | undefined;
}) {
  const decide = useDecideApplication();
  const [notes, setNotes] = useState("");
  const [missing, setMissing] = useState<string[] | null>(null);
  const approve = target?.decision === "approve";
  const blocked = approve && target?.overlap ? target.overlap : null;
  const words = REVIEW_ACTION_LABELS[target?.view ?? "facilityApplications"];

  function close() {
    setNotes("");
    setMissing(null);
    onClose();
  }
  /** Approving a student known not to be ready asks first; the server still refuses a race (409). */
  function decideClicked() {
    const unmet = approve && target ? knownUnmet?.(target.id) : undefined;
    if (unmet && unmet.length > 0) setMissing(unmet);
    else confirm();
  }
  function confirm(confirmNotReady = false) {
    if (!target) return;
    decide.mutate(
      { id: target.id, decision: target.decision, notes, confirmNotReady },
      {
        onSuccess: (result) => {
          if (result.outcome === "not_ready") {
            setMissing(result.missing);
            return;
          }
          toast.success("Application updated", {
            description: `${target.studentName}'s application to ${target.placementTitle} was ${approve ? "approved" : "rejected"}${confirmNotReady ? " without full readiness" : ""}`,
          });
          close();
        },
      },
    );
  }

  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent className={readiness ? "max-w-xl" : undefined}>
        <DialogTitle>{`${approve ? words.approve : words.reject} application`}</DialogTitle>
        {target ? (
          <DialogDescription>
            {target.studentName} · {target.placementTitle}.{" "}
            {approve ? "Approving takes one spot of the placement." : "The program is told it was not accepted."}
          </DialogDescription>
        ) : null}
        {blocked && target ? (
          <p role="alert" className="mt-4 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
            {target.studentName} already has an approved placement with overlapping dates: {overlapText(blocked)}. A
            student cannot hold two approved placements at once: this application cannot be approved.
          </p>
        ) : null}
        {target && readiness ? <div className="mt-4">{readiness(target.id, target.studentName)}</div> : null}
        <div className="mt-4">
          <Field id="review-notes" label="Notes to the program (optional)">
            <Textarea
              id="review-notes"
              rows={3}
              maxLength={2000}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
            />
          </Field>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close} disabled={decide.isPending}>
            Cancel
          </Button>
          <Button
            variant={approve ? "default" : "destructive"}
            onClick={decideClicked}
            disabled={decide.isPending || blocked !== null}
          >
            {decide.isPending ? "Saving..." : approve ? words.approve : words.reject}
          </Button>
        </div>
        <Dialog open={missing !== null} onOpenChange={(open) => (open ? undefined : setMissing(null))}>
          <DialogContent role="alertdialog">
            <DialogTitle>Approve anyway?</DialogTitle>
            <DialogDescription>
              {notReadyText(missing ?? [])} Your approval is recorded with your name and the date.
            </DialogDescription>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => setMissing(null)} disabled={decide.isPending}>
                Cancel
              </Button>
              <Button onClick={() => confirm(true)} disabled={decide.isPending}>
                {decide.isPending ? "Saving..." : "Approve anyway"}
              </Button>
            </div>
          </DialogContent>
        </Dialog>
      </DialogContent>
    </Dialog>
  );
}

/** "This student has not met every requirement: BLS, Influenza. Approve anyway?" */
export const notReadyText = (missing: readonly string[]) =>
  `This student has not met every requirement${missing.length ? `: ${missing.join(", ")}` : ""}. Approve anyway?`;
