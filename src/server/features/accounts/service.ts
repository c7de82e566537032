import { eq, sql } from "drizzle-orm";
import type { SignUpInput } from "../../../domain/auth";
import { users } from "../../db/schema/auth";
import { adminAccessRequests, memberships, organizations, profiles, userRoles } from "../../db/schema/organizations";
import type { Deps, Viewer, ViewerAccount } from "../../lib/context";
import { mailHtml } from "../../lib/mail";
import { requireClientMailQuota, sendSecurityMail } from "../../lib/mail-quota";
import { isUniqueViolation } from "../../lib/pg-errors";
import { addRecommendedProgramRequirements } from "../compliance/requirements";

/**
 * D2 sign-up: the account and, in one transaction, the profile plus either a new organization
 * (pending verification) with the user as its coordinator, or an admin access request. Returns the
 * new user's id, or null when the email already had an account: its owner is mailed instead. Both
 * answer alike and sign no one in (the web app signs in next with what was typed), and both hash
 * the password, so neither the answer nor its time tells whether an account exists (ADR 006).
 */
export async function signUp(deps: Deps, input: SignUpInput, clientAddress: string): Promise<string | null> {
  // Every attempt counts against the client's address (429 beyond 20 an hour), new email or not.
  await requireClientMailQuota(deps, clientAddress);
  const email = input.email.toLowerCase();
  const ctx = await deps.auth.$context;
  const hash = await ctx.password.hash(input.password);
  if (await findUserIdByEmail(deps, email)) {
    await mailExistingOwner(deps, email);
    return null;
  }

  let userId: string;
  try {
    const user = await ctx.internalAdapter.createUser(
      { email, name: input.fullName, emailVerified: false },
      { method: "email-password" },
    );
    userId = user.id;
  } catch (err) {
    // A parallel sign-up with the same email won the race: the same answer as any existing email.
    if (isUniqueViolation(err) || (await findUserIdByEmail(deps, email))) {
      await mailExistingOwner(deps, email);
      return null;
    }
    throw err;
  }
  // The platform setting (issue 14): with verification off, a new organization starts verified.
  const { organizationsRequireVerification } = await deps.settings.get();
  try {
    await ctx.internalAdapter.linkAccount({ userId, providerId: "credential", accountId: userId, password: hash });
    await deps.db.transaction(async (tx) => {
      await tx.insert(profiles).values({ userId, fullName: input.fullName, organizationName: input.organizationName });
      if (input.role === "admin") {
        await tx.insert(adminAccessRequests).values({ userId, organizationName: input.organizationName });
        return;
      }
      const [org] = await tx
        .insert(organizations)
        .values({
          kind: input.role,
          name: input.organizationName,
          ...(organizationsRequireVerification
            ? {}
            : { verificationStatus: "verified" as const, verifiedAt: new Date() }),
        })
        .returning({ id: organizations.id });
      await tx.insert(memberships).values({ userId, organizationId: org.id });
      await tx.insert(userRoles).values({ userId, role: input.role });
      // Issue 12: a new program starts with the recommended compliance requirements (it may change them).
      if (input.role === "program") await addRecommendedProgramRequirements(tx, org.id);
    });
  } catch (err) {
    // Never leave an account without its password or profile: undo and report.
    await deps.db.delete(users).where(eq(users.id, userId));
    throw err;
  }
  deps.log.info({ userId, role: input.role }, "account created");
  return userId;
}

/** "Someone tried to sign up with your email": sign in, or reset the password (limited per recipient). */
async function mailExistingOwner(deps: Deps, email: string) {
  const signInUrl = `${deps.env.appUrl}/auth`;
  await sendSecurityMail(deps, {
    to: email,
    subject: "You already have a Clinical Placement Portal account",
    text: `Hello,\n\nSomeone tried to create a Clinical Placement Portal account with this email, but it already has one. Sign in here, or use 'Forgot password?' if you do not remember your password:\n\n${signInUrl}\n\nIf it was not you, ignore this mail: nothing was changed.`,
    html: mailHtml(
      "You already have an account",
      [
        "Someone tried to create a Clinical Placement Portal account with this email, but it already has one.",
        "Sign in, or use 'Forgot password?' if you do not remember your password. If it was not you, ignore this mail: nothing was changed.",
      ],
      { label: "Sign in", url: signInUrl },
    ),
    link: signInUrl,
  });
}

export async function getMe(deps: Deps, viewer: Viewer) {
  // Every page load asks who is signed in (issue 11): the session reader's statement already read
  // the rest (ADR 016), so a kept viewer answers with no query; Better Auth's slow path reads it here.
  const account = viewer.account ?? (await readAccount(deps, viewer.userId));
  return {
    user: {
      id: viewer.userId,
      email: viewer.email,
      name: account.fullName ?? viewer.name,
      twoFactorEnabled: account.twoFactorEnabled,
    },
    profile: { fullName: account.fullName ?? viewer.name, organizationName: account.organizationName ?? "" },
    roles: viewer.roles,
    role: viewer.role,
    organization: viewer.organization,
    organizations: viewer.organizations,
    studentId: viewer.studentId,
    accessRequest: account.accessRequest,
  };
}

async function readAccount(deps: Deps, userId: string): Promise<ViewerAccount> {
  const [row] = await deps.db
    .select({
      twoFactorEnabled: users.twoFactorEnabled,
      fullName: profiles.fullName,
      organizationName: profiles.organizationName,
      requestStatus: adminAccessRequests.status,
      requestCreatedAt: adminAccessRequests.createdAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(adminAccessRequests, eq(adminAccessRequests.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return {
    twoFactorEnabled: Boolean(row?.twoFactorEnabled),
    fullName: row?.fullName ?? null,
    organizationName: row?.organizationName ?? null,
    accessRequest:
      row?.requestStatus && row.requestCreatedAt
        ? { status: row.requestStatus, createdAt: row.requestCreatedAt.toISOString() }
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
