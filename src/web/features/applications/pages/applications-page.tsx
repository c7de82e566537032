import { useQuery } from "@tanstack/react-query";
import { ClipboardList } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  applicationNoteLabel,
  applicationStatusLabel,
  applicationStatusTone,
} from "@/domain/applications";
import { NURSING_SPECIALTIES } from "@/domain/specialties";
import { ExportCsvButton } from "@/web/components/list-page/export-csv-button";
import { FilterBar, plainOptions, SearchField, SelectField } from "@/web/components/list-page/filter-bar";
import { ListResults } from "@/web/components/list-page/list-results";
import { actionsHeader, type Column, ListTable } from "@/web/components/list-page/list-table";
import { oneOf, useListParams } from "@/web/components/list-page/use-list-params";
import { Badge } from "@/web/components/ui/badge";
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
import { ReviewNotes } from "../components/review-notes";

const STATUS_OPTIONS = APPLICATION_STATUSES.map((s) => ({ value: s, label: APPLICATION_STATUS_LABELS.program[s] }));

/** /applications: every application of the program, with filters, CSV export and withdraw (D7, D13). */
export default function ApplicationsPage() {
  const params = useListParams({ status: "", specialty: "", facility: "" });
  const [withdrawing, setWithdrawing] = useState<ProgramApplication | null>(null);
  const { status, specialty, facility } = params.filters;
  const filter: ApplicationFilter = {
    search: params.search,
    status: oneOf(status, APPLICATION_STATUSES),
    specialty,
    facilityId: facility,
    page: params.page,
  };
  const list = useQuery(applicationsQuery(filter));
  const facilities = useQuery(appliedFacilitiesQuery);

  const columns: Column<ProgramApplication>[] = [
    {
      id: "student",
      header: "Student",
      cell: (a) => (
        <>
          <div className="font-medium">{a.student.name}</div>
          <div className="text-muted-foreground">{a.student.email}</div>
          {a.student.gpa !== null ? (
            <div className="text-xs text-muted-foreground">GPA {a.student.gpa.toFixed(2)}</div>
          ) : null}
        </>
      ),
    },
    {
      id: "placement",
      header: "Placement",
      cell: (a) => (
        <>
          <div className="font-medium">{a.placement.title}</div>
          <div className="text-muted-foreground">{a.placement.specialty}</div>
          {a.notes ? (
            <div className="mt-1 text-xs text-muted-foreground">
              {applicationNoteLabel(a.notesBy ?? "program", "program")}: {a.notes}
            </div>
          ) : null}
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
    {
      id: "dates",
      header: "Dates",
      className: "whitespace-nowrap",
      cell: (a) => (
        <>
          {formatDate(a.placement.startDate)} –<br />
          {formatDate(a.placement.endDate)}
        </>
      ),
    },
    {
      id: "status",
      header: "Status",
      cell: (a) => (
        <ReviewNotes notes={a.reviewNotes}>
          <Badge variant={applicationStatusTone(a.status)}>{applicationStatusLabel(a.status, "program")}</Badge>
        </ReviewNotes>
      ),
    },
    { id: "submitted", header: "Submitted", className: "whitespace-nowrap", cell: (a) => formatDate(a.submittedAt) },
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
      cell: (a) =>
        a.canWithdraw ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => setWithdrawing(a)}
            aria-label={`Withdraw ${a.student.name}'s application to ${a.placement.title}`}
          >
            Withdraw
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title="Applications"
        description="Every application your program submitted"
        actions={
          <>
            <ExportCsvButton url={applicationsExportUrl(filter)} name="applications" />
            <Button asChild>
              <Link to="/placements">Search Placements</Link>
            </Button>
          </>
        }
      />

      <FilterBar label="Filter applications" filtered={params.filtered} onClear={params.clear}>
        <SearchField id="application-search" placeholder="Student name or email" params={params} />
        <SelectField
          id="application-status"
          label="Status"
          value={status}
          onChange={(v) => params.set({ status: v })}
          options={STATUS_OPTIONS}
          all="All statuses"
        />
        <SelectField
          id="application-specialty"
          label="Specialty"
          value={specialty}
          onChange={(v) => params.set({ specialty: v })}
          options={plainOptions(NURSING_SPECIALTIES)}
          all="All specialties"
        />
        <SelectField
          id="application-facility"
          label="Facility"
          value={facility}
          onChange={(v) => params.set({ facility: v })}
          options={(facilities.data?.items ?? []).map((f) => ({ value: f.id, label: f.name }))}
          all="All facilities"
        />
      </FilterBar>

      <ListResults
        query={list}
        what="applications"
        filtered={params.filtered}
        onPage={params.setPage}
        empty={{
          icon: ClipboardList,
          title: "No applications yet. Start by browsing available placements.",
          body: (
            <Link to="/placements" className="font-medium text-primary underline-offset-4 hover:underline">
              Browse placements
            </Link>
          ),
        }}
        noMatch={{
          icon: ClipboardList,
          title: "No applications match these filters",
          body: "Try another search, status, specialty or facility.",
        }}
      >
        {(data) => <ListTable label="Applications" rows={data.items} rowKey={(a) => a.id} columns={columns} />}
      </ListResults>

      <WithdrawDialog application={withdrawing} onClose={() => setWithdrawing(null)} />
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
