import { useQuery } from "@tanstack/react-query";
import { CalendarCheck, SearchX, UserCog } from "lucide-react";
import { useState } from "react";
import { ROTATION_STATUS_LABELS, ROTATION_STATUSES, type RotationStatus } from "@/domain/preceptors";
import { DateSpan, RowActions, Stacked } from "@/web/components/list-page/cells";
import { ExportCsvButton } from "@/web/components/list-page/export-csv-button";
import { FilterBar, type FilterField } from "@/web/components/list-page/filter-bar";
import { type ListCopy, ListResults } from "@/web/components/list-page/list-results";
import { actionsHeader, type Column, ListTable } from "@/web/components/list-page/list-table";
import { oneOf, useListParams } from "@/web/components/list-page/use-list-params";
import { PageHeader } from "@/web/components/ui/page-header";
import { type Rotation, type RotationFilter, rotationsExportUrl, rotationsQuery } from "../api";
import { AssignPreceptorsDialog } from "../components/assign-preceptors-dialog";
import { RotationStatusBadge } from "../components/rotation-status-badge";

// /dashboard/facility/rotations (issue 17): the facility's approved rotations and their preceptors,
// filters in the address, pages from the server, CSV of what is filtered, "Assign preceptors".

const COPY: ListCopy = {
  what: "the rotations",
  loading: "Loading rotations...",
  empty: {
    icon: CalendarCheck,
    title: "No rotations yet",
    body: "A rotation starts when you approve an application to one of your placements.",
  },
  noMatch: { icon: SearchX, title: "No rotations match", body: "No rotation matches these filters." },
};

export default function FacilityRotationsPage() {
  const params = useListParams({ status: "", placementId: "", departmentId: "", unassigned: "" });
  const f = params.filters;
  const facilityId = params.param("facility");
  const filter: RotationFilter = {
    status: oneOf(f.status, ROTATION_STATUSES),
    placementId: f.placementId || undefined,
    departmentId: f.departmentId || undefined,
    unassigned: f.unassigned === "true" ? "true" : undefined,
    search: params.search || undefined,
    facilityId,
  };
  const list = useQuery(rotationsQuery({ ...filter, page: params.page }));
  const [assigning, setAssigning] = useState<Rotation | null>(null);
  const options = list.data?.options;

  const fields: FilterField[] = [
    {
      name: "status",
      label: "Status",
      options: ROTATION_STATUSES.map((s) => ({ value: s, label: ROTATION_STATUS_LABELS[s] })),
      all: "All statuses",
    },
    {
      name: "placementId",
      label: "Placement",
      options: (options?.placements ?? []).map((p) => ({ value: p.id, label: p.name })),
      all: "All placements",
    },
    {
      name: "departmentId",
      label: "Department",
      options: (options?.departments ?? []).map((d) => ({ value: d.id, label: d.name })),
      all: "All departments",
    },
    {
      name: "unassigned",
      label: "Preceptors",
      options: [{ value: "true", label: "No preceptor yet" }],
      all: "Any",
    },
  ];
  const columns: Column<Rotation>[] = [
    {
      id: "student",
      header: "Student",
      cell: (r) => <Stacked primary={r.student.name} secondary={r.program.name} />,
    },
    {
      id: "placement",
      header: "Placement",
      cell: (r) => <Stacked primary={r.placement.title} secondary={r.department?.name ?? r.placement.specialty} />,
    },
    {
      id: "dates",
      header: "Dates",
      className: "whitespace-nowrap",
      cell: (r) => <DateSpan start={r.startDate} end={r.endDate} />,
    },
    { id: "status", header: "Status", cell: (r) => <RotationStatusBadge status={r.status} /> },
    {
      id: "preceptors",
      header: "Preceptors",
      cell: (r) =>
        r.preceptors.length === 0 ? (
          <span className="text-sm text-amber-800">None yet</span>
        ) : (
          <ul className="text-sm">
            {r.preceptors.map((p) => (
              <li key={p.userId}>{p.name}</li>
            ))}
          </ul>
        ),
    },
    {
      id: "actions",
      header: actionsHeader,
      actions: true,
      cell: (r) => (
        <RowActions
          actions={[
            {
              text: "Assign",
              label: `Assign preceptors to ${r.student.name}'s rotation`,
              icon: UserCog,
              onClick: () => setAssigning(r),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Rotations"
        description="Your approved rotations and the preceptors who supervise each student"
      />
      <StatusCounts counts={list.data?.byStatus} failed={list.isError} onPick={(s) => params.set({ status: s })} />
      <div className="mt-4 grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
        <FilterBar
          label="Filter rotations"
          params={params}
          search="Student, program or placement"
          fields={fields}
          className="sm:grid-cols-2 lg:grid-cols-5"
        />
        <div className="flex flex-wrap items-center justify-end gap-2">
          <ExportCsvButton url={rotationsExportUrl(filter)} name="rotations" />
        </div>
        <ListResults query={list} copy={COPY} params={params}>
          {(data) => <ListTable label="Rotations" rows={data.items} rowKey={(r) => r.id} columns={columns} />}
        </ListResults>
      </div>
      <AssignPreceptorsDialog rotation={assigning} onClose={() => setAssigning(null)} />
    </>
  );
}

/** How many rotations are upcoming, current and ended (whatever the filters); a click filters. */
export function StatusCounts({
  counts,
  failed,
  onPick,
}: {
  counts?: Record<RotationStatus, number>;
  failed: boolean;
  onPick?: (status: RotationStatus) => void;
}) {
  return (
    <section aria-label="Rotations by status" aria-busy={!counts && !failed} className="mt-4">
      <ul className="grid grid-cols-3 gap-3">
        {(["current", "upcoming", "ended"] as const).map((s) => {
          const figure = (
            <>
              {/* The space keeps the text "Active 3", as the name begins (the spans are blocks). */}
              <span className="block text-sm text-muted-foreground">{ROTATION_STATUS_LABELS[s]}</span>{" "}
              <span className="block text-2xl font-semibold">{counts ? counts[s] : failed ? "–" : "…"}</span>
            </>
          );
          return (
            <li key={s}>
              {onPick ? (
                <button
                  type="button"
                  onClick={() => onPick(s)}
                  className="w-full rounded-lg border border-border bg-white p-3 text-left hover:bg-muted"
                  aria-label={`${ROTATION_STATUS_LABELS[s]}: ${counts ? counts[s] : "loading"}. Show these`}
                >
                  {figure}
                </button>
              ) : (
                <div className="rounded-lg border border-border bg-white p-3">{figure}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
