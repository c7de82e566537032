import { useQuery } from "@tanstack/react-query";
import { Building2, Copy, ListChecks, Pencil, Plus, Send, XCircle } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import {
  applyByLabel,
  dayLabel,
  PLACEMENT_STATUS_LABELS,
  PLACEMENT_STATUSES,
  placementStatusTone,
} from "@/domain/placements";
import { datesColumn, type RowAction, RowActions, Stacked } from "@/web/components/list-page/cells";
import { FilterBar, type FilterField, specialtyField } from "@/web/components/list-page/filter-bar";
import type { ListCopy } from "@/web/components/list-page/list-results";
import { actionsHeader, type Column } from "@/web/components/list-page/list-table";
import { ListView } from "@/web/components/list-page/list-view";
import { oneOf, useListParams } from "@/web/components/list-page/use-list-params";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { PageHeader } from "@/web/components/ui/page-header";
import { formatDate } from "@/web/lib/format";

import { ManageDepartmentsDialog } from "../components/manage-departments-dialog";
import { PlacementFormDialog } from "../components/placement-form-dialog";
import { PlacementItemsDialog } from "../components/placement-items-dialog";
import { departmentsQuery } from "../departments-api";
import { type FacilityPlacement, facilityPlacementsQuery, usePlacementAction } from "../facility-api";

const COPY: ListCopy = {
  what: "placements",
  empty: { icon: Building2, title: "No placements yet. Create one to start receiving applications." },
  noMatch: {
    icon: Building2,
    title: "No placements match these filters",
    body: "Try another search, status, specialty or department.",
  },
};

const columns = (actions: (p: FacilityPlacement) => (RowAction | null)[]): Column<FacilityPlacement>[] => [
  {
    id: "placement",
    header: "Placement",
    cell: (p) => (
      <Stacked
        primary={p.title}
        secondary={p.specialty}
        note={
          p.pendingApplications > 0
            ? `${p.pendingApplications} new application${p.pendingApplications === 1 ? "" : "s"}`
            : null
        }
      />
    ),
  },
  { id: "department", header: "Department", cell: (p) => p.department?.name ?? "—" },
  datesColumn(
    (p) => p,
    (p) =>
      [
        `${p.durationWeeks} week${p.durationWeeks === 1 ? "" : "s"}`,
        p.applicationDeadline &&
          // Issue 15: an active rotation not started yet that no longer takes applications is past its deadline.
          (p.status === "active" && p.phase === "upcoming" && !p.acceptsApplications
            ? `Applications closed ${dayLabel(p.applicationDeadline)}`
            : applyByLabel(p.applicationDeadline)),
      ]
        .filter(Boolean)
        .join(" · "),
  ),
  {
    id: "spots",
    header: "Spots",
    className: "whitespace-nowrap",
    cell: (p) => (
      <>
        {p.slotsFilled} of {p.capacity} filled
        <div className="text-xs text-muted-foreground">{p.availableSpots} available</div>
      </>
    ),
  },
  {
    id: "status",
    header: "Status",
    cell: (p) => (
      <>
        <Badge variant={placementStatusTone(p.status)}>{PLACEMENT_STATUS_LABELS[p.status]}</Badge>
        {p.phase === "ended" ? (
          <div className="text-xs text-muted-foreground">Ended (history)</div>
        ) : p.phase === "current" ? (
          <div className="text-xs text-muted-foreground">
            Under way{p.allowLateJoiners ? " · late joiners accepted" : ""}
          </div>
        ) : null}
      </>
    ),
  },
  { id: "actions", header: actionsHeader, actions: true, cell: (p) => <RowActions actions={actions(p)} /> },
];

const STATUS_FIELD: FilterField = {
  name: "status",
  label: "Status",
  options: PLACEMENT_STATUSES.map((s) => ({ value: s, label: PLACEMENT_STATUS_LABELS[s] })),
  all: "All statuses",
};

/** /dashboard/facility/placements: the facility's placements in every status, with create, edit, publish, close, duplicate. */
export default function FacilityPlacementsPage() {
  const params = useListParams({ status: "", specialty: "", departmentId: "" });
  const facilityId = params.param("facility");
  const [editing, setEditing] = useState<FacilityPlacement | "new" | null>(null);
  // The placement whose own checklist items are open (issue 16).
  const [checklistOf, setChecklistOf] = useState<FacilityPlacement | null>(null);
  const status = oneOf(params.query.status, PLACEMENT_STATUSES);
  const list = useQuery(facilityPlacementsQuery({ ...params.query, status, facilityId }));
  const departments = useQuery(departmentsQuery(facilityId));
  const options = (departments.data ?? []).map((d) => ({ value: d.id, label: d.name }));
  const action = usePlacementAction();

  function run(p: FacilityPlacement, kind: "publish" | "close" | "duplicate") {
    action.mutate(
      { id: p.id, action: kind },
      {
        onSuccess: (result) =>
          kind === "duplicate"
            ? toast.success("Placement created", {
                description: `A draft copy for ${formatDate(result.startDate)} – ${formatDate(result.endDate)}`,
              })
            : toast.success("Placement updated", {
                description: `${p.title} is ${kind === "publish" ? "published" : "closed"}`,
              }),
      },
    );
  }

  const busy = action.isPending;
  const rowActions = (p: FacilityPlacement): (RowAction | null)[] => [
    { text: "Edit", label: `Edit ${p.title}`, icon: Pencil, onClick: () => setEditing(p) },
    p.status === "active"
      ? { text: "Close", label: `Close ${p.title}`, icon: XCircle, disabled: busy, onClick: () => run(p, "close") }
      : p.publishable
        ? { text: "Publish", label: `Publish ${p.title}`, icon: Send, disabled: busy, onClick: () => run(p, "publish") }
        : null,
    {
      text: "Duplicate",
      label: `Duplicate ${p.title} for the next term`,
      icon: Copy,
      variant: "ghost",
      disabled: busy,
      onClick: () => run(p, "duplicate"),
    },
    {
      text: "Checklist",
      label: `Checklist items of ${p.title}`,
      icon: ListChecks,
      variant: "ghost",
      onClick: () => setChecklistOf(p),
    },
  ];

  const actions = (
    <>
      <ManageDepartmentsDialog facilityId={facilityId} />
      <Button onClick={() => setEditing("new")}>
        <Plus aria-hidden /> Create New Placement
      </Button>
    </>
  );

  const department: FilterField = { name: "departmentId", label: "Department", options, all: "All departments" };
  const fields = [STATUS_FIELD, specialtyField(), department];

  return (
    <>
      <PageHeader title="Placements" description="Placements your facility publishes" actions={actions} />
      <FilterBar label="Filter placements" params={params} search="Title, specialty or department" fields={fields} />
      <ListView query={list} copy={COPY} params={params} label="Placements" columns={columns(rowActions)} />
      <PlacementFormDialog
        open={editing !== null}
        placement={editing === "new" ? null : editing}
        facilityId={facilityId}
        onClose={() => setEditing(null)}
      />
      <PlacementItemsDialog placement={checklistOf} onClose={() => setChecklistOf(null)} />
    </>
  );
}
