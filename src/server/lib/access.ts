import { type AnyColumn, and, eq, type SQL, sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { assertNever } from "../../domain/assert-never";
import { ADMIN_ROLES, holdsAny, type Role, roleForMembership } from "../../domain/roles";
import type { Db, DbOrTx } from "../db/client";
import { sessions } from "../db/schema/auth";
import { memberships, organizations, userRoles } from "../db/schema/organizations";
import { students, studentUsers } from "../db/schema/students";
import type { AppEnv, Organization, Viewer } from "./context";
import { AppError, forbidden, notFound, refused, unauthorized } from "./errors";
import { isPublicApiPath } from "./session-reader";

// Who may see what, in one place (DESIGN.md, ADR 011). Each route declares the roles that may call
// it with `allow(...)` (role sets from src/domain/roles.ts); the guard resolves the caller's Scope
// once per request and puts it on the context beside the viewer. Services take the Scope and filter
// every list and detail query with `scopeWhere`: there is no `null` that means "everything".

/**
 * Whose records a request may touch. "all" only for administrators (narrowed to one organization
 * when they name one); "none" for a signed-in user without any standing (sees nothing).
 */
export type Scope =
  | { kind: "all" }
  | { kind: "program"; programId: string }
  | { kind: "facility"; facilityId: string }
  | { kind: "student"; studentId: string }
  /** Facility staff holding the `preceptor` role: only the rotations assigned to them (issue 17). */
  | { kind: "preceptor"; facilityId: string; userId: string }
  | { kind: "none" };

export type ProgramScope = Extract<Scope, { kind: "all" | "program" }>;
export type FacilityScope = Extract<Scope, { kind: "all" | "facility" }>;
export type StudentScope = Extract<Scope, { kind: "student" }>;
/** Who may supervise rotations: administrators, a facility's coordinators, or a preceptor. */
export type RotationScope = Extract<Scope, { kind: "all" | "facility" | "preceptor" }>;

/** What a guarded handler finds on the context: a viewer (never null) and their scope. */
export type GuardedEnv = AppEnv & { Variables: { viewer: Viewer; scope: Scope } };

/**
 * The caller's standing, by role priority: administrators all, then the active organization, then
 * the linked student record. With `roles` (the route's role set), only the standings that set
 * admits count: a coordinator who is also a student acts as the student on the student's routes.
 */
export function scopeOf(viewer: Viewer, roles: readonly Role[] = []): Scope {
  const may = (...r: Role[]) => holdsAny(viewer.roles, r) && (roles.length === 0 || holdsAny(r, roles));
  if (may(...ADMIN_ROLES)) return { kind: "all" };
  const org = viewer.organization;
  if (org?.kind === "program" && may("program")) return { kind: "program", programId: org.id };
  // A preceptor's membership never makes its holder the facility's coordinator, even when they
  // hold the facility role for another facility they coordinate (ADR 023).
  if (org?.kind === "facility" && may("facility") && org.membership !== "preceptor") {
    return { kind: "facility", facilityId: org.id };
  }
  if (org?.kind === "facility" && may("preceptor")) {
    return { kind: "preceptor", facilityId: org.id, userId: viewer.userId };
  }
  if (viewer.studentId && may("student")) return { kind: "student", studentId: viewer.studentId };
  return { kind: "none" };
}

/**
 * A program's records: a coordinator their own program whatever the browser sent (D1); an
 * administrator the program they name, or all programs. Anyone else: 403.
 */
export function programScope(scope: Scope, requestedProgramId?: string | null): ProgramScope {
  if (scope.kind === "program") return scope;
  if (scope.kind === "all") return requestedProgramId ? { kind: "program", programId: requestedProgramId } : scope;
  throw forbidden();
}

/** As programScope, for a healthcare facility's records. */
export function facilityScope(scope: Scope, requestedFacilityId?: string | null): FacilityScope {
  if (scope.kind === "facility") return scope;
  if (scope.kind === "all") return requestedFacilityId ? { kind: "facility", facilityId: requestedFacilityId } : scope;
  throw forbidden();
}

export const NO_STUDENT_RECORD = "No student record is linked to your account";

/**
 * The rotations a supervisor may touch: a preceptor those assigned to them, a facility coordinator
 * their facility's (narrowed as facilityScope), an administrator all or the facility they name.
 */
export function rotationScope(scope: Scope, requestedFacilityId?: string | null): RotationScope {
  if (scope.kind === "preceptor") return scope;
  return facilityScope(scope, requestedFacilityId);
}

/** A student's own records: only the student record linked to the session, never one the browser names (D1). */
export function studentScope(scope: Scope): StudentScope {
  if (scope.kind === "student") return scope;
  throw new AppError("no_student_record", NO_STUDENT_RECORD, 404);
}

/** The organization id a narrowed scope names, or null for "all" (a caller asks for one explicitly). */
export function namedOrganization(scope: ProgramScope | FacilityScope): string | null {
  if (scope.kind === "program") return scope.programId;
  if (scope.kind === "facility") return scope.facilityId;
  return null;
}

/**
 * `rotation` is a column holding an application id: a preceptor's scope matches the rotations
 * assigned to them (rotation_preceptors), within the facility the session acts for.
 */
type ScopeColumns = { program?: AnyColumn; facility?: AnyColumn; student?: AnyColumn; rotation?: AnyColumn };

/**
 * The SQL condition a scope puts on a query, given the columns that name each kind of owner.
 * `undefined` only for kind "all", explicitly; a scope the query has no column for matches nothing.
 */
export function scopeWhere(scope: Scope, columns: ScopeColumns): SQL | undefined {
  switch (scope.kind) {
    case "all":
      return undefined;
    case "program":
      return columns.program ? eq(columns.program, scope.programId) : sql`false`;
    case "facility":
      return columns.facility ? eq(columns.facility, scope.facilityId) : sql`false`;
    case "student":
      return columns.student ? eq(columns.student, scope.studentId) : sql`false`;
    case "preceptor":
      return columns.rotation
        ? sql`${columns.rotation} in (select rp.application_id from rotation_preceptors rp where rp.user_id = ${scope.userId} and rp.facility_id = ${scope.facilityId})`
        : sql`false`;
    case "none":
      return sql`false`;
    default:
      return assertNever(scope, "scope");
  }
}

export async function loadViewer(
  db: Db,
  session: { id: string; activeOrganizationId?: string | null },
  user: { id: string; email: string; name: string },
): Promise<Viewer> {
  const [roleRows, orgRows, studentRows] = await Promise.all([
    db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, user.id))
      .orderBy(userRoles.createdAt),
    db
      .select({
        id: organizations.id,
        kind: organizations.kind,
        name: organizations.name,
        city: organizations.city,
        state: organizations.state,
        verificationStatus: organizations.verificationStatus,
        suspendedAt: organizations.suspendedAt,
        suspendedReason: organizations.suspendedReason,
        membership: memberships.role,
      })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(eq(memberships.userId, user.id))
      .orderBy(memberships.createdAt, memberships.organizationId),
    db
      .select({ studentId: studentUsers.studentId })
      .from(studentUsers)
      .where(eq(studentUsers.userId, user.id))
      .limit(1),
  ]);
  const roles = roleRows.map((r) => r.role as Role);
  const orgs: Organization[] = orgRows.map((o) => ({ ...o, suspendedAt: o.suspendedAt?.toISOString() ?? null }));
  // The session's active organization when it is still one of the user's; else the oldest membership.
  const active = orgs.find((o) => o.id === session.activeOrganizationId) ?? orgs[0] ?? null;
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    roles,
    role: roleForMembership(roles, active?.membership),
    organization: active,
    organizations: orgs,
    studentId: studentRows[0]?.studentId ?? null,
    sessionId: session.id,
  };
}

/**
 * Puts the viewer on the context. The hot path reads session and viewer in one query
 * (session-reader.ts, ADR 013); public API paths read nothing. Otherwise Better Auth reads the
 * session: when it refreshes the session (used after a day) or drops an expired one, its new cookie
 * goes out with our response, so the web app's sessions refresh by themselves.
 */
export const sessionMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const { auth, db, readSession } = c.get("deps");
  if (isPublicApiPath(c.req.path)) {
    c.set("viewer", null);
    return next();
  }
  // Reads may use the session row this instance keeps (ADR 016); writes read it afresh.
  const read = await readSession(c.req.raw.headers, !(c.req.method === "GET" || c.req.method === "HEAD"));
  if (read.kind !== "slow") {
    c.set("viewer", read.kind === "viewer" ? read.viewer : null);
    return next();
  }
  const { headers, response: found } = await auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
  c.set("viewer", found ? await loadViewer(db, found.session, found.user) : null);
  await next();
  for (const cookie of headers.getSetCookie()) c.res.headers.append("set-cookie", cookie);
});

/**
 * A member of an organization the administrators rejected has no access at all (issue 8, item 5):
 * checked on every request against the database, so a rejection ends every member's open session
 * at once. Administrators act on their own standing, never an organization's.
 */
export function isShutOut(viewer: Viewer): boolean {
  return (
    viewer.organization !== null &&
    viewer.organization.verificationStatus === "rejected" &&
    !holdsAny(viewer.roles, ADMIN_ROLES)
  );
}

export const organizationRejected = (name: string) =>
  new AppError(
    "organization_rejected",
    `${name} was not approved by the platform's administrators, so its pages are closed. If you think this is a mistake, contact the platform's administrators.`,
    403,
  );

/**
 * A suspended organization's coordinators read but do not write (issue 14): every state-changing
 * request a route declared for program or facility coordinators refuses while their scope is that
 * organization. Routes open to anyone signed in (`allow()`: messages, notifications) stay open, so
 * a suspended organization can still talk to the administrators. Administrators are never blocked
 * (their scope is "all"); a coordinator who is also a student acts as the student on student routes.
 */
export function isSuspendedWrite(viewer: Viewer, scope: Scope, method: string, roles: readonly Role[]): boolean {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS" || roles.length === 0) return false;
  switch (scope.kind) {
    case "program":
    case "facility":
    case "preceptor":
      return viewer.organization?.suspendedAt != null;
    case "all":
    case "student":
    case "none":
      return false;
    default:
      return assertNever(scope, "scope");
  }
}

export const organizationSuspended = (org: Pick<Organization, "name" | "suspendedReason">) =>
  new AppError(
    "organization_suspended",
    `${org.name} is suspended by the platform's administrators: you can sign in and read, but not submit, approve, publish or invite until it is reinstated.${org.suspendedReason ? ` Reason: ${org.suspendedReason}` : ""}`,
    403,
  );

/**
 * Route guard: the viewer must hold one of `roles` (any role when none are given). After it, the
 * handler reads `c.get("viewer")` (never null) and `c.get("scope")` (the caller's standing, see scopeOf).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * View As a student (issue 14): an administrator names a student with `?student=` on the
 * student's own routes (`/api/me/student/*`) and reads exactly that student's records. Read only:
 * the student makes their own changes. An unknown id is the same 404 as having no student record.
 */
async function viewAsStudent(db: Db, method: string, studentId: string): Promise<Scope> {
  if (method !== "GET" && method !== "HEAD") {
    throw new AppError(
      "view_as_read_only",
      "Viewing as a student is read only: the student makes their own changes",
      403,
    );
  }
  if (!UUID.test(studentId)) throw new AppError("no_student_record", NO_STUDENT_RECORD, 404);
  const [found] = await db.select({ id: students.id }).from(students).where(eq(students.id, studentId)).limit(1);
  if (!found) throw new AppError("no_student_record", NO_STUDENT_RECORD, 404);
  return { kind: "student", studentId: found.id };
}

export function allow(...roles: readonly Role[]) {
  return createMiddleware<GuardedEnv>(async (c, next) => {
    const viewer = c.get("viewer") as Viewer | null;
    if (!viewer) throw unauthorized();
    if (isShutOut(viewer)) throw organizationRejected(viewer.organization?.name ?? "Your organization");
    if (roles.length > 0 && !holdsAny(viewer.roles, roles)) throw forbidden();
    let scope = scopeOf(viewer, roles);
    const picked = c.req.query("student");
    if (scope.kind === "all" && picked !== undefined && c.req.path.startsWith("/api/me/student")) {
      scope = await viewAsStudent(c.get("deps").db, c.req.method, picked);
    }
    if (isSuspendedWrite(viewer, scope, c.req.method, roles) && viewer.organization) {
      throw organizationSuspended(viewer.organization);
    }
    c.set("scope", scope);
    await next();
  });
}

/**
 * Any signed-in user, a shut-out one included: only for who-am-I and choosing the active
 * organization (the web app shows a rejected organization's member why everything else is closed).
 */
export const allowAnySignedIn = createMiddleware<GuardedEnv>(async (c, next) => {
  const viewer = c.get("viewer") as Viewer | null;
  if (!viewer) throw unauthorized();
  c.set("scope", scopeOf(viewer));
  await next();
});

/**
 * Makes `organizationId` the session's active organization (ADR 011): only one of the user's own
 * memberships, else 404 (an organization they do not belong to is not theirs to name).
 */
export async function setActiveOrganization(db: Db, viewer: Viewer, organizationId: string): Promise<Organization> {
  const org = viewer.organizations.find((o) => o.id === organizationId);
  if (!org) throw notFound("Organization");
  await db.update(sessions).set({ activeOrganizationId: org.id }).where(eq(sessions.id, viewer.sessionId));
  return org;
}

export async function grantRole(db: DbOrTx, userId: string, role: Role) {
  await db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
}

export async function revokeRole(db: DbOrTx, userId: string, role: Role) {
  await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
}

/** D2: an organization pending verification can prepare but not submit or receive applications. */
export function assertVerified(org: Pick<Organization, "verificationStatus" | "name"> | null) {
  if (org && org.verificationStatus !== "verified") {
    throw refused(
      "organization_unverified",
      `${org.name} is pending verification: applications open once a platform administrator verifies it`,
    );
  }
}
