import { type AnyColumn, and, asc, count, desc, eq, gte, isNotNull, lte, ne, type SQL, sql } from "drizzle-orm";
import {
  complianceRate,
  FACILITY_REVIEW_QUEUE,
  placedSplit,
  placementRate,
  RECENT_APPLICATIONS,
  TOP_SPECIALTIES,
  UPCOMING_PLACEMENTS,
  UPCOMING_WINDOW_DAYS,
  utilization,
} from "../../../domain/dashboard";
import type { Db } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { organizations } from "../../db/schema/organizations";
import { departments, placements } from "../../db/schema/placements";
import { students } from "../../db/schema/students";
import {
  type FacilityScope,
  namedOrganization,
  type ProgramScope,
  type StudentScope,
  scopeWhere,
} from "../../lib/access";
import { notFound } from "../../lib/errors";
import { departmentCapacity } from "../departments/service";

// Dashboard figures, computed in SQL from live data (D9): aggregates, never a loop over rows.

/** How many things happened in the last 30 days, and in the 30 days before. */
export type Trend = { last30Days: number; previous30Days: number };

const TREND_DAYS = 30;
const daysAgo = (days: number) => sql.raw(`now() - interval '${Math.trunc(days)} days'`);
/** From `fromDaysAgo` days ago (inclusive) up to `toDaysAgo` days ago (exclusive). */
const inWindow = (column: AnyColumn, fromDaysAgo: number, toDaysAgo: number) =>
  sql`${column} >= ${daysAgo(fromDaysAgo)} and ${column} < ${daysAgo(toDaysAgo)}`;
const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;

/**
 * The program dashboard (spec sections 2 and 9). `programId` null: every program (an admin who
 * did not pick one).
 */
export async function programDashboard(db: Db, scope: ProgramScope) {
  const programId = namedOrganization(scope);
  const ofProgram = scopeWhere(scope, { program: students.programId });
  const appsOfProgram = scopeWhere(scope, { program: applications.programId });
  const active = eq(students.enrollmentStatus, "active");

  const [studentFigures, applicationFigures, recent, upcoming, specialties] = await Promise.all([
    db
      .select({
        total: countWhere(sql`${students.enrollmentStatus} = 'active'`),
        compliant: countWhere(
          sql`${students.enrollmentStatus} = 'active' and ${students.complianceStatus} = 'compliant'`,
        ),
        // Placed: active students with at least one approved rotation (each student counted once).
        placed: countWhere(
          sql`${students.enrollmentStatus} = 'active' and exists (select 1 from ${applications} where ${applications.studentId} = ${students.id} and ${applications.status} = 'approved')`,
        ),
        addedLast30: countWhere(
          sql`${students.enrollmentStatus} = 'active' and ${inWindow(students.createdAt, TREND_DAYS, 0)}`,
        ),
        addedPrevious30: countWhere(
          sql`${students.enrollmentStatus} = 'active' and ${inWindow(students.createdAt, 2 * TREND_DAYS, TREND_DAYS)}`,
        ),
      })
      .from(students)
      .where(ofProgram),
    db
      .select({
        pending: countWhere(sql`${applications.status} = 'pending'`),
        approved: countWhere(sql`${applications.status} = 'approved'`),
        submittedLast30: countWhere(inWindow(applications.submittedAt, TREND_DAYS, 0)),
        submittedPrevious30: countWhere(inWindow(applications.submittedAt, 2 * TREND_DAYS, TREND_DAYS)),
        approvedLast30: countWhere(
          sql`${applications.status} = 'approved' and ${inWindow(applications.reviewedAt, TREND_DAYS, 0)}`,
        ),
        approvedPrevious30: countWhere(
          sql`${applications.status} = 'approved' and ${inWindow(applications.reviewedAt, 2 * TREND_DAYS, TREND_DAYS)}`,
        ),
      })
      .from(applications)
      .where(appsOfProgram),
    db
      .select({
        id: applications.id,
        status: applications.status,
        submittedAt: applications.submittedAt,
        firstName: students.firstName,
        lastName: students.lastName,
        placementTitle: placements.title,
        specialty: placements.specialty,
        facilityName: organizations.name,
      })
      .from(applications)
      .innerJoin(students, eq(students.id, applications.studentId))
      .innerJoin(placements, eq(placements.id, applications.placementId))
      .innerJoin(organizations, eq(organizations.id, placements.facilityId))
      .where(appsOfProgram)
      .orderBy(desc(applications.submittedAt), desc(applications.id))
      .limit(RECENT_APPLICATIONS),
    db
      .select({
        applicationId: applications.id,
        firstName: students.firstName,
        lastName: students.lastName,
        placementId: placements.id,
        placementTitle: placements.title,
        specialty: placements.specialty,
        startDate: placements.startDate,
        endDate: placements.endDate,
        facilityName: organizations.name,
        facilityCity: organizations.city,
        facilityState: organizations.state,
      })
      .from(applications)
      .innerJoin(students, eq(students.id, applications.studentId))
      .innerJoin(placements, eq(placements.id, applications.placementId))
      .innerJoin(organizations, eq(organizations.id, placements.facilityId))
      .where(
        and(
          appsOfProgram,
          eq(applications.status, "approved"),
          gte(placements.startDate, sql`current_date`),
          lte(placements.startDate, sql`current_date + ${UPCOMING_WINDOW_DAYS}::int`),
        ),
      )
      .orderBy(asc(placements.startDate), asc(students.lastName), asc(applications.id))
      .limit(UPCOMING_PLACEMENTS),
    db
      .select({ specialty: sql<string>`${students.specialtyInterest}`, students: count() })
      .from(students)
      .where(and(ofProgram, active, isNotNull(students.specialtyInterest), ne(students.specialtyInterest, "")))
      .groupBy(students.specialtyInterest)
      .orderBy(desc(count()), asc(students.specialtyInterest))
      .limit(TOP_SPECIALTIES),
  ]);

  const s = studentFigures[0];
  const a = applicationFigures[0];
  const name = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`;
  return {
    programId,
    stats: {
      totalStudents: { value: s.total, trend: { last30Days: s.addedLast30, previous30Days: s.addedPrevious30 } },
      activeApplications: {
        value: a.pending,
        trend: { last30Days: a.submittedLast30, previous30Days: a.submittedPrevious30 },
      },
      approvedPlacements: {
        value: a.approved,
        trend: { last30Days: a.approvedLast30, previous30Days: a.approvedPrevious30 },
      },
      placedStudents: s.placed,
      placementRate: placementRate(s.placed, s.total),
      complianceRate: complianceRate(s.compliant, s.total),
      compliantStudents: s.compliant,
    },
    recentApplications: recent.map((r) => ({
      id: r.id,
      status: r.status,
      submittedAt: r.submittedAt.toISOString(),
      studentName: name(r),
      placementTitle: r.placementTitle,
      specialty: r.specialty,
      facilityName: r.facilityName,
    })),
    upcomingPlacements: upcoming.map((r) => ({
      applicationId: r.applicationId,
      studentName: name(r),
      placementId: r.placementId,
      placementTitle: r.placementTitle,
      specialty: r.specialty,
      startDate: r.startDate,
      endDate: r.endDate,
      facility: { name: r.facilityName, city: r.facilityCity, state: r.facilityState },
    })),
    topSpecialties: specialties.map((r) => ({ specialty: r.specialty, students: Number(r.students) })),
  };
}
export type ProgramDashboard = Awaited<ReturnType<typeof programDashboard>>;

/**
 * The facility dashboard (spec sections 2 and 9, issue 4). `facilityId` null: every facility (an
 * admin who did not pick one). Utilization = total slots_filled / total capacity of ACTIVE
 * placements, rounded percent (utilization() in src/domain); the sums come from SQL.
 */
export async function facilityDashboard(db: Db, scope: FacilityScope) {
  const facilityId = namedOrganization(scope);
  const ofFacility = scopeWhere(scope, { facility: placements.facilityId });
  const approvedAndNotOver = sql`${applications.status} = 'approved' and ${placements.endDate} >= current_date`;

  const [placementFigures, applicationFigures, queue, departmentRows] = await Promise.all([
    db
      .select({
        active: countWhere(sql`${placements.status} = 'active'`),
        draft: countWhere(sql`${placements.status} = 'draft'`),
        closed: countWhere(sql`${placements.status} = 'closed'`),
        slotsFilled: sql<number>`coalesce(sum(${placements.slotsFilled}) filter (where ${placements.status} = 'active'), 0)::int`,
        capacity: sql<number>`coalesce(sum(${placements.capacity}) filter (where ${placements.status} = 'active'), 0)::int`,
        createdLast30: countWhere(inWindow(placements.createdAt, TREND_DAYS, 0)),
        createdPrevious30: countWhere(inWindow(placements.createdAt, 2 * TREND_DAYS, TREND_DAYS)),
      })
      .from(placements)
      .where(ofFacility),
    db
      .select({
        pending: countWhere(sql`${applications.status} = 'pending'`),
        approved: countWhere(sql`${applications.status} = 'approved'`),
        rejected: countWhere(sql`${applications.status} = 'rejected'`),
        withdrawn: countWhere(sql`${applications.status} = 'withdrawn'`),
        receivedLast30: countWhere(inWindow(applications.submittedAt, TREND_DAYS, 0)),
        receivedPrevious30: countWhere(inWindow(applications.submittedAt, 2 * TREND_DAYS, TREND_DAYS)),
        approvedLast30: countWhere(
          sql`${applications.status} = 'approved' and ${inWindow(applications.reviewedAt, TREND_DAYS, 0)}`,
        ),
        approvedPrevious30: countWhere(
          sql`${applications.status} = 'approved' and ${inWindow(applications.reviewedAt, 2 * TREND_DAYS, TREND_DAYS)}`,
        ),
        // Placed students: distinct students approved here whose rotation is under way or still to
        // come; "current" those with one under way today, the others upcoming (placedSplit()).
        // Rotations: the approved applications behind them, the rows the placed-students list shows.
        placedStudents: sql<number>`(count(distinct ${applications.studentId}) filter (where ${approvedAndNotOver}))::int`,
        placedCurrent: sql<number>`(count(distinct ${applications.studentId}) filter (where ${approvedAndNotOver} and ${placements.startDate} <= current_date))::int`,
        placedRotations: countWhere(approvedAndNotOver),
      })
      .from(applications)
      .innerJoin(placements, eq(placements.id, applications.placementId))
      .where(ofFacility),
    db
      .select({
        id: applications.id,
        submittedAt: applications.submittedAt,
        notes: applications.notes,
        firstName: students.firstName,
        lastName: students.lastName,
        gpa: students.gpa,
        programName: organizations.name,
        placementId: placements.id,
        placementTitle: placements.title,
        specialty: placements.specialty,
        startDate: placements.startDate,
        departmentName: departments.name,
      })
      .from(applications)
      .innerJoin(students, eq(students.id, applications.studentId))
      .innerJoin(placements, eq(placements.id, applications.placementId))
      .innerJoin(organizations, eq(organizations.id, applications.programId))
      .leftJoin(departments, eq(departments.id, placements.departmentId))
      .where(and(ofFacility, eq(applications.status, "pending")))
      .orderBy(desc(applications.submittedAt), desc(applications.id))
      .limit(FACILITY_REVIEW_QUEUE),
    departmentCapacity(db, scope),
  ]);

  const p = placementFigures[0];
  const a = applicationFigures[0];
  return {
    facilityId,
    stats: {
      activePlacements: {
        value: p.active,
        trend: { last30Days: p.createdLast30, previous30Days: p.createdPrevious30 },
      },
      pendingApplications: {
        value: a.pending,
        trend: { last30Days: a.receivedLast30, previous30Days: a.receivedPrevious30 },
      },
      placedStudents: {
        ...placedSplit(a.placedStudents, a.placedCurrent),
        rotations: a.placedRotations,
        trend: { last30Days: a.approvedLast30, previous30Days: a.approvedPrevious30 },
      },
      utilization: { value: utilization(p.slotsFilled, p.capacity), slotsFilled: p.slotsFilled, capacity: p.capacity },
    },
    placementCounts: { active: p.active, draft: p.draft, closed: p.closed },
    statusCounts: { pending: a.pending, approved: a.approved, rejected: a.rejected, withdrawn: a.withdrawn },
    departments: departmentRows.map((d) => ({
      id: d.id,
      name: d.name,
      specialty: d.specialty,
      facilityName: d.facilityName,
      capacity: d.capacity,
      filled: d.filled,
      available: d.available,
    })),
    reviewQueue: queue.map((r) => ({
      id: r.id,
      submittedAt: r.submittedAt.toISOString(),
      notes: r.notes,
      studentName: `${r.firstName} ${r.lastName}`,
      gpa: r.gpa === null ? null : Number(r.gpa),
      programName: r.programName,
      placementId: r.placementId,
      placementTitle: r.placementTitle,
      specialty: r.specialty,
      startDate: r.startDate,
      departmentName: r.departmentName,
    })),
  };
}
export type FacilityDashboard = Awaited<ReturnType<typeof facilityDashboard>>;

// ---------------------------------------------------------------------------------------------
// The student's dashboard

const today = () => sql`current_date`;

const RECENT_STUDENT_APPLICATIONS = 5;
const UPCOMING_STUDENT_EVENTS = 5;

/** Tiles, recent applications and upcoming rotation starts, all from live data (D9). */
export async function studentDashboard(db: Db, scope: StudentScope) {
  const ofStudent = scopeWhere(scope, { student: applications.studentId });
  const [[student], [figures], recent, upcoming] = await Promise.all([
    db
      .select({
        firstName: students.firstName,
        lastName: students.lastName,
        complianceStatus: students.complianceStatus,
        programName: organizations.name,
      })
      .from(students)
      .innerJoin(organizations, eq(organizations.id, students.programId))
      .where(scopeWhere(scope, { student: students.id })),
    db
      .select({
        underReview: sql<number>`(count(*) filter (where ${applications.status} = 'pending'))::int`,
        upcomingRotations: sql<number>`(count(*) filter (where ${applications.status} = 'approved' and ${placements.startDate} >= ${today()}))::int`,
        total: sql<number>`count(*)::int`,
      })
      .from(applications)
      .innerJoin(placements, eq(placements.id, applications.placementId))
      .where(ofStudent),
    db
      .select({
        id: applications.id,
        status: applications.status,
        submittedAt: applications.submittedAt,
        placementTitle: placements.title,
        specialty: placements.specialty,
        facilityName: organizations.name,
      })
      .from(applications)
      .innerJoin(placements, eq(placements.id, applications.placementId))
      .innerJoin(organizations, eq(organizations.id, placements.facilityId))
      .where(ofStudent)
      .orderBy(desc(applications.submittedAt), desc(applications.id))
      .limit(RECENT_STUDENT_APPLICATIONS),
    db
      .select({
        applicationId: applications.id,
        placementTitle: placements.title,
        startDate: placements.startDate,
        endDate: placements.endDate,
        facilityName: organizations.name,
        facilityCity: organizations.city,
        facilityState: organizations.state,
      })
      .from(applications)
      .innerJoin(placements, eq(placements.id, applications.placementId))
      .innerJoin(organizations, eq(organizations.id, placements.facilityId))
      .where(and(ofStudent, eq(applications.status, "approved"), gte(placements.startDate, today())))
      .orderBy(asc(placements.startDate), asc(applications.id))
      .limit(UPCOMING_STUDENT_EVENTS),
  ]);
  if (!student) throw notFound("Student");
  return {
    student: {
      firstName: student.firstName,
      lastName: student.lastName,
      programName: student.programName,
      complianceStatus: student.complianceStatus,
    },
    stats: {
      underReview: figures?.underReview ?? 0,
      upcomingRotations: figures?.upcomingRotations ?? 0,
      totalApplications: figures?.total ?? 0,
    },
    recentApplications: recent.map((a) => ({ ...a, submittedAt: a.submittedAt.toISOString() })),
    upcomingEvents: upcoming.map((u) => ({
      kind: "rotation_start" as const,
      applicationId: u.applicationId,
      placementTitle: u.placementTitle,
      date: u.startDate,
      endDate: u.endDate,
      facility: { name: u.facilityName, city: u.facilityCity, state: u.facilityState },
    })),
  };
}
