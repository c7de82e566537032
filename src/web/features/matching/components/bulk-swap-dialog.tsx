import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { LoadError } from "@/web/components/list-page/load-error";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { formatDate } from "@/web/lib/format";
import { type Candidate, candidatesQuery, type RunResult } from "../bulk-api";
import { type EditableLine, roomFor } from "../bulk-lines";

// Swapping a line: the student's other candidates in the run's pool, scored now, each with the
// room it has left in this proposal (its spots minus the proposal's other lines on it). One
// without room cannot be chosen.

export function BulkSwapDialog({
  runId,
  line,
  studentName,
  lines,
  placements,
  onSwap,
  onClose,
}: {
  runId: string;
  /** The line being swapped, or null when the dialog is closed. */
  line: EditableLine | null;
  studentName: string;
  /** The proposal's lines as edited now. */
  lines: readonly EditableLine[];
  placements: ReadonlyMap<string, RunResult["placements"][number]>;
  onSwap: (next: EditableLine, spotsLeft: number) => void;
  onClose: () => void;
}) {
  const id = useId();
  const candidates = useQuery(candidatesQuery(runId, line?.studentId ?? null));
  const [choice, setChoice] = useState<string | null>(null);
  const options = (candidates.data?.items ?? []).filter((c) => placements.has(c.placementId));
  const roomOf = (c: Candidate) => (line ? roomFor(c.placementId, c.spotsLeft, lines, line.studentId) : 0);
  const chosen = options.find((c) => c.placementId === choice) ?? null;

  const confirm = () => {
    if (!line || !chosen) return;
    onSwap(
      {
        studentId: line.studentId,
        placementId: chosen.placementId,
        score: chosen.score,
        rank: null,
        reason: chosen.reason,
      },
      chosen.spotsLeft,
    );
    setChoice(null);
  };

  return (
    <Dialog
      open={line !== null}
      onOpenChange={(open) => {
        if (!open) {
          setChoice(null);
          onClose();
        }
      }}
    >
      <DialogContent className="max-w-2xl">
        <DialogTitle>Swap {studentName}'s placement</DialogTitle>
        <DialogDescription>
          Their candidates in this run's placements, scored now. A placement with no room left in this proposal cannot
          be chosen.
        </DialogDescription>
        <div className="mt-4">
          {candidates.isPending ? (
            <p role="status">Loading candidates...</p>
          ) : candidates.isError ? (
            <LoadError what="the candidates" query={candidates} />
          ) : options.length <= 1 ? (
            <p>No other candidate placement for this student.</p>
          ) : (
            <fieldset>
              <legend className="sr-only">Candidate placements</legend>
              <ul className="grid max-h-[50dvh] gap-2 overflow-y-auto">
                {options.map((c) => {
                  const p = placements.get(c.placementId);
                  const current = c.placementId === line?.placementId;
                  const room = roomOf(c);
                  const disabled = current || room <= 0;
                  return (
                    <li key={c.placementId}>
                      <label
                        className={`flex gap-3 rounded-md border p-3 text-sm ${disabled ? "border-border bg-muted text-slate-600" : "border-border hover:bg-muted"}`}
                      >
                        <input
                          type="radio"
                          name={`${id}-candidate`}
                          className="mt-1"
                          disabled={disabled}
                          checked={choice === c.placementId}
                          onChange={() => setChoice(c.placementId)}
                        />
                        <span className="grid gap-0.5">
                          <span className="font-medium">
                            {p?.title} · score {c.score}
                          </span>
                          <span>
                            {p?.facility.name}
                            {p?.facility.city ? `, ${p.facility.city}` : ""} ·{" "}
                            {p ? `${formatDate(p.startDate)} – ${formatDate(p.endDate)}` : ""}
                          </span>
                          <span className="text-slate-700">{c.reason}</span>
                          <span className={room <= 0 && !current ? "text-destructive" : "text-muted-foreground"}>
                            {current
                              ? "Current placement"
                              : room <= 0
                                ? "No room left in this proposal"
                                : `${room} ${room === 1 ? "spot" : "spots"} left in this proposal`}
                          </span>
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          )}
        </div>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={!chosen}>
            Swap
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
