import { useQuery } from "@tanstack/react-query";
import { ClipboardList } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { APPLICATION_STATUS_LABELS, APPLICATION_STATUSES } from "@/domain/applications";
import { datesColumn, RowActions, Stacked } from "@/web/components/list-page/cells";
import { ExportCsvButton } from "@/web/components/list-page/export-csv-button";
import { FilterBar, type FilterField, specialtyField } from "@/web/components/list-page/filter-bar";
import type { ListCopy } from "@/web/components/list-page/list-results";
import { actionsHeader, type Column } from "@/web/components/list-page/list-table";
import { ListView } from "@/web/components/list-page/list-view";
import { oneOf, useListParams } from "@/web/components/list-page/use-list-params";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { PageHeader } from "@/web/components/ui/page-header";
import { formatDate } from "@/web/lib/format";
import {
  type ApplicationFilter,
  applicationsExportUrl,
  applicationsQuery,
  appliedFacilitiesQuery,
  type ProgramApplication,
  useWithdrawApplication,
} from "../api";
import { statusColumn, studentColumn, submittedColumn } from "../components/application-columns";
import { SentNote } from "../components/application-notes";

const STATUS_FIELD: FilterField = {
  name: "status",
  label: "Status",
  options: APPLICATION_STATUSES.map((s) => ({ value: s, label: APPLICATION_STATUS_LABELS.program[s] })),
  all: "All statuses",
};

const browseLink = (
  <Link to="/placements" className="font-medium text-primary underline-offset-4 hover:underline">
    Browse placements
  </Link>
);

const COPY: ListCopy = {
  what: "applications",
  empty: {
    icon: ClipboardList,
    title: "No applications yet. Start by browsing available placements.",
    body: browseLink,
  },
  noMatch: {
    icon: ClipboardList,
    title: "No applications match these filters",
    body: "Try another search, status, specialty or facility.",
  },
};

const columns = (withdraw: (a: ProgramApplication) => void): Column<ProgramApplication>[] => [
  studentColumn(),
  {
    id: "placement",
    header: "Placement",
    cell: (a) => (
      <>
        <Stacked primary={a.placement.title} secondary={a.placement.specialty} />
        <SentNote application={a} viewer="program" />
      </>
    ),
  },
  {
    id: "facility",
    header: "Facility",
    cell: (a) => (
      <>
        <div>{a.facility.name}</div>
        <div className="text-muted-foreground">{[a.facility.city, a.facility.state].filter(Boolean).join(", ")}</div>
      </>
    ),
  },
  datesColumn((a) => a.placement),
  statusColumn("program"),
  submittedColumn(),
  {
    id: "reviewed",
    header: "Reviewed",
    className: "whitespace-nowrap",
    cell: (a) => (a.reviewedAt ? formatDate(a.reviewedAt) : "—"),
  },
  {
    id: "actions",
    header: actionsHeader,
    actions: true,
    cell: (a) => (
      <RowActions
        actions={[
          a.canWithdraw && {
            text: "Withdraw",
            label: `Withdraw ${a.student.name}'s application to ${a.placement.title}`,
            onClick: () => withdraw(a),
          },
        ]}
      />
    ),
  },
];

/** /applications: every application of the program, with filters, CSV export and withdraw (D7, D13). */
export default function ApplicationsPage() {
  const params = useListParams({ status: "", specialty: "", facilityId: "" });
  const [withdrawing, setWithdrawing] = useState<ProgramApplication | null>(null);
  const filter: ApplicationFilter = { ...params.query, status: oneOf(params.query.status, APPLICATION_STATUSES) };
  const list = useQuery(applicationsQuery(filter));
  const facilities = useQuery(appliedFacilitiesQuery);
  const options = (facilities.data?.items ?? []).map((f) => ({ value: f.id, label: f.name }));
  const facility: FilterField = { name: "facilityId", label: "Facility", options, all: "All facilities" };
  const fields = [STATUS_FIELD, specialtyField(), facility];

  return (
    <>
      <PageHeader
        title="Applications"
        description="Every application your program submitted"
        actions={<HeaderActions filter={filter} />}
      />
      <FilterBar label="Filter applications" params={params} search="Student name or email" fields={fields} />
      <ListView query={list} copy={COPY} params={params} label="Applications" columns={columns(setWithdrawing)} />
      <WithdrawDialog application={withdrawing} onClose={() => setWithdrawing(null)} />
    </>
  );
}

/** Export what the filters select; find placements to apply to. */
function HeaderActions({ filter }: { filter: ApplicationFilter }) {
  return (
    <>
      <ExportCsvButton url={applicationsExportUrl(filter)} name="applications" />
      <Button asChild>
        <Link to="/placements">Search Placements</Link>
      </Button>
    </>
  );
}

function WithdrawDialog({ application: a, onClose }: { application: ProgramApplication | null; onClose: () => void }) {
  const withdraw = useWithdrawApplication();
  function confirm() {
    if (!a) return;
    withdraw.mutate(a.id, {
      onSuccess: (result) => {
        toast.success("Application updated", {
          description: `${a.student.name}'s application to ${a.placement.title}: ${result.message}`,
        });
        onClose();
      },
    });
  }
  return (
    <Dialog open={a !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogTitle>Withdraw application?</DialogTitle>
        {a ? (
          <DialogDescription>
            {a.leavesEarly
              ? `This rotation is under way: ${a.student.name} leaves ${a.placement.title} at ${a.facility.name} early, the seat goes back to the facility and its coordinators are told. This cannot be undone.`
              : `${a.student.name}'s application to ${a.placement.title} at ${a.facility.name} will be withdrawn and the facility told. This cannot be undone${a.status === "approved" ? "; the approved spot goes back to the facility." : "."}`}
          </DialogDescription>
        ) : null}
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={withdraw.isPending}>
            {withdraw.isPending ? "Withdrawing..." : "Withdraw"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
