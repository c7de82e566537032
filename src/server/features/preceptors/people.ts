import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, eq, gt, ilike, isNull, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { PRECEPTOR_INVITATION_TTL_DAYS, type PreceptorKind } from "../../../domain/preceptors";
import type { Db, DbOrTx } from "../../db/client";
import { sessions, users } from "../../db/schema/auth";
import { memberships, organizations, profiles, userRoles } from "../../db/schema/organizations";
import { preceptorInvitations as inv } from "../../db/schema/preceptors";
import { rotationPreceptors } from "../../db/schema/rotations";
import { type FacilityScope, revokeRole, scopeWhere } from "../../lib/access";
import type { Deps, Viewer } from "../../lib/context";
import { AppError, conflict, invalid, notFound } from "../../lib/errors";
import { mailHtml } from "../../lib/mail";
import { likePattern, offsetOf } from "../../lib/pagination";
import { createAccount, findUserIdByEmail } from "../accounts/service";

// A facility's people who may precept (issue 17): its coordinators and the staff it invited as
// preceptors (a membership with role "preceptor", ADR 023). Invitations by email with a one-time
// link (only its hash is kept, 7 days, resend, revoke); removal ends the membership, the role when
// it was the person's last preceptor membership, and their assignments at the facility.

export const hashPreceptorToken = (token: string) => createHash("sha256").update(token).digest("hex");

const fullName = sql<string>`coalesce(${profiles.fullName}, ${users.name})`;

/** Members who may precept: preceptor memberships, and coordinators holding the facility role. */
export const mayPrecept = sql`(${memberships.role} = 'preceptor' or exists (select 1 from ${userRoles} ur where ur.user_id = ${memberships.userId} and ur.role = 'facility'))`;

/** Approved rotations not yet ended that the member precepts at this facility. */
const activeRotations = sql<number>`(select count(*)::int from ${rotationPreceptors} rp
  join applications ap on ap.id = rp.application_id
  join placements pl on pl.id = ap.placement_id
  where rp.user_id = ${memberships.userId} and rp.facility_id = ${memberships.organizationId}
    and ap.status = 'approved' and pl.end_date >= current_date)`;

export type PeopleQuery = { search?: string; page: number; pageSize: number; kind?: PreceptorKind };

function peopleWhere(scope: FacilityScope, q: { search?: string; kind?: PreceptorKind }): SQL | undefined {
  const term = q.search ? likePattern(q.search) : null;
  return and(
    scopeWhere(scope, { facility: memberships.organizationId }),
    eq(organizations.kind, "facility"),
    mayPrecept,
    q.kind ? eq(memberships.role, q.kind) : undefined,
    term
      ? or(
          ilike(fullName, term),
          ilike(users.email, term),
          ilike(memberships.title, term),
          ilike(memberships.department, term),
        )
      : undefined,
  );
}

const peopleSelect = (db: DbOrTx) =>
  db
    .select({
      userId: memberships.userId,
      name: fullName,
      email: users.email,
      title: memberships.title,
      department: memberships.department,
      kind: memberships.role,
      facilityId: memberships.organizationId,
      facilityName: organizations.name,
      activeRotations,
      since: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .leftJoin(profiles, eq(profiles.userId, memberships.userId));

type PersonRow = Awaited<ReturnType<typeof peopleSelect>>[number];
const toPerson = (r: PersonRow) => ({
  userId: r.userId,
  name: r.name,
  email: r.email,
  title: r.title,
  department: r.department,
  kind: r.kind as PreceptorKind,
  facility: { id: r.facilityId, name: r.facilityName },
  activeRotations: r.activeRotations,
  since: r.since.toISOString(),
});
export type Person = ReturnType<typeof toPerson>;

export async function listPeople(db: Db, scope: FacilityScope, q: PeopleQuery) {
  const where = peopleWhere(scope, q);
  const [rows, [total]] = await Promise.all([
    peopleSelect(db)
      .where(where)
      .orderBy(asc(fullName), asc(organizations.name), asc(memberships.userId))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db
      .select({ n: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .leftJoin(profiles, eq(profiles.userId, memberships.userId))
      .where(where),
  ]);
  return { items: rows.map(toPerson), total: total.n, page: q.page, pageSize: q.pageSize };
}

export const PEOPLE_CSV_HEADER = ["Name", "Email", "Title", "Department", "Kind", "Facility", "Active rotations"];

export async function exportPeople(db: Db, scope: FacilityScope, q: { search?: string; kind?: PreceptorKind }) {
  const rows = await peopleSelect(db)
    .where(peopleWhere(scope, q))
    .orderBy(asc(fullName), asc(organizations.name), asc(memberships.userId))
    .limit(50_000);
  return rows
    .map(toPerson)
    .map((p) => [
      p.name,
      p.email,
      p.title,
      p.department ?? "",
      p.kind === "preceptor" ? "Preceptor" : "Coordinator",
      p.facility.name,
      p.activeRotations,
    ]);
}

/** The facility a write acts for: the coordinator's own; an administrator names one (422 otherwise). */
export async function targetFacility(db: DbOrTx, scope: FacilityScope, facilityId?: string | null) {
  const id = scope.kind === "facility" ? scope.facilityId : facilityId;
  if (!id) throw invalid([{ path: "facilityId", message: "Choose a facility" }]);
  const [org] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.id, id), eq(organizations.kind, "facility")));
  if (!org) throw invalid([{ path: "facilityId", message: "Unknown facility" }]);
  return org;
}

// ---------------------------------------------------------------------------------------------
// Invitations

const stateSql = sql<string>`(case
  when ${inv.acceptedAt} is not null then 'accepted'
  when ${inv.revokedAt} is not null then 'revoked'
  when ${inv.expiresAt} <= now() then 'expired'
  else 'pending' end)`;

const invitationSelect = (db: DbOrTx) =>
  db
    .select({
      id: inv.id,
      name: inv.name,
      email: inv.email,
      title: inv.title,
      department: inv.department,
      state: stateSql,
      facilityId: inv.facilityId,
      facilityName: organizations.name,
      sentAt: inv.sentAt,
      expiresAt: inv.expiresAt,
      createdAt: inv.createdAt,
    })
    .from(inv)
    .innerJoin(organizations, eq(organizations.id, inv.facilityId));

type InvitationRow = Awaited<ReturnType<typeof invitationSelect>>[number];
const toInvitation = (r: InvitationRow) => ({
  id: r.id,
  name: r.name,
  email: r.email,
  title: r.title,
  department: r.department,
  state: r.state as "pending" | "expired" | "accepted" | "revoked",
  facility: { id: r.facilityId, name: r.facilityName },
  sentAt: r.sentAt.toISOString(),
  expiresAt: r.expiresAt.toISOString(),
});
export type PreceptorInvitation = ReturnType<typeof toInvitation>;

/** Open invitations (pending or expired, not accepted nor revoked), newest first. */
export async function listInvitations(db: Db, scope: FacilityScope) {
  const rows = await invitationSelect(db)
    .where(and(scopeWhere(scope, { facility: inv.facilityId }), isNull(inv.acceptedAt), isNull(inv.revokedAt)))
    .orderBy(sql`${inv.createdAt} desc`, asc(inv.id))
    .limit(200);
  return { items: rows.map(toInvitation) };
}

async function getInvitation(db: DbOrTx, scope: FacilityScope, id: string) {
  const [row] = await invitationSelect(db).where(and(eq(inv.id, id), scopeWhere(scope, { facility: inv.facilityId })));
  if (!row) throw notFound("Invitation");
  return toInvitation(row);
}

async function sendInvitationMail(
  deps: Deps,
  to: { email: string; name: string; title: string },
  facilityName: string,
  token: string,
) {
  const link = `${deps.env.appUrl}/preceptor-invite/${token}`;
  const hasAccount = (await findUserIdByEmail(deps, to.email)) !== null;
  const how = hasAccount
    ? "You already have an account on the portal: sign in with it, then open the link to accept (your account keeps what it has and adds the facility)."
    : "Open the link to set your password; you will land on your preceptor dashboard.";
  const intro = `${facilityName} invites you to precept students on their clinical rotations on the Clinical Placement Portal (${to.title}).`;
  const ttl = `This link works for ${PRECEPTOR_INVITATION_TTL_DAYS} days. If you did not expect it, you can ignore this email.`;
  await deps.mailer.send({
    to: to.email,
    subject: `${facilityName} invites you to precept on the Clinical Placement Portal`,
    text: [`Hello ${to.name},`, "", intro, "", how, "", `Accept the invitation: ${link}`, "", ttl].join("\n"),
    html: mailHtml("You're invited to precept", [`Hello ${to.name},`, intro, how, ttl], {
      label: "Accept the invitation",
      url: link,
    }),
    link,
    secrets: [token],
  });
}

const newToken = () => {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + PRECEPTOR_INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
  return { token, tokenHash: hashPreceptorToken(token), expiresAt };
};

/**
 * Invites a member of staff to precept at the facility: one open invitation per facility and email
 * (the unique index decides among concurrent requests: the others get 409). Someone already a
 * member of the facility: 409. The mail carries the link, so it is sent directly (ADR 010).
 */
export async function invitePreceptor(
  deps: Deps,
  viewer: Viewer,
  scope: FacilityScope,
  input: { name: string; email: string; title: string; department: string | null; facilityId?: string },
) {
  const { db } = deps;
  const facility = await targetFacility(db, scope, input.facilityId);
  const email = input.email.toLowerCase();
  const [member] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, facility.id), eq(sql`lower(${users.email})`, email)));
  if (member) {
    const message = `${email} is already ${member.role === "preceptor" ? "a preceptor" : "a coordinator"} at ${facility.name}`;
    throw new AppError("conflict", message, 409, [{ path: "email", message }]);
  }
  // An expired invitation no longer holds the place: it is closed before the new one.
  await db
    .update(inv)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(inv.facilityId, facility.id),
        eq(inv.email, email),
        isNull(inv.acceptedAt),
        isNull(inv.revokedAt),
        lte(inv.expiresAt, new Date()),
      ),
    );
  const { token, tokenHash, expiresAt } = newToken();
  const [row] = await db
    .insert(inv)
    .values({
      facilityId: facility.id,
      email,
      name: input.name,
      title: input.title,
      department: input.department,
      tokenHash,
      invitedBy: viewer.userId,
      expiresAt,
    })
    .onConflictDoNothing()
    .returning({ id: inv.id });
  if (!row) {
    const message = `${email} is already invited to ${facility.name}: resend the invitation instead`;
    throw new AppError("conflict", message, 409, [{ path: "email", message }]);
  }
  try {
    await sendInvitationMail(deps, { email, name: input.name, title: input.title }, facility.name, token);
  } catch (err) {
    deps.log.error({ err, invitationId: row.id }, "preceptor invitation mail failed");
    await db.delete(inv).where(eq(inv.id, row.id));
    throw new AppError("mail_failed", "We could not send the invitation email. Please try again.", 502);
  }
  return getInvitation(db, scope, row.id);
}

/** A fresh link (7 more days) for an open invitation; the old link stops working. */
export async function resendInvitation(deps: Deps, scope: FacilityScope, id: string) {
  const { db } = deps;
  const current = await getInvitation(db, scope, id);
  if (current.state === "accepted") throw conflict("This invitation was already accepted");
  if (current.state === "revoked") throw conflict("This invitation was revoked: invite again instead");
  const { token, tokenHash, expiresAt } = newToken();
  // At most one resend a minute, decided by the update itself: concurrent resends leave one new
  // link and one mail (the others get 409).
  const [row] = await db
    .update(inv)
    .set({ tokenHash, expiresAt, sentAt: new Date() })
    .where(
      and(
        eq(inv.id, id),
        isNull(inv.acceptedAt),
        isNull(inv.revokedAt),
        sql`${inv.sentAt} <= now() - interval '1 minute'`,
      ),
    )
    .returning({ id: inv.id });
  if (!row) throw conflict("This invitation was sent less than a minute ago: wait a moment before sending it again");
  await sendInvitationMail(deps, current, current.facility.name, token);
  return getInvitation(db, scope, id);
}

/** Revokes an open invitation: its link stops working. */
export async function revokeInvitation(db: Db, scope: FacilityScope, id: string) {
  const current = await getInvitation(db, scope, id);
  const [row] = await db
    .update(inv)
    .set({ revokedAt: new Date() })
    .where(and(eq(inv.id, id), isNull(inv.acceptedAt), isNull(inv.revokedAt)))
    .returning({ id: inv.id });
  if (!row) {
    throw conflict(
      current.state === "accepted" ? "This invitation was already accepted" : "This invitation was already revoked",
    );
  }
  return { before: current, after: await getInvitation(db, scope, id) };
}

/**
 * Removes a preceptor from the facility: their assignments here end, the membership goes, and the
 * preceptor role when no other facility keeps them as a preceptor. A coordinator is not removed here.
 */
export async function removePreceptor(deps: Deps, scope: FacilityScope, userId: string, facilityId?: string) {
  const facility = await targetFacility(deps.db, scope, facilityId);
  return deps.db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: memberships.id, role: memberships.role, title: memberships.title })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, facility.id)))
      .for("update");
    if (!member) throw notFound("Preceptor");
    if (member.role !== "preceptor") {
      throw conflict("A coordinator of the facility is not removed here: unassign them from rotations instead");
    }
    const ended = await tx
      .delete(rotationPreceptors)
      .where(and(eq(rotationPreceptors.userId, userId), eq(rotationPreceptors.facilityId, facility.id)))
      .returning({ applicationId: rotationPreceptors.applicationId });
    await tx.delete(memberships).where(eq(memberships.id, member.id));
    const [other] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.role, "preceptor"), ne(memberships.id, member.id)))
      .limit(1);
    if (!other) await revokeRole(tx, userId, "preceptor");
    return { userId, facilityId: facility.id, endedAssignments: ended.length, title: member.title };
  });
}

// ---------------------------------------------------------------------------------------------
// The invitation link (public)

async function findByToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select({
      id: inv.id,
      facilityId: inv.facilityId,
      facilityName: organizations.name,
      email: inv.email,
      name: inv.name,
      title: inv.title,
      department: inv.department,
      expiresAt: inv.expiresAt,
      acceptedAt: inv.acceptedAt,
      revokedAt: inv.revokedAt,
    })
    .from(inv)
    .innerJoin(organizations, eq(organizations.id, inv.facilityId))
    .where(eq(inv.tokenHash, hashPreceptorToken(token)));
  if (!row) throw notFound("Invitation");
  return row;
}

type TokenRow = Awaited<ReturnType<typeof findByToken>>;
const linkState = (r: TokenRow) =>
  r.acceptedAt
    ? ("used" as const)
    : r.revokedAt
      ? ("revoked" as const)
      : r.expiresAt.getTime() <= Date.now()
        ? ("expired" as const)
        : ("valid" as const);

const LINK_MESSAGES = {
  used: "This invitation was already accepted. Sign in with your email and password.",
  revoked: "This invitation was withdrawn by the facility. Ask them for a new one.",
  expired: "This invitation has expired. Ask the facility to send it again.",
} as const;

/** What /preceptor-invite/:token shows: whether the link works, for whom, and what to do. */
export async function describeInvitationLink(deps: Deps, token: string, viewer: Viewer | null) {
  const row = await findByToken(deps.db, token);
  const state = linkState(row);
  const valid = state === "valid";
  const hasAccount = valid ? (await findUserIdByEmail(deps, row.email)) !== null : false;
  return {
    state,
    name: row.name,
    facilityName: row.facilityName,
    title: row.title,
    email: valid ? row.email : null,
    hasAccount,
    signedInAsInvitee: valid && viewer !== null && viewer.email.toLowerCase() === row.email,
    message: state === "valid" ? null : LINK_MESSAGES[state],
  };
}

const gone = (message: string) => new AppError("gone", message, 410);

/** The claim and the membership, in the caller's transaction: only one acceptance wins. */
async function attach(tx: DbOrTx, row: TokenRow, userId: string) {
  const [claimed] = await tx
    .update(inv)
    .set({ acceptedAt: new Date(), acceptedBy: userId })
    .where(and(eq(inv.id, row.id), isNull(inv.acceptedAt), isNull(inv.revokedAt), gt(inv.expiresAt, new Date())))
    .returning({ id: inv.id });
  if (!claimed) throw gone(LINK_MESSAGES.used);
  const [made] = await tx
    .insert(memberships)
    .values({ userId, organizationId: row.facilityId, role: "preceptor", title: row.title, department: row.department })
    .onConflictDoNothing()
    .returning({ id: memberships.id });
  if (!made) throw conflict(`You are already a member of ${row.facilityName}`);
  await tx.insert(userRoles).values({ userId, role: "preceptor" }).onConflictDoNothing();
}

export type AcceptResult = {
  userId: string;
  email: string;
  facilityId: string;
  facilityName: string;
  created: boolean;
  headers: Headers | null;
};

/**
 * Accepts the invitation. No account with the email: the account is made with the password, and
 * signed in. An account exists: only that account, signed in, accepts (never a silent attach,
 * 409 sign_in_required otherwise); the session then acts for the facility.
 */
export async function acceptInvitationLink(
  deps: Deps,
  token: string,
  input: { password?: string },
  viewer: Viewer | null,
  requestHeaders: Headers,
): Promise<AcceptResult> {
  const row = await findByToken(deps.db, token);
  const state = linkState(row);
  if (state !== "valid") throw gone(LINK_MESSAGES[state]);
  const existing = await findUserIdByEmail(deps, row.email);
  if (existing) {
    if (!viewer || viewer.userId !== existing) {
      throw new AppError(
        "sign_in_required",
        `An account with ${row.email} already exists: sign in with it, then open this link again to accept.`,
        409,
      );
    }
    await deps.db.transaction((tx) => attach(tx, row, existing));
    await deps.db
      .update(sessions)
      .set({ activeOrganizationId: row.facilityId })
      .where(eq(sessions.id, viewer.sessionId));
    return {
      userId: existing,
      email: row.email,
      facilityId: row.facilityId,
      facilityName: row.facilityName,
      created: false,
      headers: null,
    };
  }
  if (!input.password) throw invalid([{ path: "password", message: "Password is required" }]);
  let userId: string;
  try {
    userId = await createAccount(deps, {
      email: row.email,
      password: input.password,
      fullName: row.name,
      organizationName: row.facilityName,
    });
  } catch (err) {
    if (await findUserIdByEmail(deps, row.email)) throw gone(LINK_MESSAGES.used);
    throw err;
  }
  try {
    await deps.db.transaction((tx) => attach(tx, row, userId));
  } catch (err) {
    // Never leave an account without its membership: undo and report.
    await deps.db.delete(users).where(eq(users.id, userId));
    throw err;
  }
  const { headers } = await deps.auth.api.signInEmail({
    body: { email: row.email, password: input.password },
    headers: requestHeaders,
    returnHeaders: true,
  });
  return {
    userId,
    email: row.email,
    facilityId: row.facilityId,
    facilityName: row.facilityName,
    created: true,
    headers,
  };
}
