import { useQuery } from "@tanstack/react-query";
import { Building2, Copy, Pencil, Plus, Send, XCircle } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { PLACEMENT_STATUS_LABELS, PLACEMENT_STATUSES, placementStatusTone } from "@/domain/placements";
import { NURSING_SPECIALTIES } from "@/domain/specialties";
import { FilterBar, plainOptions, SearchField, SelectField } from "@/web/components/list-page/filter-bar";
import { ListResults } from "@/web/components/list-page/list-results";
import { actionsHeader, type Column, ListTable } from "@/web/components/list-page/list-table";
import { oneOf, useListParams } from "@/web/components/list-page/use-list-params";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { PageHeader } from "@/web/components/ui/page-header";
import { formatDate } from "@/web/lib/format";
import { ManageDepartmentsDialog } from "../components/manage-departments-dialog";
import { PlacementFormDialog } from "../components/placement-form-dialog";
import { departmentsQuery } from "../departments-api";
import { type FacilityPlacement, facilityPlacementsQuery, usePlacementAction } from "../facility-api";

const STATUS_OPTIONS = PLACEMENT_STATUSES.map((s) => ({ value: s, label: PLACEMENT_STATUS_LABELS[s] }));

/** /dashboard/facility/placements: the facility's placements in every status, with create, edit, publish, close, duplicate. */
export default function FacilityPlacementsPage() {
  const params = useListParams({ status: "", specialty: "", department: "" });
  const facilityId = params.param("facility");
  const { status, specialty, department } = params.filters;
  const [editing, setEditing] = useState<FacilityPlacement | "new" | null>(null);
  const list = useQuery(
    facilityPlacementsQuery({
      search: params.search,
      status: oneOf(status, PLACEMENT_STATUSES),
      specialty,
      departmentId: department,
      facilityId,
      page: params.page,
    }),
  );
  const departments = useQuery(departmentsQuery(facilityId));
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

  const columns: Column<FacilityPlacement>[] = [
    {
      id: "placement",
      header: "Placement",
      cell: (p) => (
        <>
          <div className="font-medium">{p.title}</div>
          <div className="text-muted-foreground">{p.specialty}</div>
          {p.pendingApplications > 0 ? (
            <div className="text-xs text-muted-foreground">
              {p.pendingApplications} new application{p.pendingApplications === 1 ? "" : "s"}
            </div>
          ) : null}
        </>
      ),
    },
    { id: "department", header: "Department", cell: (p) => p.department?.name ?? "—" },
    {
      id: "dates",
      header: "Dates",
      className: "whitespace-nowrap",
      cell: (p) => (
        <>
          {formatDate(p.startDate)} –<br />
          {formatDate(p.endDate)}
          <div className="text-xs text-muted-foreground">
            {p.durationWeeks} week{p.durationWeeks === 1 ? "" : "s"}
          </div>
        </>
      ),
    },
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
    {
      id: "actions",
      header: actionsHeader,
      actions: true,
      cell: (p) => (
        <div className="flex flex-wrap gap-1">
          <Button size="sm" variant="outline" onClick={() => setEditing(p)} aria-label={`Edit ${p.title}`}>
            <Pencil aria-hidden /> Edit
          </Button>
          {p.status === "active" ? (
            <Button
              size="sm"
              variant="outline"
              disabled={action.isPending}
              onClick={() => run(p, "close")}
              aria-label={`Close ${p.title}`}
            >
              <XCircle aria-hidden /> Close
            </Button>
          ) : p.publishable ? (
            <Button
              size="sm"
              variant="outline"
              disabled={action.isPending}
              onClick={() => run(p, "publish")}
              aria-label={`Publish ${p.title}`}
            >
              <Send aria-hidden /> Publish
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="ghost"
            disabled={action.isPending}
            onClick={() => run(p, "duplicate")}
            aria-label={`Duplicate ${p.title} for the next term`}
          >
            <Copy aria-hidden /> Duplicate
          </Button>
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Placements"
        description="Placements your facility publishes"
        actions={
          <>
            <ManageDepartmentsDialog facilityId={facilityId} />
            <Button onClick={() => setEditing("new")}>
              <Plus aria-hidden /> Create New Placement
            </Button>
          </>
        }
      />

      <FilterBar label="Filter placements" filtered={params.filtered} onClear={params.clear}>
        <SearchField id="placement-search" placeholder="Title, specialty or department" params={params} />
        <SelectField
          id="placement-status"
          label="Status"
          value={status}
          onChange={(v) => params.set({ status: v })}
          options={STATUS_OPTIONS}
          all="All statuses"
        />
        <SelectField
          id="placement-specialty"
          label="Specialty"
          value={specialty}
          onChange={(v) => params.set({ specialty: v })}
          options={plainOptions(NURSING_SPECIALTIES)}
          all="All specialties"
        />
        <SelectField
          id="placement-department"
          label="Department"
          value={department}
          onChange={(v) => params.set({ department: v })}
          options={(departments.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
          all="All departments"
        />
      </FilterBar>

      <ListResults
        query={list}
        what="placements"
        filtered={params.filtered}
        onPage={params.setPage}
        empty={{ icon: Building2, title: "No placements yet. Create one to start receiving applications." }}
        noMatch={{
          icon: Building2,
          title: "No placements match these filters",
          body: "Try another search, status, specialty or department.",
        }}
      >
        {(data) => <ListTable label="Placements" rows={data.items} rowKey={(p) => p.id} columns={columns} />}
      </ListResults>

      <PlacementFormDialog
        open={editing !== null}
        placement={editing === "new" ? null : editing}
        facilityId={facilityId}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
