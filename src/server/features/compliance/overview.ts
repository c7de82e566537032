import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { addDays, EXPIRING_WITHIN_DAYS } from "../../../domain/compliance";
import type { ComplianceStatus } from "../../../domain/students";
import type { DbOrTx } from "../../db/client";
import { complianceDocuments, programRequirements, requirementTypes } from "../../db/schema/compliance";
import { students } from "../../db/schema/students";
import { type ProgramScope, scopeWhere } from "../../lib/access";
import type { Deps, Viewer } from "../../lib/context";
import { mailHtml } from "../../lib/mail";
import { likePattern, offsetOf } from "../../lib/pagination";
import { documentSelect, inForce, renewedDocuments, toDocument, today } from "./records";
import { studentCompliance } from "./student-compliance";

// The program's compliance page: students by status with their item counts (filters, search,
// sort, pages, CSV), the documents waiting for review, and the bulk reminder.

export const COMPLIANCE_SORTS = ["name", "status", "nextExpiry"] as const;
export type ComplianceFilters = {
  q?: string;
  status?: ComplianceStatus;
  expiringWithin?: 30 | 60 | 90;
  requirementTypeId?: string;
  sort: (typeof COMPLIANCE_SORTS)[number];
  order?: "asc" | "desc";
};

/**
 * The required items of each student with the document in force on `day` (one row per student and
 * type), for the students `who` selects only: the aggregate never touches another program's rows.
 */
function itemsOf(db: DbOrTx, who: SQL | undefined, day: string) {
  const current = complianceDocuments;
  const renewed = renewedDocuments(db, day, db.select({ id: students.id }).from(students).where(who)).as("renewed");
  const status = inForce(renewed.id, renewed.status, current.status);
  const expiresOn = inForce(renewed.id, renewed.expiresOn, current.expiresOn);
  return db
    .select({
      studentId: sql<string>`${students.id}`.as("item_student_id"),
      typeId: sql<string>`${programRequirements.requirementTypeId}`.as("item_type_id"),
      docId: sql<string | null>`${current.id}`.as("item_doc_id"),
      docStatus: sql<string | null>`(${status})::text`.as("item_doc_status"),
      expiresOn: sql<string | null>`to_char(${expiresOn}, 'YYYY-MM-DD')`.as("item_expires_on"),
    })
    .from(students)
    .innerJoin(programRequirements, eq(programRequirements.programId, students.programId))
    .innerJoin(
      requirementTypes,
      and(eq(requirementTypes.id, programRequirements.requirementTypeId), eq(requirementTypes.active, true)),
    )
    .leftJoin(
      current,
      and(
        eq(current.studentId, students.id),
        eq(current.requirementTypeId, programRequirements.requirementTypeId),
        sql`${current.isCurrent}`,
      ),
    )
    .leftJoin(
      renewed,
      and(eq(renewed.studentId, students.id), eq(renewed.requirementTypeId, programRequirements.requirementTypeId)),
    )
    .where(who)
    .as("items");
}

/**
 * Counts per student (itemStatus in SQL): rejected; expired (not rejected, past its expiry);
 * submitted; approved (valid today, expiring ones included); expiringSoon (approved, within 30 days).
 */
function studentsWhere(scope: ProgramScope, f: ComplianceFilters): SQL | undefined {
  const term = f.q ? likePattern(f.q) : null;
  return and(
    scopeWhere(scope, { program: students.programId }),
    eq(students.enrollmentStatus, "active"),
    f.status ? eq(students.complianceStatus, f.status) : undefined,
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

/** Whether the list filters or sorts by the item counts (else a page of students is chosen first). */
const needsItems = (f: ComplianceFilters) => f.sort === "nextExpiry" || !!f.expiringWithin || !!f.requirementTypeId;

function rowsQuery(db: DbOrTx, scope: ProgramScope, f: ComplianceFilters, day: string, only?: string[]) {
  const who = and(studentsWhere(scope, f), only ? inArray(students.id, only) : undefined);
  const items = itemsOf(db, who, day);
  const expired = sql`${items.docStatus} <> 'rejected' and ${items.expiresOn} < ${day}`;
  const valid = sql`(${items.expiresOn} is null or ${items.expiresOn} >= ${day})`;
  const approved = sql`${items.docStatus} = 'approved' and ${valid}`;
  const within = (days: number) => sql`${approved} and ${items.expiresOn} <= ${addDays(day, days)}`;
  const n = (cond: SQL) => sql<number>`count(*) filter (where ${cond})`.mapWith(Number);
  const typeMatch = f.requirementTypeId ? sql`${items.typeId} = ${f.requirementTypeId}` : sql`true`;
  const having: SQL[] = [];
  if (f.expiringWithin) having.push(sql`bool_or(${typeMatch} and ${within(f.expiringWithin)})`);
  else if (f.requirementTypeId) having.push(sql`bool_or(${typeMatch} and not coalesce(${approved}, false))`);
  const nextExpiry = sql<string | null>`min(${items.expiresOn}) filter (where ${approved})`;
  return db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      email: students.email,
      complianceStatus: students.complianceStatus,
      required: sql<number>`count(${items.typeId})`.mapWith(Number),
      approved: n(approved),
      submitted: n(sql`${items.docStatus} = 'submitted' and ${valid}`),
      missing: n(sql`${items.typeId} is not null and ${items.docId} is null`),
      rejected: n(sql`${items.docStatus} = 'rejected'`),
      expired: n(expired),
      expiringSoon: n(within(EXPIRING_WITHIN_DAYS)),
      nextExpiry,
    })
    .from(students)
    .leftJoin(items, eq(items.studentId, students.id))
    .where(who)
    .groupBy(students.id)
    .having(having.length > 0 ? and(...having) : undefined)
    .orderBy(...orderOf(f, nextExpiry))
    .$dynamic();
}

function orderOf(f: ComplianceFilters, nextExpiry: SQL): SQL[] {
  const dir = (f.order ?? "asc") === "asc" ? asc : desc;
  const byName = [asc(sql`lower(${students.lastName})`), asc(sql`lower(${students.firstName})`), asc(students.id)];
  switch (f.sort) {
    case "name":
      return [dir(sql`lower(${students.lastName})`), dir(sql`lower(${students.firstName})`), dir(students.id)];
    case "status":
      return [dir(sql`${students.complianceStatus}::text`), ...byName];
    case "nextExpiry":
      return [sql`${nextExpiry} ${sql.raw(f.order === "desc" ? "desc" : "asc")} nulls last`, ...byName];
  }
}

export async function listCompliance(
  db: DbOrTx,
  scope: ProgramScope,
  f: ComplianceFilters & { page: number; pageSize: number },
) {
  const day = today();
  const summary = complianceSummary(db, scope, day);
  if (needsItems(f)) {
    // Filtered or sorted by the counts: the aggregate decides the page.
    const base = rowsQuery(db, scope, f, day);
    const [items, [total]] = await Promise.all([
      rowsQuery(db, scope, f, day).limit(f.pageSize).offset(offsetOf(f)),
      db.select({ n: count() }).from(sql`(${base}) as filtered`),
    ]);
    return { items, total: total.n, page: f.page, pageSize: f.pageSize, summary: await summary };
  }
  // By name or status: the page of students first (an index scan), then the counts of those only.
  const where = studentsWhere(scope, f);
  const [page, [total]] = await Promise.all([
    db
      .select({ id: students.id })
      .from(students)
      .where(where)
      .orderBy(...orderOf(f, sql`null`))
      .limit(f.pageSize)
      .offset(offsetOf(f)),
    db.select({ n: count() }).from(students).where(where),
  ]);
  const items =
    page.length > 0
      ? await rowsQuery(
          db,
          scope,
          f,
          day,
          page.map((p) => p.id),
        )
      : [];
  return { items, total: total.n, page: f.page, pageSize: f.pageSize, summary: await summary };
}

export function allCompliance(db: DbOrTx, scope: ProgramScope, f: ComplianceFilters) {
  return rowsQuery(db, scope, f, today());
}

export const EXPORT_HEADER = [
  "first_name",
  "last_name",
  "email",
  "compliance_status",
  "required",
  "approved",
  "submitted",
  "missing",
  "rejected",
  "expired",
  "expiring_30_days",
  "next_expiry",
];

export async function exportCompliance(db: DbOrTx, scope: ProgramScope, f: ComplianceFilters) {
  const rows = await allCompliance(db, scope, f);
  return rows.map((r) => [
    r.firstName,
    r.lastName,
    r.email,
    r.complianceStatus,
    r.required,
    r.approved,
    r.submitted,
    r.missing,
    r.rejected,
    r.expired,
    r.expiringSoon,
    r.nextExpiry,
  ]);
}

/** The program's figures: students by status, approved items expiring within 30/60/90 days, documents to review. */
async function complianceSummary(db: DbOrTx, scope: ProgramScope, day: string) {
  const inScope = and(scopeWhere(scope, { program: students.programId }), eq(students.enrollmentStatus, "active"));
  const n = (cond: SQL) => sql<number>`count(*) filter (where ${cond})`.mapWith(Number);
  // Required items whose document in force is approved and expires within 90 days: the same items
  // as the per-student counts, so an approved card whose renewal awaits review still counts.
  const items = itemsOf(db, inScope, day);
  const expires = items.expiresOn;
  const [[byStatus], [expiring], [awaiting]] = await Promise.all([
    db
      .select({
        compliant: n(sql`${students.complianceStatus} = 'compliant'`),
        pending: n(sql`${students.complianceStatus} = 'pending'`),
        incomplete: n(sql`${students.complianceStatus} = 'incomplete'`),
      })
      .from(students)
      .where(inScope),
    db
      .select({
        expiring30: n(sql`${expires} <= ${addDays(day, 30)}`),
        expiring60: n(sql`${expires} <= ${addDays(day, 60)}`),
        expiring90: n(sql`${expires} <= ${addDays(day, 90)}`),
      })
      .from(items)
      .where(sql`${items.docStatus} = 'approved' and ${expires} >= ${day} and ${expires} <= ${addDays(day, 90)}`),
    db
      .select({ n: count() })
      .from(complianceDocuments)
      .innerJoin(students, eq(students.id, complianceDocuments.studentId))
      .where(and(inScope, sql`${complianceDocuments.isCurrent}`, eq(complianceDocuments.status, "submitted"))),
  ]);
  return { ...byStatus, ...expiring, awaitingReview: awaiting.n };
}

/** Current documents waiting for review, oldest first. */
export async function reviewQueue(db: DbOrTx, scope: ProgramScope, q: { page: number; pageSize: number }) {
  const where = and(
    scopeWhere(scope, { program: students.programId }),
    sql`${complianceDocuments.isCurrent}`,
    eq(complianceDocuments.status, "submitted"),
  );
  const [rows, [total]] = await Promise.all([
    documentSelect(db)
      .innerJoin(students, eq(students.id, complianceDocuments.studentId))
      .innerJoin(requirementTypes, eq(requirementTypes.id, complianceDocuments.requirementTypeId))
      .where(where)
      .orderBy(asc(complianceDocuments.uploadedAt), asc(complianceDocuments.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db
      .select({ n: count() })
      .from(complianceDocuments)
      .innerJoin(students, eq(students.id, complianceDocuments.studentId))
      .where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const extra =
    ids.length === 0
      ? []
      : await db
          .select({
            id: complianceDocuments.id,
            studentId: students.id,
            firstName: students.firstName,
            lastName: students.lastName,
            typeName: requirementTypes.name,
          })
          .from(complianceDocuments)
          .innerJoin(students, eq(students.id, complianceDocuments.studentId))
          .innerJoin(requirementTypes, eq(requirementTypes.id, complianceDocuments.requirementTypeId))
          .where(inArray(complianceDocuments.id, ids));
  const byId = new Map(extra.map((e) => [e.id, e]));
  return {
    items: rows.map((r) => {
      const e = byId.get(r.id)!;
      return {
        document: toDocument(r),
        student: { id: e.studentId, firstName: e.firstName, lastName: e.lastName },
        typeName: e.typeName,
      };
    }),
    total: total.n,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * One reminder mail per student per day listing what is missing or expiring; a second request the
 * same day does not send again (the queue's dedupe key, shared by every instance). Students outside
 * the scope are ignored (never confirmed to exist).
 */
export async function remindStudents(deps: Deps, _viewer: Viewer, scope: ProgramScope, studentIds: string[]) {
  const unique = [...new Set(studentIds)];
  if (unique.length === 0) return { queued: 0 };
  const rows = await deps.db
    .select({ id: students.id })
    .from(students)
    .where(and(inArray(students.id, unique), scopeWhere(scope, { program: students.programId })));
  const day = today();
  let queued = 0;
  for (const { id } of rows) {
    const sc = await studentCompliance(deps.db, id, day);
    const open = sc.items.filter((i) => i.status !== "approved");
    if (open.length === 0) continue;
    const subject = "Compliance documents to upload";
    const link = `${deps.env.appUrl}/student/compliance`;
    const lines = [
      `Hello ${sc.student.firstName},`,
      `${sc.student.programName} asks you to complete your compliance records:`,
      ...open.map(
        (i) => `- ${i.type.name}: ${i.status}${i.current?.expiresOn ? ` (expires ${i.current.expiresOn})` : ""}`,
      ),
    ];
    const isNew = await deps.jobs.enqueueMail(
      deps.db,
      {
        to: sc.student.email,
        subject,
        text: `${lines.join("\n")}\n\nUpload them here: ${link}`,
        html: mailHtml(subject, lines, { label: "Open my compliance page", url: link }),
        link,
      },
      { dedupeKey: `remind:${id}:${day}` },
    );
    if (isNew) queued += 1;
  }
  return { queued };
}
