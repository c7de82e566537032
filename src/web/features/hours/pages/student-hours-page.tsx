import { useQuery } from "@tanstack/react-query";
import { CalendarPlus, ChevronLeft, ChevronRight, Clock, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { dayLabel, formatHours, plusDays, weekStart } from "@/domain/hours";
import { LoadError } from "@/web/components/list-page/load-error";
import { StudentPage, useStudentReadOnly } from "@/web/components/student-page";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { EmptyState } from "@/web/components/ui/empty-state";
import { Loading } from "@/web/components/ui/loading";
import { Select } from "@/web/components/ui/select";
import { toastError } from "@/web/lib/api-errors";
import { type HourEntry, type MyHours, type MyRotation, myHoursQuery, useDeleteEntry } from "../api";
import { EntryDialog, LogWeekDialog } from "../components/entry-dialog";
import { HourStatusBadge } from "../components/hour-status-badge";

// /student/hours (issue 17): the student's clinical hours on an approved rotation, a week at a
// time (Monday to Sunday), with the rotation's totals against the program's requirement.

export default function StudentHoursPage() {
  return (
    <StudentPage
      header={{
        title: "Clinical Hours",
        description: "Log the hours you work on your rotations; your preceptor approves them",
      }}
      content={Hours}
    />
  );
}

function Hours() {
  const [params, setParams] = useSearchParams();
  const rotationId = params.get("rotation") ?? undefined;
  const query = useQuery(myHoursQuery(rotationId));
  if (query.isPending) return <Loading label="Loading your hours..." />;
  if (query.isError) return <LoadError what="your hours" query={query} />;
  const data = query.data;
  const rotation = data.rotations.find((r) => r.id === data.rotationId);
  if (!rotation) {
    return (
      <EmptyState icon={Clock} title="No approved rotation yet">
        Once a facility approves one of your applications, you log your clinical hours here.
      </EmptyState>
    );
  }
  const pick = (patch: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );
  return <RotationHours data={data} rotation={rotation} week={params.get("week")} pick={pick} />;
}

/**
 * The week shown unless one is asked for: today's while the rotation is under way, its first before
 * it starts; once it has ended, the last week with hours logged (its last week when none are), so
 * the page never opens on an empty week after the hours were logged.
 */
function defaultWeek(rotation: MyRotation, today: string, entries: readonly HourEntry[]) {
  if (today < rotation.startDate) return weekStart(rotation.startDate);
  if (today <= rotation.endDate) return weekStart(today);
  const logged = entries
    .map((e) => e.workDate)
    .filter((d) => d >= rotation.startDate && d <= rotation.endDate)
    .reduce<string | null>((latest, d) => (latest === null || d > latest ? d : latest), null);
  return weekStart(logged ?? rotation.endDate);
}

const WEEK = /^\d{4}-\d{2}-\d{2}$/;

function RotationHours({
  data,
  rotation,
  week: asked,
  pick,
}: {
  data: MyHours;
  rotation: MyRotation;
  week: string | null;
  pick: (patch: Record<string, string | null>) => void;
}) {
  const readOnly = useStudentReadOnly();
  const week = asked && WEEK.test(asked) ? weekStart(asked) : defaultWeek(rotation, data.today, data.entries);
  const days = Array.from({ length: 7 }, (_, i) => plusDays(week, i));
  const entries = data.entries.filter((e) => e.workDate >= days[0] && e.workDate <= days[6]);
  const weekMinutes = entries.reduce((s, e) => s + e.minutes, 0);
  const first = weekStart(rotation.startDate);
  const last = weekStart(rotation.endDate);
  const [dialog, setDialog] = useState<{ open: boolean; entry: HourEntry | null; date: string }>({
    open: false,
    entry: null,
    date: data.today,
  });
  const [weekOpen, setWeekOpen] = useState(false);
  const remove = useDeleteEntry();
  const addDate = days.find((d) => d <= data.today && d >= rotation.startDate && d <= rotation.endDate) ?? data.today;

  async function onDelete(e: HourEntry) {
    if (!window.confirm(`Delete the entry of ${dayLabel(e.workDate)}, ${e.startTime}–${e.endTime}?`)) return;
    try {
      await remove.mutateAsync(e.id);
      toast.success("Entry deleted");
    } catch (err) {
      toastError(err, "Could not delete the entry");
    }
  }

  const t = rotation.totals;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end gap-3">
        {data.rotations.length > 1 ? (
          <label className="grid gap-1 text-sm font-medium" htmlFor="hours-rotation">
            Rotation
            <Select
              id="hours-rotation"
              value={rotation.id}
              onChange={(e) => pick({ rotation: e.target.value, week: null })}
            >
              {data.rotations.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.title} · {r.facility.name}
                  {r.phase === "current" ? " (current)" : r.phase === "upcoming" ? " (upcoming)" : ""}
                </option>
              ))}
            </Select>
          </label>
        ) : (
          <p className="text-sm">
            <span className="font-medium">{rotation.title}</span> · {rotation.facility.name}
          </p>
        )}
        <p className="text-sm text-muted-foreground">
          {dayLabel(rotation.startDate)} to {dayLabel(rotation.endDate)} · {rotation.specialty}
        </p>
      </div>

      <section aria-label="Totals for this rotation">
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Total label="Logged" value={`${formatHours(t.loggedMinutes)} h`} />
          <Total label="Approved" value={`${formatHours(t.approvedMinutes)} h`} />
          <Total
            label="Pending review"
            value={`${formatHours(t.pendingMinutes)} h`}
            note={t.returnedMinutes > 0 ? `${formatHours(t.returnedMinutes)} h returned to fix` : undefined}
          />
          <Total
            label="Required"
            value={rotation.requiredHours === null ? "Not set" : `${rotation.requiredHours} h`}
            note={
              rotation.requiredHours
                ? `${Math.min(100, Math.floor((t.approvedMinutes / 60 / rotation.requiredHours) * 100))}% approved`
                : undefined
            }
          />
        </ul>
      </section>

      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle>
            Week of {dayLabel(week)} · {formatHours(weekMinutes)} h
          </CardTitle>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={week <= first}
              onClick={() => pick({ week: plusDays(week, -7) })}
            >
              <ChevronLeft aria-hidden /> Previous week
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={week >= last}
              onClick={() => pick({ week: plusDays(week, 7) })}
            >
              Next week <ChevronRight aria-hidden />
            </Button>
            {!readOnly ? (
              <>
                <Button size="sm" variant="outline" onClick={() => setWeekOpen(true)}>
                  <CalendarPlus aria-hidden /> Log a week
                </Button>
                <Button size="sm" onClick={() => setDialog({ open: true, entry: null, date: addDate })}>
                  <Plus aria-hidden /> Add entry
                </Button>
              </>
            ) : null}
          </div>
        </CardHeader>
        <CardContent>
          <ol className="grid gap-2" aria-label="Days of the week">
            {days.map((d) => {
              const mine = entries.filter((e) => e.workDate === d);
              const dayMinutes = mine.reduce((s, e) => s + e.minutes, 0);
              const name = new Date(`${d}T00:00:00Z`).toLocaleDateString("en-US", {
                weekday: "long",
                timeZone: "UTC",
              });
              return (
                <li key={d} className="rounded-md border border-border p-3">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <h3 className="text-sm font-semibold">
                      {name} {dayLabel(d)}
                    </h3>
                    <span className="text-sm text-muted-foreground">
                      {mine.length ? `${formatHours(dayMinutes)} h` : "No hours"}
                    </span>
                  </div>
                  {mine.length ? (
                    <ul className="mt-2 grid gap-2">
                      {mine.map((e) => (
                        <EntryRow
                          key={e.id}
                          entry={e}
                          readOnly={readOnly}
                          onEdit={() => setDialog({ open: true, entry: e, date: e.workDate })}
                          onDelete={() => onDelete(e)}
                        />
                      ))}
                    </ul>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </CardContent>
      </Card>

      <EntryDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        rotation={rotation}
        entry={dialog.entry}
        defaultDate={dialog.date}
      />
      <LogWeekDialog
        open={weekOpen}
        onOpenChange={setWeekOpen}
        rotation={rotation}
        weekStart={week}
        today={data.today}
      />
    </div>
  );
}

function Total({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <li className="rounded-lg border border-border bg-white p-3">
      <span className="block text-sm text-muted-foreground">{label}</span>
      <span className="block text-2xl font-semibold">{value}</span>
      {note ? <span className="block text-xs text-muted-foreground">{note}</span> : null}
    </li>
  );
}

function EntryRow({
  entry: e,
  readOnly,
  onEdit,
  onDelete,
}: {
  entry: HourEntry;
  readOnly: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const locked = e.status === "approved";
  const what = `${dayLabel(e.workDate)}, ${e.startTime}–${e.endTime}`;
  return (
    <li className="grid gap-1 rounded-md bg-muted/40 p-2" aria-label={`Entry ${what}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">
          {e.startTime}–{e.endTime}
        </span>
        <span className="text-sm text-muted-foreground">{formatHours(e.minutes)} h</span>
        <HourStatusBadge status={e.status} />
        {!readOnly && !locked ? (
          <span className="ml-auto flex gap-1">
            <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit entry ${what}`}>
              <Pencil aria-hidden /> Edit
            </Button>
            <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete entry ${what}`}>
              <Trash2 aria-hidden /> Delete
            </Button>
          </span>
        ) : null}
      </div>
      <p className="text-sm">{e.categories.join(", ")}</p>
      {e.reflection ? <p className="text-sm text-muted-foreground">{e.reflection}</p> : null}
      {e.status === "returned" && e.reviewNote ? (
        <p className="rounded bg-red-50 p-2 text-sm text-red-900">
          <span className="font-medium">Returned by {e.reviewerName ?? "your preceptor"}:</span> {e.reviewNote}
        </p>
      ) : null}
      {locked ? <p className="text-xs text-muted-foreground">Approved: locked</p> : null}
    </li>
  );
}
