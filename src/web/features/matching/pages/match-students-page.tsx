import { useQuery } from "@tanstack/react-query";
import { addDays, format } from "date-fns";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { PRIORITY_RULE, PROPOSALS, RUN_PHASE_LABELS } from "@/domain/matching/bulk";
import { LoadError } from "@/web/components/list-page/load-error";
import { Button } from "@/web/components/ui/button";
import { PageHeader } from "@/web/components/ui/page-header";
import { ApiError } from "@/web/lib/api-client";
import { toastError } from "@/web/lib/api-errors";
import { useDebouncedValue } from "@/web/lib/use-debounced-value";
import { type MatchRun, matchRunQuery, runPreviewQuery, useStartRun } from "../bulk-api";
import { BulkProposal } from "../components/bulk-proposal";
import { BulkRunForm, issueFor, type RunForm, runInput } from "../components/bulk-run-form";

// /matching, "Match students" (issue 13): choose students, a date window and a pool of
// placements; run; watch the run's progress; compare the optimal and the stable proposals side by
// side; remove or swap lines; review and submit. The run's id stays in the address (?run=), so a
// reload or Back returns to its proposals. Administrators name the program (?program=).

const day = (d: Date) => format(d, "yyyy-MM-dd");

function initialForm(): RunForm {
  const today = new Date();
  return {
    search: "",
    specialty: "",
    complianceStatus: "",
    pick: "all",
    chosen: new Set(),
    from: day(today),
    to: day(addDays(today, 180)),
    poolSpecialty: "",
    facilityId: "",
    city: "",
  };
}

export default function MatchStudentsPage() {
  const [search, setSearch] = useSearchParams();
  const programId = search.get("program") ?? undefined;
  const runId = search.get("run");
  const [form, setForm] = useState<RunForm>(initialForm);
  const change = (next: Partial<RunForm>) => setForm((prev) => ({ ...prev, ...next }));

  const complete = /^\d{4}-\d{2}-\d{2}$/.test(form.from) && /^\d{4}-\d{2}-\d{2}$/.test(form.to);
  const previewInput = useDebouncedValue(complete ? runInput(form, programId, false) : null, 300);
  const preview = useQuery(runPreviewQuery(previewInput));
  const start = useStartRun();
  const run = useQuery(matchRunQuery(runId));

  const startIssues = start.error instanceof ApiError ? start.error.issues : [];
  const previewIssues = preview.error instanceof ApiError ? preview.error.issues : [];
  const issues = startIssues.length > 0 ? startIssues : previewIssues;
  const previewError = preview.error
    ? (issueFor(previewIssues, "programId") ??
      (previewIssues.length > 0 ? "Check the dates." : `Could not count the students: ${preview.error.message}`))
    : null;

  const setRun = (id: string | null) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set("run", id);
        else next.delete("run");
        return next;
      },
      { replace: false },
    );

  async function onRun() {
    try {
      const created = await start.mutateAsync(runInput(form, programId, true, preview.data));
      setRun(created.id);
    } catch (err) {
      // A refusal naming a field shows beside it; anything else is toasted.
      if (!(err instanceof ApiError && err.issues.length > 0)) toastError(err);
    }
  }

  const underWay = run.data && (run.data.status === "queued" || run.data.status === "running");

  return (
    <>
      <PageHeader
        title="Match students"
        description="Propose one placement per student two ways, the assignment with the largest total score and a stable matching, compare them, adjust, and submit the applications you keep."
      />
      {runId ? (
        <div className="mb-4">
          <Button variant="outline" onClick={() => setRun(null)}>
            New run
          </Button>
        </div>
      ) : null}
      {!runId ? (
        <BulkRunForm
          form={form}
          onChange={change}
          preview={preview.data}
          previewError={previewError}
          issues={issues}
          running={start.isPending}
          onRun={() => void onRun()}
        />
      ) : run.isPending ? (
        <p role="status">Loading the run...</p>
      ) : run.isError ? (
        <LoadError what="the match run" query={run} />
      ) : underWay ? (
        <RunProgress run={run.data} />
      ) : run.data.status === "failed" ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-destructive">
          {run.data.error ?? "The run could not finish."}
        </div>
      ) : (
        <RunResults run={run.data} />
      )}
    </>
  );
}

function RunProgress({ run }: { run: MatchRun }) {
  const label = RUN_PHASE_LABELS[run.phase];
  return (
    <section aria-label="Match run progress" className="rounded-lg border border-border bg-white p-5">
      <p className="mb-2 text-sm">
        Matching {run.counts.students.toLocaleString("en-US")} students with{" "}
        {run.counts.placements.toLocaleString("en-US")} placements ({run.counts.seats.toLocaleString("en-US")} spots).
      </p>
      <div
        role="progressbar"
        aria-label="Match run progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={run.percent}
        aria-valuetext={`${run.percent}%: ${label}`}
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${run.percent}%` }} />
      </div>
      <p className="mt-2 text-sm text-muted-foreground" aria-live="polite">
        {label} · {run.percent}%
      </p>
    </section>
  );
}

function RunResults({ run }: { run: MatchRun }) {
  const result = run.result;
  const students = useMemo(() => new Map((result?.students ?? []).map((s) => [s.id, s])), [result]);
  const placements = useMemo(() => new Map((result?.placements ?? []).map((p) => [p.id, p])), [result]);
  if (!result) return null;
  return (
    <>
      <p className="mb-4 text-sm text-muted-foreground">
        {result.students.length.toLocaleString("en-US")} students, {result.placements.length.toLocaleString("en-US")}{" "}
        placements, {result.pairs.toLocaleString("en-US")} candidate pairs scored. Stable matching: {PRIORITY_RULE}
      </p>
      <div className="grid gap-6 xl:grid-cols-2">
        {PROPOSALS.map((kind) => (
          <BulkProposal
            key={kind}
            kind={kind}
            runId={run.id}
            result={result}
            students={students}
            placements={placements}
          />
        ))}
      </div>
    </>
  );
}
