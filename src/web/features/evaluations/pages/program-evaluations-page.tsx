import { useQuery } from "@tanstack/react-query";
import { ClipboardCheck } from "lucide-react";
import {
  EVALUATION_KIND_LABELS,
  EVALUATION_KINDS,
  EVALUATION_PHASE_LABELS,
  EVALUATION_PHASES,
  EVALUATION_STATUS_LABELS,
  type EvaluationStatus,
} from "@/domain/evaluations";
import { isAdmin } from "@/domain/roles";
import { DateSpan, Stacked } from "@/web/components/list-page/cells";
import { ExportCsvButton } from "@/web/components/list-page/export-csv-button";
import { FilterBar, type FilterField } from "@/web/components/list-page/filter-bar";
import { oneOf, useListParams } from "@/web/components/list-page/use-list-params";
import { EmptyState } from "@/web/components/ui/empty-state";
import { PageHeader } from "@/web/components/ui/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/web/components/ui/tabs";
import { useMe } from "@/web/lib/session";
import { type EvaluationFilter, programEvaluationsExportUrl, programEvaluationsQuery } from "../api";
import { EvaluationFormsPanel } from "../components/evaluation-forms-panel";
import { EvaluationSettingsPanel } from "../components/evaluation-settings-panel";
import {
  EvaluationsTable,
  evaluationColumns,
  LISTED_STATUSES,
  listedFilter,
  statusField,
} from "../components/evaluations-table";

// /evaluations (issue 17): the program's completion across its students (filters in the address,
// pages from the server, CSV), reading a submitted evaluation of either kind, the settings and the
// forms. Administrators pick the program with View As (?program=).

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
  const filter: EvaluationFilter = {
    programId,
    kind: oneOf(f.kind, EVALUATION_KINDS),
    phase: oneOf(f.phase, EVALUATION_PHASES),
    search: params.search || undefined,
    ...listedFilter(f),
  };
  const list = useQuery(programEvaluationsQuery({ ...filter, page: params.page }));
  const fields: FilterField[] = [
    statusField,
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
      <EvaluationsTable
        label="Evaluations"
        query={list}
        emptyBody={"A rotation's evaluations open 7 days before it ends (and at its midpoint when you ask for one)."}
        params={params}
        fill={false}
        columns={[
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
          evaluationColumns.phase,
          evaluationColumns.due,
          evaluationColumns.status,
        ]}
        action={(e) => ({
          text: "Open",
          label: `Open the ${EVALUATION_PHASE_LABELS[e.phase].toLowerCase()} ${e.kind === "student" ? "evaluation of" : "site evaluation by"} ${e.student.name}`,
        })}
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
        {LISTED_STATUSES.map((s) => (
          <li key={s}>
            <button
              type="button"
              onClick={() => onPick(s)}
              className="w-full rounded-lg border border-border bg-white p-3 text-left hover:bg-muted"
              aria-label={`${EVALUATION_STATUS_LABELS[s]}: ${counts ? counts[s] : "loading"}. Show these`}
            >
              {/* The space keeps the text "Active 3", as the name begins (the spans are blocks). */}
              <span className="block text-sm text-muted-foreground">{EVALUATION_STATUS_LABELS[s]}</span>{" "}
              <span className="block text-2xl font-semibold">{counts ? counts[s] : failed ? "–" : "…"}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
