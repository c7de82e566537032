import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { programNotVerifiedMessage } from "../../../domain/student-accounts";
import { INVITATION_TTL_DAYS } from "../../../domain/student-list";
import type { DbOrTx } from "../../db/client";
import { organizations } from "../../db/schema/organizations";
import { studentInvitations, students, studentUsers } from "../../db/schema/students";
import type { ProgramScope } from "../../lib/access";
import type { Deps, Viewer } from "../../lib/context";
import { AppError, conflict } from "../../lib/errors";
import { mailHtml } from "../../lib/mail";
import { getStudentItem } from "./roster";

// Inviting students to create their account (D3): one student (POST /api/students/{id}/invite), or
// every active student of the program without an account nor a valid invitation ("Invite all",
// issue 9). A program pending verification cannot invite (403, D2/D3). Accepting an invitation is
// accounts.ts's.

/** Only the token's SHA-256 is stored; the acceptance page hashes the token from the link the same way. */
export const hashInvitationToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * D2/D3: a program pending verification (or rejected) may prepare its roster, but none of its
 * roster entries may be linked to an account: it cannot invite, and its links do not work. 403.
 */
export async function assertProgramMayLink(db: DbOrTx, programId: string) {
  const [org] = await db
    .select({ name: organizations.name, status: organizations.verificationStatus })
    .from(organizations)
    .where(eq(organizations.id, programId));
  if (org && org.status !== "verified") {
    throw new AppError("program_unverified", programNotVerifiedMessage(org.name, org.status), 403);
  }
}

/**
 * Invites (or re-invites) a student to create their account: a fresh invitation valid for 7 days,
 * emailed with its link. Older pending invitations of the student stop working once the new mail is sent.
 */
export async function inviteStudent(deps: Deps, viewer: Viewer, scope: ProgramScope, id: string) {
  const { db } = deps;
  const student = await getStudentItem(db, scope, id);
  await assertProgramMayLink(db, student.programId);
  if (student.invitation.state === "accepted") throw conflict("This student already has an account");
  if (student.enrollmentStatus === "withdrawn") {
    throw conflict("This student is withdrawn from the roster: reinstate them before inviting");
  }
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
  const [invitation] = await db
    .insert(studentInvitations)
    .values({
      studentId: id,
      email: student.email,
      tokenHash: hashInvitationToken(token),
      invitedBy: viewer.userId,
      expiresAt,
    })
    .returning();
  const link = `${deps.env.appUrl}/invite/${token}`;
  const program = student.programName;
  try {
    await deps.mailer.send({
      to: student.email,
      subject: "You're invited to the Clinical Placement Portal",
      text: [
        `Hello ${student.firstName},`,
        "",
        `${program} invites you to create your account on the Clinical Placement Portal, where you can browse clinical placements, follow your applications and keep your compliance documents in one place.`,
        "",
        `Create your account: ${link}`,
        "",
        `This link works for ${INVITATION_TTL_DAYS} days. If you did not expect it, you can ignore this email.`,
      ].join("\n"),
      html: mailHtml(
        "You're invited to the Clinical Placement Portal",
        [
          `Hello ${student.firstName},`,
          `${program} invites you to create your account on the Clinical Placement Portal, where you can browse clinical placements, follow your applications and keep your compliance documents in one place.`,
          `This link works for ${INVITATION_TTL_DAYS} days. If you did not expect it, you can ignore this email.`,
        ],
        { label: "Create your account", url: link },
      ),
      link,
      secrets: [token],
    });
  } catch (err) {
    deps.log.error({ err, studentId: id }, "invitation mail failed");
    await db.delete(studentInvitations).where(eq(studentInvitations.id, invitation.id));
    throw new AppError("mail_failed", "We could not send the invitation email. Please try again.", 502);
  }
  // The newest link is the one that works.
  await db
    .update(studentInvitations)
    .set({ expiresAt: now })
    .where(
      and(
        eq(studentInvitations.studentId, id),
        ne(studentInvitations.id, invitation.id),
        isNull(studentInvitations.acceptedAt),
        gt(studentInvitations.expiresAt, now),
      ),
    );
  return {
    state: "invited" as const,
    sentAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/** At most this many invitations per call; the answer says how many remain (press again). */
export const INVITE_ALL_BATCH = 500;

/** Active students of the program without an account and without an unexpired, unaccepted invitation. */
function uninvitedWhere(programId: string, now: Date) {
  return and(
    eq(students.programId, programId),
    eq(students.enrollmentStatus, "active"),
    sql`not exists (select 1 from ${studentUsers} where ${studentUsers.studentId} = ${students.id})`,
    sql`not exists (select 1 from ${studentInvitations} where ${studentInvitations.studentId} = ${students.id} and ${or(
      isNotNull(studentInvitations.acceptedAt),
      gt(studentInvitations.expiresAt, now),
    )})`,
  );
}

export async function inviteAllStudents(deps: Deps, viewer: Viewer, programId: string) {
  const { db } = deps;
  await assertProgramMayLink(db, programId);
  const now = new Date();
  const rows = await db
    .select({ id: students.id })
    .from(students)
    .where(uninvitedWhere(programId, now))
    .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id));
  const batch = rows.slice(0, INVITE_ALL_BATCH);
  let sent = 0;
  let failed = 0;
  for (const { id } of batch) {
    try {
      await inviteStudent(deps, viewer, { kind: "program", programId }, id);
      sent++;
    } catch (err) {
      // One undeliverable address does not stop the others; anything else is a real error.
      if (err instanceof AppError && (err.code === "mail_failed" || err.status === 409)) failed++;
      else throw err;
    }
  }
  return { sent, failed, remaining: rows.length - batch.length };
}
