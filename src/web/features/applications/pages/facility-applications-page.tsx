import { useQuery } from "@tanstack/react-query";
import { Check, ClipboardList, X } from "lucide-react";
import { useState } from "react";
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  applicationNoteLabel,
  applicationStatusLabel,
  applicationStatusTone,
  REVIEW_ACTION_LABELS,
} from "@/domain/applications";
import { ExportCsvButton } from "@/web/components/list-page/export-csv-button";
import { FilterBar, SearchField, SelectField } from "@/web/components/list-page/filter-bar";
import { ListResults } from "@/web/components/list-page/list-results";
import { actionsHeader, type Column, ListTable } from "@/web/components/list-page/list-table";
import { oneOf, useListParams } from "@/web/components/list-page/use-list-params";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { PageHeader } from "@/web/components/ui/page-header";
import { formatDate } from "@/web/lib/format";
import { ReviewApplicationDialog, type ReviewTarget } from "../components/review-application-dialog";
import { ReviewNotes } from "../components/review-notes";
import {
  type FacilityApplication,
  type FacilityApplicationFilter,
  facilityApplicationsExportUrl,
  facilityApplicationsQuery,
} from "../facility-api";

/** Approve / Reject: this view's words for the two decisions (issue 9, one label table). */
const ACTIONS = REVIEW_ACTION_LABELS.facilityApplications;
const STATUS_OPTIONS = APPLICATION_STATUSES.map((s) => ({ value: s, label: APPLICATION_STATUS_LABELS.facility[s] }));

/** The filter choices: the facility's placements and departments (other features' data, composed in app/). */
export type FacilityApplicationFilterOptions = {
  placements: { id: string; title: string }[];
  departments: { id: string; name: string }[];
};

/** /dashboard/facility/applications: every application to the facility's placements; Approve / Reject (D7, D13). */
export function FacilityApplicationsPage({ options }: { options: FacilityApplicationFilterOptions }) {
  const params = useListParams({ status: "", placement: "", department: "" });
  const [reviewing, setReviewing] = useState<ReviewTarget | null>(null);
  const { status, placement, department } = params.filters;
  const filter: FacilityApplicationFilter = {
    search: params.search,
    status: oneOf(status, APPLICATION_STATUSES),
    placementId: placement,
    departmentId: department,
    facilityId: params.param("facility"),
    page: params.page,
  };
  const list = useQuery(facilityApplicationsQuery(filter));
  const review = (a: FacilityApplication, decision: ReviewTarget["decision"]) =>
    setReviewing({ id: a.id, decision, studentName: a.student.name, placementTitle: a.placement.title });

  const columns: Column<FacilityApplication>[] = [
    {
      id: "student",
      header: "Student",
      cell: (a) => (
        <>
          <div className="font-medium">{a.student.name}</div>
          <div className="text-muted-foreground">{a.student.email}</div>
          <div className="text-xs text-muted-foreground">
            GPA {a.student.gpa !== null ? a.student.gpa.toFixed(2) : "not given"}
          </div>
        </>
      ),
    },
    { id: "program", header: "Program", cell: (a) => a.program.name },
    {
      id: "placement",
      header: "Placement",
      cell: (a) => (
        <>
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
        </>
      ),
    },
    {
      id: "status",
      header: "Status",
      cell: (a) => (
        <ReviewNotes notes={a.reviewNotes}>
          <Badge variant={applicationStatusTone(a.status)}>{applicationStatusLabel(a.status, "facility")}</Badge>
        </ReviewNotes>
      ),
    },
    { id: "submitted", header: "Submitted", className: "whitespace-nowrap", cell: (a) => formatDate(a.submittedAt) },
    {
      id: "actions",
      header: actionsHeader,
      actions: true,
      cell: (a) =>
        a.status === "pending" ? (
          <div className="flex flex-wrap gap-1">
            <Button
              size="sm"
              onClick={() => review(a, "approve")}
              aria-label={`${ACTIONS.approve} ${a.student.name}'s application to ${a.placement.title}`}
            >
              <Check aria-hidden /> {ACTIONS.approve}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => review(a, "reject")}
              aria-label={`${ACTIONS.reject} ${a.student.name}'s application to ${a.placement.title}`}
            >
              <X aria-hidden /> {ACTIONS.reject}
            </Button>
          </div>
        ) : a.reviewedAt ? (
          <span className="text-xs text-muted-foreground">Reviewed {formatDate(a.reviewedAt)}</span>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title="Applications"
        description="Applications to your placements"
        actions={<ExportCsvButton url={facilityApplicationsExportUrl(filter)} name="facility-applications" />}
      />

      <FilterBar label="Filter applications" filtered={params.filtered} onClear={params.clear}>
        <SearchField id="application-search" placeholder="Student, email, placement or program" params={params} />
        <SelectField
          id="application-status"
          label="Status"
          value={status}
          onChange={(v) => params.set({ status: v })}
          options={STATUS_OPTIONS}
          all="All statuses"
        />
        <SelectField
          id="application-placement"
          label="Placement"
          value={placement}
          onChange={(v) => params.set({ placement: v })}
          options={options.placements.map((p) => ({ value: p.id, label: p.title }))}
          all="All placements"
        />
        <SelectField
          id="application-department"
          label="Department"
          value={department}
          onChange={(v) => params.set({ department: v })}
          options={options.departments.map((d) => ({ value: d.id, label: d.name }))}
          all="All departments"
        />
      </FilterBar>

      <ListResults
        query={list}
        what="applications"
        filtered={params.filtered}
        onPage={params.setPage}
        empty={{
          icon: ClipboardList,
          title: "No applications yet",
          body: "Applications arrive here once programs apply to your active placements.",
        }}
        noMatch={{
          icon: ClipboardList,
          title: "No applications match these filters",
          body: "Try another search, status, placement or department.",
        }}
      >
        {(data) => <ListTable label="Applications" rows={data.items} rowKey={(a) => a.id} columns={columns} />}
      </ListResults>

      <ReviewApplicationDialog target={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}
