import { useQuery } from "@tanstack/react-query";
import { ClipboardCheck, SearchX } from "lucide-react";
import { useState } from "react";
import { EVALUATION_PHASE_LABELS, EVALUATION_STATUS_LABELS, EVALUATION_STATUSES } from "@/domain/evaluations";
import { DateSpan, Stacked } from "@/web/components/list-page/cells";
import { FilterBar, type FilterField } from "@/web/components/list-page/filter-bar";
import { type ListCopy, ListResults } from "@/web/components/list-page/list-results";
import { actionsHeader, type Column, ListTable } from "@/web/components/list-page/list-table";
import { oneOf, useListParams } from "@/web/components/list-page/use-list-params";
import { Button } from "@/web/components/ui/button";
import { PageHeader } from "@/web/components/ui/page-header";
import { formatDate } from "@/web/lib/format";
import { assignedEvaluationsQuery, type EvaluationFilter, type EvaluationItem } from "../api";
import { EvaluationDialog } from "../components/evaluation-dialog";
import { EvaluationStatusBadge } from "../components/evaluation-status-badge";
import { SiteSummaryCard } from "../components/site-summary-card";

// The evaluations of students a supervisor fills (issue 17): a preceptor's assigned rotations at
// /dashboard/preceptor/evaluations, every rotation of the facility for its coordinators at
// /dashboard/facility/evaluations (which also shows the anonymous summary of the site evaluations).

const STATUSES = EVALUATION_STATUSES.filter((s) => s !== "not_open");

const COPY: ListCopy = {
  what: "the evaluations",
  loading: "Loading evaluations...",
  empty: {
    icon: ClipboardCheck,
    title: "No evaluations yet",
    body: "A rotation's final evaluation opens 7 days before its last day (and at its midpoint when the program asks for one).",
  },
  noMatch: { icon: SearchX, title: "No evaluations match", body: "No evaluation matches these filters." },
};

function SupervisedEvaluations({ side }: { side: "preceptor" | "facility" }) {
  const params = useListParams({ status: "", sort: "dueDate", order: "" }, { keep: ["sort", "order"] });
  const f = params.filters;
  const filter: EvaluationFilter = {
    status: oneOf(f.status, STATUSES),
    search: params.search || undefined,
    facilityId: side === "facility" ? params.param("facility") : undefined,
    sort: oneOf(f.sort, ["dueDate", "student", "submittedAt"] as const) ?? "dueDate",
    order: oneOf(f.order, ["asc", "desc"] as const) ?? "asc",
  };
  const list = useQuery(assignedEvaluationsQuery({ ...filter, page: params.page }));
  const [open, setOpen] = useState<{ id: string | null; open: boolean }>({ id: null, open: false });

  const fields: FilterField[] = [
    {
      name: "status",
      label: "Status",
      options: STATUSES.map((s) => ({ value: s, label: EVALUATION_STATUS_LABELS[s] })),
      all: "All statuses",
    },
  ];
  const columns: Column<EvaluationItem>[] = [
    {
      id: "student",
      header: "Student",
      sortKey: "student",
      cell: (e) => <Stacked primary={e.student.name} secondary={e.program.name} />,
    },
    {
      id: "rotation",
      header: "Rotation",
      cell: (e) => <DateSpan start={e.rotation.startDate} end={e.rotation.endDate} note={e.rotation.title} />,
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
          variant={e.status === "submitted" ? "outline" : "default"}
          size="sm"
          onClick={() => setOpen({ id: e.id, open: true })}
          aria-label={`${e.status === "submitted" ? "View" : "Evaluate"} ${e.student.name} (${EVALUATION_PHASE_LABELS[e.phase].toLowerCase()})`}
        >
          {e.status === "submitted" ? "View" : "Evaluate"}
        </Button>
      ),
    },
  ];
  const sort = filter.sort ?? "dueDate";
  const order = filter.order ?? "asc";
  return (
    <section aria-labelledby="evaluations-of-students" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      <h2 id="evaluations-of-students" className="text-lg font-semibold">
        Evaluations of students
      </h2>
      <FilterBar label="Filter evaluations" params={params} search="Student or rotation" fields={fields} />
      <ListResults query={list} copy={COPY} params={params}>
        {(data) => (
          <ListTable
            label="Evaluations of students"
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
        fill
      />
    </section>
  );
}

/** /dashboard/preceptor/evaluations: the preceptor's assigned rotations' evaluations of students. */
export function PreceptorEvaluationsPage() {
  return (
    <>
      <PageHeader
        title="Evaluations"
        description="Evaluate the students of the rotations assigned to you: open, due and submitted"
      />
      <SupervisedEvaluations side="preceptor" />
    </>
  );
}

/** /dashboard/facility/evaluations: the facility's evaluations of students, and what students say of the site. */
export function FacilityEvaluationsPage() {
  const params = useListParams({});
  return (
    <>
      <PageHeader
        title="Evaluations"
        description="Evaluate the students rotating at your facility, and read what students say about your site"
      />
      <div className="grid gap-8">
        <SiteSummaryCard facilityId={params.param("facility")} />
        <SupervisedEvaluations side="facility" />
      </div>
    </>
  );
}
