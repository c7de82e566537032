import { and, asc, count, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { type RefusalCode, withdrawalFlags } from "../../../domain/applications";
import type { Experience, Preferences } from "../../../domain/student-profile";
import { EMPTY_PREFERENCES } from "../../../domain/student-profile";
import type { Db } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { organizations } from "../../db/schema/organizations";
import { placements } from "../../db/schema/placements";
import { studentExperiences } from "../../db/schema/student-accounts";
import { studentPreferences, students, studentUsers } from "../../db/schema/students";
import { type Scope, studentScope } from "../../lib/access";
import type { Deps, Viewer } from "../../lib/context";
import { notFound, refused } from "../../lib/errors";
import { offsetOf } from "../../lib/pagination";
import { submitStudentApplication, withdrawStudentApplication } from "../applications/service";
import { type OpenPlacementQuery, searchOpenPlacements } from "../placements/service";

// The signed-in student's own pages (spec section 2). Every query is scoped to the roster entry
// linked to the session (viewer.studentId), never to an id from the browser (D1): another
// student's records are "not found".

/** The caller's roster entry, from the guard's scope (ADR 011); without one (an admin) a clear 404. */
export const ownStudentId = (scope: Scope): string => studentScope(scope).studentId;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const today = () => sql`current_date`;

// ---------------------------------------------------------------------------------------------
// Dashboard

export const RECENT_STUDENT_APPLICATIONS = 5;
export const UPCOMING_STUDENT_EVENTS = 5;

/** Tiles, recent applications and upcoming rotation starts, all from live data (D9). */
export async function studentDashboard(db: Db, studentId: string) {
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
      .where(eq(students.id, studentId)),
    db
      .select({
        underReview: sql<number>`(count(*) filter (where ${applications.status} = 'pending'))::int`,
        upcomingRotations: sql<number>`(count(*) filter (where ${applications.status} = 'approved' and ${placements.startDate} >= ${today()}))::int`,
        total: sql<number>`count(*)::int`,
      })
      .from(applications)
      .innerJoin(placements, eq(placements.id, applications.placementId))
      .where(eq(applications.studentId, studentId)),
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
      .where(eq(applications.studentId, studentId))
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
      .where(
        and(
          eq(applications.studentId, studentId),
          eq(applications.status, "approved"),
          gte(placements.startDate, today()),
        ),
      )
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

// ---------------------------------------------------------------------------------------------
// Browse and apply

/** Open placements (the program search's rules), each with the student's own application, if any. */
export async function browsePlacements(db: Db, studentId: string, q: OpenPlacementQuery) {
  const page = await searchOpenPlacements(db, { ...q, includeFull: false });
  const ids = page.items.map((p) => p.id);
  const mine =
    ids.length > 0
      ? await db
          .select({ id: applications.id, placementId: applications.placementId, status: applications.status })
          .from(applications)
          .where(and(eq(applications.studentId, studentId), inArray(applications.placementId, ids)))
      : [];
  // A withdrawn application does not count as "Applied": the student may apply again (issue 9).
  const byPlacement = new Map(
    mine.filter((a) => a.status !== "withdrawn").map((a) => [a.placementId, { id: a.id, status: a.status }]),
  );
  return { ...page, items: page.items.map((p) => ({ ...p, myApplication: byPlacement.get(p.id) ?? null })) };
}

const REFUSAL_MESSAGE: Partial<Record<RefusalCode, string>> = {
  already_applied: "You already applied to this placement",
  student_withdrawn: "You are withdrawn from your program's roster: ask your program coordinator",
};

/** One application of the student to one placement; the server refuses a second one (409). */
export async function applyToPlacement(
  deps: Deps,
  viewer: Viewer,
  studentId: string,
  input: { placementId: string; notes: string | null },
) {
  const result = await submitStudentApplication(deps, viewer, studentId, input);
  const [submitted] = result.submitted;
  if (submitted) {
    return {
      id: submitted.id,
      status: submitted.status,
      submittedAt: submitted.submittedAt,
      placement: result.placement,
    };
  }
  const [refusal] = result.refused;
  const code = refusal?.code ?? "already_applied";
  // The refusal's code and status are the program route's (one table: ADR 003).
  throw refused(code, REFUSAL_MESSAGE[code] ?? refusal?.reason ?? "Could not submit the application");
}

// ---------------------------------------------------------------------------------------------
// My applications

/** The student's applications, sorted pending, approved, rejected, withdrawn; newest first within each. */
export async function myApplications(db: Db, studentId: string, q: { page: number; pageSize: number }) {
  const where = eq(applications.studentId, studentId);
  const rank = sql`case ${applications.status} when 'pending' then 0 when 'approved' then 1 when 'rejected' then 2 else 3 end`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: applications.id,
        status: applications.status,
        notes: applications.notes,
        notesByStudent: sql<boolean>`exists (select 1 from ${studentUsers} where ${studentUsers.studentId} = ${applications.studentId} and ${studentUsers.userId} = ${applications.submittedBy})`,
        reviewNotes: applications.reviewNotes,
        submittedAt: applications.submittedAt,
        reviewedAt: applications.reviewedAt,
        withdrawnAt: applications.withdrawnAt,
        today: sql<string>`to_char(current_date, 'YYYY-MM-DD')`,
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
      // Issue 9: say whose note it is (the student's own, or the program's when it applied for them).
      notesBy: r.notes === null ? null : r.notesByStudent ? ("student" as const) : ("program" as const),
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

export async function withdrawMyApplication(deps: Deps, studentId: string, id: string) {
  if (!UUID.test(id)) throw notFound("Application");
  return withdrawStudentApplication(deps, studentId, id);
}

// ---------------------------------------------------------------------------------------------
// Profile: academic record (read-only), preferences, experience

const experienceColumns = {
  id: studentExperiences.id,
  kind: studentExperiences.kind,
  organization: studentExperiences.organization,
  title: studentExperiences.title,
  startDate: studentExperiences.startDate,
  endDate: studentExperiences.endDate,
  description: studentExperiences.description,
  createdAt: studentExperiences.createdAt,
  updatedAt: studentExperiences.updatedAt,
};
type ExperienceRow = { createdAt: Date; updatedAt: Date } & Record<string, unknown>;
const experienceOut = <T extends ExperienceRow>(r: T) => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function myProfile(db: Db, viewer: Viewer, studentId: string) {
  const [[academic], [prefs], experiences] = await Promise.all([
    db
      .select({
        firstName: students.firstName,
        lastName: students.lastName,
        email: students.email,
        phone: students.phone,
        gpa: students.gpa,
        specialtyInterest: students.specialtyInterest,
        complianceStatus: students.complianceStatus,
        enrollmentStatus: students.enrollmentStatus,
        programName: organizations.name,
      })
      .from(students)
      .innerJoin(organizations, eq(organizations.id, students.programId))
      .where(eq(students.id, studentId)),
    db.select().from(studentPreferences).where(eq(studentPreferences.userId, viewer.userId)),
    db
      .select(experienceColumns)
      .from(studentExperiences)
      .where(eq(studentExperiences.studentId, studentId))
      .orderBy(desc(studentExperiences.startDate), desc(studentExperiences.createdAt)),
  ]);
  if (!academic) throw notFound("Student");
  return {
    academic: { ...academic, gpa: academic.gpa === null ? null : Number(academic.gpa) },
    preferences: prefs ? preferencesOut(prefs) : { ...EMPTY_PREFERENCES, updatedAt: null },
    experiences: experiences.map(experienceOut),
  };
}

function preferencesOut(p: typeof studentPreferences.$inferSelect) {
  return {
    geographicPreferences: p.geographicPreferences,
    specialtyInterests: p.specialtyInterests,
    scheduleConstraints: p.scheduleConstraints,
    transportationOptions: p.transportationOptions,
    careerGoals: p.careerGoals,
    accommodationRequests: p.accommodationRequests,
    updatedAt: p.updatedAt.toISOString() as string | null,
  };
}

/** Saving creates the row or updates it (spec section 7), in one statement. */
export async function savePreferences(db: Db, viewer: Viewer, input: Preferences) {
  const now = new Date();
  const [row] = await db
    .insert(studentPreferences)
    .values({ userId: viewer.userId, ...input, updatedAt: now })
    .onConflictDoUpdate({ target: studentPreferences.userId, set: { ...input, updatedAt: now } })
    .returning();
  return preferencesOut(row);
}

export async function addExperience(db: Db, studentId: string, input: Experience) {
  const [row] = await db
    .insert(studentExperiences)
    .values({ studentId, ...input })
    .returning(experienceColumns);
  return experienceOut(row);
}

export async function updateExperience(db: Db, studentId: string, id: string, input: Experience) {
  if (!UUID.test(id)) throw notFound("Experience");
  const [row] = await db
    .update(studentExperiences)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(studentExperiences.id, id), eq(studentExperiences.studentId, studentId)))
    .returning(experienceColumns);
  if (!row) throw notFound("Experience");
  return experienceOut(row);
}

export async function deleteExperience(db: Db, studentId: string, id: string) {
  if (!UUID.test(id)) throw notFound("Experience");
  const [row] = await db
    .delete(studentExperiences)
    .where(and(eq(studentExperiences.id, id), eq(studentExperiences.studentId, studentId)))
    .returning({ id: studentExperiences.id });
  if (!row) throw notFound("Experience");
  return { id: row.id, deleted: true as const };
}
