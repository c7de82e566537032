import { useQuery } from "@tanstack/react-query";
import { ClipboardList, Download, X } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  type ApplicationStatus,
  applicationNoteLabel,
  applicationStatusLabel,
  applicationStatusTone,
} from "@/domain/applications";
import { NURSING_SPECIALTIES } from "@/domain/specialties";
import { Pagination } from "@/web/components/pagination";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
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
import {
  type ApplicationFilter,
  applicationsExportUrl,
  applicationsQuery,
  appliedFacilitiesQuery,
  type ProgramApplication,
  useWithdrawApplication,
} from "../api";

/** /applications: every application of the program, with filters, CSV export and withdraw (D7, D13). */
export default function ApplicationsPage() {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<ApplicationStatus | "">("");
  const [specialty, setSpecialty] = useState("");
  const [facilityId, setFacilityId] = useState("");
  const [page, setPage] = useState(1);
  const [withdrawing, setWithdrawing] = useState<ProgramApplication | null>(null);
  const [exporting, setExporting] = useState(false);
  const debouncedSearch = useDebouncedValue(search.trim());

  const filter: ApplicationFilter = {
    search: debouncedSearch,
    status: status || undefined,
    specialty,
    facilityId,
    page,
  };
  const list = useQuery(applicationsQuery(filter));
  const facilities = useQuery(appliedFacilitiesQuery);
  const filtered = !!(debouncedSearch || status || specialty || facilityId);

  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadFile(applicationsExportUrl(filter), `applications-${new Date().toISOString().slice(0, 10)}.csv`);
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <PageHeader
        title="Applications"
        description="Every application your program submitted"
        actions={
          <>
            <Button variant="outline" onClick={exportCsv} disabled={exporting}>
              <Download aria-hidden /> {exporting ? "Exporting..." : "Export CSV"}
            </Button>
            <Button asChild>
              <Link to="/placements">Search Placements</Link>
            </Button>
          </>
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
            placeholder="Student name or email"
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
                {APPLICATION_STATUS_LABELS.program[s]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="application-specialty" label="Specialty">
          <Select id="application-specialty" value={specialty} onChange={(e) => reset(setSpecialty)(e.target.value)}>
            <option value="">All specialties</option>
            {NURSING_SPECIALTIES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="application-facility" label="Facility">
          <Select id="application-facility" value={facilityId} onChange={(e) => reset(setFacilityId)(e.target.value)}>
            <option value="">All facilities</option>
            {(facilities.data?.items ?? []).map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
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
                setFacilityId("");
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
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-destructive">
          Could not load applications: {list.error.message}
        </p>
      ) : list.data.items.length === 0 ? (
        filtered ? (
          <EmptyState icon={ClipboardList} title="No applications match these filters">
            Try another search, status, specialty or facility.
          </EmptyState>
        ) : (
          <EmptyState icon={ClipboardList} title="No applications yet. Start by browsing available placements.">
            <Link to="/placements" className="font-medium text-primary underline-offset-4 hover:underline">
              Browse placements
            </Link>
          </EmptyState>
        )
      ) : (
        <>
          <Table aria-label="Applications">
            <THead>
              <tr>
                <TH>Student</TH>
                <TH>Placement</TH>
                <TH>Facility</TH>
                <TH>Dates</TH>
                <TH>Status</TH>
                <TH>Submitted</TH>
                <TH>Reviewed</TH>
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
                    {a.student.gpa !== null ? (
                      <div className="text-xs text-muted-foreground">GPA {a.student.gpa.toFixed(2)}</div>
                    ) : null}
                  </TD>
                  <TD>
                    <div className="font-medium">{a.placement.title}</div>
                    <div className="text-muted-foreground">{a.placement.specialty}</div>
                    {a.notes ? (
                      <div className="mt-1 text-xs text-muted-foreground">
                        {applicationNoteLabel(a.notesBy ?? "program", "program")}: {a.notes}
                      </div>
                    ) : null}
                  </TD>
                  <TD>
                    <div>{a.facility.name}</div>
                    <div className="text-muted-foreground">
                      {[a.facility.city, a.facility.state].filter(Boolean).join(", ")}
                    </div>
                  </TD>
                  <TD className="whitespace-nowrap">
                    {formatDate(a.placement.startDate)} –<br />
                    {formatDate(a.placement.endDate)}
                  </TD>
                  <TD>
                    <Badge variant={applicationStatusTone(a.status)}>
                      {applicationStatusLabel(a.status, "program")}
                    </Badge>
                    {a.reviewNotes ? (
                      <div className="mt-1 max-w-48 text-xs text-muted-foreground">“{a.reviewNotes}”</div>
                    ) : null}
                  </TD>
                  <TD className="whitespace-nowrap">{formatDate(a.submittedAt)}</TD>
                  <TD className="whitespace-nowrap">{a.reviewedAt ? formatDate(a.reviewedAt) : "—"}</TD>
                  <TD actions>
                    {a.canWithdraw ? (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setWithdrawing(a)}
                        aria-label={`Withdraw ${a.student.name}'s application to ${a.placement.title}`}
                      >
                        Withdraw
                      </Button>
                    ) : null}
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
          <Pagination page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />
        </>
      )}

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
