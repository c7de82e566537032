import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { organizations } from "../../db/schema/organizations";
import { rosterClaimReports } from "../../db/schema/student-accounts";
import { students, studentUsers } from "../../db/schema/students";
import type { StudentScope } from "../../lib/access";
import type { Deps, Viewer } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { likePattern, offsetOf } from "../../lib/pagination";

// A program's claim on a student: its roster entry with the student's email. Any program may list
// any email (D2: even a pending one prepares its roster), so the claims are made visible: the
// signed-in student sees which program their account is linked to and which other programs list
// their email (and can say "Not my program"); admins see every email listed by several programs.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The emails that are the student's: the account's and the linked roster entry's (a program may edit it). */
async function ownEmails(db: Db, viewer: Viewer, linkedId: string) {
  const [linked] = await db
    .select({ email: sql<string>`lower(${students.email})` })
    .from(students)
    .where(eq(students.id, linkedId));
  return [...new Set([viewer.email.toLowerCase(), ...(linked ? [linked.email] : [])])];
}

/**
 * The program the account is linked to (the scope's roster entry, ADR 011), and the other programs
 * listing the student's email (name and date only).
 */
export async function myRosterClaims(db: Db, viewer: Viewer, scope: StudentScope) {
  const linkedId = scope.studentId;
  const emails = await ownEmails(db, viewer, linkedId);
  const rows = await db
    .select({
      id: students.id,
      programName: organizations.name,
      addedAt: students.createdAt,
      linkedAt: studentUsers.createdAt,
      linkedUserId: studentUsers.userId,
      reportedAt: rosterClaimReports.createdAt,
    })
    .from(students)
    .innerJoin(organizations, eq(organizations.id, students.programId))
    .leftJoin(studentUsers, eq(studentUsers.studentId, students.id))
    .leftJoin(
      rosterClaimReports,
      and(eq(rosterClaimReports.studentId, students.id), eq(rosterClaimReports.reportedBy, viewer.userId)),
    )
    .where(or(eq(students.id, linkedId), inArray(sql`lower(${students.email})`, emails)))
    .orderBy(desc(students.createdAt), asc(students.id));
  const linked = rows.find((r) => r.id === linkedId);
  return {
    linked: linked
      ? {
          rosterEntryId: linked.id,
          programName: linked.programName,
          addedAt: linked.addedAt.toISOString(),
          linkedAt: linked.linkedAt?.toISOString() ?? null,
        }
      : null,
    // Another account's entry is not the student's business (nor a claim on them).
    others: rows
      .filter((r) => r.id !== linkedId && (r.linkedUserId === null || r.linkedUserId === viewer.userId))
      .map((r) => ({
        rosterEntryId: r.id,
        programName: r.programName,
        addedAt: r.addedAt.toISOString(),
        reportedAt: r.reportedAt?.toISOString() ?? null,
      })),
  };
}

/** "Not my program": the student reports another program's entry listing their email. Repeating is harmless. */
export async function reportRosterClaim(deps: Deps, viewer: Viewer, scope: StudentScope, rosterEntryId: string) {
  const claims = await myRosterClaims(deps.db, viewer, scope);
  const claim = UUID.test(rosterEntryId) ? claims.others.find((o) => o.rosterEntryId === rosterEntryId) : undefined;
  if (!claim) throw notFound("Roster entry");
  await deps.db
    .insert(rosterClaimReports)
    .values({ studentId: rosterEntryId, reportedBy: viewer.userId })
    .onConflictDoNothing();
  const [report] = await deps.db
    .select({ createdAt: rosterClaimReports.createdAt })
    .from(rosterClaimReports)
    .where(and(eq(rosterClaimReports.studentId, rosterEntryId), eq(rosterClaimReports.reportedBy, viewer.userId)));
  deps.log.warn({ rosterEntryId, userId: viewer.userId }, "roster claim reported by the student");
  return { rosterEntryId, programName: claim.programName, reportedAt: report.createdAt.toISOString() };
}

export type SharedEmailQuery = { search?: string; reported?: boolean; page: number; pageSize: number };

/**
 * Admins: the emails on more than one program's roster, each with the programs listing it, which
 * entry is linked to an account, and the students' "Not my program" reports. Reported ones first.
 */
export async function listSharedRosterEmails(db: Db, q: SharedEmailQuery) {
  const email = sql<string>`lower(${students.email})`;
  const reportsOf = sql<number>`count(${rosterClaimReports.id})`.mapWith(Number);
  const having: SQL[] = [sql`count(distinct ${students.programId}) > 1`];
  if (q.reported === true) having.push(sql`${reportsOf} > 0`);
  if (q.reported === false) having.push(sql`${reportsOf} = 0`);
  const grouped = db
    .select({
      email: email.as("email"),
      programs: sql<number>`count(distinct ${students.programId})`.mapWith(Number).as("programs"),
      reports: reportsOf.as("reports"),
      latest: sql<Date>`max(${students.createdAt})`.as("latest"),
    })
    .from(students)
    .leftJoin(rosterClaimReports, eq(rosterClaimReports.studentId, students.id))
    .where(q.search ? ilike(students.email, likePattern(q.search)) : undefined)
    .groupBy(email)
    .having(and(...having))
    .as("shared");
  const [pageRows, [total]] = await Promise.all([
    db
      .select()
      .from(grouped)
      .orderBy(desc(sql`${grouped.reports} > 0`), desc(grouped.latest), asc(grouped.email))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(grouped),
  ]);
  const emails = pageRows.map((r) => r.email);
  const entries =
    emails.length === 0
      ? []
      : await db
          .select({
            email,
            rosterEntryId: students.id,
            programId: students.programId,
            programName: organizations.name,
            programStatus: organizations.verificationStatus,
            enrollmentStatus: students.enrollmentStatus,
            addedAt: students.createdAt,
            linkedAt: studentUsers.createdAt,
            reports:
              sql<number>`(select count(*) from ${rosterClaimReports} where ${rosterClaimReports.studentId} = ${students.id})`.mapWith(
                Number,
              ),
            lastReportedAt: sql<
              string | null
            >`(select max(${rosterClaimReports.createdAt}) from ${rosterClaimReports} where ${rosterClaimReports.studentId} = ${students.id})`,
          })
          .from(students)
          .innerJoin(organizations, eq(organizations.id, students.programId))
          .leftJoin(studentUsers, eq(studentUsers.studentId, students.id))
          .where(inArray(email, emails))
          .orderBy(asc(students.createdAt), asc(students.id));
  const iso = (v: Date | string | null) => (v ? new Date(v).toISOString() : null);
  return {
    items: pageRows.map((r) => ({
      email: r.email,
      programs: r.programs,
      reports: r.reports,
      entries: entries
        .filter((e) => e.email === r.email)
        .map((e) => ({
          rosterEntryId: e.rosterEntryId,
          programId: e.programId,
          programName: e.programName,
          programStatus: e.programStatus,
          enrollmentStatus: e.enrollmentStatus,
          addedAt: iso(e.addedAt) as string,
          linked: e.linkedAt !== null,
          linkedAt: iso(e.linkedAt),
          reports: e.reports,
          lastReportedAt: iso(e.lastReportedAt),
        })),
    })),
    total: total.n,
    page: q.page,
    pageSize: q.pageSize,
  };
}
