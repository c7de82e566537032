import { and, asc, eq, gte, lte, ne, type SQL, sql } from "drizzle-orm";
import { checkEntry, formatTime, type HourEntryInput, parseTime, plusDays, shiftMinutes } from "../../../domain/hours";
import type { Db, DbOrTx } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { users } from "../../db/schema/auth";
import { organizations } from "../../db/schema/organizations";
import { placements } from "../../db/schema/placements";
import { hourLogs } from "../../db/schema/rotations";
import { type StudentScope, scopeWhere } from "../../lib/access";
import { AppError, conflict, invalid, notFound } from "../../lib/errors";
import { requiredHoursSql } from "./required-hours";

// The student's own hour log (issue 17): the approved rotations with their totals, one rotation's
// entries, and adding, editing and deleting entries while they are not approved. Every write runs
// in one transaction holding the student's advisory lock, so the overlap and 24-hours-a-day rules
// hold under concurrent requests (twenty identical creates leave one entry).

/** The database's today (YYYY-MM-DD), the clock every date rule of the hours reads. */
export async function todayOf(db: DbOrTx): Promise<string> {
  const result = await db.execute(sql`select to_char(current_date, 'YYYY-MM-DD') as today`);
  return (result as unknown as { rows: { today: string }[] }).rows[0].today;
}

/** The entry columns every hours list reads (reviewer's name included). */
export const entryColumns = {
  id: hourLogs.id,
  rotationId: hourLogs.applicationId,
  workDate: hourLogs.workDate,
  startMinute: hourLogs.startMinute,
  minutes: hourLogs.minutes,
  categories: hourLogs.categories,
  reflection: hourLogs.reflection,
  status: hourLogs.status,
  reviewNote: hourLogs.reviewNote,
  reviewedAt: hourLogs.reviewedAt,
  reviewerName: users.name,
  updatedAt: hourLogs.updatedAt,
};
type EntryRow = {
  id: string;
  rotationId: string;
  workDate: string;
  startMinute: number;
  minutes: number;
  categories: string[];
  reflection: string | null;
  status: "submitted" | "approved" | "returned";
  reviewNote: string | null;
  reviewedAt: Date | null;
  reviewerName: string | null;
  updatedAt: Date;
};

/** The API's shape of one entry. */
export function toEntry(r: EntryRow) {
  return {
    id: r.id,
    rotationId: r.rotationId,
    workDate: r.workDate,
    startTime: formatTime(r.startMinute),
    endTime: formatTime(r.startMinute + r.minutes),
    minutes: r.minutes,
    categories: r.categories,
    reflection: r.reflection ?? "",
    status: r.status,
    reviewNote: r.reviewNote,
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    reviewerName: r.reviewerName,
    updatedAt: r.updatedAt.toISOString(),
  };
}
export type HourEntry = ReturnType<typeof toEntry>;

/** Sums of an entry set's minutes by status (for `sum(...) filter (...)` in a grouped select). */
export const minutesWhere = (status?: "submitted" | "approved" | "returned") =>
  status
    ? sql<number>`coalesce(sum(${hourLogs.minutes}) filter (where ${hourLogs.status} = ${status}), 0)::int`
    : sql<number>`coalesce(sum(${hourLogs.minutes}), 0)::int`;

/**
 * The student's approved rotations with their totals: the current one first, then past ones (the
 * latest first: hours are logged after the day), then upcoming ones (nothing to log yet).
 */
export async function myRotations(db: DbOrTx, scope: StudentScope) {
  const phase = sql<"current" | "upcoming" | "past">`(case
    when current_date between ${placements.startDate} and ${placements.endDate} then 'current'
    when ${placements.startDate} > current_date then 'upcoming' else 'past' end)`;
  const rows = await db
    .select({
      id: applications.id,
      title: placements.title,
      specialty: placements.specialty,
      facilityId: organizations.id,
      facilityName: organizations.name,
      startDate: sql<string>`to_char(${placements.startDate}, 'YYYY-MM-DD')`,
      endDate: sql<string>`to_char(${placements.endDate}, 'YYYY-MM-DD')`,
      phase,
      requiredHours: requiredHoursSql(applications.id),
      loggedMinutes: minutesWhere(),
      approvedMinutes: minutesWhere("approved"),
      pendingMinutes: minutesWhere("submitted"),
      returnedMinutes: minutesWhere("returned"),
    })
    .from(applications)
    .innerJoin(placements, eq(placements.id, applications.placementId))
    .innerJoin(organizations, eq(organizations.id, placements.facilityId))
    .leftJoin(hourLogs, eq(hourLogs.applicationId, applications.id))
    .where(and(scopeWhere(scope, { student: applications.studentId }), eq(applications.status, "approved")))
    .groupBy(applications.id, placements.id, organizations.id)
    .orderBy(
      sql`(case ${phase} when 'current' then 0 when 'past' then 1 else 2 end)`,
      sql`case when ${placements.startDate} <= current_date then ${placements.endDate} end desc`,
      asc(placements.startDate),
      asc(applications.id),
    );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    specialty: r.specialty,
    facility: { id: r.facilityId, name: r.facilityName },
    startDate: r.startDate,
    endDate: r.endDate,
    phase: r.phase,
    requiredHours: r.requiredHours === null ? null : Number(r.requiredHours),
    totals: {
      loggedMinutes: r.loggedMinutes,
      approvedMinutes: r.approvedMinutes,
      pendingMinutes: r.pendingMinutes,
      returnedMinutes: r.returnedMinutes,
    },
  }));
}

/** Entries matching `where`, by date and start, with the reviewer's name. */
export const selectEntries = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select(entryColumns)
    .from(hourLogs)
    .leftJoin(users, eq(users.id, hourLogs.reviewedBy))
    .where(where)
    .orderBy(asc(hourLogs.workDate), asc(hourLogs.startMinute), asc(hourLogs.id));

/** The hours page: the rotations, and the entries of the one asked for (else the first: current first). */
export async function myHours(db: Db, scope: StudentScope, q: { rotationId?: string }) {
  const [rotations, today] = await Promise.all([myRotations(db, scope), todayOf(db)]);
  const chosen = q.rotationId ? rotations.find((r) => r.id === q.rotationId) : rotations[0];
  if (q.rotationId && !chosen) throw notFound("Rotation");
  const entries = chosen
    ? await selectEntries(
        db,
        and(scopeWhere(scope, { student: hourLogs.studentId }), eq(hourLogs.applicationId, chosen.id)),
      )
    : [];
  return { today, rotations, rotationId: chosen?.id ?? null, entries: entries.map(toEntry) };
}

/** Holds the student's hour-log lock until the transaction ends (PGlite and PostgreSQL alike). */
async function lockStudent(tx: DbOrTx, studentId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('hour_logs'), hashtext(${studentId}))`);
}

/** The student's approved rotation, or 404 (another student's, not approved, unknown). */
async function myRotation(tx: DbOrTx, scope: StudentScope, rotationId: string) {
  const [row] = await tx
    .select({
      id: applications.id,
      programId: applications.programId,
      facilityId: placements.facilityId,
      startDate: sql<string>`to_char(${placements.startDate}, 'YYYY-MM-DD')`,
      endDate: sql<string>`to_char(${placements.endDate}, 'YYYY-MM-DD')`,
    })
    .from(applications)
    .innerJoin(placements, eq(placements.id, applications.placementId))
    .where(
      and(
        eq(applications.id, rotationId),
        scopeWhere(scope, { student: applications.studentId }),
        eq(applications.status, "approved"),
      ),
    );
  if (!row) throw notFound("Rotation");
  return row;
}

/** Checks the entry's rules against the student's entries around its date; throws 422 or 409. */
async function assertRules(
  tx: DbOrTx,
  scope: StudentScope,
  rotation: { startDate: string; endDate: string },
  entry: { id?: string; workDate: string; startTime: string; endTime: string },
) {
  const today = await todayOf(tx);
  // An entry lasts at most 24 hours, so only the day before and the day after can reach its date.
  const others =
    entry.workDate >= "1900-01-02" && entry.workDate <= "2200-12-30"
      ? await tx
          .select({
            id: hourLogs.id,
            workDate: hourLogs.workDate,
            startMinute: hourLogs.startMinute,
            minutes: hourLogs.minutes,
          })
          .from(hourLogs)
          .where(
            and(
              scopeWhere(scope, { student: hourLogs.studentId }),
              gte(hourLogs.workDate, plusDays(entry.workDate, -1)),
              lte(hourLogs.workDate, plusDays(entry.workDate, 1)),
              entry.id ? ne(hourLogs.id, entry.id) : undefined,
            ),
          )
      : [];
  const issues = checkEntry(entry, { rotation, today, others });
  if (issues.length === 0) return;
  const list = issues.map(({ path, message }) => ({ path, message }));
  if (issues.some((i) => i.conflict)) throw new AppError("conflict", list[0].message, 409, list);
  throw invalid(list, list[0].message);
}

const spanOf = (input: { startTime: string; endTime: string }) => {
  const start = parseTime(input.startTime) ?? 0;
  return { startMinute: start, minutes: shiftMinutes(start, parseTime(input.endTime) ?? 0) };
};

type EntryInput = Required<Pick<HourEntryInput, "workDate" | "startTime" | "endTime" | "categories">> & {
  reflection?: string;
};

async function getMyEntry(db: DbOrTx, scope: StudentScope, id: string) {
  const [row] = await selectEntries(db, and(eq(hourLogs.id, id), scopeWhere(scope, { student: hourLogs.studentId })));
  if (!row) throw notFound("Hour entry");
  return toEntry(row);
}

/** A new entry on one of the student's approved rotations, waiting for review. */
export async function createEntry(db: Db, scope: StudentScope, input: EntryInput & { rotationId: string }) {
  const id = await db.transaction(async (tx) => {
    await lockStudent(tx, scope.studentId);
    const rotation = await myRotation(tx, scope, input.rotationId);
    await assertRules(tx, scope, rotation, input);
    const [row] = await tx
      .insert(hourLogs)
      .values({
        applicationId: rotation.id,
        studentId: scope.studentId,
        programId: rotation.programId,
        facilityId: rotation.facilityId,
        workDate: input.workDate,
        ...spanOf(input),
        categories: [...new Set(input.categories)],
        reflection: input.reflection || null,
      })
      .returning({ id: hourLogs.id });
    return row.id;
  });
  return getMyEntry(db, scope, id);
}

/** The student's entry under the lock, or 404; an approved one is locked (409). */
async function editableEntry(tx: DbOrTx, scope: StudentScope, id: string) {
  const [row] = await tx
    .select({ id: hourLogs.id, status: hourLogs.status, applicationId: hourLogs.applicationId })
    .from(hourLogs)
    .where(and(eq(hourLogs.id, id), scopeWhere(scope, { student: hourLogs.studentId })))
    .for("update");
  if (!row) throw notFound("Hour entry");
  if (row.status === "approved") {
    throw conflict("This entry was approved by your preceptor: it is locked and can no longer be changed");
  }
  return row;
}

/**
 * Edits an entry while it is submitted or returned; it goes back to the reviewer (submitted). The
 * reviewer's earlier note stays on the entry until it is reviewed again.
 */
export async function updateEntry(db: Db, scope: StudentScope, id: string, input: EntryInput) {
  const before = await db.transaction(async (tx) => {
    await lockStudent(tx, scope.studentId);
    const current = await editableEntry(tx, scope, id);
    const was = await getMyEntry(tx, scope, id);
    const rotation = await myRotation(tx, scope, current.applicationId);
    await assertRules(tx, scope, rotation, { ...input, id });
    await tx
      .update(hourLogs)
      .set({
        workDate: input.workDate,
        ...spanOf(input),
        categories: [...new Set(input.categories)],
        reflection: input.reflection || null,
        status: "submitted",
        reviewedBy: null,
        reviewedAt: null,
        updatedAt: new Date(),
      })
      .where(eq(hourLogs.id, id));
    return was;
  });
  return { before, after: await getMyEntry(db, scope, id) };
}

/** Deletes an entry that is not approved. */
export async function deleteEntry(db: Db, scope: StudentScope, id: string) {
  return db.transaction(async (tx) => {
    await editableEntry(tx, scope, id);
    const was = await getMyEntry(tx, scope, id);
    await tx.delete(hourLogs).where(eq(hourLogs.id, id));
    return was;
  });
}
