import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { alias, type SelectedFields } from "drizzle-orm/pg-core";
import { assertNever } from "../../../domain/assert-never";
import type { MessageBox, MessageValues } from "../../../domain/messages";
import { ADMIN_ROLES, type Role } from "../../../domain/roles";
import { type Db, type DbOrTx, rowsOf } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { users } from "../../db/schema/auth";
import { messages } from "../../db/schema/messages";
import { memberships, profiles, userRoles } from "../../db/schema/organizations";
import { placements } from "../../db/schema/placements";
import { students, studentUsers } from "../../db/schema/students";
import { type Scope, scopeWhere } from "../../lib/access";
import type { Deps, Viewer } from "../../lib/context";
import { forbidden, invalid, notFound } from "../../lib/errors";
import { likePattern, offsetOf } from "../../lib/pagination";

// Messages between the portal's people. A message is seen only by its sender and its recipient
// (admins included: 404 for anyone else); only the recipient marks it read. Whom a user may write
// to follows their work (D1): see recipientScope.

export type Party = { id: string; fullName: string; organizationName: string };
export type MessageItem = {
  id: string;
  subject: string;
  /** The first characters of the content (lists); the detail carries all of it. */
  preview: string;
  read: boolean;
  createdAt: string;
  sender: Party;
  recipient: Party;
};
export type MessageDetail = Omit<MessageItem, "preview"> & { content: string };

const PREVIEW_CHARS = 160;

// Each party is resolved once per query: users for the id and a fallback name, profiles for the
// name and organization shown everywhere (spec section 3).
const senderUser = alias(users, "sender_user");
const senderProfile = alias(profiles, "sender_profile");
const recipientUser = alias(users, "recipient_user");
const recipientProfile = alias(profiles, "recipient_profile");

type PartyColumns = {
  user: typeof senderUser | typeof recipientUser;
  profile: typeof senderProfile | typeof recipientProfile;
};
const party = ({ user: u, profile: p }: PartyColumns) => ({
  id: sql<string>`${u.id}`,
  fullName: sql<string>`coalesce(${p.fullName}, ${u.name})`,
  organizationName: sql<string>`coalesce(${p.organizationName}, '')`,
});

const columns = {
  id: messages.id,
  subject: messages.subject,
  read: messages.read,
  createdAt: messages.createdAt,
  sender: party({ user: senderUser, profile: senderProfile }),
  recipient: party({ user: recipientUser, profile: recipientProfile }),
};

/** `fields` from messages with both parties joined (rows are typed by the caller). */
function withParties(db: DbOrTx, fields: SelectedFields) {
  return db
    .select(fields)
    .from(messages)
    .innerJoin(senderUser, eq(senderUser.id, messages.senderId))
    .leftJoin(senderProfile, eq(senderProfile.userId, messages.senderId))
    .innerJoin(recipientUser, eq(recipientUser.id, messages.recipientId))
    .leftJoin(recipientProfile, eq(recipientProfile.userId, messages.recipientId));
}

const iso = (row: Record<string, unknown>) => ({ ...row, createdAt: (row.createdAt as Date).toISOString() });

// ---------------------------------------------------------------------------------------------
// Read

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.recipientId, userId), eq(messages.read, false)));
  return row.n;
}

/**
 * The viewer's inbox (to them) or sent box (from them), newest first. `search` matches subject,
 * content, and the other party's name or organization.
 */
export async function listMessages(
  db: Db,
  viewer: Viewer,
  q: { box: MessageBox; search?: string; page: number; pageSize: number },
) {
  const inbox = q.box === "inbox";
  const conditions: SQL[] = [eq(inbox ? messages.recipientId : messages.senderId, viewer.userId)];
  if (q.search) {
    const pattern = likePattern(q.search);
    const otherUser = inbox ? senderUser : recipientUser;
    const otherProfile = inbox ? senderProfile : recipientProfile;
    conditions.push(
      or(
        ilike(messages.subject, pattern),
        ilike(messages.content, pattern),
        ilike(sql`coalesce(${otherProfile.fullName}, ${otherUser.name})`, pattern),
        ilike(otherProfile.organizationName, pattern),
      ) as SQL,
    );
  }
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    withParties(db, { ...columns, preview: sql<string>`left(${messages.content}, ${PREVIEW_CHARS})` })
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    // The parties are joined for the count only when the search looks at them.
    q.search
      ? withParties(db, { total: count() }).where(where)
      : db.select({ total: count() }).from(messages).where(where),
  ]);
  return { items: rows.map(iso) as unknown as MessageItem[], total: Number(total), page: q.page, pageSize: q.pageSize };
}

async function findMessage(db: DbOrTx, id: string): Promise<MessageDetail | null> {
  const [row] = await withParties(db, { ...columns, content: messages.content })
    .where(eq(messages.id, id))
    .limit(1);
  return row ? (iso(row) as unknown as MessageDetail) : null;
}

const isParty = (m: MessageDetail, viewer: Viewer) => m.sender.id === viewer.userId || m.recipient.id === viewer.userId;

/** One message, for its sender or recipient only; anyone else (admins too) gets 404. */
export async function getMessage(db: Db, viewer: Viewer, id: string): Promise<MessageDetail> {
  const m = await findMessage(db, id);
  if (!m || !isParty(m, viewer)) throw notFound("Message");
  return m;
}

/**
 * The recipient marks a message read (idempotent). Their other tabs and devices hear 'message.read'
 * so the bell's dot follows. The sender gets 403 (they may see it, not mark it); anyone else 404.
 */
export async function markRead(deps: Deps, viewer: Viewer, id: string): Promise<MessageDetail> {
  const changed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(messages)
      .set({ read: true })
      .where(and(eq(messages.id, id), eq(messages.recipientId, viewer.userId), eq(messages.read, false)))
      .returning({ id: messages.id });
    if (rows.length > 0) await deps.realtime.publish(tx, { userId: viewer.userId, type: "message.read", data: { id } });
    return rows.length > 0;
  });
  const m = await findMessage(deps.db, id);
  if (!m || !isParty(m, viewer)) throw notFound("Message");
  if (!changed && m.recipient.id !== viewer.userId) throw forbidden("Only the recipient can mark a message read");
  return m;
}

// ---------------------------------------------------------------------------------------------
// Whom a user may write to

/** Whom a user may write to: anyone (the "all" scope, administrators) or the ids of a subquery. */
export type Recipients = { kind: "anyone" } | { kind: "some"; userIds: SQL };

/** The condition on `users.id` that keeps the recipients; undefined only for "anyone", explicitly. */
const recipientsWhere = (r: Recipients): SQL | undefined =>
  r.kind === "anyone" ? undefined : sql`${users.id} in (${r.userIds})`;

/**
 * The user ids a user may write to, by the standing the guard resolved (ADR 011): anyone for the
 * "all" scope (admins), else a subquery:
 * - a student: their program's coordinators and the coordinators of facilities they applied to;
 * - a program coordinator: their program's students who have accounts, the coordinators of
 *   facilities the program applied to, and the administrators;
 * - a facility coordinator: the coordinators of programs that applied to them, the students who
 *   applied to them (with accounts), and the administrators;
 * - everyone, "none" included: whoever wrote to them (so a reply always goes through).
 * A user with several standings writes as the one the scope names (role priority, then the active
 * organization), as on every other route.
 */
export function recipientScope(db: DbOrTx, userId: string, scope: Scope): Recipients {
  if (scope.kind === "all") return { kind: "anyone" };
  const parts: SQL[] = [];
  // Each part is parenthesized when embedded.
  const add = (q: { getSQL(): SQL }) => parts.push(sql`${q}`);
  const coordinatorsOf = (orgIds: SQL | { getSQL(): SQL }) =>
    db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(inArray(memberships.organizationId, orgIds as SQL), eq(memberships.role, "coordinator")));
  const admins = () =>
    db
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(inArray(userRoles.role, [...ADMIN_ROLES]));

  // Whoever wrote to them.
  add(db.select({ userId: messages.senderId }).from(messages).where(eq(messages.recipientId, userId)));

  switch (scope.kind) {
    case "student":
      add(
        coordinatorsOf(
          db
            .select({ id: students.programId })
            .from(students)
            .where(scopeWhere(scope, { student: students.id })),
        ),
      );
      add(
        coordinatorsOf(
          db
            .select({ id: placements.facilityId })
            .from(applications)
            .innerJoin(placements, eq(placements.id, applications.placementId))
            .where(scopeWhere(scope, { student: applications.studentId })),
        ),
      );
      break;
    case "program":
      add(
        db
          .select({ userId: studentUsers.userId })
          .from(studentUsers)
          .innerJoin(students, eq(students.id, studentUsers.studentId))
          .where(scopeWhere(scope, { program: students.programId })),
      );
      add(
        coordinatorsOf(
          db
            .select({ id: placements.facilityId })
            .from(applications)
            .innerJoin(placements, eq(placements.id, applications.placementId))
            .where(scopeWhere(scope, { program: applications.programId })),
        ),
      );
      add(admins());
      break;
    case "facility": {
      const appliedHere = (field: typeof applications.programId | typeof applications.studentId) =>
        db
          .select({ id: field })
          .from(applications)
          .innerJoin(placements, eq(placements.id, applications.placementId))
          .where(scopeWhere(scope, { facility: placements.facilityId }));
      add(coordinatorsOf(appliedHere(applications.programId)));
      add(
        db
          .select({ userId: studentUsers.userId })
          .from(studentUsers)
          .where(inArray(studentUsers.studentId, appliedHere(applications.studentId))),
      );
      add(admins());
      // The facility's preceptors (issue 17).
      add(
        db
          .select({ userId: memberships.userId })
          .from(memberships)
          .where(and(eq(memberships.organizationId, scope.facilityId), eq(memberships.role, "preceptor"))),
      );
      break;
    }
    case "preceptor":
      // Issue 17: the students of the rotations assigned to them, and their facility's coordinators.
      add(
        db
          .select({ userId: studentUsers.userId })
          .from(studentUsers)
          .innerJoin(applications, eq(applications.studentId, studentUsers.studentId))
          .where(scopeWhere(scope, { rotation: applications.id })),
      );
      add(coordinatorsOf(sql`(select ${scope.facilityId}::uuid)`));
      break;
    case "none":
      break;
    default:
      assertNever(scope, "scope");
  }
  return { kind: "some", userIds: sql.join(parts, sql` union `) };
}

/** The people the viewer may write to, matching `search` (name, organization or email), by name. */
export async function listRecipients(db: Db, viewer: Viewer, scope: Scope, q: { search?: string; limit: number }) {
  const recipients = recipientScope(db, viewer.userId, scope);
  const conditions: SQL[] = [ne(users.id, viewer.userId)];
  const among = recipientsWhere(recipients);
  if (among) conditions.push(among);
  if (q.search) {
    const pattern = likePattern(q.search);
    conditions.push(
      or(
        ilike(sql`coalesce(${profiles.fullName}, ${users.name})`, pattern),
        ilike(profiles.organizationName, pattern),
        ilike(users.email, pattern),
      ) as SQL,
    );
  }
  const name = sql<string>`coalesce(${profiles.fullName}, ${users.name})`;
  // The highest role by the spec's priority, for the picker's label.
  const role = sql<Role | null>`(select ${userRoles.role} from ${userRoles} where ${userRoles.userId} = ${users.id}
    order by array_position(array['super_admin','admin','program','facility','preceptor','student']::role[], ${userRoles.role}) limit 1)`;
  const rows = await db
    .select({
      id: users.id,
      fullName: name,
      organizationName: sql<string>`coalesce(${profiles.organizationName}, '')`,
      role,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(...conditions))
    .orderBy(asc(name), asc(users.id))
    .limit(q.limit);
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Send

/**
 * Sends a message to someone the viewer may write to (403 otherwise, whether or not that person
 * exists). The recipient's open pages hear 'message.created' on commit, on every server instance.
 */
export async function sendMessage(
  deps: Deps,
  viewer: Viewer,
  scope: Scope,
  input: MessageValues,
): Promise<MessageDetail> {
  const { db } = deps;
  if (input.recipientId === viewer.userId)
    throw invalid([{ path: "recipientId", message: "You cannot send a message to yourself" }]);
  const recipients = recipientScope(db, viewer.userId, scope);
  const allowed = and(eq(users.id, input.recipientId), recipientsWhere(recipients));
  const id = randomUUID();
  // One statement, its own transaction (issue 11: each round trip costs the server more than the
  // work): the message only when the viewer may write to its recipient, its live event only when
  // it was written ('message.created' on commit, on every instance), and the message as its
  // parties see it.
  const result = await db.execute(sql`
    with m as (
      insert into ${messages} (id, sender_id, recipient_id, subject, content)
      select ${id}, ${viewer.userId}, ${input.recipientId}, ${input.subject}, ${input.content}
      where exists (select 1 from ${users} where ${allowed})
      returning id, subject, read, created_at, sender_id, recipient_id, content
    )
    select ${deps.realtime.publishing({ userId: input.recipientId, type: "message.created", data: { id } })} as published,
      json_build_object(
        'id', m.id, 'subject', m.subject, 'read', m.read, 'content', m.content,
        'createdAt', to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'sender', json_build_object('id', su.id, 'fullName', coalesce(sp.full_name, su.name),
          'organizationName', coalesce(sp.organization_name, '')),
        'recipient', json_build_object('id', ru.id, 'fullName', coalesce(rp.full_name, ru.name),
          'organizationName', coalesce(rp.organization_name, ''))
      ) as message
    from m
    join ${users} su on su.id = m.sender_id left join ${profiles} sp on sp.user_id = m.sender_id
    join ${users} ru on ru.id = m.recipient_id left join ${profiles} rp on rp.user_id = m.recipient_id`);
  const [row] = rowsOf<{ message: MessageDetail | string }>(result);
  if (!row) {
    // Nothing written: the recipient is not among those the viewer may write to.
    if (recipients.kind === "some") throw forbidden("You can only write to people you work with on the portal");
    throw invalid([{ path: "recipientId", message: "Recipient not found" }]);
  }
  // node-postgres parses json; a driver that does not hands over its text.
  return typeof row.message === "string" ? (JSON.parse(row.message) as MessageDetail) : row.message;
}
