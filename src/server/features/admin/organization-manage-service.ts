import { generateId } from "@better-auth/core/utils/id";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { users } from "../../db/schema/auth";
import { memberships, organizations, profiles } from "../../db/schema/organizations";
import { grantRole } from "../../lib/access";
import type { Deps } from "../../lib/context";
import { conflict, notFound } from "../../lib/errors";
import { mailHtml } from "../../lib/mail";

// An administrator adds an organization with its first coordinator, and suspends or reinstates one
// (issue 14). Notices about a committed change go through the job queue (ADR 015); the first
// coordinator's "choose your password" link carries a live token and is sent directly with the
// token marked secret, so neither the queue nor mail_outbox ever holds it (ADR 010, issue 8).

/** How long the new coordinator's link works: Better Auth's reset-password token, with a longer life. */
export const COORDINATOR_LINK_DAYS = 7;

export type NewOrganization = {
  kind: "program" | "facility";
  name: string;
  city: string;
  state: string;
  coordinator: { email: string; name: string };
};

const what = (kind: "program" | "facility") => (kind === "program" ? "nursing program" : "healthcare facility");

/**
 * Creates the organization (verified at once: an administrator vouches for it) and its first
 * coordinator: a new account without a password, or the existing account with that email, which
 * gains the membership and the role. One transaction; the mail follows once it committed.
 */
export async function createOrganization(deps: Deps, input: NewOrganization) {
  const email = input.coordinator.email.toLowerCase();
  const result = await deps.db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.kind, input.kind), eq(sql`lower(${organizations.name})`, input.name.toLowerCase())))
      .limit(1);
    if (clash) throw conflict(`A ${what(input.kind)} named ${input.name} exists already`);
    const [org] = await tx
      .insert(organizations)
      .values({
        kind: input.kind,
        name: input.name,
        city: input.city,
        state: input.state,
        verificationStatus: "verified",
        verifiedAt: new Date(),
      })
      .returning();
    const [existing] = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
      .limit(1);
    let userId = existing?.id;
    if (!userId) {
      // No credential account: the user cannot sign in until they chose a password from the link
      // (Better Auth's reset creates the credential account then).
      userId = crypto.randomUUID();
      await tx.insert(users).values({ id: userId, email, name: input.coordinator.name, emailVerified: true });
      await tx
        .insert(profiles)
        .values({ userId, fullName: input.coordinator.name, organizationName: input.name })
        .onConflictDoNothing();
    }
    await tx.insert(memberships).values({ userId, organizationId: org.id });
    await grantRole(tx, userId, input.kind);
    if (existing) await mailAddedToOrganization(deps, tx, { email, name: existing.name }, org);
    return { org, userId, newAccount: !existing };
  });
  const mailSent = result.newAccount
    ? await mailChoosePassword(deps, { userId: result.userId, email, name: input.coordinator.name }, result.org)
    : true;
  return {
    organization: { id: result.org.id, kind: result.org.kind, name: result.org.name },
    coordinator: { userId: result.userId, email, newAccount: result.newAccount },
    mailSent,
  };
}

/** An existing account joined the organization: told by a queued notice (no password link). */
async function mailAddedToOrganization(
  deps: Deps,
  tx: Tx,
  user: { email: string; name: string },
  org: { name: string; kind: "program" | "facility" },
) {
  const signIn = `${deps.env.appUrl}/auth`;
  const lines = [
    `Hello ${user.name},`,
    `A platform administrator added ${org.name} (${what(org.kind)}) to the Clinical Placement Portal and made you its coordinator. Sign in with your usual password; you can switch to ${org.name} from the header.`,
  ];
  await deps.jobs.enqueueMail(tx, {
    to: user.email,
    subject: `You coordinate ${org.name} on the Clinical Placement Portal`,
    text: `${lines.join("\n\n")}\n\nSign in: ${signIn}`,
    html: mailHtml(`You coordinate ${org.name}`, lines, { label: "Sign in", url: signIn }),
    link: signIn,
  });
}

/**
 * A new coordinator chooses their password with Better Auth's reset-password token (so the link
 * lands on the existing /reset-password page). Sent directly with the token marked secret: the dev
 * mailbox keeps it redacted. Returns false when the mail could not be sent (the administrator is
 * told; the coordinator can still use "Forgot password" with the same email).
 */
async function mailChoosePassword(
  deps: Deps,
  user: { userId: string; email: string; name: string },
  org: { name: string; kind: "program" | "facility" },
): Promise<boolean> {
  const ctx = await deps.auth.$context;
  const token = generateId(24);
  await ctx.internalAdapter.createVerificationValue({
    value: user.userId,
    identifier: `reset-password:${token}`,
    expiresAt: new Date(Date.now() + COORDINATOR_LINK_DAYS * 24 * 60 * 60 * 1000),
  });
  const url = `${ctx.baseURL}/reset-password/${token}?callbackURL=${encodeURIComponent("/reset-password")}`;
  const lines = [
    `Hello ${user.name},`,
    `A platform administrator added ${org.name} (${what(org.kind)}) to the Clinical Placement Portal and made you its coordinator.`,
    `Choose your password to sign in. The link works for ${COORDINATOR_LINK_DAYS} days; after that, use "Forgot password" on the sign-in page.`,
  ];
  try {
    await deps.mailer.send({
      to: user.email,
      subject: `Set up your ${org.name} account on the Clinical Placement Portal`,
      text: `${lines.join("\n\n")}\n\n${url}`,
      html: mailHtml("Choose your password", lines, { label: "Choose your password", url }),
      link: url,
      secrets: [token],
    });
    return true;
  } catch (err) {
    deps.log.error({ err, userId: user.userId }, "coordinator invitation mail failed");
    return false;
  }
}

type OrgRow = typeof organizations.$inferSelect;

const suspensionOf = (o: OrgRow) => ({
  suspendedAt: o.suspendedAt?.toISOString() ?? null,
  suspendedReason: o.suspendedReason,
});

/**
 * Suspends (with a reason) or reinstates an organization; its coordinators are told by a queued
 * mail. Returns before and after for the audit entry. The viewer rows kept by each instance are
 * dropped by the organizations trigger (ADR 016), so the next write of a member is refused at once.
 */
export async function setOrganizationSuspension(
  deps: Deps,
  id: string,
  change: { suspend: true; reason: string } | { suspend: false },
) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(organizations).where(eq(organizations.id, id)).for("update");
    if (!row) throw notFound("Organization");
    if (change.suspend && row.suspendedAt) throw conflict(`${row.name} is already suspended`);
    if (!change.suspend && !row.suspendedAt) throw conflict(`${row.name} is not suspended`);
    const [updated] = await tx
      .update(organizations)
      .set(
        change.suspend
          ? { suspendedAt: new Date(), suspendedReason: change.reason }
          : { suspendedAt: null, suspendedReason: null },
      )
      .where(eq(organizations.id, id))
      .returning();
    const members = await tx
      .select({ email: users.email, name: users.name })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.organizationId, id));
    const signIn = `${deps.env.appUrl}/auth`;
    for (const m of members) {
      const lines = change.suspend
        ? [
            `Hello ${m.name},`,
            `A platform administrator suspended ${row.name}. You can still sign in and read, but you cannot submit, approve, publish or invite until it is reinstated.`,
            `Reason: ${change.reason}`,
            "If you think this is a mistake, reply to this email or contact the platform's administrators.",
          ]
        : [`Hello ${m.name},`, `A platform administrator reinstated ${row.name}. Everything works again as before.`];
      await deps.jobs.enqueueMail(tx, {
        to: m.email,
        subject: change.suspend ? `${row.name} is suspended` : `${row.name} is reinstated`,
        text: `${lines.join("\n\n")}\n\nSign in: ${signIn}`,
        html: mailHtml(change.suspend ? "Organization suspended" : "Organization reinstated", lines, {
          label: "Sign in",
          url: signIn,
        }),
        link: signIn,
      });
    }
    return {
      result: { id: updated.id, name: updated.name, ...suspensionOf(updated) },
      before: suspensionOf(row),
      after: suspensionOf(updated),
    };
  });
}
