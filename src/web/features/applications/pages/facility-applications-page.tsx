import { useQuery } from "@tanstack/react-query";
import { Check, ClipboardList, Download, X } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  type ApplicationStatus,
  applicationNoteLabel,
  applicationStatusLabel,
  applicationStatusTone,
  REVIEW_ACTION_LABELS,
} from "@/domain/applications";
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
import { downloadFile } from "@/web/lib/download";
import { formatDate } from "@/web/lib/format";
import { useDebouncedValue } from "@/web/lib/use-debounced-value";
import { ReviewApplicationDialog, type ReviewTarget } from "../components/review-application-dialog";
import {
  type FacilityApplicationFilter,
  facilityApplicationsExportUrl,
  facilityApplicationsQuery,
} from "../facility-api";

/** Approve / Reject: this view's words for the two decisions (issue 9, one label table). */
const ACTIONS = REVIEW_ACTION_LABELS.facilityApplications;

/** The filter choices: the facility's placements and departments (other features' data, composed in app/). */
export type FacilityApplicationFilterOptions = {
  placements: { id: string; title: string }[];
  departments: { id: string; name: string }[];
};

/** /dashboard/facility/applications: every application to the facility's placements; Approve / Reject (D7, D13). */
export function FacilityApplicationsPage({ options }: { options: FacilityApplicationFilterOptions }) {
  const [params] = useSearchParams();
  const facilityId = params.get("facility") ?? undefined;
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<ApplicationStatus | "">("");
  const [placementId, setPlacementId] = useState("");
  const [departmentId, setDepartmentId] = useState("");
  const [page, setPage] = useState(1);
  const [reviewing, setReviewing] = useState<ReviewTarget | null>(null);
  const [exporting, setExporting] = useState(false);
  const debouncedSearch = useDebouncedValue(search.trim());

  const filter: FacilityApplicationFilter = {
    search: debouncedSearch,
    status: status || undefined,
    placementId,
    departmentId,
    facilityId,
    page,
  };
  const list = useQuery(facilityApplicationsQuery(filter));
  const filtered = !!(debouncedSearch || status || placementId || departmentId);
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadFile(
        facilityApplicationsExportUrl(filter),
        `facility-applications-${new Date().toISOString().slice(0, 10)}.csv`,
      );
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <PageHeader
        title="Applications"
        description="Applications to your placements"
        actions={
          <Button variant="outline" onClick={exportCsv} disabled={exporting}>
            <Download aria-hidden /> {exporting ? "Exporting..." : "Export CSV"}
          </Button>
        }
      />

      <search
        aria-label="Filter applications"
        className="mb-4 grid gap-3 rounded-lg border border-border bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <Field id="application-search" label="Search">
          <Input
            id="application-search"
            type="search"
            placeholder="Student, email, placement or program"
            value={search}
            onChange={(e) => reset(setSearch)(e.target.value)}
          />
        </Field>
        <Field id="application-status" label="Status">
          <Select
            id="application-status"
            value={status}
            onChange={(e) => reset(setStatus)(e.target.value as ApplicationStatus | "")}
          >
            <option value="">All statuses</option>
            {APPLICATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {APPLICATION_STATUS_LABELS.facility[s]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="application-placement" label="Placement">
          <Select
            id="application-placement"
            value={placementId}
            onChange={(e) => reset(setPlacementId)(e.target.value)}
          >
            <option value="">All placements</option>
            {options.placements.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="application-department" label="Department">
          <Select
            id="application-department"
            value={departmentId}
            onChange={(e) => reset(setDepartmentId)(e.target.value)}
          >
            <option value="">All departments</option>
            {options.departments.map((d) => (
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
                setPlacementId("");
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
        <LoadError what="applications" query={list} />
      ) : list.data.items.length === 0 ? (
        filtered ? (
          <EmptyState icon={ClipboardList} title="No applications match these filters">
            Try another search, status, placement or department.
          </EmptyState>
        ) : (
          <EmptyState icon={ClipboardList} title="No applications yet">
            Applications arrive here once programs apply to your active placements.
          </EmptyState>
        )
      ) : (
        <>
          <Table aria-label="Applications">
            <THead>
              <tr>
                <TH>Student</TH>
                <TH>Program</TH>
                <TH>Placement</TH>
                <TH>Status</TH>
                <TH>Submitted</TH>
                <TH actions>
                  <span className="sr-only">Actions</span>
                </TH>
              </tr>
            </THead>
            <TBody>
              {list.data.items.map((a) => (
                <TR key={a.id}>
                  <TD>
                    <div className="font-medium">{a.student.name}</div>
                    <div className="text-muted-foreground">{a.student.email}</div>
                    <div className="text-xs text-muted-foreground">
                      GPA {a.student.gpa !== null ? a.student.gpa.toFixed(2) : "not given"}
                    </div>
                  </TD>
                  <TD>{a.program.name}</TD>
                  <TD>
                    <div className="font-medium">{a.placement.title}</div>
                    <div className="text-muted-foreground">{a.department?.name ?? a.placement.specialty}</div>
                    <div className="text-xs text-muted-foreground">
                      {formatDate(a.placement.startDate)} – {formatDate(a.placement.endDate)}
                    </div>
                    {a.notes ? (
                      <div className="mt-1 text-xs text-muted-foreground">
                        {applicationNoteLabel(a.notesBy ?? "program", "facility")}: {a.notes}
                      </div>
                    ) : null}
                  </TD>
                  <TD>
                    <Badge variant={applicationStatusTone(a.status)}>
                      {applicationStatusLabel(a.status, "facility")}
                    </Badge>
                    {a.reviewNotes ? (
                      <div className="mt-1 max-w-48 text-xs text-muted-foreground">“{a.reviewNotes}”</div>
                    ) : null}
                  </TD>
                  <TD className="whitespace-nowrap">{formatDate(a.submittedAt)}</TD>
                  <TD actions>
                    {a.status === "pending" ? (
                      <div className="flex flex-wrap gap-1">
                        <Button
                          size="sm"
                          onClick={() =>
                            setReviewing({
                              id: a.id,
                              decision: "approve",
                              studentName: a.student.name,
                              placementTitle: a.placement.title,
                            })
                          }
                          aria-label={`${ACTIONS.approve} ${a.student.name}'s application to ${a.placement.title}`}
                        >
                          <Check aria-hidden /> {ACTIONS.approve}
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() =>
                            setReviewing({
                              id: a.id,
                              decision: "reject",
                              studentName: a.student.name,
                              placementTitle: a.placement.title,
                            })
                          }
                          aria-label={`${ACTIONS.reject} ${a.student.name}'s application to ${a.placement.title}`}
                        >
                          <X aria-hidden /> {ACTIONS.reject}
                        </Button>
                      </div>
                    ) : a.reviewedAt ? (
                      <span className="text-xs text-muted-foreground">Reviewed {formatDate(a.reviewedAt)}</span>
                    ) : null}
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
          <Pagination page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />
        </>
      )}

      <ReviewApplicationDialog target={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}
