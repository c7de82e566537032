import { useQuery } from "@tanstack/react-query";
import { Check, ClipboardCheck, SearchX, Undo2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import { dayLabel, formatHours, HOUR_STATUSES, type HourStatus, REVIEW_NOTE_MAX } from "@/domain/hours";
import { ExportCsvButton } from "@/web/components/list-page/export-csv-button";
import { FilterBar, type FilterField } from "@/web/components/list-page/filter-bar";
import { type ListCopy, ListResults } from "@/web/components/list-page/list-results";
import { oneOf, useListParams } from "@/web/components/list-page/use-list-params";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { PageHeader } from "@/web/components/ui/page-header";
import { Textarea } from "@/web/components/ui/textarea";
import { toastError } from "@/web/lib/api-errors";
import {
  type ReviewEntry,
  type ReviewFilter,
  reviewExportUrl,
  reviewOptionsQuery,
  reviewQuery,
  useReview,
} from "../api";
import { HourStatusBadge } from "../components/hour-status-badge";

// The review of clinical hours (issue 17): a preceptor's at /dashboard/preceptor/hours (the
// rotations assigned to them), a facility's at /dashboard/facility/hours (every rotation of the
// facility; administrators pick the facility with View As). A queue grouped by student and week:
// approve one, approve a selection, or return with a note the student reads.

const REVIEW_LABELS: Record<HourStatus, string> = {
  submitted: "Waiting for review",
  approved: "Approved",
  returned: "Returned",
};

const COPY: ListCopy = {
  what: "the hours",
  loading: "Loading hours...",
  empty: { icon: ClipboardCheck, title: "Nothing to review", body: "Entries students log appear here for review." },
  noMatch: { icon: SearchX, title: "No entries match", body: "No hour entry matches these filters." },
};

type Side = "preceptor" | "facility";

function ReviewPage({ side }: { side: Side }) {
  const params = useListParams({ status: "submitted", studentId: "", rotationId: "" });
  const f = params.filters;
  const facilityId = side === "facility" ? params.param("facility") : undefined;
  const filter: ReviewFilter = {
    status: oneOf(f.status, HOUR_STATUSES),
    studentId: f.studentId || undefined,
    rotationId: f.rotationId || undefined,
    search: params.search || undefined,
    facilityId,
  };
  const list = useQuery(reviewQuery({ ...filter, page: params.page }));
  const options = useQuery(reviewOptionsQuery(facilityId));
  const review = useReview();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [returning, setReturning] = useState<string[] | null>(null);

  const fields: FilterField[] = [
    {
      name: "status",
      label: "Status",
      options: HOUR_STATUSES.map((s) => ({ value: s, label: REVIEW_LABELS[s] })),
      all: "All statuses",
    },
    {
      name: "studentId",
      label: "Student",
      options: (options.data?.students ?? []).map((s) => ({ value: s.id, label: s.name })),
      all: "All students",
    },
    {
      name: "rotationId",
      label: "Rotation",
      options: (options.data?.rotations ?? []).map((r) => ({ value: r.id, label: `${r.title} · ${r.studentName}` })),
      all: "All rotations",
    },
  ];

  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function approve(ids: string[]) {
    try {
      const res = await review.mutateAsync({ ids, action: "approve", facilityId });
      toast.success(`${res.updated.length} ${res.updated.length === 1 ? "entry" : "entries"} approved`);
      setSelected(new Set());
    } catch (err) {
      toastError(err, "Could not approve");
    }
  }

  const selectable = (list.data?.items ?? []).filter((e) => e.status === "submitted" && selected.has(e.id));
  return (
    <>
      <PageHeader
        title="Clinical Hours"
        description={
          side === "preceptor"
            ? "The hours your students logged on the rotations assigned to you: approve them or return them with a note"
            : "The hours students logged on your facility's rotations: approve them or return them with a note"
        }
      />
      <div className="mt-4 grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
        <StatusCounts counts={list.data?.byStatus} onPick={(status) => params.set({ status })} />
        <FilterBar label="Filter hours" params={params} search="Student or rotation" fields={fields} />
        <div className="flex flex-wrap items-center justify-end gap-2">
          <span className="mr-auto text-sm text-muted-foreground" aria-live="polite">
            {selectable.length ? `${selectable.length} selected` : ""}
          </span>
          <Button
            variant="outline"
            disabled={selectable.length === 0 || review.isPending}
            onClick={() => setReturning(selectable.map((e) => e.id))}
          >
            <Undo2 aria-hidden /> Return selected
          </Button>
          <Button
            disabled={selectable.length === 0 || review.isPending}
            onClick={() => approve(selectable.map((e) => e.id))}
          >
            <Check aria-hidden /> Approve selected
          </Button>
          <ExportCsvButton url={reviewExportUrl(filter)} name="hours" />
        </div>
        <ListResults query={list} copy={COPY} params={params} paginationLabel="Hour entries pages">
          {(data) => (
            <Groups
              items={data.items}
              selected={selected}
              onToggle={toggle}
              onApprove={(id) => approve([id])}
              onReturn={(id) => setReturning([id])}
              busy={review.isPending}
            />
          )}
        </ListResults>
      </div>
      <ReturnDialog
        ids={returning}
        facilityId={facilityId}
        onClose={(done) => {
          setReturning(null);
          if (done) setSelected(new Set());
        }}
      />
    </>
  );
}

/** The page's entries grouped by student and week (the server orders them so). */
function Groups({
  items,
  selected,
  onToggle,
  onApprove,
  onReturn,
  busy,
}: {
  items: ReviewEntry[];
  selected: Set<string>;
  onToggle: (id: string, on: boolean) => void;
  onApprove: (id: string) => void;
  onReturn: (id: string) => void;
  busy: boolean;
}) {
  const groups: { key: string; student: ReviewEntry["student"]; week: string; entries: ReviewEntry[] }[] = [];
  for (const e of items) {
    const key = `${e.student.id}:${e.weekStart}`;
    const last = groups[groups.length - 1];
    if (last?.key === key) last.entries.push(e);
    else groups.push({ key, student: e.student, week: e.weekStart, entries: [e] });
  }
  return (
    <div className="grid gap-4">
      {groups.map((g) => {
        const total = g.entries.reduce((s, e) => s + e.minutes, 0);
        const open = g.entries.filter((e) => e.status === "submitted");
        const allOn = open.length > 0 && open.every((e) => selected.has(e.id));
        const heading = `${g.student.name}, week of ${dayLabel(g.week)}`;
        return (
          <section key={g.key} aria-label={heading} className="rounded-lg border border-border bg-white">
            <header className="flex flex-wrap items-center gap-3 border-b border-border p-3">
              {open.length ? (
                <input
                  type="checkbox"
                  aria-label={`Select all waiting entries of ${heading}`}
                  checked={allOn}
                  onChange={(ev) => {
                    for (const e of open) onToggle(e.id, ev.target.checked);
                  }}
                />
              ) : null}
              <h2 className="font-semibold">{g.student.name}</h2>
              <span className="text-sm text-muted-foreground">
                Week of {dayLabel(g.week)} · {formatHours(total)} h · {g.entries[0].rotation.title}
              </span>
            </header>
            <ul>
              {g.entries.map((e) => {
                const what = `${g.student.name}, ${dayLabel(e.workDate)} ${e.startTime}–${e.endTime}`;
                return (
                  <li key={e.id} className="grid gap-1 border-b border-border p-3 last:border-b-0">
                    <div className="flex flex-wrap items-center gap-2">
                      {e.status === "submitted" ? (
                        <input
                          type="checkbox"
                          aria-label={`Select ${what}`}
                          checked={selected.has(e.id)}
                          onChange={(ev) => onToggle(e.id, ev.target.checked)}
                        />
                      ) : null}
                      <span className="font-medium">
                        {new Date(`${e.workDate}T00:00:00Z`).toLocaleDateString("en-US", {
                          weekday: "short",
                          timeZone: "UTC",
                        })}{" "}
                        {dayLabel(e.workDate)}
                      </span>
                      <span>
                        {e.startTime}–{e.endTime}
                      </span>
                      <span className="text-sm text-muted-foreground">{formatHours(e.minutes)} h</span>
                      <HourStatusBadge status={e.status} />
                      {e.status === "submitted" ? (
                        <span className="ml-auto flex gap-1">
                          <Button
                            size="sm"
                            variant="outline"
                            disabled={busy}
                            onClick={() => onReturn(e.id)}
                            aria-label={`Return ${what}`}
                          >
                            <Undo2 aria-hidden /> Return
                          </Button>
                          <Button
                            size="sm"
                            disabled={busy}
                            onClick={() => onApprove(e.id)}
                            aria-label={`Approve ${what}`}
                          >
                            <Check aria-hidden /> Approve
                          </Button>
                        </span>
                      ) : null}
                    </div>
                    <p className="text-sm">{e.categories.join(", ")}</p>
                    {e.reflection ? <p className="text-sm text-muted-foreground">{e.reflection}</p> : null}
                    {e.reviewNote ? (
                      <p className="text-sm">
                        <span className="font-medium">Note{e.reviewerName ? ` from ${e.reviewerName}` : ""}:</span>{" "}
                        {e.reviewNote}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function ReturnDialog({
  ids,
  facilityId,
  onClose,
}: {
  ids: string[] | null;
  facilityId?: string;
  onClose: (done: boolean) => void;
}) {
  const id = useId();
  const review = useReview();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string>();
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!ids) return;
    if (!note.trim()) {
      setError("Say what to fix: a returned entry needs a note for the student");
      return;
    }
    try {
      const res = await review.mutateAsync({ ids, action: "return", note, facilityId });
      toast.success(`${res.updated.length} ${res.updated.length === 1 ? "entry" : "entries"} returned`, {
        description: "The student was emailed your note.",
      });
      setNote("");
      setError(undefined);
      onClose(true);
    } catch (err) {
      toastError(err, "Could not return");
    }
  }
  return (
    <Dialog open={ids !== null} onOpenChange={(open) => (open ? null : onClose(false))}>
      <DialogContent>
        <DialogTitle>Return {ids && ids.length > 1 ? `${ids.length} entries` : "the entry"}</DialogTitle>
        <DialogDescription>
          The student reads your note, fixes the entry and sends it back for review.
        </DialogDescription>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Field id={`${id}-note`} label="Note to the student" error={error}>
            <Textarea
              id={`${id}-note`}
              rows={3}
              maxLength={REVIEW_NOTE_MAX}
              value={note}
              aria-invalid={!!error}
              aria-describedby={error ? `${id}-note-error` : undefined}
              onChange={(e) => setNote(e.target.value)}
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onClose(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={review.isPending}>
              Return
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function StatusCounts({ counts, onPick }: { counts?: Record<HourStatus, number>; onPick: (s: HourStatus) => void }) {
  return (
    <section aria-label="Hour entries by status" aria-busy={!counts}>
      <ul className="grid grid-cols-3 gap-3">
        {HOUR_STATUSES.map((s) => (
          <li key={s}>
            <button
              type="button"
              onClick={() => onPick(s)}
              className="w-full rounded-lg border border-border bg-white p-3 text-left hover:bg-muted"
              aria-label={`${REVIEW_LABELS[s]}: ${counts ? counts[s] : "loading"}. Show these`}
            >
              {/* The space keeps the text "Active 3", as the name begins (the spans are blocks). */}
              <span className="block text-sm text-muted-foreground">{REVIEW_LABELS[s]}</span>{" "}
              <span className="block text-2xl font-semibold">{counts ? counts[s] : "…"}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const PreceptorHoursPage = () => <ReviewPage side="preceptor" />;
export const FacilityHoursPage = () => <ReviewPage side="facility" />;
