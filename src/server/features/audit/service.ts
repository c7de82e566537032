import { and, desc, eq, gte, ilike, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditLog } from "../../db/schema/audit";
import { users } from "../../db/schema/auth";
import { organizations } from "../../db/schema/organizations";
import { placements } from "../../db/schema/placements";
import { students } from "../../db/schema/students";
import { likePattern } from "../../lib/pagination";
import { type AuditEntryDto, type AuditFilter, boundsOf } from "./schemas";

// Reading the audit trail (issue 14): filtered pages newest first, a keyset walk for the CSV of any
// size, entries by id for the live stream. Each filter is served by one of audit_log's indexes.

/** The conditions a filter means (undefined: everything). */
export function auditWhere(q: AuditFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (q.actor) {
    // An email names whoever used it (a failed sign-in has no actor id); anything else is a user id.
    parts.push(
      q.actor.includes("@")
        ? sql`lower(${auditLog.actorEmail}) = ${q.actor.toLowerCase()}`
        : eq(auditLog.actorId, q.actor),
    );
  }
  if (q.action) {
    // "auth." or "auth.*" is every action under auth; anything else, that action exactly.
    const prefix = q.action.endsWith("*") ? q.action.slice(0, -1) : q.action.endsWith(".") ? q.action : null;
    if (prefix === null) parts.push(eq(auditLog.action, q.action));
    // LIKE, not a range: under a language collation "auth.x" does not sort between "auth." and "auth/".
    else parts.push(sql`${auditLog.action} like ${`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  }
  if (q.failedSignIns) parts.push(eq(auditLog.action, "auth.sign_in_failed"));
  if (q.entityType) parts.push(eq(auditLog.entityType, q.entityType));
  if (q.entityId) parts.push(eq(auditLog.entityId, q.entityId));
  if (q.organizationId) parts.push(eq(auditLog.organizationId, q.organizationId));
  const { from, to } = boundsOf(q);
  if (from) parts.push(gte(auditLog.at, from));
  if (to) parts.push(lte(auditLog.at, to));
  if (q.search) {
    const p = likePattern(q.search);
    parts.push(
      or(ilike(auditLog.summary, p), ilike(auditLog.actorEmail, p), sql`${auditLog.detail}->>'email' ilike ${p}`),
    );
  }
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length ? and(...present) : undefined;
}

/** An entry with the names people read: the actor's, the organization's, and whom View As named. */
const actor = sql`(select u.name from ${users} u where u.id = ${auditLog.actorId})`;
const orgName = sql`(select o.name from ${organizations} o where o.id::text = ${auditLog.organizationId})`;
const actingAsName = sql`coalesce(
  (select o.name from ${organizations} o where o.id::text = ${auditLog.actingAs}),
  (select s.first_name || ' ' || s.last_name from ${students} s where s.id::text = ${auditLog.actingAs}))`;

/** The record's name where it still exists (students, placements, organizations, users). */
const recordName = sql`case ${auditLog.entityType}
  when 'students' then (select s.first_name || ' ' || s.last_name from ${students} s where s.id::text = ${auditLog.entityId})
  when 'placements' then (select p.title from ${placements} p where p.id::text = ${auditLog.entityId})
  when 'organizations' then (select o.name from ${organizations} o where o.id::text = ${auditLog.entityId})
  when 'users' then (select u.name from ${users} u where u.id = ${auditLog.entityId})
  end`;
const recordKind = sql`case when ${auditLog.entityType} = 'organizations'
  then (select o.kind::text from ${organizations} o where o.id::text = ${auditLog.entityId}) end`;

const entryColumns = {
  id: auditLog.id,
  at: auditLog.at,
  actorId: auditLog.actorId,
  actorEmail: auditLog.actorEmail,
  actorName: sql<string | null>`${actor}`,
  actorRole: auditLog.actorRole,
  actingAs: auditLog.actingAs,
  actingAsName: sql<string | null>`${actingAsName}`,
  action: auditLog.action,
  summary: auditLog.summary,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  recordName: sql<string | null>`${recordName}`,
  recordKind: sql<string | null>`${recordKind}`,
  organizationId: auditLog.organizationId,
  organizationName: sql<string | null>`${orgName}`,
  before: auditLog.before,
  after: auditLog.after,
  detail: auditLog.detail,
  ip: auditLog.ip,
};

type Row = Omit<AuditEntryDto, "at" | "detail"> & { at: Date; detail: unknown };
const dto = (r: Row): AuditEntryDto => ({
  ...r,
  id: Number(r.id),
  at: r.at.toISOString(),
  detail: (r.detail as Record<string, unknown> | null) ?? null,
});

export async function listAudit(db: Db, q: AuditFilter & { page: number; pageSize: number }) {
  const where = auditWhere(q);
  const [rows, [count]] = await Promise.all([
    db
      .select(entryColumns)
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { items: (rows as Row[]).map(dto), total: count.n, page: q.page, pageSize: q.pageSize };
}

/** Entries by id, newest first (the live stream reads what it was told about in one query). */
export async function auditEntriesById(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db.select(entryColumns).from(auditLog).where(inArray(auditLog.id, ids)).orderBy(desc(auditLog.id));
  return (rows as Row[]).map(dto);
}

/** Every action recorded so far, for the filter's choices (the action index serves the distinct). */
export async function auditActions(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action).limit(1000);
  return rows.map((r) => r.action);
}

export const CSV_HEADER = [
  "id",
  "at",
  "actor_email",
  "actor_name",
  "actor_role",
  "acting_as",
  "action",
  "summary",
  "entity_type",
  "entity_id",
  "organization_id",
  "organization_name",
  "ip",
  "before",
  "after",
  "detail",
];

const json = (v: unknown) => (v == null ? null : JSON.stringify(v));

/**
 * The CSV's rows, `batch` at a time, newest first: a keyset walk on the primary key, so memory holds
 * one batch whatever the table's size and no page is read twice when entries arrive meanwhile.
 */
export async function* auditCsvBatches(db: Db, q: AuditFilter, batch = 1000): AsyncGenerator<unknown[][]> {
  const where = auditWhere(q);
  let below: number | null = null;
  for (;;) {
    const rows = (await db
      .select(entryColumns)
      .from(auditLog)
      .where(below === null ? where : and(where, lt(auditLog.id, below)))
      .orderBy(desc(auditLog.id))
      .limit(batch)) as Row[];
    if (rows.length === 0) return;
    yield rows.map((r) => [
      Number(r.id),
      r.at,
      r.actorEmail,
      r.actorName,
      r.actorRole,
      r.actingAsName ?? r.actingAs,
      r.action,
      r.summary,
      r.entityType,
      r.entityId,
      r.organizationId,
      r.organizationName,
      r.ip,
      json(r.before),
      json(r.after),
      json(r.detail),
    ]);
    if (rows.length < batch) return;
    below = Number(rows[rows.length - 1].id);
  }
}
