import { and, count, countDistinct, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { type AdminAction, LAST_SUPER_ADMIN } from "../../../domain/admin-accounts";
import type { Tx } from "../../db/client";
import { users } from "../../db/schema/auth";
import { profiles, userRoles } from "../../db/schema/organizations";
import { grantRole, revokeRole } from "../../lib/access";
import type { Deps } from "../../lib/context";
import { conflict, notFound } from "../../lib/errors";
import { mailHtml } from "../../lib/mail";
import { likePattern } from "../../lib/pagination";
import { isUniqueViolation } from "../../lib/pg-errors";
import { createAccount, findUserIdByEmail } from "../accounts/service";

// Administrator accounts (issue 14, spec sections 5, 6, 8): the list of admins and super admins,
// "Add Admin", and the super admin's changes to their rights. The platform always keeps a super
// admin: removals take one lock, so two concurrent removals of the last two leave one.

const ADMIN_ROLE_SET = ["admin", "super_admin"] as const;
type AdminRole = (typeof ADMIN_ROLE_SET)[number];

/** Serializes changes to administrator rights (two-int advisory key, apart from the other locks). */
const RIGHTS_LOCK = sql`select pg_advisory_xact_lock(1886352500, 14)`;

export type AdminFilter = { search?: string };

function adminRows(deps: Deps, f: AdminFilter) {
  const where = and(
    inArray(userRoles.role, [...ADMIN_ROLE_SET]),
    f.search
      ? or(
          ilike(users.email, likePattern(f.search)),
          ilike(users.name, likePattern(f.search)),
          ilike(profiles.fullName, likePattern(f.search)),
          ilike(profiles.organizationName, likePattern(f.search)),
        )
      : undefined,
  );
  const isSuper = sql<boolean>`bool_or(${userRoles.role} = 'super_admin')`;
  const rows = deps.db
    .select({
      id: users.id,
      email: users.email,
      fullName: sql<string>`coalesce(${profiles.fullName}, ${users.name})`,
      organizationName: sql<string>`coalesce(${profiles.organizationName}, '')`,
      superAdmin: isSuper,
      since: sql<Date>`min(${userRoles.createdAt})`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .leftJoin(profiles, eq(profiles.userId, userRoles.userId))
    .where(where)
    .groupBy(users.id, users.email, users.name, profiles.fullName, profiles.organizationName)
    // Super admins first, then by name.
    .orderBy(sql`${isSuper} desc`, sql`lower(coalesce(${profiles.fullName}, ${users.name}))`, users.id);
  return { rows, where };
}

const present = (r: {
  id: string;
  email: string;
  fullName: string;
  organizationName: string;
  superAdmin: boolean;
  since: Date;
}) => ({
  ...r,
  role: (r.superAdmin ? "super_admin" : "admin") as AdminRole,
  since: r.since.toISOString(),
});

export async function listAdmins(deps: Deps, q: AdminFilter & { page: number; pageSize: number }) {
  const { rows, where } = adminRows(deps, q);
  const [items, [total], [supers]] = await Promise.all([
    rows.limit(q.pageSize).offset((q.page - 1) * q.pageSize),
    deps.db
      .select({ n: countDistinct(userRoles.userId) })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .leftJoin(profiles, eq(profiles.userId, userRoles.userId))
      .where(where),
    deps.db.select({ n: count() }).from(userRoles).where(eq(userRoles.role, "super_admin")),
  ]);
  return {
    items: items.map(present),
    total: total.n,
    page: q.page,
    pageSize: q.pageSize,
    superAdmins: supers.n,
  };
}

export const EXPORT_LIMIT = 100_000;

export async function exportAdmins(deps: Deps, f: AdminFilter) {
  const items = (await adminRows(deps, f).rows.limit(EXPORT_LIMIT)).map(present);
  return {
    header: ["Name", "Email", "Organization", "Role", "Administrator since"],
    rows: items.map((r) => [
      r.fullName,
      r.email,
      r.organizationName,
      r.role === "super_admin" ? "Super Admin" : "Administrator",
      r.since.slice(0, 10),
    ]),
  };
}

/**
 * "Add Admin": a new account with the role admin, its profile carrying the full and organization
 * names. An email that has an account already is 409 (only super admins ask: no enumeration risk).
 */
export async function createAdmin(
  deps: Deps,
  input: { email: string; password: string; fullName: string; organizationName: string },
) {
  const email = input.email.toLowerCase();
  const exists = conflict(`An account with the email ${email} already exists`);
  if (await findUserIdByEmail(deps, email)) throw exists;
  let userId: string;
  try {
    userId = await createAccount(deps, { ...input, email });
  } catch (err) {
    // A parallel request with the same email won the race.
    if (isUniqueViolation(err) || (await findUserIdByEmail(deps, email))) throw exists;
    throw err;
  }
  const signIn = `${deps.env.appUrl}/auth`;
  await deps.db.transaction(async (tx) => {
    await grantRole(tx, userId, "admin");
    await deps.jobs.enqueueMail(tx, {
      to: email,
      subject: "You are now an administrator of the Clinical Placement Portal",
      text: `Hello ${input.fullName},\n\nA super admin created an administrator account for you with this email. Sign in with the password they gave you, and change it under your account settings: ${signIn}`,
      html: mailHtml(
        "Your administrator account",
        [
          `Hello ${input.fullName},`,
          "A super admin created an administrator account for you with this email. Sign in with the password they gave you, and change it under your account settings.",
        ],
        { label: "Sign in", url: signIn },
      ),
      link: signIn,
    });
  });
  return {
    id: userId,
    email,
    fullName: input.fullName,
    organizationName: input.organizationName,
    role: "admin" as const,
  };
}

async function rolesOf(tx: Tx, userId: string): Promise<AdminRole[]> {
  const rows = await tx
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), inArray(userRoles.role, [...ADMIN_ROLE_SET])));
  return ADMIN_ROLE_SET.filter((r) => rows.some((row) => row.role === r));
}

/**
 * A super admin makes an administrator a super admin, takes super admin rights back (they stay an
 * administrator), or removes their administrator rights altogether. Under one lock: the last super
 * admin is never removed, whoever asks at the same time. The person is told by mail; the viewer
 * cache of every instance drops their viewer (user_roles triggers), so access ends at once.
 */
export async function changeAdminRights(deps: Deps, userId: string, action: AdminAction) {
  return deps.db.transaction(async (tx) => {
    await tx.execute(RIGHTS_LOCK);
    const before = await rolesOf(tx, userId);
    if (before.length === 0) throw notFound("Administrator");
    const [person] = await tx
      .select({ email: users.email, name: sql<string>`coalesce(${profiles.fullName}, ${users.name})` })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, userId));
    if (!person) throw notFound("Administrator");
    const isSuper = before.includes("super_admin");
    if (action === "make-super-admin") {
      if (isSuper) throw conflict(`${person.name} is already a super admin`);
      await grantRole(tx, userId, "super_admin");
    } else {
      if (action === "remove-super-admin" && !isSuper) throw conflict(`${person.name} is not a super admin`);
      if (isSuper) {
        const [supers] = await tx.select({ n: count() }).from(userRoles).where(eq(userRoles.role, "super_admin"));
        if (supers.n <= 1) throw conflict(LAST_SUPER_ADMIN);
        await revokeRole(tx, userId, "super_admin");
      }
      if (action === "remove-super-admin") await grantRole(tx, userId, "admin");
      else await revokeRole(tx, userId, "admin");
    }
    const after = await rolesOf(tx, userId);
    await mailRightsChange(deps, tx, person, action);
    return { id: userId, email: person.email, fullName: person.name, before, after };
  });
}

const RIGHTS_MAIL: Record<AdminAction, { subject: string; line: string }> = {
  "make-super-admin": {
    subject: "You are now a super admin",
    line: "A super admin made you a super admin of the Clinical Placement Portal: you can now add administrators, change their rights and change the platform settings.",
  },
  "remove-super-admin": {
    subject: "Your super admin rights were removed",
    line: "A super admin removed your super admin rights. You remain an administrator of the Clinical Placement Portal.",
  },
  "remove-admin": {
    subject: "Your administrator rights were removed",
    line: "A super admin removed your administrator rights on the Clinical Placement Portal. If you think this is a mistake, contact your platform's super admin.",
  },
};

async function mailRightsChange(deps: Deps, tx: Tx, person: { email: string; name: string }, action: AdminAction) {
  const { subject, line } = RIGHTS_MAIL[action];
  // Queued with the change (ADR 015): sent once it commits, retried if the SMTP server fails.
  await deps.jobs.enqueueMail(tx, {
    to: person.email,
    subject,
    text: `Hello ${person.name},\n\n${line}`,
    html: mailHtml(subject, [`Hello ${person.name},`, line]),
  });
}
