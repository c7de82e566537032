import { and, asc, count, desc, eq, gte, ilike, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import { APPLICATION_STATUS_LABELS, type ApplicationStatus, withdrawalFlags } from "../../../domain/applications";
import type { PlacedPhase } from "../../../domain/placements";
import { builtOnce } from "../../db/built-once";
import { type Db, fromJson, type JsonColumn } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { users } from "../../db/schema/auth";
import { requirementTypes } from "../../db/schema/compliance";
import { organizations } from "../../db/schema/organizations";
import { departments, placements } from "../../db/schema/placements";
import { students, studentUsers } from "../../db/schema/students";
import {
  type FacilityScope,
  facilityScope,
  type ProgramScope,
  programScope,
  type Scope,
  type StudentScope,
  scopeWhere,
} from "../../lib/access";
import { notFound } from "../../lib/errors";
import { likePattern, offsetOf } from "../../lib/pagination";
import { readyByApplication } from "../compliance/readiness";
import { type Overlap, overlappingApproved } from "./overlap";

// Reading applications (D7, D13): the program's list and CSV, the facility's list, CSV, detail and
// placed students, the student's own list. One query shape for all of them; the caller's Scope
// (ADR 011) decides whose rows it reads: a program's applications by `program_id`, a facility's
// through its placements (D1: a facility sees an applicant only through an application to one of
// its own placements; anything else is 404), a student's by `student_id`.

const fullName = (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}`;
const facility = alias(organizations, "facility");
const program = alias(organizations, "program");

/** Issue 9: whose note it is (the student applying for themselves, or their program). */
const notesByStudent = sql<boolean>`exists (select 1 from ${studentUsers} where ${studentUsers.studentId} = ${applications.studentId} and ${studentUsers.userId} = ${applications.submittedBy})`;
const notesBy = (r: { notes: string | null; notesByStudent: boolean }) =>
  r.notes === null ? null : r.notesByStudent ? ("student" as const) : ("program" as const);
/** The database's day (YYYY-MM-DD): every date rule compares against one clock. */
const todayIso = sql<string>`to_char(current_date, 'YYYY-MM-DD')`;

const listColumns = {
  id: applications.id,
  status: applications.status,
  notes: applications.notes,
  notesByStudent,
  today: todayIso,
  reviewNotes: applications.reviewNotes,
  submittedAt: applications.submittedAt,
  reviewedAt: applications.reviewedAt,
  withdrawnAt: applications.withdrawnAt,
  studentId: students.id,
  firstName: students.firstName,
  lastName: students.lastName,
  email: students.email,
  gpa: students.gpa,
  placementId: placements.id,
  title: placements.title,
  specialty: placements.specialty,
  startDate: placements.startDate,
  endDate: placements.endDate,
  placementStatus: placements.status,
  capacity: placements.capacity,
  slotsFilled: placements.slotsFilled,
  departmentId: departments.id,
  departmentName: departments.name,
  facilityId: facility.id,
  facilityName: facility.name,
  facilityCity: facility.city,
  facilityState: facility.state,
  programId: program.id,
  programName: program.name,
};

/** The joins every list query shares (dynamic query: the selection keeps its types). */
function withJoins<T extends PgSelect>(qb: T) {
  return qb
    .innerJoin(students, eq(students.id, applications.studentId))
    .innerJoin(placements, eq(placements.id, applications.placementId))
    .innerJoin(facility, eq(facility.id, placements.facilityId))
    .innerJoin(program, eq(program.id, applications.programId))
    .leftJoin(departments, eq(departments.id, placements.departmentId));
}

/** Whose applications a scope reads: the program's, the facility's (through its placements) or the student's. */
const inScope = (scope: Scope) =>
  scopeWhere(scope, {
    program: applications.programId,
    facility: placements.facilityId,
    student: applications.studentId,
  });

const gpaOf = (gpa: string | null) => (gpa === null ? null : Number(gpa));

// ---------------------------------------------------------------------------------------------
// The program's applications: list, CSV, the facility filter's options

export type ApplicationFilters = {
  search?: string;
  status?: ApplicationStatus;
  specialty?: string;
  facilityId?: string;
  programId?: string;
};

function programWhere(scope: ProgramScope, f: ApplicationFilters): SQL | undefined {
  const term = f.search ? likePattern(f.search) : null;
  return and(
    inScope(scope),
    f.status ? eq(applications.status, f.status) : undefined,
    f.specialty ? eq(placements.specialty, f.specialty) : undefined,
    f.facilityId ? eq(placements.facilityId, f.facilityId) : undefined,
    term
      ? or(ilike(sql`${students.firstName} || ' ' || ${students.lastName}`, term), ilike(students.email, term))
      : undefined,
  );
}

function listQuery(db: Db, where: SQL | undefined) {
  return withJoins(db.select(listColumns).from(applications).$dynamic())
    .where(where)
    .orderBy(desc(applications.submittedAt), desc(applications.id));
}
type ListRow = Awaited<ReturnType<typeof listQuery>>[number];

function programItem(r: ListRow) {
  return {
    id: r.id,
    status: r.status,
    notes: r.notes,
    notesBy: notesBy(r),
    ...withdrawalFlags(r, r.today),
    reviewNotes: r.reviewNotes,
    submittedAt: r.submittedAt.toISOString(),
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
    student: {
      id: r.studentId,
      firstName: r.firstName,
      lastName: r.lastName,
      name: fullName(r),
      email: r.email,
      gpa: gpaOf(r.gpa),
    },
    placement: {
      id: r.placementId,
      title: r.title,
      specialty: r.specialty,
      startDate: r.startDate,
      endDate: r.endDate,
    },
    facility: { id: r.facilityId, name: r.facilityName, city: r.facilityCity, state: r.facilityState },
    program: { id: r.programId, name: r.programName },
  };
}
export type ApplicationItem = ReturnType<typeof programItem>;

async function programRows(
  db: Db,
  scope: ProgramScope,
  f: ApplicationFilters,
  page?: { page: number; pageSize: number },
) {
  const query = listQuery(db, programWhere(scope, f));
  const rows = page ? await query.limit(page.pageSize).offset(offsetOf(page)) : await query;
  return rows.map(programItem);
}

/** The program's applications, newest first, filtered and paginated (D13). */
export async function listApplications(
  db: Db,
  access: Scope,
  q: ApplicationFilters & { page: number; pageSize: number },
) {
  const scope = programScope(access, q.programId);
  const [items, [total]] = await Promise.all([
    programRows(db, scope, q, q),
    withJoins(db.select({ n: count() }).from(applications).$dynamic()).where(programWhere(scope, q)),
  ]);
  return { items, total: Number(total.n), page: q.page, pageSize: q.pageSize };
}

export const APPLICATION_CSV_HEADER = [
  "Student",
  "Email",
  "GPA",
  "Program",
  "Placement",
  "Specialty",
  "Facility",
  "City",
  "State",
  "Start date",
  "End date",
  "Status",
  "Submitted",
  "Reviewed",
  "Notes",
  "Review notes",
];

/** Every application matching the filters, as CSV rows (program view labels). */
export async function exportApplications(db: Db, access: Scope, f: ApplicationFilters) {
  const scope = programScope(access, f.programId);
  const items = await programRows(db, scope, f);
  return items.map((a) => [
    a.student.name,
    a.student.email,
    a.student.gpa?.toFixed(2) ?? "",
    a.program.name,
    a.placement.title,
    a.placement.specialty,
    a.facility.name,
    a.facility.city,
    a.facility.state,
    a.placement.startDate,
    a.placement.endDate,
    APPLICATION_STATUS_LABELS.program[a.status],
    a.submittedAt,
    a.reviewedAt,
    a.notes,
    a.reviewNotes,
  ]);
}

/** The facilities the program applied to (the facility filter's options), by name. */
export async function listAppliedFacilities(db: Db, access: Scope, programId?: string) {
  const scope = programScope(access, programId);
  return db
    .selectDistinct({ id: organizations.id, name: organizations.name })
    .from(applications)
    .innerJoin(placements, eq(placements.id, applications.placementId))
    .innerJoin(organizations, eq(organizations.id, placements.facilityId))
    .where(inScope(scope))
    .orderBy(asc(organizations.name), asc(organizations.id));
}

// ---------------------------------------------------------------------------------------------
// The facility's applications: list, CSV, one with the applicant's details

export type FacilityApplicationFilters = {
  search?: string;
  status?: ApplicationStatus;
  placementId?: string;
  departmentId?: string;
  facilityId?: string;
};

/** The facility searches names, emails, placements and programs. */
const facilitySearch = (term: string) =>
  or(
    ilike(sql`${students.firstName} || ' ' || ${students.lastName}`, term),
    ilike(students.email, term),
    ilike(placements.title, term),
    ilike(program.name, term),
  );

function facilityWhere(scope: FacilityScope, f: FacilityApplicationFilters): SQL | undefined {
  return and(
    inScope(scope),
    f.status ? eq(applications.status, f.status) : undefined,
    f.placementId ? eq(applications.placementId, f.placementId) : undefined,
    f.departmentId ? eq(placements.departmentId, f.departmentId) : undefined,
    f.search ? facilitySearch(likePattern(f.search)) : undefined,
  );
}

/**
 * A pending application's clash with the student's approved placement, the rule approval
 * refuses on, read with the row (one statement for the whole page).
 */
const overlapColumns = {
  overlap: sql<JsonColumn<Overlap> | null>`case when ${applications.status} = 'pending' then ${overlappingApproved({
    studentId: applications.studentId,
    applicationId: applications.id,
    placementId: applications.placementId,
  })} end`,
};

function facilityListQuery(db: Db, where: SQL | undefined) {
  return withJoins(
    db
      .select({ ...listColumns, ...overlapColumns })
      .from(applications)
      .$dynamic(),
  )
    .where(where)
    .orderBy(desc(applications.submittedAt), desc(applications.id));
}

/** What the facility is shown of a clash: the other facility's title and name stay null (D1). */
function overlapOf(value: JsonColumn<Overlap> | null) {
  if (value === null) return null;
  const o = fromJson(value);
  return {
    title: o.title,
    facilityName: o.facilityName,
    startDate: o.startDate,
    endDate: o.endDate,
    sameFacility: o.sameFacility,
  };
}

function facilityItem(r: ListRow & { overlap: JsonColumn<Overlap> | null }) {
  return {
    overlap: overlapOf(r.overlap),
    id: r.id,
    status: r.status,
    notes: r.notes,
    notesBy: notesBy(r),
    reviewNotes: r.reviewNotes,
    submittedAt: r.submittedAt.toISOString(),
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
    student: {
      id: r.studentId,
      name: fullName(r),
      email: r.email,
      gpa: gpaOf(r.gpa),
    },
    placement: {
      id: r.placementId,
      title: r.title,
      specialty: r.specialty,
      startDate: r.startDate,
      endDate: r.endDate,
      status: r.placementStatus,
      capacity: r.capacity,
      slotsFilled: r.slotsFilled,
    },
    department: r.departmentId && r.departmentName ? { id: r.departmentId, name: r.departmentName } : null,
    facility: { id: r.facilityId, name: r.facilityName },
    program: { id: r.programId, name: r.programName },
  };
}
export type FacilityApplication = ReturnType<typeof facilityItem>;

/** Applications to the facility's placements, newest first, filtered and paginated (D13). */
export async function listFacilityApplications(
  db: Db,
  access: Scope,
  q: FacilityApplicationFilters & { page: number; pageSize: number },
) {
  const scope = facilityScope(access, q.facilityId);
  const [rows, [total]] = await Promise.all([
    facilityListQuery(db, facilityWhere(scope, q)).limit(q.pageSize).offset(offsetOf(q)),
    withJoins(db.select({ n: count() }).from(applications).$dynamic()).where(facilityWhere(scope, q)),
  ]);
  // Issue 12: whether each applicant is ready for the rotation (bulk: a few queries per page).
  const ready = await readyByApplication(
    db,
    rows.map((r) => r.id),
  );
  const items = rows.map((r) => ({ ...facilityItem(r), ready: ready.get(r.id) ?? true }));
  return { items, total: Number(total.n), page: q.page, pageSize: q.pageSize };
}

/**
 * Who approved a student who was not ready, when, and the requirements then missing (issue 12): read
 * with the application's own row (issue 11: no statement of its own).
 */
const overrideColumns = {
  overrideById: applications.readinessOverrideBy,
  overrideByName: sql<string | null>`(select u.name from ${users} u where u.id = ${applications.readinessOverrideBy})`,
  overrideAt: applications.readinessOverrideAt,
  overrideMissing: applications.readinessMissing,
  // The missing types' names by id (a type since deleted shows its id).
  overrideMissingNames: sql<Record<
    string,
    string
  > | null>`(select json_object_agg(t.id, t.name) from ${requirementTypes} t where t.id = any(${applications.readinessMissing}))`,
};

function readinessOverride(row: {
  overrideById: string | null;
  overrideByName: string | null;
  overrideAt: Date | null;
  overrideMissing: string[] | null;
  overrideMissingNames: Record<string, string> | null;
}) {
  if (!row.overrideAt) return null;
  const names = row.overrideMissingNames ?? {};
  return {
    by: row.overrideById ? { id: row.overrideById, name: row.overrideByName ?? "" } : null,
    at: row.overrideAt.toISOString(),
    missing: (row.overrideMissing ?? []).map((i) => names[i] ?? i),
  };
}

export const FACILITY_APPLICATION_CSV_HEADER = [
  "Student",
  "Email",
  "GPA",
  "Program",
  "Placement",
  "Specialty",
  "Department",
  "Start date",
  "End date",
  "Status",
  "Submitted",
  "Reviewed",
  "Program notes",
  "Review notes",
];

/** Every application matching the filters, as CSV rows with the facility's labels ('New' for pending). */
export async function exportFacilityApplications(db: Db, access: Scope, f: FacilityApplicationFilters) {
  const scope = facilityScope(access, f.facilityId);
  // The CSV has no column for a clash: it is not read.
  const rows = (await listQuery(db, facilityWhere(scope, f))).map((r) => facilityItem({ ...r, overlap: null }));
  return rows.map((a) => [
    a.student.name,
    a.student.email,
    a.student.gpa?.toFixed(2) ?? "",
    a.program.name,
    a.placement.title,
    a.placement.specialty,
    a.department?.name ?? "",
    a.placement.startDate,
    a.placement.endDate,
    APPLICATION_STATUS_LABELS.facility[a.status],
    a.submittedAt,
    a.reviewedAt,
    a.notes,
    a.reviewNotes,
  ]);
}

/**
 * One application with the applicant's details (D1): visible to a facility only through an
 * application to one of its own placements; another facility's coordinator gets 404.
 */
export async function getFacilityApplication(db: Db, access: Scope, id: string) {
  const { query, values } = facilityApplicationQuery(db, access, id);
  const [row] = await query.execute(values);
  if (!row) throw notFound("Application");
  const ready = await readyByApplication(db, [id]);
  return facilityApplicationFrom(row, ready.get(id) ?? true);
}

function facilityApplicationQuery(db: Db, access: Scope, id: string) {
  const scope = facilityScope(access);
  // Built once (issue 11: a hot read of the review dialog): a facility's variant and an administrator's,
  // the same scope as inScope gives, with the facility as a value.
  const byFacility = scope.kind === "facility";
  const query = builtOnce(db, byFacility ? "facility_application" : "facility_application_any", (db, name) =>
    withJoins(
      db
        .select({
          ...listColumns,
          ...overlapColumns,
          phone: students.phone,
          specialtyInterest: students.specialtyInterest,
          complianceStatus: students.complianceStatus,
          ...overrideColumns,
        })
        .from(applications)
        .$dynamic(),
    )
      .where(
        and(
          eq(applications.id, sql.placeholder("id")),
          byFacility ? eq(placements.facilityId, sql.placeholder("facilityId")) : undefined,
        ),
      )
      .prepare(name),
  );
  return { query, values: { id, facilityId: scope.kind === "facility" ? scope.facilityId : null } };
}

export type FacilityApplicationRow = Awaited<
  ReturnType<ReturnType<typeof facilityApplicationQuery>["query"]["execute"]>
>[number];

/** One application as the facility reads it: GET's answer, and a decision's (review.ts builds its row). */
export function facilityApplicationFrom(row: FacilityApplicationRow, ready: boolean) {
  const item = facilityItem(row);
  return {
    ...item,
    ready,
    readinessOverride: readinessOverride(row),
    student: {
      ...item.student,
      phone: row.phone,
      specialtyInterest: row.specialtyInterest,
      complianceStatus: row.complianceStatus,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The facility's placed students: its approved applications

export type PlacedQuery = {
  page: number;
  pageSize: number;
  search?: string;
  phase?: PlacedPhase;
  facilityId?: string;
};

/**
 * Students with approved applications at the facility: current and upcoming by default (or one
 * phase), soonest first. 'Today' is the database's current_date, as the dashboard's.
 */
export async function listPlacedStudents(db: Db, access: Scope, q: PlacedQuery) {
  const scope = facilityScope(access, q.facilityId);
  const today = sql`current_date`;
  const phase =
    q.phase === "current"
      ? and(lte(placements.startDate, today), gte(placements.endDate, today))
      : q.phase === "upcoming"
        ? sql`${placements.startDate} > ${today}`
        : q.phase === "past"
          ? lt(placements.endDate, today)
          : gte(placements.endDate, today);
  const where = and(
    eq(applications.status, "approved"),
    inScope(scope),
    phase,
    q.search ? facilitySearch(likePattern(q.search)) : undefined,
  );
  // The phase as placedPhase() in src/domain defines it, against the database's current_date.
  const phaseColumn = sql<PlacedPhase>`case when ${placements.endDate} < current_date then 'past' when ${placements.startDate} <= current_date then 'current' else 'upcoming' end`;
  const [rows, [total]] = await Promise.all([
    withJoins(
      db
        .select({ ...listColumns, phase: phaseColumn })
        .from(applications)
        .$dynamic(),
    )
      .where(where)
      .orderBy(
        q.phase === "past" ? desc(placements.endDate) : asc(placements.startDate),
        asc(students.lastName),
        asc(applications.id),
      )
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    withJoins(db.select({ n: count() }).from(applications).$dynamic()).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      applicationId: r.id,
      student: { id: r.studentId, name: fullName(r), email: r.email },
      program: { id: r.programId, name: r.programName },
      placement: {
        id: r.placementId,
        title: r.title,
        specialty: r.specialty,
        startDate: r.startDate,
        endDate: r.endDate,
      },
      department: r.departmentId && r.departmentName ? { id: r.departmentId, name: r.departmentName } : null,
      facility: { id: r.facilityId, name: r.facilityName },
      phase: r.phase,
    })),
    total: Number(total.n),
    page: q.page,
    pageSize: q.pageSize,
  };
}

// ---------------------------------------------------------------------------------------------
// The student's own applications

/** The student's applications, sorted pending, approved, rejected, withdrawn; newest first within each. */
export async function myApplications(db: Db, scope: StudentScope, q: { page: number; pageSize: number }) {
  const where = inScope(scope);
  const rank = sql`case ${applications.status} when 'pending' then 0 when 'approved' then 1 when 'rejected' then 2 else 3 end`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: applications.id,
        status: applications.status,
        notes: applications.notes,
        notesByStudent,
        reviewNotes: applications.reviewNotes,
        submittedAt: applications.submittedAt,
        reviewedAt: applications.reviewedAt,
        withdrawnAt: applications.withdrawnAt,
        today: todayIso,
        placementId: placements.id,
        title: placements.title,
        specialty: placements.specialty,
        description: placements.description,
        requirements: placements.requirements,
        startDate: placements.startDate,
        endDate: placements.endDate,
        durationWeeks: placements.durationWeeks,
        facilityName: organizations.name,
        facilityCity: organizations.city,
        facilityState: organizations.state,
      })
      .from(applications)
      .innerJoin(placements, eq(placements.id, applications.placementId))
      .innerJoin(organizations, eq(organizations.id, placements.facilityId))
      .where(where)
      .orderBy(asc(rank), desc(applications.submittedAt), desc(applications.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(applications).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      status: r.status,
      notes: r.notes,
      notesBy: notesBy(r),
      reviewNotes: r.reviewNotes,
      ...withdrawalFlags(r, r.today),
      submittedAt: r.submittedAt.toISOString(),
      reviewedAt: r.reviewedAt?.toISOString() ?? null,
      withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
      placement: {
        id: r.placementId,
        title: r.title,
        specialty: r.specialty,
        description: r.description,
        requirements: r.requirements,
        startDate: r.startDate,
        endDate: r.endDate,
        durationWeeks: r.durationWeeks,
      },
      facility: { name: r.facilityName, city: r.facilityCity, state: r.facilityState },
    })),
    total: total.n,
    page: q.page,
    pageSize: q.pageSize,
  };
}
