import { useQuery } from "@tanstack/react-query";
import { FileDown, FileText, SearchX } from "lucide-react";
import {
  COMPLETION_LABELS,
  COMPLETION_STATES,
  hoursOf,
  hoursPercent,
  ROTATION_PHASE_LABELS,
  ROTATION_PHASES,
  type RotationPhase,
} from "@/domain/rotation-records";
import { DateSpan, Stacked } from "@/web/components/list-page/cells";
import { ExportCsvButton } from "@/web/components/list-page/export-csv-button";
import { FilterBar, type FilterField } from "@/web/components/list-page/filter-bar";
import { type ListCopy, ListResults } from "@/web/components/list-page/list-results";
import { actionsHeader, type Column, ListTable } from "@/web/components/list-page/list-table";
import { oneOf, useListParams } from "@/web/components/list-page/use-list-params";
import { Badge } from "@/web/components/ui/badge";
import { buttonVariants } from "@/web/components/ui/button-variants";
import { PageHeader } from "@/web/components/ui/page-header";
import { cn } from "@/web/lib/cn";
import {
  type CompletionPage,
  type CompletionRow,
  RECORD_SORTS,
  type RecordsFilter,
  recordPdfUrl,
  recordsExportUrl,
  recordsQuery,
} from "../api";

// /rotations (issue 17): the program's completion across its students. One row per approved
// rotation: hours approved against the requirement, evaluations in, a preceptor or not, and the
// rotation's record as a PDF. Filters live in the address; the server counts, sorts and pages.

const SORT_OPTIONS = [
  { value: "endDate:desc", label: "End date (latest first)" },
  { value: "endDate:asc", label: "End date (soonest first)" },
  { value: "startDate:desc", label: "Start date (latest first)" },
  { value: "student:asc", label: "Student (A–Z)" },
  { value: "hours:asc", label: "Approved hours (fewest first)" },
];

const COPY: ListCopy = {
  what: "the rotation records",
  loading: "Loading rotation records...",
  empty: {
    icon: FileText,
    title: "No rotations yet",
    body: "Once a facility approves one of your students' applications, its rotation's record appears here.",
  },
  noMatch: { icon: SearchX, title: "No rotations match", body: "No rotation matches these filters." },
};

const PHASE_TONE: Record<RotationPhase, "muted" | "default" | "success"> = {
  upcoming: "muted",
  current: "default",
  ended: "success",
};

export function RotationRecordsPage() {
  const params = useListParams(
    { status: "", facilityId: "", completion: "", sort: "endDate", order: "" },
    { keep: ["sort", "order"] },
  );
  const f = params.filters;
  const sort = oneOf(f.sort, RECORD_SORTS) ?? "endDate";
  const order = oneOf(f.order, ["asc", "desc"] as const) ?? (sort === "student" || sort === "hours" ? "asc" : "desc");
  const filter: RecordsFilter = {
    search: params.search || undefined,
    status: oneOf(f.status, ROTATION_PHASES),
    facilityId: f.facilityId || undefined,
    completion: oneOf(f.completion, COMPLETION_STATES),
    sort,
    order,
    programId: params.param("program"),
  };
  const list = useQuery(recordsQuery({ ...filter, page: params.page }));

  const fields: FilterField[] = [
    {
      name: "status",
      label: "Status",
      options: ROTATION_PHASES.map((p) => ({ value: p, label: ROTATION_PHASE_LABELS[p] })),
      all: "All rotations",
    },
    {
      name: "completion",
      label: "Completion",
      options: COMPLETION_STATES.map((c) => ({ value: c, label: COMPLETION_LABELS[c] })),
      all: "Complete or not",
    },
    {
      name: "facilityId",
      label: "Facility",
      options: (list.data?.facilities ?? []).map((o) => ({ value: o.id, label: o.name })),
      all: "All facilities",
    },
    {
      name: "sort",
      label: "Sort by",
      options: SORT_OPTIONS,
      value: `${sort}:${order}`,
      onChange: (choice) => {
        const [key, next] = choice.split(":");
        params.set({ sort: key ?? "endDate", order: next ?? "desc" });
      },
    },
  ];

  const columns: Column<CompletionRow>[] = [
    {
      id: "student",
      header: "Student",
      sortKey: "student",
      cell: (r) => (
        <Stacked primary={r.studentName} note={r.preceptorAssigned ? "Preceptor assigned" : "No preceptor assigned"} />
      ),
    },
    {
      id: "placement",
      header: "Placement",
      className: "min-w-44",
      cell: (r) => (
        <Stacked
          primary={r.placement}
          secondary={r.department ? `${r.facilityName} · ${r.department}` : r.facilityName}
        />
      ),
    },
    {
      id: "dates",
      header: "Dates",
      sortKey: "endDate",
      className: "whitespace-nowrap",
      cell: (r) => (
        <DateSpan
          start={r.startDate}
          end={r.endDate}
          note={<Badge variant={PHASE_TONE[r.status]}>{ROTATION_PHASE_LABELS[r.status]}</Badge>}
        />
      ),
    },
    { id: "hours", header: "Hours approved", sortKey: "hours", cell: (r) => <HoursBar row={r} /> },
    {
      id: "evaluations",
      header: "Evaluations",
      cell: (r) => (
        <span className={r.evaluationsSubmitted >= r.evaluationsExpected ? "text-green-800" : undefined}>
          {r.evaluationsSubmitted} of {r.evaluationsExpected}
        </span>
      ),
    },
    {
      id: "actions",
      header: actionsHeader,
      actions: true,
      cell: (r) => (
        <a
          href={recordPdfUrl(r.id)}
          download
          className={buttonVariants({ variant: "outline", size: "sm" })}
          aria-label={`Download record: ${r.studentName}, ${r.placement}`}
        >
          <FileDown aria-hidden /> Download record
        </a>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Rotation Records"
        description="Each approved rotation of your students: hours approved against what your program requires, evaluations in, and its record as a PDF"
      />
      <Counts
        counts={list.data?.counts}
        failed={list.isError}
        onPick={(patch) => params.set({ status: "", completion: "", ...patch })}
      />
      <div className="mt-4 grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
        <FilterBar
          label="Filter rotation records"
          params={params}
          search="Student, placement or facility"
          fields={fields}
          className="sm:grid-cols-2 lg:grid-cols-5"
        />
        <div className="flex flex-wrap items-center justify-end gap-2">
          <ExportCsvButton url={recordsExportUrl(filter)} name="rotation-records" />
        </div>
        <ListResults query={list} copy={COPY} params={params}>
          {(data) => (
            <ListTable
              label="Rotation records"
              rows={data.items}
              rowKey={(r) => r.id}
              columns={columns}
              sort={{
                key: sort === "startDate" ? "" : sort,
                order,
                onSort: (key) =>
                  params.set({ sort: key, order: key === sort ? (order === "asc" ? "desc" : "asc") : "asc" }),
              }}
            />
          )}
        </ListResults>
      </div>
    </>
  );
}

/** Approved hours against the requirement: the figures in words, a bar beside them for the eye. */
function HoursBar({ row }: { row: CompletionRow }) {
  const percent = hoursPercent(row);
  const done = row.requiredHours === null || percent >= 100;
  return (
    <div className="grid min-w-32 gap-1">
      <span className="text-sm">
        {hoursOf(row.approvedMinutes)}
        {row.requiredHours === null ? " h (no requirement)" : ` / ${row.requiredHours} h`}
        {row.pendingMinutes > 0 ? (
          <span className="block text-xs text-muted-foreground">{hoursOf(row.pendingMinutes)} h pending review</span>
        ) : null}
      </span>
      {row.requiredHours === null ? null : (
        <span className="block h-1.5 w-full overflow-hidden rounded-full bg-muted" aria-hidden>
          <span
            className={cn("block h-full rounded-full", done ? "bg-green-600" : "bg-primary")}
            style={{ width: `${percent}%` }}
          />
        </span>
      )}
    </div>
  );
}

type Counts = CompletionPage["counts"];
const COUNT_CARDS: { key: keyof Counts; label: string; patch: Record<string, string> }[] = [
  { key: "endedComplete", label: "Ended, complete", patch: { status: "ended", completion: "complete" } },
  { key: "endedIncomplete", label: "Ended, incomplete", patch: { status: "ended", completion: "incomplete" } },
  { key: "current", label: "Current", patch: { status: "current" } },
  { key: "upcoming", label: "Upcoming", patch: { status: "upcoming" } },
];

/** The program's rotations by where they stand (all of them, whatever the filters); a click filters. */
function Counts({
  counts,
  failed,
  onPick,
}: {
  counts?: Counts;
  failed: boolean;
  onPick: (patch: Record<string, string>) => void;
}) {
  return (
    <section aria-label="Rotations by completion" aria-busy={!counts && !failed}>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {COUNT_CARDS.map((c) => (
          <li key={c.key}>
            <button
              type="button"
              onClick={() => onPick(c.patch)}
              className="w-full rounded-lg border border-border bg-white p-3 text-left hover:bg-muted"
              aria-label={`${c.label}: ${counts ? counts[c.key] : "loading"}. Show these`}
            >
              {/* The space keeps the text "Active 3", as the name begins (the spans are blocks). */}
              <span className="block text-sm text-muted-foreground">{c.label}</span>{" "}
              <span className="block text-2xl font-semibold">{counts ? counts[c.key] : failed ? "–" : "…"}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
