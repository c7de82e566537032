import { sql } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import { ADMIN_ROLES, holdsAny } from "../../domain/roles";
import { AUDIT_INSERT_HEAD, type AuditRow } from "../db/announce-after-commit";
import type { DbOrTx } from "../db/client";
import { clientAddressOf } from "./client-address";
import type { AppEnv, Viewer } from "./context";

// The audit trail (issue 14, ADR 019). Every state-changing API request that succeeds leaves one
// entry, written by `auditTrail` after the handler answered: who (and as whom under View As), what
// (the route, with its OpenAPI summary as the sentence), which record (the `{id}` in the path),
// when, from which address. A handler that knows more (before and after, the organization, a
// better name for the action) says so with `noteAudit(c, ...)`; one whose change is recorded in
// its own transaction (`recordAudit(tx, ...)`) calls `noteAudit(c, { recorded: true })`. Sign-ins,
// failed sign-ins and Better Auth's other writes are recorded by app.ts's auth handler. The table
// refuses UPDATE and DELETE (drizzle/0015).

export type AuditEntry = {
  action: string;
  summary: string;
  actorId?: string | null;
  actorEmail?: string | null;
  actorRole?: string | null;
  actingAs?: string | null;
  entityType?: string | null;
  entityId?: string | null;
  organizationId?: string | null;
  before?: unknown;
  after?: unknown;
  detail?: Record<string, unknown> | null;
  ip?: string | null;
};

/** What a handler adds to its request's entry (or `recorded`: it wrote the entry itself). */
export type AuditNote = Partial<
  Pick<AuditEntry, "action" | "summary" | "entityType" | "entityId" | "organizationId" | "before" | "after" | "detail">
> & { recorded?: boolean; skip?: boolean };

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Longest text kept in a column: an entry is a record, never a copy of a document. */
const MAX_TEXT = 500;

const cut = (v: string | null | undefined) => (v == null ? null : v.length > MAX_TEXT ? v.slice(0, MAX_TEXT) : v);

/** The escape JSON.stringify writes for half a character (U+D800 to U+DFFF). */
const LONE_SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/**
 * Values as JSON the database takes: a lone surrogate (half of a character, which a request may
 * carry) is refused in jsonb, and the entry would be lost; it is kept as U+FFFD instead.
 */
function storable(v: unknown): unknown {
  if (v == null) return null;
  const text = JSON.stringify(v);
  // JSON.stringify writes a lone surrogate as an escape (\udXXX): only then is the copy walked
  // (issue 11: a reviver makes JSON.parse several times slower, on every write's entry).
  if (!LONE_SURROGATE_ESCAPE.test(text)) return JSON.parse(text);
  return JSON.parse(text, (_key, value) =>
    typeof value === "string" ? (value as unknown as { toWellFormed(): string }).toWellFormed() : value,
  );
}

/** An entry as audit_log's row: texts cut to length, values made storable. */
function auditRow(e: AuditEntry): AuditRow {
  return {
    action: e.action,
    summary: cut(e.summary) ?? e.action,
    actor_id: e.actorId ?? null,
    actor_email: cut(e.actorEmail),
    actor_role: e.actorRole ?? null,
    acting_as: cut(e.actingAs),
    entity_type: e.entityType ?? null,
    entity_id: cut(e.entityId),
    organization_id: e.organizationId ?? null,
    before: storable(e.before),
    after: storable(e.after),
    detail: storable(e.detail),
    ip: cut(e.ip),
  };
}

/** Writes entries in the caller's transaction (they commit with the change), or on their own. */
export async function recordAudit(db: DbOrTx, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  await db.execute(sql`${sql.raw(AUDIT_INSERT_HEAD)}${JSON.stringify(list.map(auditRow))}::jsonb)`);
}

/** Who acts: the viewer, and under View As the organization or student an administrator named. */
export function actorOf(c: Context<AppEnv>, viewer: Viewer | null = c.get("viewer")) {
  const admin = viewer ? holdsAny(viewer.roles, ADMIN_ROLES) : false;
  const named = admin ? (c.req.query("program") ?? c.req.query("facility") ?? c.req.query("student") ?? null) : null;
  return {
    actorId: viewer?.userId ?? null,
    actorEmail: viewer?.email ?? null,
    actorRole: viewer?.role ?? null,
    actingAs: named,
    ip: clientAddressOf(c),
  };
}

/** A handler's word on its request's entry; later notes win. */
export function noteAudit<E extends AppEnv>(ctx: Context<E>, note: AuditNote) {
  // Any route's context (guarded ones add variables): the note lives on AppEnv's `audit`.
  const c = ctx as unknown as Context<AppEnv>;
  c.set("audit", { ...(c.get("audit") ?? {}), ...note });
}

/**
 * Before and after of an edit, keeping only the fields that changed (an edit's entry says what it
 * changed, not the whole record twice). `ignore`: fields that change on every write (updatedAt).
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  ignore: readonly string[] = ["updatedAt"],
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (ignore.includes(key) || JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key] ?? null;
    now[key] = after[key] ?? null;
  }
  return { before: was, after: now };
}

/** "/api/applications/:id/approve" → "/api/applications/{id}/approve" (the OpenAPI path). */
export function openApiPath(honoPath: string) {
  return honoPath.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, "{$1}");
}

/** The record a path names: "/api/applications/{id}/approve" → applications. */
function entityTypeOf(path: string) {
  const parts = path.split("/").filter((p) => p && p !== "api" && p !== "me" && p !== "admin" && p !== "facility");
  return parts[0] ?? null;
}

/**
 * The id of what a 201 created: `{ id }` or `{ item: { id } }` in its JSON answer (else null).
 * `answered`: the object the handler gave `c.json`, when it did (issue 11: copying and parsing the
 * answer again was a twentieth of a submission's CPU); otherwise the answer is read.
 */
async function createdIdOf(res: Response, answered: { value: unknown } | null): Promise<string | null> {
  if (res.status !== 201 || !res.headers.get("content-type")?.includes("application/json")) return null;
  try {
    const body = (answered ? answered.value : await res.clone().json()) as { id?: unknown; item?: { id?: unknown } };
    const id = body?.id ?? body?.item?.id;
    return typeof id === "string" || typeof id === "number" ? String(id) : null;
  } catch {
    return null;
  }
}

/**
 * Records every successful state-changing request (see the top of this file). `summaries` gives
 * an operation's OpenAPI summary by "METHOD /path" (read once from the app's own document).
 */
export function auditTrail(summaries: () => Map<string, string>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    // Reads leave no entry: nothing to do after them (issue 11: every read passes here).
    if (!MUTATING.has(c.req.method)) return next();
    // What the handler answers with `c.json`, kept for createdIdOf (the answer's text is the same).
    let answered: { value: unknown } | null = null;
    const json = c.json;
    c.json = ((value: unknown, ...rest: unknown[]) => {
      answered = { value };
      return (json as (...a: unknown[]) => Response)(value, ...rest);
    }) as typeof c.json;
    await next();
    if (c.res.status >= 400) return;
    const note = c.get("audit") ?? {};
    if (note.recorded || note.skip) return;
    const viewer = c.get("viewer");
    if (!viewer) return; // public writes (sign-up, invitations) are recorded where they happen
    const path = openApiPath(routePath(c) || c.req.path);
    const key = `${c.req.method} ${path}`;
    const params = c.req.param() as Record<string, string>;
    const entry: AuditEntry = {
      ...actorOf(c, viewer),
      action: note.action ?? key,
      summary: note.summary ?? summaries().get(key) ?? key,
      entityType: note.entityType ?? entityTypeOf(path),
      // A creation names the record it made (the path has no id yet).
      entityId: note.entityId ?? params.id ?? (await createdIdOf(c.res, answered)),
      organizationId: note.organizationId ?? viewer.organization?.id ?? null,
      before: note.before,
      after: note.after,
      detail: { method: c.req.method, path: c.req.path, status: c.res.status, ...(note.detail ?? {}) },
    };
    // After the write's own commit, batched with other writes' entries and events (issue 11).
    await c
      .get("deps")
      .database.appendAudit([auditRow(entry)])
      .catch((err) => c.get("log").error({ err }, "audit: could not record an entry"));
  });
}

/** Every operation's summary by "METHOD /path", from an OpenAPI document. */
export function summariesOf(doc: { paths?: object }) {
  const map = new Map<string, string>();
  for (const [path, ops] of Object.entries((doc.paths ?? {}) as Record<string, Record<string, unknown>>)) {
    for (const [method, op] of Object.entries(ops ?? {})) {
      const summary = (op as { summary?: unknown } | null)?.summary;
      if (typeof summary === "string") map.set(`${method.toUpperCase()} ${path}`, summary);
    }
  }
  return map;
}
