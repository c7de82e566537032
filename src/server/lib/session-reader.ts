import { createHmac, timingSafeEqual } from "node:crypto";
import { type Role, roleForMembership } from "../../domain/roles";
import { type Database, fromJson as json } from "../db/client";
import type { Auth } from "./auth";
import type { Organization, Viewer } from "./context";
import type { Realtime } from "./realtime";

// The hot path of every signed-in request (issue 11, ADR 013). Better Auth's getSession builds a
// whole endpoint context and reads the session and the user; the viewer then needed three more
// queries. Here the signed session cookie is checked in process and one query loads the session,
// the user, their roles, memberships and student record together. A revoked or expired session is
// seen at once (the session row is read on every request: no cached session cookie). Anything
// unusual (no row, a session due for its daily refresh, a bearer token) goes the slow way through
// Better Auth, which also refreshes or clears the cookie.
//
// ADR 016: the row is then kept in memory for a short while (`cacheMs`) and reused by reads
// (GET/HEAD). Database triggers announce every change to a session, account, role, membership,
// student record or organization on the portal_viewer channel, and each instance drops the rows it
// keeps for that user at once; while this instance does not hear those announcements (its LISTEN
// connection is down) nothing is kept. Writes always read the row afresh.

/**
 * API paths that never read the session store: health checks, the API description, and calendar
 * feeds (their token is the key; calendar apps poll them without a cookie).
 */
const PUBLIC_API = [
  /^\/api\/health(\/|$)/,
  /^\/api\/openapi\.json$/,
  /^\/api\/docs(\/|$)/,
  /^\/api\/calendar\/feeds\/[^/]+\.ics$/,
];

export const isPublicApiPath = (path: string) => PUBLIC_API.some((p) => p.test(path));

type AuthSettings = { cookieName: string; secret: string; expiresInMs: number; updateAgeMs: number };

export type SessionRead =
  /** No session cookie at all: nobody is signed in, and nothing was read. */
  | { kind: "anonymous" }
  /** A live session that needs nothing from Better Auth. */
  | { kind: "viewer"; viewer: Viewer }
  /** Let Better Auth decide (refresh, clear the cookie, bearer tokens, a row not found). */
  | { kind: "slow" };

function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** Better Auth's signed cookie: `encodeURIComponent(token + "." + base64(HMAC-SHA256(secret, token)))`. */
export function verifySignedToken(raw: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

type Row = {
  session_id: string;
  expires_at: Date | string;
  active_organization_id: string | null;
  user_id: string;
  email: string;
  name: string;
  roles: Role[] | string;
  orgs: Organization[] | string;
  student_id: string | null;
  two_factor_enabled: boolean | null;
  full_name: string | null;
  organization_name: string | null;
  request_status: "pending" | "approved" | "denied" | null;
  request_created_at: Date | string | null;
};

const VIEWER_BY_TOKEN = `
    select s.id as session_id, s.expires_at, s.active_organization_id,
      u.id as user_id, u.email, u.name,
      coalesce((select json_agg(r.role order by r.created_at) from user_roles r where r.user_id = u.id), '[]') as roles,
      coalesce((select json_agg(json_build_object('id', o.id, 'kind', o.kind, 'name', o.name, 'city', o.city,
          'state', o.state, 'verificationStatus', o.verification_status, 'suspendedAt', o.suspended_at,
          'suspendedReason', o.suspended_reason, 'membership', m.role) order by m.created_at, m.organization_id)
        from memberships m join organizations o on o.id = m.organization_id where m.user_id = u.id), '[]') as orgs,
      (select su.student_id from student_users su where su.user_id = u.id limit 1) as student_id,
      u.two_factor_enabled, p.full_name, p.organization_name,
      ar.status as request_status, ar.created_at as request_created_at
    from sessions s join users u on u.id = s.user_id
      left join profiles p on p.user_id = u.id
      left join admin_access_requests ar on ar.user_id = u.id
    where s.token = $1 and s.expires_at > now()`;

/**
 * The session with everything the viewer needs, in one round trip (indexes: sessions.token,
 * *_user_id). On PostgreSQL a named prepared statement: each connection plans it once.
 */
async function readViewerRow(database: Database, token: string): Promise<Row | null> {
  const result = database.pool
    ? await database.pool.query<Row>({ name: "portal_viewer_by_token", text: VIEWER_BY_TOKEN, values: [token] })
    : await database.pglite!.query<Row>(VIEWER_BY_TOKEN, [token]);
  return result.rows[0] ?? null;
}

/** The viewer as loadViewer builds it, from one row. */
export function viewerFromRow(row: Row): Viewer {
  const roles = json(row.roles);
  // json_build_object writes PostgreSQL's timestamp text; the viewer carries ISO like every API answer.
  const orgs = json(row.orgs).map((o) => ({
    ...o,
    suspendedAt: o.suspendedAt ? new Date(o.suspendedAt).toISOString() : null,
  }));
  const active = orgs.find((o) => o.id === row.active_organization_id) ?? orgs[0] ?? null;
  return {
    userId: row.user_id,
    email: row.email,
    name: row.name,
    roles,
    role: roleForMembership(roles, active?.membership),
    organization: active,
    organizations: orgs,
    studentId: row.student_id,
    sessionId: row.session_id,
    account: {
      twoFactorEnabled: row.two_factor_enabled === true,
      fullName: row.full_name,
      organizationName: row.organization_name,
      accessRequest:
        row.request_status && row.request_created_at
          ? { status: row.request_status, createdAt: new Date(row.request_created_at).toISOString() }
          : null,
    },
  };
}

/** At most this many sessions are kept per instance; the oldest kept goes first. */
const MAX_KEPT = 20_000;

type ViewerChanges = Pick<Realtime, "onViewerChange" | "hearsViewerChanges">;

export function createSessionReader(
  auth: Auth,
  database: Database,
  opts: { cacheMs?: number; changes?: ViewerChanges } = {},
) {
  const cacheMs = opts.cacheMs ?? 0;
  const kept = new Map<string, { row: Row; until: number }>();
  // Bumped by every announced change: a row read before a change is not kept after it.
  let generation = 0;
  opts.changes?.onViewerChange((userId) => {
    generation += 1;
    if (userId === "*") kept.clear();
    else for (const [token, entry] of kept) if (entry.row.user_id === userId) kept.delete(token);
  });
  const keeping = () => cacheMs > 0 && opts.changes?.hearsViewerChanges() === true;

  const rowFor = async (token: string, fresh: boolean): Promise<Row | null> => {
    const now = Date.now();
    if (!fresh) {
      const hit = kept.get(token);
      if (hit && hit.until > now && keeping()) return hit.row;
    }
    const before = generation;
    const row = await readViewerRow(database, token);
    if (!row) {
      kept.delete(token);
      return null;
    }
    if (keeping() && before === generation) {
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
      kept.delete(token);
      kept.set(token, { row, until: now + cacheMs });
    }
    return row;
  };

  // Verified cookie values (issue 11: the HMAC was most of a kept viewer's cost), keyed by the exact
  // cookie text: a value is valid or not forever for one secret, so only good ones are kept. What
  // the token may do is still decided by its session row (kept or read), as before.
  const verifiedCookies = new Map<string, string>();
  const verified = (raw: string, secret: string): string | null => {
    const hit = verifiedCookies.get(raw);
    if (hit !== undefined) return hit;
    const token = verifySignedToken(raw, secret);
    if (token !== null) {
      if (verifiedCookies.size >= MAX_KEPT) verifiedCookies.delete(verifiedCookies.keys().next().value as string);
      verifiedCookies.set(raw, token);
    }
    return token;
  };

  let settings: Promise<AuthSettings> | null = null;
  const load = () => {
    settings ??= auth.$context.then((ctx) => ({
      cookieName: ctx.authCookies.sessionToken.name,
      secret: ctx.secret,
      expiresInMs: ctx.sessionConfig.expiresIn * 1000,
      updateAgeMs: ctx.sessionConfig.updateAge * 1000,
    }));
    return settings;
  };

  /** `fresh`: read the session row from the database whatever is kept (writes ask for it). */
  return async function readSession(headers: Headers, fresh = true): Promise<SessionRead> {
    if (headers.has("authorization")) return { kind: "slow" };
    const cookie = headers.get("cookie");
    if (!cookie) return { kind: "anonymous" };
    const s = await load();
    const raw = cookieValue(cookie, s.cookieName);
    if (!raw) return { kind: "anonymous" };
    const token = verified(raw, s.secret);
    // A forged or stale cookie: Better Auth answers it (and clears it) as it always has.
    if (!token) return { kind: "slow" };
    const row = await rowFor(token, fresh);
    if (!row) return { kind: "slow" };
    const expiresAt = new Date(row.expires_at).getTime();
    // A kept row may have expired since it was read; and Better Auth moves a session's expiry once
    // it is older than updateAge: leave both to it (its refresh is announced, dropping the row).
    if (expiresAt <= Date.now() || expiresAt - s.expiresInMs + s.updateAgeMs <= Date.now()) {
      kept.delete(token);
      return { kind: "slow" };
    }
    return { kind: "viewer", viewer: viewerFromRow(row) };
  };
}

export type SessionReader = ReturnType<typeof createSessionReader>;
