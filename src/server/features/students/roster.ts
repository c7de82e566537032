import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import {
  DEFAULT_SORT_ORDER,
  type EnrollmentFilter,
  type InvitationState,
  invitationState,
  type StudentSort,
} from "../../../domain/student-list";
import type { ComplianceStatus } from "../../../domain/students";
import type { DbOrTx } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { organizations } from "../../db/schema/organizations";
import { placements } from "../../db/schema/placements";
import { studentInvitations, studentPreferences, students, studentUsers } from "../../db/schema/students";
import { type ProgramScope, scopeWhere } from "../../lib/access";
import { invalid, notFound } from "../../lib/errors";
import { likePattern, offsetOf } from "../../lib/pagination";

// A program's roster: the list (filtered, sorted, paginated) and one student with their
// applications. Every query is scoped by the program scope (ADR 011): the coordinator's program, or
// an admin's "all" or named program (D1). A student outside the scope is "not found", never "forbidden".

/** The roster entries a program scope may touch (a coordinator's program, an admin's named one or all). */
export const inScope = (scope: ProgramScope) => scopeWhere(scope, { program: students.programId });

export type StudentFilters = {
  search?: string;
  specialty?: string;
  complianceStatus?: ComplianceStatus;
  enrollment: EnrollmentFilter;
  sort: StudentSort;
  order?: "asc" | "desc";
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 404 for an id that is not even a UUID: same answer as for a student the caller may not see. */
export function assertId(id: string) {
  if (!UUID.test(id)) throw notFound("Student");
}

const iso = (v: Date | string | null | undefined): string | null => (v ? new Date(v).toISOString() : null);

/** The admin's program for a new student, or the coordinator's own (D1); 422 when an admin names none. */
export async function targetProgram(db: DbOrTx, scope: ProgramScope, requested?: string | null): Promise<string> {
  if (scope.kind === "all")
    throw invalid([{ path: "programId", message: "Choose the program the student belongs to" }]);
  const programId = scope.programId;
  if (programId === requested) {
    const [org] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.id, programId), eq(organizations.kind, "program")));
    if (!org) throw invalid([{ path: "programId", message: "Unknown program" }]);
  }
  return programId;
}

/** One roster row with its application counts and invitation state, in a single statement (no N+1). */
function rosterSelect(db: DbOrTx) {
  const counts = db
    .select({
      pending: sql<number>`count(*) filter (where ${applications.status} = 'pending')`.mapWith(Number).as("n_pending"),
      approved: sql<number>`count(*) filter (where ${applications.status} = 'approved')`
        .mapWith(Number)
        .as("n_approved"),
      rejected: sql<number>`count(*) filter (where ${applications.status} = 'rejected')`
        .mapWith(Number)
        .as("n_rejected"),
      withdrawn: sql<number>`count(*) filter (where ${applications.status} = 'withdrawn')`
        .mapWith(Number)
        .as("n_withdrawn"),
      total: sql<number>`count(*)`.mapWith(Number).as("n_total"),
    })
    .from(applications)
    .where(eq(applications.studentId, students.id))
    .as("app_counts");
  const latestInvitation = db
    .select({
      sentAt: studentInvitations.createdAt,
      expiresAt: studentInvitations.expiresAt,
      acceptedAt: studentInvitations.acceptedAt,
    })
    .from(studentInvitations)
    .where(eq(studentInvitations.studentId, students.id))
    .orderBy(desc(studentInvitations.createdAt))
    .limit(1)
    .as("latest_invitation");
  return db
    .select({
      id: students.id,
      programId: students.programId,
      programName: organizations.name,
      firstName: students.firstName,
      lastName: students.lastName,
      email: students.email,
      phone: students.phone,
      gpa: students.gpa,
      specialtyInterest: students.specialtyInterest,
      complianceStatus: students.complianceStatus,
      enrollmentStatus: students.enrollmentStatus,
      withdrawnAt: students.withdrawnAt,
      createdAt: students.createdAt,
      updatedAt: students.updatedAt,
      accountUserId: studentUsers.userId,
      nPending: counts.pending,
      nApproved: counts.approved,
      nRejected: counts.rejected,
      nWithdrawn: counts.withdrawn,
      nTotal: counts.total,
      invSentAt: latestInvitation.sentAt,
      invExpiresAt: latestInvitation.expiresAt,
      invAcceptedAt: latestInvitation.acceptedAt,
    })
    .from(students)
    .innerJoin(organizations, eq(organizations.id, students.programId))
    .leftJoin(studentUsers, eq(studentUsers.studentId, students.id))
    .leftJoinLateral(counts, sql`true`)
    .leftJoinLateral(latestInvitation, sql`true`);
}

type RosterRow = Awaited<ReturnType<typeof rosterSelect>>[number];

function toItem(r: RosterRow, now = new Date()) {
  const state: InvitationState = invitationState(
    r.accountUserId !== null,
    r.invExpiresAt ? { expiresAt: r.invExpiresAt, acceptedAt: r.invAcceptedAt } : null,
    now,
  );
  return {
    id: r.id,
    programId: r.programId,
    programName: r.programName,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    gpa: r.gpa === null ? null : Number(r.gpa),
    specialtyInterest: r.specialtyInterest,
    complianceStatus: r.complianceStatus,
    enrollmentStatus: r.enrollmentStatus,
    withdrawnAt: iso(r.withdrawnAt),
    createdAt: iso(r.createdAt) as string,
    updatedAt: iso(r.updatedAt) as string,
    applications: {
      pending: r.nPending ?? 0,
      approved: r.nApproved ?? 0,
      rejected: r.nRejected ?? 0,
      withdrawn: r.nWithdrawn ?? 0,
      total: r.nTotal ?? 0,
    },
    invitation: { state, sentAt: iso(r.invSentAt), expiresAt: iso(r.invExpiresAt) },
  };
}
export type StudentItem = ReturnType<typeof toItem>;

function filtersWhere(scope: ProgramScope, f: Omit<StudentFilters, "sort" | "order">): SQL | undefined {
  const term = f.search ? likePattern(f.search) : null;
  return and(
    inScope(scope),
    f.enrollment === "all" ? undefined : eq(students.enrollmentStatus, f.enrollment),
    f.specialty ? eq(students.specialtyInterest, f.specialty) : undefined,
    f.complianceStatus ? eq(students.complianceStatus, f.complianceStatus) : undefined,
    term
      ? or(
          ilike(students.firstName, term),
          ilike(students.lastName, term),
          ilike(students.email, term),
          ilike(sql`${students.firstName} || ' ' || ${students.lastName}`, term),
        )
      : undefined,
  );
}

function orderOf(f: Pick<StudentFilters, "sort" | "order">): SQL[] {
  const order = f.order ?? DEFAULT_SORT_ORDER[f.sort];
  const dir = order === "asc" ? asc : desc;
  const byName = [asc(sql`lower(${students.lastName})`), asc(sql`lower(${students.firstName})`), asc(students.id)];
  switch (f.sort) {
    case "name":
      return [dir(sql`lower(${students.lastName})`), dir(sql`lower(${students.firstName})`), dir(students.id)];
    case "createdAt":
      return [dir(students.createdAt), ...byName];
    case "gpa":
      return [order === "asc" ? sql`${students.gpa} asc nulls last` : sql`${students.gpa} desc nulls last`, ...byName];
    case "complianceStatus":
      return [dir(sql`${students.complianceStatus}::text`), ...byName];
  }
}

export async function listStudents(
  db: DbOrTx,
  scope: ProgramScope,
  q: StudentFilters & { page: number; pageSize: number },
) {
  const where = filtersWhere(scope, q);
  // The page's ids first (on the students table and its indexes alone), then their counts and
  // invitations for those rows only: three statements per page, whatever the roster's size.
  const [pageIds, [total]] = await Promise.all([
    db
      .select({ id: students.id })
      .from(students)
      .where(where)
      .orderBy(...orderOf(q))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(students).where(where),
  ]);
  const ids = pageIds.map((r) => r.id);
  const rows = ids.length > 0 ? await rosterSelect(db).where(inArray(students.id, ids)) : [];
  const position = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  const now = new Date();
  return { items: rows.map((r) => toItem(r, now)), total: total.n, page: q.page, pageSize: q.pageSize };
}

/** Every student matching the filters (D13: no cap), in the list's order: the CSV export's rows. */
export async function allStudents(db: DbOrTx, scope: ProgramScope, f: StudentFilters) {
  const rows = await rosterSelect(db)
    .where(filtersWhere(scope, f))
    .orderBy(...orderOf(f));
  const now = new Date();
  return rows.map((r) => toItem(r, now));
}

/** One student in scope, or 404. */
export async function getStudentItem(db: DbOrTx, scope: ProgramScope, id: string): Promise<StudentItem> {
  assertId(id);
  const [row] = await rosterSelect(db).where(and(eq(students.id, id), inScope(scope)));
  if (!row) throw notFound("Student");
  return toItem(row);
}

/** The student, statistics (applications by status, one grouped query) and their applications. */
export async function getStudentDetail(db: DbOrTx, scope: ProgramScope, id: string) {
  const student = await getStudentItem(db, scope, id);
  const [grouped, apps, accommodation] = await Promise.all([
    db
      .select({ status: applications.status, n: count() })
      .from(applications)
      .where(eq(applications.studentId, id))
      .groupBy(applications.status),
    db
      .select({
        id: applications.id,
        placementId: applications.placementId,
        placementTitle: placements.title,
        specialty: placements.specialty,
        facilityName: organizations.name,
        facilityCity: organizations.city,
        facilityState: organizations.state,
        startDate: placements.startDate,
        endDate: placements.endDate,
        status: applications.status,
        notes: applications.notes,
        submittedAt: applications.submittedAt,
        reviewedAt: applications.reviewedAt,
      })
      .from(applications)
      .innerJoin(placements, eq(placements.id, applications.placementId))
      .innerJoin(organizations, eq(organizations.id, placements.facilityId))
      .where(eq(applications.studentId, id))
      .orderBy(desc(applications.submittedAt)),
    // The student's accommodation requests: visible to the student and their program only.
    db
      .select({ requests: studentPreferences.accommodationRequests })
      .from(studentUsers)
      .innerJoin(studentPreferences, eq(studentPreferences.userId, studentUsers.userId))
      .where(eq(studentUsers.studentId, id))
      .limit(1),
  ]);
  const statistics = { pending: 0, approved: 0, rejected: 0, withdrawn: 0, total: 0 };
  for (const g of grouped) {
    statistics[g.status] = g.n;
    statistics.total += g.n;
  }
  return {
    student: { ...student, applications: statistics },
    statistics,
    accommodationRequests: accommodation[0]?.requests ?? null,
    applications: apps.map((a) => ({
      ...a,
      submittedAt: iso(a.submittedAt) as string,
      reviewedAt: iso(a.reviewedAt),
    })),
  };
}
