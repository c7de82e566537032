import { useQuery } from "@tanstack/react-query";
import { ClipboardCheck, SearchX } from "lucide-react";
import { useState } from "react";
import {
  EVALUATION_KIND_LABELS,
  EVALUATION_KINDS,
  EVALUATION_PHASE_LABELS,
  EVALUATION_PHASES,
  EVALUATION_STATUS_LABELS,
  EVALUATION_STATUSES,
  type EvaluationStatus,
} from "@/domain/evaluations";
import { isAdmin } from "@/domain/roles";
import { DateSpan, Stacked } from "@/web/components/list-page/cells";
import { ExportCsvButton } from "@/web/components/list-page/export-csv-button";
import { FilterBar, type FilterField } from "@/web/components/list-page/filter-bar";
import { type ListCopy, ListResults } from "@/web/components/list-page/list-results";
import { actionsHeader, type Column, ListTable } from "@/web/components/list-page/list-table";
import { oneOf, useListParams } from "@/web/components/list-page/use-list-params";
import { Button } from "@/web/components/ui/button";
import { EmptyState } from "@/web/components/ui/empty-state";
import { PageHeader } from "@/web/components/ui/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/web/components/ui/tabs";
import { formatDate } from "@/web/lib/format";
import { useMe } from "@/web/lib/session";
import {
  type EvaluationFilter,
  type EvaluationItem,
  programEvaluationsExportUrl,
  programEvaluationsQuery,
} from "../api";
import { EvaluationDialog } from "../components/evaluation-dialog";
import { EvaluationFormsPanel } from "../components/evaluation-forms-panel";
import { EvaluationSettingsPanel } from "../components/evaluation-settings-panel";
import { EvaluationStatusBadge } from "../components/evaluation-status-badge";

// /evaluations (issue 17): the program's completion across its students (filters in the address,
// pages from the server, CSV), reading a submitted evaluation of either kind, the settings and the
// forms. Administrators pick the program with View As (?program=).

const STATUSES = EVALUATION_STATUSES.filter((s) => s !== "not_open");

const COPY: ListCopy = {
  what: "the evaluations",
  loading: "Loading evaluations...",
  empty: {
    icon: ClipboardCheck,
    title: "No evaluations yet",
    body: "A rotation's evaluations open 7 days before it ends (and at its midpoint when you ask for one).",
  },
  noMatch: { icon: SearchX, title: "No evaluations match", body: "No evaluation matches these filters." },
};

export default function ProgramEvaluationsPage() {
  const params = useListParams(
    { status: "", kind: "", phase: "", sort: "dueDate", order: "" },
    { keep: ["sort", "order"] },
  );
  const programId = params.param("program");
  const me = useMe();
  // An administrator sees every program's completion; a program's forms and settings need one named.
  const pick = isAdmin(me.data?.role ?? null) && !programId;
  const pickProgram = (
    <EmptyState icon={ClipboardCheck} title="Choose a program">
      View as a nursing program (View As in the header) to see and change its forms and settings.
    </EmptyState>
  );
  return (
    <>
      <PageHeader
        title="Evaluations"
        description="Who has evaluated and been evaluated: preceptors' evaluations of your students and students' evaluations of the sites"
      />
      <Tabs defaultValue="completion" className="grid min-w-0 gap-4">
        <TabsList aria-label="Evaluations">
          <TabsTrigger value="completion">Completion</TabsTrigger>
          <TabsTrigger value="forms">Forms</TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
        </TabsList>
        <TabsContent value="completion">
          <Completion params={params} programId={programId} />
        </TabsContent>
        <TabsContent value="forms">{pick ? pickProgram : <EvaluationFormsPanel programId={programId} />}</TabsContent>
        <TabsContent value="settings">
          {pick ? pickProgram : <EvaluationSettingsPanel programId={programId} />}
        </TabsContent>
      </Tabs>
    </>
  );
}

function Completion({
  params,
  programId,
}: {
  params: ReturnType<
    typeof useListParams<{ status: string; kind: string; phase: string; sort: string; order: string }>
  >;
  programId?: string;
}) {
  const f = params.filters;
  const sort = oneOf(f.sort, ["dueDate", "student", "submittedAt"] as const) ?? "dueDate";
  const order = oneOf(f.order, ["asc", "desc"] as const) ?? "asc";
  const filter: EvaluationFilter = {
    programId,
    status: oneOf(f.status, STATUSES),
    kind: oneOf(f.kind, EVALUATION_KINDS),
    phase: oneOf(f.phase, EVALUATION_PHASES),
    search: params.search || undefined,
    sort,
    order,
  };
  const list = useQuery(programEvaluationsQuery({ ...filter, page: params.page }));
  const [open, setOpen] = useState<{ id: string | null; open: boolean }>({ id: null, open: false });
  const fields: FilterField[] = [
    {
      name: "status",
      label: "Status",
      options: STATUSES.map((s) => ({ value: s, label: EVALUATION_STATUS_LABELS[s] })),
      all: "All statuses",
    },
    {
      name: "kind",
      label: "Kind",
      options: EVALUATION_KINDS.map((k) => ({ value: k, label: EVALUATION_KIND_LABELS[k] })),
      all: "Both kinds",
    },
    {
      name: "phase",
      label: "Phase",
      options: EVALUATION_PHASES.map((p) => ({ value: p, label: EVALUATION_PHASE_LABELS[p] })),
      all: "Both phases",
    },
  ];
  const columns: Column<EvaluationItem>[] = [
    { id: "student", header: "Student", sortKey: "student", cell: (e) => e.student.name },
    {
      id: "rotation",
      header: "Rotation",
      cell: (e) => (
        <Stacked
          primary={e.rotation.title}
          secondary={e.facility.name}
          note={<DateSpan start={e.rotation.startDate} end={e.rotation.endDate} />}
        />
      ),
    },
    {
      id: "kind",
      header: "Kind",
      cell: (e) => (e.kind === "student" ? "Of the student (preceptor)" : "Of the site (student)"),
    },
    { id: "phase", header: "Phase", cell: (e) => EVALUATION_PHASE_LABELS[e.phase] },
    {
      id: "due",
      header: "Due",
      sortKey: "dueDate",
      className: "whitespace-nowrap",
      cell: (e) => formatDate(e.dueDate),
    },
    { id: "status", header: "Status", cell: (e) => <EvaluationStatusBadge status={e.status} /> },
    {
      id: "actions",
      header: actionsHeader,
      actions: true,
      cell: (e) => (
        <Button
          variant="outline"
          size="sm"
          onClick={() => setOpen({ id: e.id, open: true })}
          aria-label={`Open the ${EVALUATION_PHASE_LABELS[e.phase].toLowerCase()} ${e.kind === "student" ? "evaluation of" : "site evaluation by"} ${e.student.name}`}
        >
          Open
        </Button>
      ),
    },
  ];
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      <StatusCounts counts={list.data?.byStatus} failed={list.isError} onPick={(s) => params.set({ status: s })} />
      <FilterBar
        label="Filter evaluations"
        params={params}
        search="Student or rotation"
        fields={fields}
        className="sm:grid-cols-2 lg:grid-cols-4"
      />
      <div className="flex flex-wrap items-center justify-end gap-2">
        <ExportCsvButton url={programEvaluationsExportUrl(filter)} name="evaluations" />
      </div>
      <ListResults query={list} copy={COPY} params={params}>
        {(data) => (
          <ListTable
            label="Evaluations"
            rows={data.items}
            rowKey={(e) => e.id}
            columns={columns}
            sort={{
              key: sort === "submittedAt" ? "" : sort,
              order,
              onSort: (key) => params.set({ sort: key, order: key === sort && order === "asc" ? "desc" : "asc" }),
            }}
          />
        )}
      </ListResults>
      <EvaluationDialog
        evaluationId={open.id}
        open={open.open}
        onOpenChange={(next) => setOpen((o) => ({ ...o, open: next }))}
        fill={false}
      />
    </div>
  );
}

/** How many of the program's evaluations are in each status; a click filters. */
function StatusCounts({
  counts,
  failed,
  onPick,
}: {
  counts?: Record<EvaluationStatus, number>;
  failed: boolean;
  onPick: (status: EvaluationStatus) => void;
}) {
  return (
    <section aria-label="Evaluations by status" aria-busy={!counts && !failed}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {STATUSES.map((s) => (
          <li key={s}>
            <button
              type="button"
              onClick={() => onPick(s)}
              className="w-full rounded-lg border border-border bg-white p-3 text-left hover:bg-muted"
              aria-label={`${EVALUATION_STATUS_LABELS[s]}: ${counts ? counts[s] : "loading"}. Show these`}
            >
              <span className="block text-sm text-muted-foreground">{EVALUATION_STATUS_LABELS[s]}</span>
              <span className="block text-2xl font-semibold">{counts ? counts[s] : failed ? "–" : "…"}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
