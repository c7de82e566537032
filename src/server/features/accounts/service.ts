import { eq, sql } from "drizzle-orm";
import type { SignUpInput } from "../../../domain/auth";
import { users } from "../../db/schema/auth";
import { adminAccessRequests, memberships, organizations, profiles, userRoles } from "../../db/schema/organizations";
import type { Deps, Viewer } from "../../lib/context";
import { conflict } from "../../lib/errors";

/**
 * D2 sign-up: the Better Auth account and, in one transaction, the profile plus either a new
 * organization (pending verification) with the user as its coordinator, or an admin access request.
 * Returns the session cookie headers of the new account.
 */
export async function signUp(deps: Deps, input: SignUpInput, requestHeaders: Headers): Promise<Headers> {
  const email = input.email.toLowerCase();
  const existing = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  if (existing.length > 0) throw conflict("An account with this email already exists");

  const { headers, response } = await deps.auth.api.signUpEmail({
    body: { name: input.fullName, email, password: input.password },
    headers: requestHeaders,
    returnHeaders: true,
  });
  const userId = response.user.id;
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(profiles).values({ userId, fullName: input.fullName, organizationName: input.organizationName });
      if (input.role === "admin") {
        await tx.insert(adminAccessRequests).values({ userId, organizationName: input.organizationName });
        return;
      }
      const [org] = await tx
        .insert(organizations)
        .values({ kind: input.role, name: input.organizationName })
        .returning({ id: organizations.id });
      await tx.insert(memberships).values({ userId, organizationId: org.id });
      await tx.insert(userRoles).values({ userId, role: input.role });
    });
  } catch (err) {
    // Never leave an account without its profile: undo and report.
    await deps.db.delete(users).where(eq(users.id, userId));
    throw err;
  }
  deps.log.info({ userId, role: input.role }, "account created");
  return headers;
}

export async function getMe(deps: Deps, viewer: Viewer) {
  const [profileRows, requestRows, userRows] = await Promise.all([
    deps.db.select().from(profiles).where(eq(profiles.userId, viewer.userId)).limit(1),
    deps.db
      .select({ status: adminAccessRequests.status, createdAt: adminAccessRequests.createdAt })
      .from(adminAccessRequests)
      .where(eq(adminAccessRequests.userId, viewer.userId))
      .limit(1),
    deps.db
      .select({ twoFactorEnabled: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, viewer.userId))
      .limit(1),
  ]);
  const profile = profileRows[0];
  return {
    user: {
      id: viewer.userId,
      email: viewer.email,
      name: profile?.fullName ?? viewer.name,
      twoFactorEnabled: Boolean(userRows[0]?.twoFactorEnabled),
    },
    profile: { fullName: profile?.fullName ?? viewer.name, organizationName: profile?.organizationName ?? "" },
    roles: viewer.roles,
    role: viewer.role,
    organization: viewer.organization,
    studentId: viewer.studentId,
    accessRequest: requestRows[0]
      ? { status: requestRows[0].status, createdAt: requestRows[0].createdAt.toISOString() }
      : null,
  };
}

/** Creates a user with a password outside any HTTP request (demo seed, super admin script). */
export async function createAccount(
  deps: Pick<Deps, "auth" | "db">,
  input: { email: string; password: string; fullName: string; organizationName?: string },
): Promise<string> {
  const ctx = await deps.auth.$context;
  const hash = await ctx.password.hash(input.password);
  const email = input.email.toLowerCase();
  const user = await ctx.internalAdapter.createUser(
    { email, name: input.fullName, emailVerified: true },
    { method: "email-password" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: hash,
  });
  await deps.db
    .insert(profiles)
    .values({ userId: user.id, fullName: input.fullName, organizationName: input.organizationName ?? "" })
    .onConflictDoNothing();
  return user.id;
}

export async function setPassword(deps: Pick<Deps, "auth">, userId: string, password: string) {
  const ctx = await deps.auth.$context;
  const hash = await ctx.password.hash(password);
  await ctx.internalAdapter.updatePassword(userId, hash);
}

export async function findUserIdByEmail(deps: Pick<Deps, "db">, email: string) {
  const rows = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return rows[0]?.id ?? null;
}
