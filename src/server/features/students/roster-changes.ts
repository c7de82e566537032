import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import { rotationPhase } from "../../../domain/applications";
import type { StudentValues } from "../../../domain/students";
import type { DbOrTx } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { placements } from "../../db/schema/placements";
import { students } from "../../db/schema/students";
import type { ProgramScope } from "../../lib/access";
import type { Deps } from "../../lib/context";
import { conflict, notFound } from "../../lib/errors";
import { isUniqueViolation } from "../../lib/pg-errors";
import { withdrawnDetails } from "../applications/withdraw";
import { mailWithdrawals, publishWithdrawals } from "../applications/withdrawal-notices";
import { lockPlacement, releaseSlot } from "../placements/slots";
import { assertId, getStudentItem, inScope } from "./roster";

// Changing a program's roster one student at a time: add, edit, remove (only without
// applications), withdraw (history kept, open applications withdrawn) and reinstate. Scoped as the
// roster's queries: a student outside the scope is "not found".

export const DUPLICATE_EMAIL = "A student with this email is already in your program";
export const HAS_APPLICATIONS =
  "This student has applications, so they can't be removed. Withdraw them from the roster instead: their history is kept.";
const EMAIL_UNIQUE_INDEX = "students_program_email_uq";

async function assertEmailFree(db: DbOrTx, programId: string, email: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: students.id })
    .from(students)
    .where(
      and(
        eq(students.programId, programId),
        eq(sql`lower(${students.email})`, email.toLowerCase()),
        exceptId ? ne(students.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw conflict(DUPLICATE_EMAIL);
}

/** The unique index decides when two requests race: the loser gets the same 409. */
async function mapDuplicate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, EMAIL_UNIQUE_INDEX)) throw conflict(DUPLICATE_EMAIL);
    throw err;
  }
}

/** A new roster entry; compliance starts 'pending' (spec section 4). */
export async function createStudent(db: DbOrTx, programId: string, input: StudentValues) {
  await assertEmailFree(db, programId, input.email);
  const [created] = await mapDuplicate(() =>
    db
      .insert(students)
      .values({ programId, ...input, complianceStatus: "pending" })
      .returning({ id: students.id }),
  );
  return getStudentItem(db, { kind: "program", programId }, created.id);
}

export async function updateStudent(db: DbOrTx, scope: ProgramScope, id: string, patch: Partial<StudentValues>) {
  const current = await getStudentItem(db, scope, id);
  if (patch.email !== undefined && patch.email.toLowerCase() !== current.email.toLowerCase()) {
    await assertEmailFree(db, current.programId, patch.email, id);
  }
  const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  await mapDuplicate(() =>
    db
      .update(students)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(students.id, id)),
  );
  return getStudentItem(db, scope, id);
}

/**
 * Removes a student who has no applications. The row lock makes this safe against an application
 * being submitted at the same moment (its foreign key check holds a share lock on the student).
 */
export async function deleteStudent(db: DbOrTx, scope: ProgramScope, id: string) {
  assertId(id);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.id, id), inScope(scope)))
      .for("update");
    if (!row) throw notFound("Student");
    const [apps] = await tx.select({ n: count() }).from(applications).where(eq(applications.studentId, id));
    if (apps.n > 0) throw conflict(HAS_APPLICATIONS);
    await tx.delete(students).where(eq(students.id, id));
  });
  return { id, deleted: true as const };
}

/**
 * Withdraw a student from the roster (issue 9), in one transaction: the student's row is updated
 * (its lock makes a facility's approval of this student wait, then refuse), their pending
 * applications are withdrawn, and so are their approved ones whose rotation has not started (each
 * seat freed, its placement locked first as every slot change does, D8). Approved rotations under
 * way or ended are kept (history; the program may still withdraw one under way). Each facility
 * concerned hears of it: its coordinators by mail, and live events for everyone's open pages.
 * Repeating it is harmless.
 */
export async function withdrawStudent(deps: Deps, scope: ProgramScope, id: string) {
  assertId(id);
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(students)
      .set({
        enrollmentStatus: "withdrawn",
        withdrawnAt: sql`coalesce(${students.withdrawnAt}, now())`,
        updatedAt: new Date(),
      })
      .where(and(eq(students.id, id), inScope(scope)))
      .returning({ id: students.id });
    if (updated.length === 0) throw notFound("Student");
    const open = await tx
      .select({
        id: applications.id,
        placementId: applications.placementId,
        status: applications.status,
        startDate: placements.startDate,
        endDate: placements.endDate,
        today: sql<string>`to_char(current_date, 'YYYY-MM-DD')`,
      })
      .from(applications)
      .innerJoin(placements, eq(placements.id, applications.placementId))
      .where(and(eq(applications.studentId, id), inArray(applications.status, ["pending", "approved"])));
    const targets = open.filter(
      (a) => a.status === "pending" || rotationPhase(a.startDate, a.endDate, a.today) === "upcoming",
    );
    if (targets.length === 0) return;
    const seats = [...new Set(targets.filter((a) => a.status === "approved").map((a) => a.placementId))].sort();
    for (const placementId of seats) await lockPlacement(tx, placementId);
    const locked = await tx
      .select({ id: applications.id, placementId: applications.placementId, status: applications.status })
      .from(applications)
      .where(
        inArray(
          applications.id,
          targets.map((a) => a.id),
        ),
      )
      .for("update");
    const withdrawn: { id: string; previousStatus: "pending" | "approved"; leftEarly: boolean }[] = [];
    for (const a of locked) {
      if (a.status === "pending") withdrawn.push({ id: a.id, previousStatus: "pending", leftEarly: false });
      else if (a.status === "approved" && seats.includes(a.placementId)) {
        await releaseSlot(tx, a.placementId);
        withdrawn.push({ id: a.id, previousStatus: "approved", leftEarly: false });
      }
    }
    if (withdrawn.length === 0) return;
    await tx
      .update(applications)
      .set({ status: "withdrawn", withdrawnAt: new Date() })
      .where(
        inArray(
          applications.id,
          withdrawn.map((w) => w.id),
        ),
      );
    const details = await withdrawnDetails(tx, withdrawn);
    await publishWithdrawals(deps, tx, details);
    await mailWithdrawals(deps, tx, details, "roster"); // queued: sent once this commits (ADR 015)
  });
  return getStudentItem(deps.db, scope, id);
}

/** Withdraw from the roster (history kept) or reinstate. Repeating either is harmless. */
export async function setEnrollment(db: DbOrTx, scope: ProgramScope, id: string, status: "active" | "withdrawn") {
  assertId(id);
  const updated = await db
    .update(students)
    .set({
      enrollmentStatus: status,
      withdrawnAt: status === "withdrawn" ? sql`coalesce(${students.withdrawnAt}, now())` : null,
      updatedAt: new Date(),
    })
    .where(and(eq(students.id, id), inScope(scope)))
    .returning({ id: students.id });
  if (updated.length === 0) throw notFound("Student");
  return getStudentItem(db, scope, id);
}
