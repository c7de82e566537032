import { Play } from "lucide-react";
import { type FormEvent, useId } from "react";
import type { MatchRunInput } from "@/domain/matching/bulk";
import { NURSING_SPECIALTIES } from "@/domain/specialties";
import { COMPLIANCE_LABELS, COMPLIANCE_STATUSES, type ComplianceStatus } from "@/domain/students";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Select } from "@/web/components/ui/select";
import type { ApiIssue } from "@/web/lib/api-client";
import type { RunPreview } from "../bulk-api";

// The "Match students" form: which students (the students list's filters, then all of them or
// the ones ticked), the date window, and the pool of placements; with the preview's counts.

export type RunForm = {
  search: string;
  specialty: string;
  complianceStatus: "" | ComplianceStatus;
  pick: "all" | "chosen";
  chosen: ReadonlySet<string>;
  from: string;
  to: string;
  poolSpecialty: string;
  facilityId: string;
  city: string;
};

/** The request the form describes; `withIds: false` for the preview (it lists every student to tick from). */
export function runInput(
  f: RunForm,
  programId: string | undefined,
  withIds: boolean,
  preview?: RunPreview,
): MatchRunInput {
  return {
    programId,
    students: {
      search: f.search.trim() || undefined,
      specialty: f.specialty || undefined,
      complianceStatus: f.complianceStatus || undefined,
      ids: withIds && f.pick === "chosen" ? chosenIds(f, preview) : undefined,
    },
    window: { from: f.from, to: f.to },
    pool: {
      specialty: f.poolSpecialty || undefined,
      facilityId: f.facilityId || undefined,
      city: f.city.trim() || undefined,
    },
  };
}

/** The ticked students the preview still lists (what a run with "only the students I tick" takes). */
export function chosenIds(form: Pick<RunForm, "chosen">, preview: RunPreview | undefined): string[] {
  if (!preview) return [...form.chosen];
  return preview.students.items.filter((s) => form.chosen.has(s.id)).map((s) => s.id);
}

/** The server's issues under the form's sections: `students...`, `window.from`, `window.to`, `pool...`, `programId`. */
export function issueFor(issues: readonly ApiIssue[], prefix: string): string | undefined {
  return issues.find((i) => i.path === prefix || i.path.startsWith(`${prefix}.`))?.message;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export function BulkRunForm({
  form,
  onChange,
  preview,
  previewError,
  issues,
  running,
  onRun,
}: {
  form: RunForm;
  onChange: (next: Partial<RunForm>) => void;
  preview: RunPreview | undefined;
  previewError: string | null;
  issues: readonly ApiIssue[];
  running: boolean;
  onRun: () => void;
}) {
  const id = useId();
  // Ticks the filters now hide do not count (and are not sent: see chosenIds).
  const chosenCount = preview ? chosenIds(form, preview).length : form.chosen.size;
  const studentCount = form.pick === "chosen" ? chosenCount : (preview?.students.total ?? 0);
  const canRun = !running && !!preview && studentCount > 0 && preview.placements.total > 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (canRun) onRun();
  };
  const toggle = (studentId: string, on: boolean) => {
    const next = new Set(form.chosen);
    if (on) next.add(studentId);
    else next.delete(studentId);
    onChange({ chosen: next, pick: "chosen" });
  };
  const studentsIssue = issueFor(issues, "students");
  const poolIssue = issueFor(issues, "pool");

  return (
    <form onSubmit={submit} aria-label="Match run" className="grid gap-4 xl:grid-cols-3">
      <Card className="xl:col-span-2">
        <CardHeader>
          <CardTitle>Students</CardTitle>
          <CardDescription>Active students of your roster without an approved rotation in these dates.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-3 sm:grid-cols-3">
            <Field id={`${id}-search`} label="Search students">
              <Input
                id={`${id}-search`}
                type="search"
                value={form.search}
                placeholder="Name or email"
                onChange={(e) => onChange({ search: e.target.value })}
              />
            </Field>
            <Field id={`${id}-specialty`} label="Specialty interest">
              <Select
                id={`${id}-specialty`}
                value={form.specialty}
                onChange={(e) => onChange({ specialty: e.target.value })}
              >
                <option value="">All specialties</option>
                {NURSING_SPECIALTIES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id={`${id}-compliance`} label="Compliance">
              <Select
                id={`${id}-compliance`}
                value={form.complianceStatus}
                onChange={(e) => onChange({ complianceStatus: e.target.value as RunForm["complianceStatus"] })}
              >
                <option value="">All statuses</option>
                {COMPLIANCE_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {COMPLIANCE_LABELS[s]}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">Who to match</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-pick`}
                checked={form.pick === "all"}
                onChange={() => onChange({ pick: "all" })}
              />
              All {preview ? plural(preview.students.total, "student") : "students"} matching these filters
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-pick`}
                checked={form.pick === "chosen"}
                onChange={() => onChange({ pick: "chosen" })}
              />
              Only the students I tick ({plural(chosenCount, "chosen", "chosen")})
            </label>
          </fieldset>
          {preview && preview.students.items.length > 0 ? (
            <fieldset className="grid gap-2">
              <legend className="sr-only">Students to match</legend>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onChange({ pick: "chosen", chosen: new Set(preview.students.items.map((s) => s.id)) })}
                >
                  Tick all shown
                </Button>
                <Button size="sm" variant="outline" onClick={() => onChange({ pick: "chosen", chosen: new Set() })}>
                  Clear ticks
                </Button>
                {preview.students.total > preview.students.items.length ? (
                  <span className="text-muted-foreground">
                    Showing the first {preview.students.items.length} by name of{" "}
                    {plural(preview.students.total, "student")}
                  </span>
                ) : null}
              </div>
              <ul className="grid max-h-72 gap-1 overflow-y-auto rounded-md border border-border p-2 sm:grid-cols-2">
                {preview.students.items.map((s) => (
                  <li key={s.id}>
                    <label className="flex items-start gap-2 rounded px-1 py-0.5 text-sm hover:bg-muted">
                      <input
                        type="checkbox"
                        className="mt-1"
                        checked={form.chosen.has(s.id)}
                        onChange={(e) => toggle(s.id, e.target.checked)}
                      />
                      <span>
                        {s.name}
                        <span className="block text-xs text-muted-foreground">
                          {[
                            s.specialtyInterest ?? "No specialty",
                            COMPLIANCE_LABELS[s.complianceStatus],
                            s.gpa === null ? null : `GPA ${s.gpa.toFixed(2)}`,
                          ]
                            .filter(Boolean)
                            .join(" · ")}
                        </span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ) : preview ? (
            <p className="text-sm text-muted-foreground">No student matches these filters in these dates.</p>
          ) : null}
          {studentsIssue ? (
            <p role="alert" className="text-sm text-destructive">
              {studentsIssue}
            </p>
          ) : null}
        </CardContent>
      </Card>

      <div className="grid content-start gap-4">
        <Card>
          <CardHeader>
            <CardTitle>Dates</CardTitle>
            <CardDescription>Placements starting in this window.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3 sm:grid-cols-2 xl:grid-cols-1 2xl:grid-cols-2">
            <Field id={`${id}-from`} label="From" error={issueFor(issues, "window.from")}>
              <Input
                id={`${id}-from`}
                type="date"
                required
                value={form.from}
                aria-invalid={!!issueFor(issues, "window.from")}
                onChange={(e) => onChange({ from: e.target.value })}
              />
            </Field>
            <Field id={`${id}-to`} label="To" error={issueFor(issues, "window.to")}>
              <Input
                id={`${id}-to`}
                type="date"
                required
                value={form.to}
                aria-invalid={!!issueFor(issues, "window.to")}
                onChange={(e) => onChange({ to: e.target.value })}
              />
            </Field>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Placements</CardTitle>
            <CardDescription>Active, taking applications, with a spot left.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            <Field id={`${id}-pool-specialty`} label="Placement specialty">
              <Select
                id={`${id}-pool-specialty`}
                value={form.poolSpecialty}
                onChange={(e) => onChange({ poolSpecialty: e.target.value, facilityId: "" })}
              >
                <option value="">All specialties</option>
                {NURSING_SPECIALTIES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id={`${id}-facility`} label="Facility">
              <Select
                id={`${id}-facility`}
                value={form.facilityId}
                onChange={(e) => onChange({ facilityId: e.target.value })}
              >
                <option value="">All facilities</option>
                {(preview?.facilities ?? []).map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                    {f.city ? ` (${f.city}${f.state ? `, ${f.state}` : ""})` : ""}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id={`${id}-city`} label="City">
              <Input
                id={`${id}-city`}
                value={form.city}
                placeholder="Any city"
                onChange={(e) => onChange({ city: e.target.value })}
              />
            </Field>
            {poolIssue ? (
              <p role="alert" className="text-sm text-destructive">
                {poolIssue}
              </p>
            ) : null}
          </CardContent>
        </Card>
      </div>

      <div className="flex flex-col gap-3 rounded-lg border border-border bg-white p-4 sm:flex-row sm:items-center sm:justify-between xl:col-span-3">
        <p className="text-sm" aria-live="polite">
          {previewError ? (
            <span className="text-destructive">{previewError}</span>
          ) : preview ? (
            <>
              <strong>{plural(studentCount, "student")}</strong> and{" "}
              <strong>{plural(preview.placements.total, "placement")}</strong> with{" "}
              {plural(preview.placements.seats, "spot")} left
            </>
          ) : (
            "Counting students and placements..."
          )}
        </p>
        <Button type="submit" disabled={!canRun}>
          <Play aria-hidden />
          {running ? "Matching..." : "Run matching"}
        </Button>
      </div>
    </form>
  );
}
