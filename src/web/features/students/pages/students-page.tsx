import { useQuery } from "@tanstack/react-query";
import { SearchX, Users } from "lucide-react";
import { Link } from "react-router";
import {
  DEFAULT_SORT_ORDER,
  ENROLLMENT_FILTER_LABELS,
  ENROLLMENT_FILTERS,
  STUDENT_SORTS,
  type StudentSort,
} from "@/domain/student-list";
import { COMPLIANCE_LABELS, COMPLIANCE_STATUSES } from "@/domain/students";
import { ComplianceBadge } from "@/web/components/compliance-badge";
import { ExportCsvButton } from "@/web/components/list-page/export-csv-button";
import { FilterBar, type FilterField, specialtyField } from "@/web/components/list-page/filter-bar";
import type { ListCopy } from "@/web/components/list-page/list-results";
import type { Column } from "@/web/components/list-page/list-table";
import { ListView } from "@/web/components/list-page/list-view";
import { oneOf, useListParams } from "@/web/components/list-page/use-list-params";
import { Badge } from "@/web/components/ui/badge";
import { PageHeader } from "@/web/components/ui/page-header";
import { formatDate } from "@/web/lib/format";
import { useMe } from "@/web/lib/session";
import { type Student, type StudentFilter, studentsExportUrl, studentsQuery } from "../api";
import { AddStudentDialog } from "../components/add-student-dialog";
import { InvitationBadge, InviteButton } from "../components/invitation-status";
import { InviteAllButton } from "../components/invite-all-button";
import { RosterImportDialog } from "../components/roster-import-dialog";

type Order = "asc" | "desc";

const SORT_OPTIONS: { value: `${StudentSort}:${Order}`; label: string }[] = [
  { value: "createdAt:desc", label: "Newest first" },
  { value: "createdAt:asc", label: "Oldest first" },
  { value: "name:asc", label: "Name (A to Z)" },
  { value: "name:desc", label: "Name (Z to A)" },
  { value: "gpa:desc", label: "GPA (high to low)" },
  { value: "gpa:asc", label: "GPA (low to high)" },
  { value: "complianceStatus:asc", label: "Compliance status" },
];

/** The orders 'Sort by' offers for a key: a header toggles between them (compliance has one). */
const ordersOf = (sort: string) =>
  SORT_OPTIONS.filter((o) => o.value.startsWith(`${sort}:`)).map((o) => o.value.split(":")[1] as Order);

const GRID = "grid-cols-2 lg:grid-cols-[2fr_repeat(4,1fr)]";
const SEARCH = { label: "Search students", placeholder: "Name or email", className: "col-span-2 lg:col-span-1" };

/** Specialty, compliance and enrollment (active by default, so no 'all'); 'Sort by' comes after them. */
const FIELDS: FilterField[] = [
  specialtyField("Specialty interest"),
  {
    name: "compliance",
    label: "Compliance",
    options: COMPLIANCE_STATUSES.map((s) => ({ value: s, label: COMPLIANCE_LABELS[s] })),
    all: "All statuses",
  },
  {
    name: "enrollment",
    label: "Enrollment",
    options: ENROLLMENT_FILTERS.map((s) => ({ value: s, label: ENROLLMENT_FILTER_LABELS[s] })),
  },
];

/** The roster's columns; Program only when the list spans programs (an admin not viewing one). */
const columns = (acrossPrograms: boolean): Column<Student>[] => [
  {
    id: "student",
    header: "Student",
    sortKey: "name",
    cell: (s) => (
      <>
        <Link to={`/students/${s.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
          {s.firstName} {s.lastName}
        </Link>
        {s.enrollmentStatus === "withdrawn" ? (
          <Badge variant="muted" className="ml-2">
            Withdrawn
          </Badge>
        ) : null}
        <div className="break-all text-muted-foreground">{s.email}</div>
      </>
    ),
  },
  { id: "program", header: "Program", hidden: !acrossPrograms, cell: (s) => s.programName },
  {
    id: "specialty",
    header: "Specialty interest",
    cell: (s) => s.specialtyInterest ?? <span className="text-muted-foreground">None</span>,
  },
  {
    id: "gpa",
    header: "GPA",
    sortKey: "gpa",
    cell: (s) => (s.gpa === null ? <span className="text-muted-foreground">None</span> : s.gpa.toFixed(2)),
  },
  {
    id: "compliance",
    header: "Compliance",
    sortKey: "complianceStatus",
    cell: (s) => <ComplianceBadge status={s.complianceStatus} />,
  },
  {
    id: "applications",
    header: "Applications",
    cell: (s) => (
      <>
        {s.applications.total}
        {s.applications.pending > 0 ? (
          <span className="text-muted-foreground"> ({s.applications.pending} pending)</span>
        ) : null}
      </>
    ),
  },
  {
    id: "added",
    header: "Added",
    sortKey: "createdAt",
    className: "whitespace-nowrap",
    cell: (s) => formatDate(s.createdAt),
  },
  {
    id: "account",
    header: "Account",
    actions: true,
    cell: (s) => (
      <div className="flex flex-wrap items-center gap-2">
        <InvitationBadge invitation={s.invitation} />
        <InviteButton student={s} />
      </div>
    ),
  },
];

/** /students: the roster, its filters, sort and page kept in the address (Back from a student returns to them). */
export default function StudentsPage() {
  const params = useListParams(
    { specialty: "", compliance: "", enrollment: "active", sort: "createdAt", order: "" },
    { keep: ["sort", "order"] },
  );
  const me = useMe();
  const f = params.filters;
  const sort = oneOf(f.sort, STUDENT_SORTS) ?? "createdAt";
  const order = oneOf(f.order, ["asc", "desc"] as const) ?? DEFAULT_SORT_ORDER[sort];
  const programId = params.param("program");
  const exportFilter: Omit<StudentFilter, "page"> = {
    search: params.search,
    specialty: f.specialty,
    complianceStatus: oneOf(f.compliance, COMPLIANCE_STATUSES),
    enrollment: oneOf(f.enrollment, ENROLLMENT_FILTERS) ?? "active",
    sort,
    order,
    programId,
  };
  const list = useQuery(studentsQuery({ ...exportFilter, page: params.page }));
  const acrossPrograms = !programId && me.data?.organization?.kind !== "program";

  function sortBy(key: string) {
    const orders = ordersOf(key);
    const next = key === sort ? (orders.find((o) => o !== order) ?? order) : DEFAULT_SORT_ORDER[key as StudentSort];
    params.set({ sort: key, order: next });
  }

  /** 'Sort by' sets the key and its order together. */
  function sortFrom(choice: string) {
    const [key, next] = choice.split(":");
    params.set({ sort: key, order: next });
  }

  const addButton = <AddStudentDialog programId={programId} />;
  const copy: ListCopy = {
    what: "students",
    loading: "Loading students...",
    empty: {
      icon: Users,
      title: "No students yet",
      body: (
        <>
          <p className="mb-3">Add students one by one or upload your roster as a CSV file.</p>
          <div className="flex flex-wrap justify-center gap-2">
            {addButton}
            <RosterImportDialog programId={programId} />
          </div>
        </>
      ),
    },
    noMatch: { icon: SearchX, title: "No students match", body: "No student matches these filters." },
  };

  const fields = [
    ...FIELDS,
    { name: "sort", label: "Sort by", options: SORT_OPTIONS, value: `${sort}:${order}`, onChange: sortFrom },
  ];
  const actions = (
    <>
      <ExportCsvButton url={studentsExportUrl(exportFilter)} name="students" />
      <RosterImportDialog programId={programId} />
      <InviteAllButton programId={programId} />
      {addButton}
    </>
  );

  return (
    <>
      <PageHeader
        title="Students"
        description="Your program's roster: compliance, applications and invitations"
        actions={actions}
      />
      <FilterBar label="Filter students" params={params} search={SEARCH} fields={fields} className={GRID} />
      <ListView
        query={list}
        copy={copy}
        params={params}
        label="Students"
        columns={columns(acrossPrograms)}
        sort={{ key: sort, order, onSort: sortBy }}
      />
    </>
  );
}
