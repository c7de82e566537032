import { useQuery } from "@tanstack/react-query";
import { Check, ClipboardList, X } from "lucide-react";
import { type ReactNode, useState } from "react";
import { APPLICATION_STATUS_LABELS, APPLICATION_STATUSES, REVIEW_ACTION_LABELS } from "@/domain/applications";
import { ReadyBadge } from "@/web/components/compliance-badge";
import { RowActions, Stacked } from "@/web/components/list-page/cells";
import { ExportCsvButton } from "@/web/components/list-page/export-csv-button";
import { FilterBar, type FilterField } from "@/web/components/list-page/filter-bar";
import type { ListCopy } from "@/web/components/list-page/list-results";
import { actionsHeader, type Column } from "@/web/components/list-page/list-table";
import { ListView } from "@/web/components/list-page/list-view";
import { oneOf, useListParams } from "@/web/components/list-page/use-list-params";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { PageHeader } from "@/web/components/ui/page-header";
import { formatDate } from "@/web/lib/format";
import { statusColumn, studentColumn, submittedColumn } from "../components/application-columns";
import { SentNote } from "../components/application-notes";
import { overlapText, ReviewApplicationDialog, type ReviewTarget } from "../components/review-application-dialog";
import {
  type FacilityApplication,
  type FacilityApplicationFilter,
  facilityApplicationsExportUrl,
  facilityApplicationsQuery,
} from "../facility-api";

/** Approve / Reject: this view's words for the two decisions (issue 9, one label table). */
const ACTIONS = REVIEW_ACTION_LABELS.facilityApplications;

const COPY: ListCopy = {
  what: "applications",
  empty: {
    icon: ClipboardList,
    title: "No applications yet",
    body: "Applications arrive here once programs apply to your active placements.",
  },
  noMatch: {
    icon: ClipboardList,
    title: "No applications match these filters",
    body: "Try another search, status, placement or department.",
  },
};

/** The filter choices: the facility's placements and departments (other features' data, composed in app/). */
export type FacilityApplicationFilterOptions = {
  placements: { id: string; title: string }[];
  departments: { id: string; name: string }[];
};

const SEARCH = "Student, email, placement or program";

/** Status, then the facility's placements and departments. */
const filterFields = ({ placements, departments }: FacilityApplicationFilterOptions): FilterField[] => [
  {
    name: "status",
    label: "Status",
    options: APPLICATION_STATUSES.map((s) => ({ value: s, label: APPLICATION_STATUS_LABELS.facility[s] })),
    all: "All statuses",
  },
  {
    name: "placementId",
    label: "Placement",
    options: placements.map((p) => ({ value: p.id, label: p.title })),
    all: "All placements",
  },
  {
    name: "departmentId",
    label: "Department",
    options: departments.map((d) => ({ value: d.id, label: d.name })),
    all: "All departments",
  },
];

type Review = (a: FacilityApplication, decision: ReviewTarget["decision"]) => void;

/** Approve and Reject on a pending application; when it was decided, once it has been reviewed. */
function Decisions({ application: a, review }: { application: FacilityApplication; review: Review }) {
  if (a.status !== "pending") {
    return a.reviewedAt ? (
      <span className="text-xs text-muted-foreground">Reviewed {formatDate(a.reviewedAt)}</span>
    ) : null;
  }
  const whose = `${a.student.name}'s application to ${a.placement.title}`;
  return (
    <RowActions
      actions={(["approve", "reject"] as const).map((decision) => ({
        text: ACTIONS[decision],
        label: `${ACTIONS[decision]} ${whose}`,
        icon: decision === "approve" ? Check : X,
        variant: decision === "approve" ? "default" : "outline",
        onClick: () => review(a, decision),
      }))}
    />
  );
}

/** The applicant's readiness against the placement's requirements (issue 12), composed in app/. */
export type ReadinessSlot = (applicationId: string, studentName: string) => ReactNode;

/** Issue 12: list rows carry `ready`; read loosely until the API types have it (the override shows in the Readiness dialog). */
type ReadinessFields = { ready?: boolean };
const readinessOf = (a: FacilityApplication) => a as FacilityApplication & ReadinessFields;

function ReadinessCell({ application: a, open }: { application: FacilityApplication; open: () => void }) {
  const { ready } = readinessOf(a);
  if (ready === undefined) return null;
  return (
    <div className="grid justify-items-start gap-1">
      <ReadyBadge ready={ready} />
      <Button
        size="sm"
        variant="ghost"
        className="h-auto px-0 py-0 text-primary underline underline-offset-4"
        aria-label={`Details: readiness of ${a.student.name} for ${a.placement.title}`}
        onClick={open}
      >
        Details
      </Button>
    </div>
  );
}

const columns = (review: Review, showReadiness?: (a: FacilityApplication) => void): Column<FacilityApplication>[] => [
  studentColumn("not given"),
  { id: "program", header: "Program", cell: (a) => a.program.name },
  {
    id: "placement",
    header: "Placement",
    cell: (a) => (
      <>
        <Stacked
          primary={a.placement.title}
          secondary={a.department?.name ?? a.placement.specialty}
          note={`${formatDate(a.placement.startDate)} – ${formatDate(a.placement.endDate)}`}
        />
        <SentNote application={a} viewer="facility" />
        {a.status === "pending" && a.overlap ? (
          <p className="mt-1 text-xs font-medium text-destructive" title={overlapText(a.overlap)}>
            Overlaps an approved rotation
            <span className="sr-only">: {overlapText(a.overlap)}</span>
          </p>
        ) : null}
      </>
    ),
  },
  {
    id: "readiness",
    header: "Readiness",
    hidden: !showReadiness,
    cell: (a) => <ReadinessCell application={a} open={() => showReadiness?.(a)} />,
  },
  statusColumn("facility"),
  submittedColumn(),
  { id: "actions", header: actionsHeader, actions: true, cell: (a) => <Decisions application={a} review={review} /> },
];

/** /dashboard/facility/applications: every application to the facility's placements; Approve / Reject (D7, D13). */
export function FacilityApplicationsPage({
  options,
  readiness,
  knownUnmet,
}: {
  options: FacilityApplicationFilterOptions;
  readiness?: ReadinessSlot;
  knownUnmet?: (applicationId: string) => string[] | undefined;
}) {
  const params = useListParams({ status: "", placementId: "", departmentId: "" });
  const [reviewing, setReviewing] = useState<ReviewTarget | null>(null);
  const [inspecting, setInspecting] = useState<FacilityApplication | null>(null);
  const status = oneOf(params.query.status, APPLICATION_STATUSES);
  const filter: FacilityApplicationFilter = { ...params.query, status, facilityId: params.param("facility") };
  const list = useQuery(facilityApplicationsQuery(filter));
  const review: Review = (a, decision) =>
    setReviewing({
      id: a.id,
      decision,
      studentName: a.student.name,
      placementTitle: a.placement.title,
      overlap: a.overlap,
    });

  const actions = <ExportCsvButton url={facilityApplicationsExportUrl(filter)} name="facility-applications" />;

  return (
    <>
      <PageHeader title="Applications" description="Applications to your placements" actions={actions} />
      <FilterBar label="Filter applications" params={params} search={SEARCH} fields={filterFields(options)} />
      <ListView
        query={list}
        copy={COPY}
        params={params}
        label="Applications"
        columns={columns(review, readiness ? setInspecting : undefined)}
      />
      <ReviewApplicationDialog
        target={reviewing}
        onClose={() => setReviewing(null)}
        readiness={readiness}
        knownUnmet={knownUnmet}
      />
      {readiness ? (
        <Dialog open={inspecting !== null} onOpenChange={(open) => (open ? undefined : setInspecting(null))}>
          <DialogContent className="max-w-xl">
            <DialogTitle>Readiness</DialogTitle>
            {inspecting ? (
              <>
                <DialogDescription>
                  {inspecting.student.name} · {inspecting.placement.title}
                </DialogDescription>
                <div className="mt-4">{readiness(inspecting.id, inspecting.student.name)}</div>
              </>
            ) : null}
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}
