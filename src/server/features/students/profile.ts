import { and, desc, eq, getTableColumns } from "drizzle-orm";
import type { Experience, Preferences } from "../../../domain/student-profile";
import { EMPTY_PREFERENCES } from "../../../domain/student-profile";
import type { Db } from "../../db/client";
import { organizations } from "../../db/schema/organizations";
import { studentExperiences } from "../../db/schema/student-accounts";
import { studentPreferences, students, studentUsers } from "../../db/schema/students";
import { type StudentScope, scopeWhere } from "../../lib/access";
import type { Viewer } from "../../lib/context";
import { notFound } from "../../lib/errors";

// The student's own profile (spec section 7): the academic record (read-only, from the roster),
// preferences and goals, and clinical, work or volunteer experience. Scoped to the roster entry
// linked to the session (ADR 011), never to an id from the browser (D1): another student's entry
// is "not found". Preferences belong to the account (one row per user).

const ownExperience = (scope: StudentScope) => scopeWhere(scope, { student: studentExperiences.studentId });

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

export async function myProfile(db: Db, scope: StudentScope) {
  const ofStudent = scopeWhere(scope, { student: students.id });
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
      .where(ofStudent),
    // The student's own preferences, through their account (also when an administrator views as them).
    db
      .select(getTableColumns(studentPreferences))
      .from(studentPreferences)
      .innerJoin(studentUsers, eq(studentUsers.userId, studentPreferences.userId))
      .where(eq(studentUsers.studentId, scope.studentId))
      .limit(1),
    db
      .select(experienceColumns)
      .from(studentExperiences)
      .where(scopeWhere(scope, { student: studentExperiences.studentId }))
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

/**
 * Saving creates the row or updates it (spec section 7), in one statement. The preferences are the
 * account's; the StudentScope asks for a linked roster entry all the same (an admin without one: 404).
 */
export async function savePreferences(db: Db, viewer: Viewer, _scope: StudentScope, input: Preferences) {
  const now = new Date();
  const [row] = await db
    .insert(studentPreferences)
    .values({ userId: viewer.userId, ...input, updatedAt: now })
    .onConflictDoUpdate({ target: studentPreferences.userId, set: { ...input, updatedAt: now } })
    .returning();
  return preferencesOut(row);
}

export async function addExperience(db: Db, scope: StudentScope, input: Experience) {
  const [row] = await db
    .insert(studentExperiences)
    .values({ studentId: scope.studentId, ...input })
    .returning(experienceColumns);
  return experienceOut(row);
}

export async function updateExperience(db: Db, scope: StudentScope, id: string, input: Experience) {
  const [row] = await db
    .update(studentExperiences)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(studentExperiences.id, id), ownExperience(scope)))
    .returning(experienceColumns);
  if (!row) throw notFound("Experience");
  return experienceOut(row);
}

export async function deleteExperience(db: Db, scope: StudentScope, id: string) {
  const [row] = await db
    .delete(studentExperiences)
    .where(and(eq(studentExperiences.id, id), ownExperience(scope)))
    .returning({ id: studentExperiences.id });
  if (!row) throw notFound("Experience");
  return { id: row.id, deleted: true as const };
}
