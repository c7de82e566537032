import { useQuery } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { PLACED_PHASES, type PlacedPhase } from "@/domain/placements";
import { datesColumn, Stacked } from "@/web/components/list-page/cells";
import { FilterBar, type FilterField } from "@/web/components/list-page/filter-bar";
import type { ListCopy } from "@/web/components/list-page/list-results";
import type { Column } from "@/web/components/list-page/list-table";
import { ListView } from "@/web/components/list-page/list-view";
import { oneOf, useListParams } from "@/web/components/list-page/use-list-params";
import { Badge } from "@/web/components/ui/badge";
import { PageHeader } from "@/web/components/ui/page-header";
import { type PlacedStudent, placedStudentsQuery } from "../facility-api";

const PHASE_LABELS: Record<PlacedPhase, string> = { current: "Current", upcoming: "Upcoming", past: "Completed" };
const SEARCH = "Student, email, placement or program";
const FIELDS: FilterField[] = [
  {
    name: "phase",
    label: "Show",
    options: PLACED_PHASES.map((p) => ({ value: p, label: PHASE_LABELS[p] })),
    all: "Current and upcoming",
  },
];

const COPY: ListCopy = {
  what: "placed students",
  empty: { icon: Users, title: "No students placed yet" },
  noMatch: { icon: Users, title: "No placed students match these filters" },
};

/** One row per approved application (a student placed twice has two). */
const rowKey = (s: PlacedStudent) => s.applicationId;

const columns: Column<PlacedStudent>[] = [
  {
    id: "student",
    header: "Student",
    cell: (s) => <Stacked primary={s.student.name} secondary={s.student.email} />,
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
  datesColumn((s) => s.placement),
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
        params={params}
        search={SEARCH}
        fields={FIELDS}
        className="sm:grid-cols-2"
      />
      <ListView query={list} copy={COPY} params={params} label="Placed students" columns={columns} rowKey={rowKey} />
    </>
  );
}
