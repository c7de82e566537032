import { useQuery } from "@tanstack/react-query";
import { Download, SearchX, Users } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { NURSING_SPECIALTIES } from "@/domain/specialties";
import {
  DEFAULT_SORT_ORDER,
  ENROLLMENT_FILTER_LABELS,
  ENROLLMENT_FILTERS,
  type EnrollmentFilter,
  STUDENT_SORTS,
  type StudentSort,
} from "@/domain/student-list";
import { COMPLIANCE_LABELS, COMPLIANCE_STATUSES, type ComplianceStatus } from "@/domain/students";
import { LoadError } from "@/web/components/list-page/load-error";
import { Pagination } from "@/web/components/pagination";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { EmptyState } from "@/web/components/ui/empty-state";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Loading } from "@/web/components/ui/loading";
import { PageHeader } from "@/web/components/ui/page-header";
import { Select } from "@/web/components/ui/select";
import { Table, TBody, TD, TH, THead, TR } from "@/web/components/ui/table";
import { downloadFile } from "@/web/lib/download";
import { formatDate } from "@/web/lib/format";
import { useMe } from "@/web/lib/session";
import { type StudentFilter, studentsExportUrl, studentsQuery } from "../api";
import { AddStudentDialog } from "../components/add-student-dialog";
import { ComplianceBadge } from "../components/compliance-badge";
import { InvitationBadge, InviteButton } from "../components/invitation-status";
import { InviteAllButton } from "../components/invite-all-button";
import { RosterImportDialog } from "../components/roster-import-dialog";

const SORT_OPTIONS: { value: `${StudentSort}:${"asc" | "desc"}`; label: string }[] = [
  { value: "createdAt:desc", label: "Newest first" },
  { value: "createdAt:asc", label: "Oldest first" },
  { value: "name:asc", label: "Name (A to Z)" },
  { value: "name:desc", label: "Name (Z to A)" },
  { value: "gpa:desc", label: "GPA (high to low)" },
  { value: "gpa:asc", label: "GPA (low to high)" },
  { value: "complianceStatus:asc", label: "Compliance status" },
];

const SEARCH_DEBOUNCE_MS = 300;

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  value && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

/** The list's state lives in the address, so Back from a student returns to the same page and filters. */
function useStudentFilter() {
  const [params, setParams] = useSearchParams();
  const sort = pick<StudentSort>(params.get("sort"), STUDENT_SORTS) ?? "createdAt";
  const filter: StudentFilter = {
    search: params.get("q") ?? "",
    specialty: params.get("specialty") ?? "",
    complianceStatus: pick<ComplianceStatus>(params.get("compliance"), COMPLIANCE_STATUSES),
    enrollment: pick<EnrollmentFilter>(params.get("enrollment"), ENROLLMENT_FILTERS) ?? "active",
    sort,
    order: pick(params.get("order"), ["asc", "desc"] as const) ?? DEFAULT_SORT_ORDER[sort],
    page: Math.max(1, Number(params.get("page")) || 1),
    programId: params.get("program") ?? undefined,
  };
  /** Sets (or, with null, clears) parameters; any change but paging goes back to page 1. */
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === "") next.delete(k);
          else next.set(k, v);
        }
        if (!("page" in changes)) next.delete("page");
        return next;
      },
      { replace: true },
    );
  return { filter, update };
}

export default function StudentsPage() {
  const { filter, update } = useStudentFilter();
  const me = useMe();
  const list = useQuery(studentsQuery(filter));
  const [searchText, setSearchText] = useState(filter.search ?? "");
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  const ids = { search: useId(), specialty: useId(), compliance: useId(), enrollment: useId(), sort: useId() };
  const acrossPrograms = !filter.programId && me.data?.organization?.kind !== "program";
  const filtersActive = Boolean(
    filter.search || filter.specialty || filter.complianceStatus || filter.enrollment !== "active",
  );

  function onSearch(value: string) {
    setSearchText(value);
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => update({ q: value.trim() || null }), SEARCH_DEBOUNCE_MS);
  }

  function clearFilters() {
    setSearchText("");
    clearTimeout(searchTimer.current);
    update({ q: null, specialty: null, compliance: null, enrollment: null });
  }

  const { page: _page, ...exportFilter } = filter;
  const addButton = <AddStudentDialog programId={filter.programId} />;

  return (
    <>
      <PageHeader
        title="Students"
        description="Your program's roster: compliance, applications and invitations"
        actions={
          <>
            <Button
              variant="outline"
              onClick={() =>
                downloadFile(studentsExportUrl(exportFilter), `students-${new Date().toISOString().slice(0, 10)}.csv`)
              }
            >
              <Download aria-hidden />
              Export CSV
            </Button>
            <RosterImportDialog programId={filter.programId} />
            <InviteAllButton programId={filter.programId} />
            {addButton}
          </>
        }
      />

      <search aria-label="Filter students" className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-[2fr_repeat(4,1fr)]">
        <div className="col-span-2 grid gap-1.5 lg:col-span-1">
          <Label htmlFor={ids.search}>Search students</Label>
          <Input
            id={ids.search}
            type="search"
            placeholder="Name or email"
            value={searchText}
            onChange={(e) => onSearch(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.specialty}>Specialty interest</Label>
          <Select id={ids.specialty} value={filter.specialty} onChange={(e) => update({ specialty: e.target.value })}>
            <option value="">All specialties</option>
            {NURSING_SPECIALTIES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.compliance}>Compliance</Label>
          <Select
            id={ids.compliance}
            value={filter.complianceStatus ?? ""}
            onChange={(e) => update({ compliance: e.target.value })}
          >
            <option value="">All statuses</option>
            {COMPLIANCE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {COMPLIANCE_LABELS[s]}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.enrollment}>Enrollment</Label>
          <Select
            id={ids.enrollment}
            value={filter.enrollment}
            onChange={(e) => update({ enrollment: e.target.value === "active" ? null : e.target.value })}
          >
            {ENROLLMENT_FILTERS.map((s) => (
              <option key={s} value={s}>
                {ENROLLMENT_FILTER_LABELS[s]}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.sort}>Sort by</Label>
          <Select
            id={ids.sort}
            value={`${filter.sort}:${filter.order}`}
            onChange={(e) => {
              const [sort, order] = e.target.value.split(":");
              update({ sort, order });
            }}
          >
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </div>
      </search>

      {list.isPending ? (
        <Loading label="Loading students..." />
      ) : list.isError ? (
        <LoadError what="students" query={list} />
      ) : list.data.total === 0 && !filtersActive ? (
        <EmptyState icon={Users} title="No students yet">
          <p className="mb-3">Add students one by one or upload your roster as a CSV file.</p>
          <div className="flex flex-wrap justify-center gap-2">
            {addButton}
            <RosterImportDialog programId={filter.programId} />
          </div>
        </EmptyState>
      ) : list.data.total === 0 ? (
        <EmptyState icon={SearchX} title="No students match">
          <p className="mb-3">No student matches these filters.</p>
          <Button variant="outline" onClick={clearFilters}>
            Clear filters
          </Button>
        </EmptyState>
      ) : (
        <>
          <Table aria-label="Students" aria-busy={list.isFetching}>
            <THead>
              <TR>
                <TH>Student</TH>
                {acrossPrograms ? <TH>Program</TH> : null}
                <TH>Specialty interest</TH>
                <TH>GPA</TH>
                <TH>Compliance</TH>
                <TH>Applications</TH>
                <TH>Added</TH>
                <TH actions>Account</TH>
              </TR>
            </THead>
            <TBody>
              {list.data.items.map((s) => (
                <TR key={s.id}>
                  <TD>
                    <Link
                      to={`/students/${s.id}`}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {s.firstName} {s.lastName}
                    </Link>
                    {s.enrollmentStatus === "withdrawn" ? (
                      <Badge variant="muted" className="ml-2">
                        Withdrawn
                      </Badge>
                    ) : null}
                    <div className="break-all text-muted-foreground">{s.email}</div>
                  </TD>
                  {acrossPrograms ? <TD>{s.programName}</TD> : null}
                  <TD>{s.specialtyInterest ?? <span className="text-muted-foreground">None</span>}</TD>
                  <TD>{s.gpa === null ? <span className="text-muted-foreground">None</span> : s.gpa.toFixed(2)}</TD>
                  <TD>
                    <ComplianceBadge status={s.complianceStatus} />
                  </TD>
                  <TD>
                    {s.applications.total}
                    {s.applications.pending > 0 ? (
                      <span className="text-muted-foreground"> ({s.applications.pending} pending)</span>
                    ) : null}
                  </TD>
                  <TD className="whitespace-nowrap">{formatDate(s.createdAt)}</TD>
                  <TD actions>
                    <div className="flex flex-wrap items-center gap-2">
                      <InvitationBadge invitation={s.invitation} />
                      <InviteButton student={s} />
                    </div>
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
          <Pagination
            page={list.data.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onPage={(page) => update({ page: page === 1 ? null : String(page) })}
          />
        </>
      )}
    </>
  );
}
