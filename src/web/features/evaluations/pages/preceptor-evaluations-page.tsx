import { useQuery } from "@tanstack/react-query";
import { EVALUATION_PHASE_LABELS } from "@/domain/evaluations";
import { DateSpan, Stacked } from "@/web/components/list-page/cells";
import { FilterBar } from "@/web/components/list-page/filter-bar";
import { useListParams } from "@/web/components/list-page/use-list-params";
import { PageHeader } from "@/web/components/ui/page-header";
import { assignedEvaluationsQuery, type EvaluationFilter } from "../api";
import { EvaluationsTable, evaluationColumns, listedFilter, statusField } from "../components/evaluations-table";
import { SiteSummaryCard } from "../components/site-summary-card";

// The evaluations of students a supervisor fills (issue 17): a preceptor's assigned rotations at
// /dashboard/preceptor/evaluations, every rotation of the facility for its coordinators at
// /dashboard/facility/evaluations (which also shows the anonymous summary of the site evaluations).

function SupervisedEvaluations({ side }: { side: "preceptor" | "facility" }) {
  const params = useListParams({ status: "", sort: "dueDate", order: "" }, { keep: ["sort", "order"] });
  const filter: EvaluationFilter = {
    search: params.search || undefined,
    facilityId: side === "facility" ? params.param("facility") : undefined,
    ...listedFilter(params.filters),
  };
  const list = useQuery(assignedEvaluationsQuery({ ...filter, page: params.page }));
  return (
    <section aria-labelledby="evaluations-of-students" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      <h2 id="evaluations-of-students" className="text-lg font-semibold">
        Evaluations of students
      </h2>
      <FilterBar label="Filter evaluations" params={params} search="Student or rotation" fields={[statusField]} />
      <EvaluationsTable
        label="Evaluations of students"
        query={list}
        emptyBody={
          "A rotation's final evaluation opens 7 days before its last day (and at its midpoint when the program asks for one)."
        }
        params={params}
        fill
        columns={[
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
          evaluationColumns.phase,
          evaluationColumns.due,
          evaluationColumns.status,
        ]}
        action={(e) => {
          const text = e.status === "submitted" ? "View" : "Evaluate";
          return {
            text,
            label: `${text} ${e.student.name} (${EVALUATION_PHASE_LABELS[e.phase].toLowerCase()})`,
            primary: e.status !== "submitted",
          };
        }}
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
