import { and, eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { type Role, resolveRole } from "../../domain/roles";
import type { Db, DbOrTx } from "../db/client";
import { memberships, organizations, userRoles } from "../db/schema/organizations";
import { studentUsers } from "../db/schema/students";
import type { AppEnv, Organization, Viewer } from "./context";
import { AppError, forbidden, unauthorized } from "./errors";

// Who may see what, in one place (DESIGN.md). Routes declare roles with `allow`; services scope
// their queries with the viewer this file builds from the session.

export async function loadViewer(
  db: Db,
  session: { id: string },
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
      })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(eq(memberships.userId, user.id))
      .orderBy(memberships.createdAt)
      .limit(1),
    db
      .select({ studentId: studentUsers.studentId })
      .from(studentUsers)
      .where(eq(studentUsers.userId, user.id))
      .limit(1),
  ]);
  const roles = roleRows.map((r) => r.role as Role);
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    roles,
    role: resolveRole(roles),
    organization: (orgRows[0] as Organization | undefined) ?? null,
    studentId: studentRows[0]?.studentId ?? null,
    sessionId: session.id,
  };
}

/**
 * Reads the Better Auth session (cookie or bearer) and puts the viewer on the context. When Better
 * Auth refreshes the session (used after a day) or drops an expired one, its new cookie goes out
 * with our response: the web app only calls our API, so this is how its sessions refresh by themselves.
 */
export const sessionMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const { auth, db } = c.var.deps;
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
    !hasRole(viewer, "admin", "super_admin")
  );
}

export const organizationRejected = (name: string) =>
  new AppError(
    "organization_rejected",
    `${name} was not approved by the platform's administrators, so its pages are closed. If you think this is a mistake, contact the platform's administrators.`,
    403,
  );

/** Route guard: the viewer must hold one of `roles` (any role when none are given). */
export function allow(...roles: Role[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const viewer = c.var.viewer;
    if (!viewer) throw unauthorized();
    if (isShutOut(viewer)) throw organizationRejected(viewer.organization?.name ?? "Your organization");
    if (roles.length > 0 && !viewer.roles.some((r) => roles.includes(r))) throw forbidden();
    await next();
  });
}

/**
 * Any signed-in user, a shut-out one included: only for who-am-I (the web app shows a rejected
 * organization's member why everything else is closed).
 */
export const allowAnySignedIn = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.viewer) throw unauthorized();
  await next();
});

export function requireViewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw unauthorized();
  return viewer;
}

export const hasRole = (viewer: Viewer, ...roles: Role[]) => viewer.roles.some((r) => roles.includes(r));

export async function grantRole(db: DbOrTx, userId: string, role: Role) {
  await db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
}

export async function revokeRole(db: DbOrTx, userId: string, role: Role) {
  await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
}

/**
 * The program whose records a request may touch. A program coordinator: their own program, whatever
 * the browser sent (D1). An admin: the program they asked for, or every program (null). Anyone else: 403.
 */
export function programScope(viewer: Viewer, requestedProgramId?: string | null): string | null {
  if (viewer.roles.includes("program") && viewer.organization?.kind === "program") return viewer.organization.id;
  if (hasRole(viewer, "admin", "super_admin")) return requestedProgramId ?? null;
  throw forbidden();
}

/** As programScope, for a healthcare facility's records. */
export function facilityScope(viewer: Viewer, requestedFacilityId?: string | null): string | null {
  if (viewer.roles.includes("facility") && viewer.organization?.kind === "facility") return viewer.organization.id;
  if (hasRole(viewer, "admin", "super_admin")) return requestedFacilityId ?? null;
  throw forbidden();
}

/** D2: an organization pending verification can prepare but not submit or receive applications. */
export function assertVerified(org: Pick<Organization, "verificationStatus" | "name"> | null) {
  if (org && org.verificationStatus !== "verified") {
    throw new AppError(
      "organization_unverified",
      `${org.name} is pending verification: applications open once a platform administrator verifies it`,
      403,
    );
  }
}
