import { useQuery } from "@tanstack/react-query";
import { Building2, Copy, Pencil, Plus, Send, X, XCircle } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import {
  PLACEMENT_STATUS_LABELS,
  PLACEMENT_STATUSES,
  type PlacementStatus,
  placementStatusTone,
} from "@/domain/placements";
import { NURSING_SPECIALTIES } from "@/domain/specialties";
import { LoadError } from "@/web/components/list-page/load-error";
import { Pagination } from "@/web/components/pagination";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { EmptyState } from "@/web/components/ui/empty-state";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Loading } from "@/web/components/ui/loading";
import { PageHeader } from "@/web/components/ui/page-header";
import { Select } from "@/web/components/ui/select";
import { Table, TBody, TD, TH, THead, TR } from "@/web/components/ui/table";
import { formatDate } from "@/web/lib/format";
import { useDebouncedValue } from "@/web/lib/use-debounced-value";
import { ManageDepartmentsDialog } from "../components/manage-departments-dialog";
import { PlacementFormDialog } from "../components/placement-form-dialog";
import { departmentsQuery } from "../departments-api";
import { type FacilityPlacement, facilityPlacementsQuery, usePlacementAction } from "../facility-api";

/** /dashboard/facility/placements: the facility's placements in every status, with create, edit, publish, close, duplicate. */
export default function FacilityPlacementsPage() {
  const [params] = useSearchParams();
  const facilityId = params.get("facility") ?? undefined;
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<PlacementStatus | "">("");
  const [specialty, setSpecialty] = useState("");
  const [departmentId, setDepartmentId] = useState("");
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<FacilityPlacement | "new" | null>(null);
  const debouncedSearch = useDebouncedValue(search.trim());
  const list = useQuery(
    facilityPlacementsQuery({
      search: debouncedSearch,
      status: status || undefined,
      specialty,
      departmentId,
      facilityId,
      page,
    }),
  );
  const departments = useQuery(departmentsQuery(facilityId));
  const action = usePlacementAction();
  const filtered = !!(debouncedSearch || status || specialty || departmentId);
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

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

      <search
        aria-label="Filter placements"
        className="mb-4 grid gap-3 rounded-lg border border-border bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <Field id="placement-search" label="Search">
          <Input
            id="placement-search"
            type="search"
            placeholder="Title, specialty or department"
            value={search}
            onChange={(e) => reset(setSearch)(e.target.value)}
          />
        </Field>
        <Field id="placement-status" label="Status">
          <Select
            id="placement-status"
            value={status}
            onChange={(e) => reset(setStatus)(e.target.value as PlacementStatus | "")}
          >
            <option value="">All statuses</option>
            {PLACEMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {PLACEMENT_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="placement-specialty" label="Specialty">
          <Select id="placement-specialty" value={specialty} onChange={(e) => reset(setSpecialty)(e.target.value)}>
            <option value="">All specialties</option>
            {NURSING_SPECIALTIES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="placement-department" label="Department">
          <Select
            id="placement-department"
            value={departmentId}
            onChange={(e) => reset(setDepartmentId)(e.target.value)}
          >
            <option value="">All departments</option>
            {(departments.data ?? []).map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </Select>
        </Field>
        {filtered ? (
          <div className="sm:col-span-2 lg:col-span-4">
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setSearch("");
                setStatus("");
                setSpecialty("");
                setDepartmentId("");
                setPage(1);
              }}
            >
              <X aria-hidden /> Clear filters
            </Button>
          </div>
        ) : null}
      </search>

      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError what="placements" query={list} />
      ) : list.data.items.length === 0 ? (
        filtered ? (
          <EmptyState icon={Building2} title="No placements match these filters">
            Try another search, status, specialty or department.
          </EmptyState>
        ) : (
          <EmptyState icon={Building2} title="No placements yet. Create one to start receiving applications." />
        )
      ) : (
        <>
          <Table aria-label="Placements">
            <THead>
              <tr>
                <TH>Placement</TH>
                <TH>Department</TH>
                <TH>Dates</TH>
                <TH>Spots</TH>
                <TH>Status</TH>
                <TH actions>
                  <span className="sr-only">Actions</span>
                </TH>
              </tr>
            </THead>
            <TBody>
              {list.data.items.map((p) => (
                <TR key={p.id}>
                  <TD>
                    <div className="font-medium">{p.title}</div>
                    <div className="text-muted-foreground">{p.specialty}</div>
                    {p.pendingApplications > 0 ? (
                      <div className="text-xs text-muted-foreground">
                        {p.pendingApplications} new application{p.pendingApplications === 1 ? "" : "s"}
                      </div>
                    ) : null}
                  </TD>
                  <TD>{p.department?.name ?? "—"}</TD>
                  <TD className="whitespace-nowrap">
                    {formatDate(p.startDate)} –<br />
                    {formatDate(p.endDate)}
                    <div className="text-xs text-muted-foreground">
                      {p.durationWeeks} week{p.durationWeeks === 1 ? "" : "s"}
                    </div>
                  </TD>
                  <TD className="whitespace-nowrap">
                    {p.slotsFilled} of {p.capacity} filled
                    <div className="text-xs text-muted-foreground">{p.availableSpots} available</div>
                  </TD>
                  <TD>
                    <Badge variant={placementStatusTone(p.status)}>{PLACEMENT_STATUS_LABELS[p.status]}</Badge>
                    {p.phase === "ended" ? (
                      <div className="text-xs text-muted-foreground">Ended (history)</div>
                    ) : p.phase === "current" ? (
                      <div className="text-xs text-muted-foreground">
                        Under way{p.allowLateJoiners ? " · late joiners accepted" : ""}
                      </div>
                    ) : null}
                  </TD>
                  <TD actions>
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
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
          <Pagination page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />
        </>
      )}

      <PlacementFormDialog
        open={editing !== null}
        placement={editing === "new" ? null : editing}
        facilityId={facilityId}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
