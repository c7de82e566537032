import { ArrowLeftRight, CheckCircle2, Send, Trash2, TriangleAlert } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { toast } from "sonner";
import { submittedMessage } from "@/domain/applications";
import { PROPOSAL_DESCRIPTIONS, PROPOSAL_LABELS, type ProposalKind } from "@/domain/matching/bulk";
import { Pagination } from "@/web/components/pagination";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { Label } from "@/web/components/ui/label";
import { Table, TBody, TD, TH, THead, TR } from "@/web/components/ui/table";
import { Textarea } from "@/web/components/ui/textarea";
import { formatDate } from "@/web/lib/format";
import { type RunResult, type SubmitOutcome, useSubmitLines } from "../bulk-api";
import { type EditableLine, editedLines, type LineEdits, ordinal, percent, removeLine, swapLine } from "../bulk-lines";
import { BulkSwapDialog } from "./bulk-swap-dialog";

// One proposal of a run (optimal or stable): its figures and check, its lines with their reasons,
// removing and swapping lines, and submitting the rest as applications after a confirmation.

const PAGE_SIZE = 25;

export function BulkProposal({
  kind,
  runId,
  result,
  students,
  placements,
}: {
  kind: ProposalKind;
  runId: string;
  result: RunResult;
  students: ReadonlyMap<string, RunResult["students"][number]>;
  placements: ReadonlyMap<string, RunResult["placements"][number]>;
}) {
  const proposal = result[kind];
  const headingId = useId();
  const [edits, setEdits] = useState<LineEdits>(new Map());
  const [page, setPage] = useState(1);
  const [swapping, setSwapping] = useState<EditableLine | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [notes, setNotes] = useState("");
  const [outcome, setOutcome] = useState<SubmitOutcome | null>(null);
  const submit = useSubmitLines(runId);

  const original: EditableLine[] = proposal.lines;
  const lines = useMemo(() => editedLines(original, edits), [original, edits]);
  const removed = original.length - lines.length;
  const swapped = lines.filter((l) => l.swapped).length;
  const pages = Math.max(1, Math.ceil(lines.length / PAGE_SIZE));
  const shown = lines.slice((Math.min(page, pages) - 1) * PAGE_SIZE, Math.min(page, pages) * PAGE_SIZE);
  const total = result.students.length;
  const unplaced = useMemo(() => {
    const placed = new Set(lines.map((l) => l.studentId));
    return result.students.filter((s) => !placed.has(s.id));
  }, [lines, result.students]);
  const name = (studentId: string) => students.get(studentId)?.name ?? "Student";
  const outcomeOf = new Map<string, string>();
  for (const s of outcome?.submitted ?? []) outcomeOf.set(s.studentId, "Submitted");
  for (const r of outcome?.refused ?? []) outcomeOf.set(r.studentId, `Refused: ${r.reason}`);

  async function send() {
    const answer = await submit.mutateAsync({
      lines: lines.map((l) => ({ studentId: l.studentId, placementId: l.placementId })),
      notes: notes.trim() || null,
    });
    setConfirming(false);
    setOutcome(answer);
    if (answer.submitted.length > 0) toast.success(submittedMessage(answer.submitted.length));
    if (answer.refused.length > 0)
      toast.error("Error", {
        description: `${answer.refused.length} ${answer.refused.length === 1 ? "line was" : "lines were"} refused: see the reasons below`,
      });
  }

  return (
    <Card aria-labelledby={headingId} className="min-w-0">
      <CardHeader>
        <CardTitle id={headingId}>{PROPOSAL_LABELS[kind]}</CardTitle>
        <CardDescription>{PROPOSAL_DESCRIPTIONS[kind]}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Figure label="Students placed" value={`${proposal.placed} of ${total}`} />
          <Figure label="Average score" value={proposal.averageScore.toFixed(1)} />
          <Figure label="In their top 3" value={percent(proposal.topThreeShare)} />
          <Figure label="Total score" value={String(Math.round(proposal.totalScore))} />
        </dl>
        <p className="flex items-start gap-2 text-sm">
          {proposal.check.ok ? (
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden />
          ) : (
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
          )}
          <span>
            {kind === "optimal"
              ? proposal.check.ok
                ? "Optimality certificate checked: the dual prices prove no assignment scores more."
                : `Optimality certificate not confirmed: ${proposal.check.detail}`
              : proposal.check.ok
                ? "Stability checked: no student and placement would both rather have each other."
                : `Stability not confirmed: ${proposal.check.detail}`}
          </span>
        </p>

        {original.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm">
            This proposal places nobody: no student has a candidate placement with a spot left.
          </p>
        ) : (
          <>
            {/* Focusable: the table scrolls sideways on a narrow screen, also once its buttons are gone. */}
            <Table aria-label={`${PROPOSAL_LABELS[kind]} proposal`} tabIndex={0}>
              <THead>
                <tr>
                  <TH>Student</TH>
                  <TH>Placement</TH>
                  <TH>Score</TH>
                  <TH actions>
                    <span className="sr-only">Actions</span>
                  </TH>
                </tr>
              </THead>
              <TBody>
                {shown.map((l) => {
                  const p = placements.get(l.placementId);
                  const state = outcomeOf.get(l.studentId);
                  return (
                    <TR key={l.studentId}>
                      <TD className="font-medium">
                        {name(l.studentId)}
                        {state ? (
                          <span
                            className={`block text-xs font-normal ${state === "Submitted" ? "text-green-800" : "text-destructive"}`}
                          >
                            {state}
                          </span>
                        ) : null}
                      </TD>
                      <TD className="min-w-56">
                        <span className="block">{p?.title}</span>
                        <span className="block text-xs text-muted-foreground">
                          {p?.facility.name}
                          {p?.facility.city ? `, ${p.facility.city}` : ""}
                          {p?.facility.state ? `, ${p.facility.state}` : ""}
                        </span>
                        <span className="block whitespace-nowrap text-xs text-muted-foreground">
                          {p ? `${formatDate(p.startDate)} – ${formatDate(p.endDate)}` : ""}
                        </span>
                        <span className="mt-1 block text-slate-700">
                          <span className="sr-only">Reason: </span>
                          {l.reason}
                        </span>
                      </TD>
                      <TD>
                        <span className="font-semibold">{l.score}</span>
                        <span className="block whitespace-nowrap text-xs text-muted-foreground">
                          {l.swapped ? "Swapped" : l.rank ? `${ordinal(l.rank)} choice` : ""}
                        </span>
                      </TD>
                      <TD actions>
                        <div className="flex gap-1">
                          <Button
                            size="sm"
                            variant="outline"
                            disabled={!!outcome}
                            onClick={() => setSwapping(l)}
                            aria-label={`Swap ${name(l.studentId)}'s placement`}
                            title="Swap placement"
                          >
                            <ArrowLeftRight aria-hidden />
                          </Button>
                          <Button
                            size="sm"
                            variant="outline"
                            disabled={!!outcome}
                            onClick={() => setEdits(removeLine(edits, l.studentId))}
                            aria-label={`Remove ${name(l.studentId)}'s line`}
                            title="Remove line"
                          >
                            <Trash2 aria-hidden />
                          </Button>
                        </div>
                      </TD>
                    </TR>
                  );
                })}
              </TBody>
            </Table>
            {lines.length > PAGE_SIZE ? (
              <Pagination
                page={Math.min(page, pages)}
                pageSize={PAGE_SIZE}
                total={lines.length}
                onPage={setPage}
                label={`${PROPOSAL_LABELS[kind]} proposal pages`}
              />
            ) : null}
          </>
        )}

        <div className="flex flex-wrap items-center gap-2 text-sm" aria-live="polite">
          {removed > 0 || swapped > 0 ? (
            <>
              <span>
                {[removed > 0 ? `${removed} removed` : null, swapped > 0 ? `${swapped} swapped` : null]
                  .filter(Boolean)
                  .join(", ")}
              </span>
              {!outcome ? (
                <Button size="sm" variant="link" onClick={() => setEdits(new Map())}>
                  Undo changes
                </Button>
              ) : null}
            </>
          ) : null}
        </div>

        {unplaced.length > 0 ? (
          <details className="text-sm">
            <summary className="cursor-pointer">Not placed ({unplaced.length})</summary>
            <ul className="mt-2 grid gap-1 sm:grid-cols-2">
              {unplaced.map((s) => (
                <li key={s.id}>
                  {s.name}{" "}
                  <span className="text-muted-foreground">
                    {s.candidates === 0
                      ? "(no candidate placement)"
                      : `(${s.candidates} ${s.candidates === 1 ? "candidate" : "candidates"})`}
                  </span>
                </li>
              ))}
            </ul>
          </details>
        ) : null}

        {outcome ? (
          <SubmitOutcomePanel outcome={outcome} name={name} placements={placements} />
        ) : (
          <div className="flex justify-end">
            <Button onClick={() => setConfirming(true)} disabled={lines.length === 0}>
              <Send aria-hidden />
              Review &amp; submit {lines.length} {lines.length === 1 ? "application" : "applications"}
            </Button>
          </div>
        )}
      </CardContent>

      <BulkSwapDialog
        runId={runId}
        line={swapping}
        studentName={swapping ? name(swapping.studentId) : ""}
        lines={lines}
        placements={placements}
        onClose={() => setSwapping(null)}
        onSwap={(next, spotsLeft) => {
          const nextEdits = swapLine(edits, original, next, spotsLeft);
          if (!nextEdits) toast.error("Error", { description: "That placement has no room left in this proposal" });
          else setEdits(nextEdits);
          setSwapping(null);
        }}
      />

      <Dialog open={confirming} onOpenChange={(open) => !submit.isPending && setConfirming(open)}>
        <DialogContent className="max-w-lg">
          <DialogTitle>
            Submit {lines.length} {lines.length === 1 ? "application" : "applications"}?
          </DialogTitle>
          <DialogDescription>
            Each line of the {PROPOSAL_LABELS[kind].toLowerCase()} proposal is submitted as an application to its
            placement, in one go. A line the portal cannot submit (placement full, already applied, overlapping an
            approved rotation...) is refused with its reason; no line is moved to another placement.
          </DialogDescription>
          <section
            aria-label="Lines to submit"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take keyboard focus to scroll (WCAG 2.1.1)
            tabIndex={0}
            className="mt-3 max-h-48 overflow-y-auto rounded-md border border-border p-2 text-sm"
          >
            <ul>
              {lines.map((l) => (
                <li key={l.studentId}>
                  {name(l.studentId)} → {placements.get(l.placementId)?.title}
                </li>
              ))}
            </ul>
          </section>
          <div className="mt-3 grid gap-1.5">
            <Label htmlFor={`${headingId}-notes`}>Note to each facility (optional)</Label>
            <Textarea
              id={`${headingId}-notes`}
              value={notes}
              maxLength={2000}
              onChange={(e) => setNotes(e.target.value)}
            />
          </div>
          <div className="mt-4 flex justify-end gap-2">
            <Button variant="outline" disabled={submit.isPending} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={() => void send().catch(() => {})} disabled={submit.isPending}>
              {submit.isPending ? "Submitting..." : `Submit ${lines.length}`}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold">{value}</dd>
    </div>
  );
}

function SubmitOutcomePanel({
  outcome,
  name,
  placements,
}: {
  outcome: SubmitOutcome;
  name: (studentId: string) => string;
  placements: ReadonlyMap<string, RunResult["placements"][number]>;
}) {
  const n = outcome.submitted.length;
  const m = outcome.refused.length;
  return (
    <section aria-label="Submission result" className="rounded-md border border-border bg-slate-50 p-4 text-sm">
      <p role="status" className="font-medium">
        Submitted {n} {n === 1 ? "application" : "applications"}
        {m > 0 ? `, refused ${m}` : ""}
      </p>
      {m > 0 ? (
        <ul className="mt-2 grid gap-1">
          {outcome.refused.map((r) => (
            <li key={r.studentId}>
              <Badge variant="destructive" className="mr-2">
                Refused
              </Badge>
              {r.name ?? name(r.studentId)} → {placements.get(r.placementId)?.title ?? "placement"}: {r.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
