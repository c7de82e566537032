import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { toast } from "sonner";
import {
  dayLabel,
  HOUR_CATEGORIES,
  hourEntrySchema,
  parseTime,
  plusDays,
  REFLECTION_MAX,
  shiftMinutes,
} from "@/domain/hours";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Textarea } from "@/web/components/ui/textarea";
import { ApiError } from "@/web/lib/api-client";
import { toastError } from "@/web/lib/api-errors";
import { createEntries, type EntryInput, type HourEntry, type MyRotation, useSaveEntry } from "../api";

// Adding or editing one entry, and "Log a week": the week's days at once, one row per day.

type Errors = Partial<Record<keyof EntryInput, string>>;

const hoursOf = (start: string, end: string) => {
  const s = parseTime(start);
  const e = parseTime(end);
  return s === null || e === null ? null : shiftMinutes(s, e) / 60;
};

function Categories({
  value,
  onChange,
  error,
  idPrefix,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
  idPrefix: string;
}) {
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${idPrefix}-categories-error` : undefined}>
      <legend className="text-sm font-medium">Activities</legend>
      <div className="grid gap-1 sm:grid-cols-2">
        {HOUR_CATEGORIES.map((c) => (
          <label key={c} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={value.includes(c)}
              onChange={(e) => onChange(e.target.checked ? [...value, c] : value.filter((v) => v !== c))}
            />
            {c}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${idPrefix}-categories-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Field errors from the shared schema (the server says the same). */
function schemaErrors(input: EntryInput): Errors {
  const parsed = hourEntrySchema.safeParse(input);
  const errors: Errors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]) as keyof EntryInput;
      errors[key] ??= issue.message;
    }
  }
  return errors;
}

function serverErrors(err: unknown): Errors {
  const errors: Errors = {};
  if (err instanceof ApiError) {
    for (const i of err.issues) errors[i.path as keyof EntryInput] ??= i.message;
  }
  return errors;
}

export function EntryDialog({
  open,
  onOpenChange,
  rotation,
  entry,
  defaultDate,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  rotation: MyRotation;
  entry: HourEntry | null;
  defaultDate: string;
}) {
  const id = useId();
  const save = useSaveEntry();
  const blank: EntryInput = {
    workDate: defaultDate,
    startTime: "07:00",
    endTime: "15:00",
    categories: [],
    reflection: "",
  };
  const [form, setForm] = useState<EntryInput>(blank);
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => {
    if (!open) return;
    setErrors({});
    setForm(
      entry
        ? {
            workDate: entry.workDate,
            startTime: entry.startTime,
            endTime: entry.endTime,
            categories: entry.categories,
            reflection: entry.reflection,
          }
        : { workDate: defaultDate, startTime: "07:00", endTime: "15:00", categories: [], reflection: "" },
    );
  }, [open, entry, defaultDate]);

  const set = (patch: Partial<EntryInput>) => setForm((f) => ({ ...f, ...patch }));
  const hours = hoursOf(form.startTime, form.endTime);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = schemaErrors(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({ id: entry?.id, rotationId: rotation.id, input: form });
      toast.success(entry ? "Entry updated" : "Hours logged", {
        description: `${dayLabel(form.workDate)}, ${form.startTime}–${form.endTime}`,
      });
      onOpenChange(false);
    } catch (err) {
      setErrors(serverErrors(err));
      toastError(err, "Could not save the entry");
    }
  }

  const err = (k: keyof EntryInput) => errors[k];
  const described = (k: keyof EntryInput) => (errors[k] ? `${id}-${k}-error` : undefined);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogTitle>{entry ? "Edit entry" : "Add an entry"}</DialogTitle>
        <DialogDescription>
          {rotation.title} at {rotation.facility.name}. An end at or before the start is the next morning (a night
          shift).
        </DialogDescription>
        {entry?.status === "returned" && entry.reviewNote ? (
          <p className="rounded-md bg-red-50 p-3 text-sm text-red-900">
            Returned by {entry.reviewerName ?? "your preceptor"}: {entry.reviewNote}
          </p>
        ) : null}
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-3">
            <Field id={`${id}-workDate`} label="Date" error={err("workDate")}>
              <Input
                id={`${id}-workDate`}
                type="date"
                min={rotation.startDate}
                max={rotation.endDate}
                value={form.workDate}
                aria-invalid={!!err("workDate")}
                aria-describedby={described("workDate")}
                onChange={(e) => set({ workDate: e.target.value })}
              />
            </Field>
            <Field id={`${id}-startTime`} label="Start" error={err("startTime")}>
              <Input
                id={`${id}-startTime`}
                type="time"
                value={form.startTime}
                aria-invalid={!!err("startTime")}
                aria-describedby={described("startTime")}
                onChange={(e) => set({ startTime: e.target.value })}
              />
            </Field>
            <Field
              id={`${id}-endTime`}
              label="End"
              error={err("endTime")}
              hint={hours !== null ? `${hours} hours` : undefined}
            >
              <Input
                id={`${id}-endTime`}
                type="time"
                value={form.endTime}
                aria-invalid={!!err("endTime")}
                aria-describedby={described("endTime") ?? `${id}-endTime-hint`}
                onChange={(e) => set({ endTime: e.target.value })}
              />
            </Field>
          </div>
          <Categories
            idPrefix={id}
            value={form.categories}
            onChange={(categories) => set({ categories })}
            error={err("categories")}
          />
          <Field id={`${id}-reflection`} label="Reflection (optional)" error={err("reflection")}>
            <Textarea
              id={`${id}-reflection`}
              rows={3}
              maxLength={REFLECTION_MAX}
              value={form.reflection}
              aria-invalid={!!err("reflection")}
              aria-describedby={described("reflection")}
              onChange={(e) => set({ reflection: e.target.value })}
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : entry ? "Save changes" : "Log hours"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

type DayRow = { workDate: string; include: boolean; startTime: string; endTime: string; error?: string };

/** "Log a week": the week's days within the rotation and not in the future, the same activities for all. */
export function LogWeekDialog({
  open,
  onOpenChange,
  rotation,
  weekStart,
  today,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  rotation: MyRotation;
  weekStart: string;
  today: string;
}) {
  const id = useId();
  const client = useQueryClient();
  const [rows, setRows] = useState<DayRow[]>([]);
  const [categories, setCategories] = useState<string[]>([]);
  const [reflection, setReflection] = useState("");
  const [categoryError, setCategoryError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    const days = Array.from({ length: 7 }, (_, i) => plusDays(weekStart, i)).filter(
      (d) => d >= rotation.startDate && d <= rotation.endDate && d <= today,
    );
    setRows(
      days.map((d, i) => ({
        workDate: d,
        include: i < 5 && new Date(`${d}T00:00:00Z`).getUTCDay() % 6 !== 0,
        startTime: "07:00",
        endTime: "15:00",
      })),
    );
    setCategories([]);
    setReflection("");
    setCategoryError(undefined);
  }, [open, weekStart, rotation, today]);

  const patch = (i: number, p: Partial<DayRow>) =>
    setRows((r) => r.map((row, j) => (j === i ? { ...row, ...p } : row)));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (categories.length === 0) {
      setCategoryError("Choose at least one activity");
      return;
    }
    setCategoryError(undefined);
    const chosen = rows.map((r, i) => ({ r, i })).filter(({ r }) => r.include);
    if (chosen.length === 0) return;
    setBusy(true);
    const results = await createEntries(
      rotation.id,
      chosen.map(({ r }) => ({
        workDate: r.workDate,
        startTime: r.startTime,
        endTime: r.endTime,
        categories,
        reflection,
      })),
    );
    setBusy(false);
    setRows((current) =>
      current.map((row, j) => {
        const k = chosen.findIndex((c) => c.i === j);
        if (k === -1) return row;
        const res = results[k];
        if (res.ok) {
          return { ...row, include: false, error: undefined };
        }
        return { ...row, error: res.error instanceof Error ? res.error.message : "Could not save" };
      }),
    );
    await client.invalidateQueries({ queryKey: ["hours"] });
    const failed = results.filter((r) => !r.ok).length;
    if (failed === 0) {
      toast.success(`${results.length} entries logged`);
      onOpenChange(false);
    } else {
      toast.error(`${results.length - failed} logged, ${failed} not saved`, {
        description: "The days not saved say why below.",
      });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogTitle>Log a week</DialogTitle>
        <DialogDescription>
          Tick the days you worked in the week of {dayLabel(weekStart)}; each becomes an entry for review.
        </DialogDescription>
        <form onSubmit={submit} noValidate className="grid gap-4">
          {rows.length === 0 ? (
            <p className="text-sm text-muted-foreground">No day of this week can be logged yet.</p>
          ) : (
            <ul className="grid gap-2" aria-label="Days">
              {rows.map((r, i) => {
                const label = new Date(`${r.workDate}T00:00:00Z`).toLocaleDateString("en-US", {
                  weekday: "long",
                  day: "numeric",
                  month: "long",
                  timeZone: "UTC",
                });
                return (
                  <li key={r.workDate} className="grid gap-1 rounded-md border border-border p-2">
                    <div className="flex flex-wrap items-center gap-3">
                      <label className="flex min-w-44 items-center gap-2 text-sm font-medium">
                        <input
                          type="checkbox"
                          checked={r.include}
                          onChange={(e) => patch(i, { include: e.target.checked })}
                        />
                        {label}
                      </label>
                      <label className="flex items-center gap-1 text-sm" htmlFor={`${id}-${r.workDate}-start`}>
                        <span className="sr-only">{label}: </span>Start
                        <Input
                          id={`${id}-${r.workDate}-start`}
                          type="time"
                          className="w-32"
                          value={r.startTime}
                          disabled={!r.include}
                          onChange={(e) => patch(i, { startTime: e.target.value })}
                        />
                      </label>
                      <label className="flex items-center gap-1 text-sm" htmlFor={`${id}-${r.workDate}-end`}>
                        <span className="sr-only">{label}: </span>End
                        <Input
                          id={`${id}-${r.workDate}-end`}
                          type="time"
                          className="w-32"
                          value={r.endTime}
                          disabled={!r.include}
                          onChange={(e) => patch(i, { endTime: e.target.value })}
                        />
                      </label>
                    </div>
                    {r.error ? (
                      <p role="alert" className="text-sm text-destructive">
                        {r.error}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
          <Categories idPrefix={`${id}-week`} value={categories} onChange={setCategories} error={categoryError} />
          <Field id={`${id}-reflection`} label="Reflection for the week (optional)">
            <Textarea
              id={`${id}-reflection`}
              rows={2}
              maxLength={REFLECTION_MAX}
              value={reflection}
              onChange={(e) => setReflection(e.target.value)}
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy || !rows.some((r) => r.include)}>
              {busy ? "Saving..." : `Log ${rows.filter((r) => r.include).length} days`}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
