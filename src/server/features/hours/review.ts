import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { dayLabel, formatHours, weekStart } from "../../../domain/hours";
import type { Db, DbOrTx } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { users } from "../../db/schema/auth";
import { organizations } from "../../db/schema/organizations";
import { placements } from "../../db/schema/placements";
import { hourLogs } from "../../db/schema/rotations";
import { students, studentUsers } from "../../db/schema/students";
import type { RotationScope } from "../../lib/access";
import { scopeWhere } from "../../lib/access";
import type { Deps, Viewer } from "../../lib/context";
import { conflict, invalid, notFound } from "../../lib/errors";
import { mailHtml } from "../../lib/mail";
import { likePattern, offsetOf } from "../../lib/pagination";
import { entryColumns, toEntry } from "./entries";

// The review of hour entries (issue 17): a preceptor sees the entries of the rotations assigned to
// them, a facility coordinator their facility's, an administrator all or the facility they name.
// Approving and returning are one UPDATE guarded by the entry's status, so twenty identical
// requests review an entry once; a returned entry mails its student (the job queue).

export type ReviewFilter = {
  status?: "submitted" | "approved" | "returned";
  studentId?: string;
  rotationId?: string;
  search?: string;
};

/** Who may see an entry: scopeWhere on the entry's facility and rotation (ADR 011). */
export const reviewable = (scope: RotationScope): SQL | undefined =>
  scopeWhere(scope, { facility: hourLogs.facilityId, rotation: hourLogs.applicationId });

const studentName = sql<string>`${students.firstName} || ' ' || ${students.lastName}`;

function filterWhere(scope: RotationScope, f: ReviewFilter, withStatus = true): SQL | undefined {
  const term = f.search ? likePattern(f.search) : null;
  return and(
    reviewable(scope),
    withStatus && f.status ? eq(hourLogs.status, f.status) : undefined,
    f.studentId ? eq(hourLogs.studentId, f.studentId) : undefined,
    f.rotationId ? eq(hourLogs.applicationId, f.rotationId) : undefined,
    term ? or(ilike(studentName, term), ilike(students.email, term), ilike(placements.title, term)) : undefined,
  );
}

const reviewSelect = (db: DbOrTx) =>
  db
    .select({
      ...entryColumns,
      studentId: students.id,
      studentName,
      studentEmail: students.email,
      rotationTitle: placements.title,
      rotationStart: sql<string>`to_char(${placements.startDate}, 'YYYY-MM-DD')`,
      rotationEnd: sql<string>`to_char(${placements.endDate}, 'YYYY-MM-DD')`,
      facilityId: organizations.id,
      facilityName: organizations.name,
    })
    .from(hourLogs)
    .innerJoin(students, eq(students.id, hourLogs.studentId))
    .innerJoin(applications, eq(applications.id, hourLogs.applicationId))
    .innerJoin(placements, eq(placements.id, applications.placementId))
    .innerJoin(organizations, eq(organizations.id, hourLogs.facilityId))
    .leftJoin(users, eq(users.id, hourLogs.reviewedBy));

type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewSelect>["where"]>>[number];

function toReviewEntry(r: ReviewRow) {
  return {
    ...toEntry(r),
    weekStart: weekStart(r.workDate),
    student: { id: r.studentId, name: r.studentName, email: r.studentEmail },
    rotation: { id: r.rotationId, title: r.rotationTitle, startDate: r.rotationStart, endDate: r.rotationEnd },
    facility: { id: r.facilityId, name: r.facilityName },
  };
}

/** Grouped by student and week: student, then date, then start. */
const queueOrder = [
  asc(students.lastName),
  asc(students.firstName),
  asc(students.id),
  asc(hourLogs.workDate),
  asc(hourLogs.startMinute),
  asc(hourLogs.id),
];

export async function listForReview(
  db: Db,
  scope: RotationScope,
  q: ReviewFilter & { page: number; pageSize: number },
) {
  const where = filterWhere(scope, q);
  const [rows, [total], counts] = await Promise.all([
    reviewSelect(db)
      .where(where)
      .orderBy(...queueOrder)
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db
      .select({ n: count() })
      .from(hourLogs)
      .innerJoin(students, eq(students.id, hourLogs.studentId))
      .innerJoin(applications, eq(applications.id, hourLogs.applicationId))
      .innerJoin(placements, eq(placements.id, applications.placementId))
      .where(where),
    // The status chips: what the other filters select, by status (one grouped query).
    db
      .select({ status: hourLogs.status, n: sql<number>`count(*)::int` })
      .from(hourLogs)
      .innerJoin(students, eq(students.id, hourLogs.studentId))
      .innerJoin(applications, eq(applications.id, hourLogs.applicationId))
      .innerJoin(placements, eq(placements.id, applications.placementId))
      .where(filterWhere(scope, q, false))
      .groupBy(hourLogs.status),
  ]);
  const byStatus = { submitted: 0, approved: 0, returned: 0 };
  for (const c of counts) byStatus[c.status] = c.n;
  return { items: rows.map(toReviewEntry), total: total.n, page: q.page, pageSize: q.pageSize, byStatus };
}

/** The students and rotations with entries the caller may review (the filters' choices). */
export async function reviewOptions(db: Db, scope: RotationScope) {
  const rows = await db
    .selectDistinct({
      rotationId: applications.id,
      title: placements.title,
      studentId: students.id,
      studentName,
      lastName: students.lastName,
    })
    .from(hourLogs)
    .innerJoin(students, eq(students.id, hourLogs.studentId))
    .innerJoin(applications, eq(applications.id, hourLogs.applicationId))
    .innerJoin(placements, eq(placements.id, applications.placementId))
    .where(reviewable(scope))
    .orderBy(asc(students.lastName), asc(studentName), asc(students.id), asc(placements.title), asc(applications.id))
    .limit(1000);
  const seen = new Set<string>();
  const studentsOut: { id: string; name: string }[] = [];
  for (const r of rows) {
    if (seen.has(r.studentId)) continue;
    seen.add(r.studentId);
    studentsOut.push({ id: r.studentId, name: r.studentName });
  }
  return {
    students: studentsOut,
    rotations: rows.map((r) => ({ id: r.rotationId, title: r.title, studentName: r.studentName })),
  };
}

export const REVIEW_CSV_HEADER = [
  "Student",
  "Email",
  "Rotation",
  "Facility",
  "Week of",
  "Date",
  "Start",
  "End",
  "Hours",
  "Activities",
  "Status",
  "Reviewer's note",
  "Reflection",
];

export async function exportForReview(db: Db, scope: RotationScope, f: ReviewFilter) {
  const rows = await reviewSelect(db)
    .where(filterWhere(scope, f))
    .orderBy(...queueOrder)
    .limit(50_000);
  return rows
    .map(toReviewEntry)
    .map((e) => [
      e.student.name,
      e.student.email,
      e.rotation.title,
      e.facility.name,
      e.weekStart,
      e.workDate,
      e.startTime,
      e.endTime,
      formatHours(e.minutes),
      e.categories.join("; "),
      e.status,
      e.reviewNote ?? "",
      e.reflection,
    ]);
}

export type ReviewInput = { ids: string[]; action: "approve" | "return"; note?: string };

/**
 * Approves or returns entries (a selection). Every id must be one the caller may review (else 404,
 * nothing changes); entries already reviewed are skipped, and when none is left to review: 409.
 * A return needs a note, which the student reads, and mails each student whose entries came back.
 */
export async function reviewEntries(deps: Deps, scope: RotationScope, viewer: Viewer, input: ReviewInput) {
  const note = input.note?.trim() ?? "";
  if (input.action === "return" && !note) {
    throw invalid([{ path: "note", message: "Say what to fix: a returned entry needs a note for the student" }]);
  }
  const ids = [...new Set(input.ids)];
  return deps.db.transaction(async (tx) => {
    const visible = await tx
      .select({ id: hourLogs.id, facilityId: hourLogs.facilityId })
      .from(hourLogs)
      .where(and(inArray(hourLogs.id, ids), reviewable(scope)));
    if (visible.length < ids.length) throw notFound("Hour entry");
    const updated = await tx
      .update(hourLogs)
      .set({
        status: input.action === "approve" ? "approved" : "returned",
        reviewedBy: viewer.userId,
        reviewedAt: new Date(),
        reviewNote: note || null,
        updatedAt: new Date(),
      })
      .where(and(inArray(hourLogs.id, ids), eq(hourLogs.status, "submitted")))
      .returning({
        id: hourLogs.id,
        studentId: hourLogs.studentId,
        workDate: hourLogs.workDate,
        minutes: hourLogs.minutes,
      });
    if (updated.length === 0) {
      throw conflict(ids.length === 1 ? "This entry was already reviewed" : "These entries were already reviewed");
    }
    if (input.action === "return") await mailReturned(deps, tx, updated, note);
    // Sent on commit: the students' hours pages refresh live. Last, in one statement (ADR 008).
    const studentIds = [...new Set(updated.map((u) => u.studentId))];
    const accounts = await tx
      .select({ userId: studentUsers.userId })
      .from(studentUsers)
      .where(inArray(studentUsers.studentId, studentIds));
    await deps.realtime.publish(
      tx,
      accounts.map((a) => ({ userId: a.userId, type: "hours.updated", data: { action: input.action } })),
    );
    const done = new Set(updated.map((u) => u.id));
    return {
      action: input.action,
      updated: ids.filter((id) => done.has(id)),
      skipped: ids.filter((id) => !done.has(id)),
      facilityIds: [...new Set(visible.map((v) => v.facilityId))],
    };
  });
}

/** One mail per student whose entries came back, with the dates and the note (in the transaction). */
async function mailReturned(
  deps: Deps,
  tx: DbOrTx,
  entries: { studentId: string; workDate: string; minutes: number }[],
  note: string,
) {
  const studentIds = [...new Set(entries.map((e) => e.studentId))];
  const accounts = await tx
    .select({ studentId: studentUsers.studentId, email: users.email, firstName: students.firstName })
    .from(studentUsers)
    .innerJoin(users, eq(users.id, studentUsers.userId))
    .innerJoin(students, eq(students.id, studentUsers.studentId))
    .where(inArray(studentUsers.studentId, studentIds));
  const link = `${deps.env.appUrl}/student/hours`;
  for (const a of accounts) {
    const mine = entries
      .filter((e) => e.studentId === a.studentId)
      .sort((x, y) => x.workDate.localeCompare(y.workDate));
    const days = mine.map((e) => `${dayLabel(e.workDate)} (${formatHours(e.minutes)} h)`).join(", ");
    const subject =
      mine.length === 1 ? "An hour entry was returned to you" : `${mine.length} hour entries were returned to you`;
    const lines = [
      `Hello ${a.firstName},`,
      `Your preceptor returned your hours of ${days}. Fix them and they go back for review.`,
      `Note from your preceptor: ${note}`,
    ];
    await deps.jobs.enqueueMail(tx, {
      to: a.email,
      subject,
      text: `${lines.join("\n\n")}\n\nYour hours: ${link}`,
      html: mailHtml(subject, lines, { label: "Open my hours", url: link }),
      link,
    });
  }
}
