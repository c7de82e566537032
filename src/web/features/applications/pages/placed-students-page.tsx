import { useQuery } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { PLACED_PHASES, type PlacedPhase } from "@/domain/placements";
import { FilterBar, SearchField, SelectField } from "@/web/components/list-page/filter-bar";
import { ListResults } from "@/web/components/list-page/list-results";
import { type Column, ListTable } from "@/web/components/list-page/list-table";
import { oneOf, useListParams } from "@/web/components/list-page/use-list-params";
import { Badge } from "@/web/components/ui/badge";
import { PageHeader } from "@/web/components/ui/page-header";
import { formatDate } from "@/web/lib/format";
import { type PlacedStudent, placedStudentsQuery } from "../facility-api";

const PHASE_LABELS: Record<PlacedPhase, string> = { current: "Current", upcoming: "Upcoming", past: "Completed" };
const PHASE_OPTIONS = PLACED_PHASES.map((p) => ({ value: p, label: PHASE_LABELS[p] }));

const columns: Column<PlacedStudent>[] = [
  {
    id: "student",
    header: "Student",
    cell: (s) => (
      <>
        <div className="font-medium">{s.student.name}</div>
        <div className="text-muted-foreground">{s.student.email}</div>
      </>
    ),
  },
  { id: "program", header: "Program", cell: (s) => s.program.name },
  {
    id: "placement",
    header: "Placement",
    cell: (s) => (
      <>
        <div>{s.placement.title}</div>
        <div className="text-muted-foreground">{s.placement.specialty}</div>
      </>
    ),
  },
  { id: "department", header: "Department", cell: (s) => s.department?.name ?? "—" },
  {
    id: "dates",
    header: "Dates",
    className: "whitespace-nowrap",
    cell: (s) => (
      <>
        {formatDate(s.placement.startDate)} –<br />
        {formatDate(s.placement.endDate)}
      </>
    ),
  },
  {
    id: "phase",
    header: "When",
    cell: (s) => (
      <Badge variant={s.phase === "current" ? "success" : s.phase === "upcoming" ? "default" : "muted"}>
        {PHASE_LABELS[s.phase]}
      </Badge>
    ),
  },
];

/** /dashboard/facility/students: students with approved placements at this facility, current and upcoming. */
export default function PlacedStudentsPage() {
  const params = useListParams({ phase: "" });
  const list = useQuery(
    placedStudentsQuery({
      search: params.search,
      phase: oneOf(params.filters.phase, PLACED_PHASES),
      facilityId: params.param("facility"),
      page: params.page,
    }),
  );

  return (
    <>
      <PageHeader title="Placed Students" description="Students with approved placements at your facility" />
      <FilterBar
        label="Filter placed students"
        filtered={params.filtered}
        onClear={params.clear}
        className="sm:grid-cols-2"
      >
        <SearchField id="placed-search" placeholder="Student, email, placement or program" params={params} />
        <SelectField
          id="placed-phase"
          label="Show"
          value={params.filters.phase}
          onChange={(v) => params.set({ phase: v })}
          options={PHASE_OPTIONS}
          all="Current and upcoming"
        />
      </FilterBar>

      <ListResults
        query={list}
        what="placed students"
        filtered={params.filtered}
        onPage={params.setPage}
        empty={{ icon: Users, title: "No students placed yet" }}
        noMatch={{ icon: Users, title: "No placed students match these filters" }}
      >
        {(data) => (
          <ListTable label="Placed students" rows={data.items} rowKey={(s) => s.applicationId} columns={columns} />
        )}
      </ListResults>
    </>
  );
}
