import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import {
  INVITATION_EXPIRED,
  INVITATION_USED,
  NO_ELIGIBLE_ROSTER,
  NOT_A_LISTED_PROGRAM,
  type PublicInvitationState,
  programNotVerifiedMessage,
  SIGN_UP_CODE_MAX_ATTEMPTS,
  SIGN_UP_CODE_TTL_MINUTES,
} from "../../../domain/student-accounts";
import type { Tx } from "../../db/client";
import { users } from "../../db/schema/auth";
import { organizations } from "../../db/schema/organizations";
import { studentSignUpCodes } from "../../db/schema/student-accounts";
import { studentInvitations, students, studentUsers } from "../../db/schema/students";
import { grantRole } from "../../lib/access";
import type { Deps } from "../../lib/context";
import { AppError, conflict, invalid, notFound } from "../../lib/errors";
import { mailHtml } from "../../lib/mail";
import { takeRecipientMailQuota } from "../../lib/mail-quota";
import { isUniqueViolation } from "../../lib/pg-errors";
import { createAccount, findUserIdByEmail } from "../accounts/service";
import { assertProgramMayLink, hashInvitationToken } from "./invitations";

// D3: a student's account, by the program's invitation link or by signing up with the roster
// email confirmed by a 6-digit code. Both end the same way: a Better Auth account with the roster
// email (verified), the student role, the student_users link, and a signed-in session.

const gone = (message: string) => new AppError("gone", message, 410);

// ---------------------------------------------------------------------------------------------
// Shared: create the account and sign in

type NewStudentAccount = { studentId: string; email: string; password: string; fullName: string };

/** 403 for a roster entry of a program pending verification or rejected: it never links (D2, D3). */
const programUnverified = (programName: string, status: "pending" | "rejected") =>
  new AppError("program_unverified", programNotVerifiedMessage(programName, status), 403);

/**
 * Creates the account for a roster entry and links it; `claim` runs in the same transaction as the
 * link (it marks the invitation or code used, and throws to undo when it was used meanwhile).
 * Returns the new session's Set-Cookie headers.
 */
async function createStudentAccount(
  deps: Deps,
  input: NewStudentAccount,
  requestHeaders: Headers,
  claim: (tx: Tx) => Promise<void>,
): Promise<{ userId: string; programName: string; headers: Headers }> {
  const email = input.email.toLowerCase();
  if (await findUserIdByEmail(deps, email)) {
    throw conflict("An account with this email already exists. Sign in with your email and password instead.");
  }
  const [linked] = await deps.db
    .select({ userId: studentUsers.userId })
    .from(studentUsers)
    .where(eq(studentUsers.studentId, input.studentId));
  if (linked) throw conflict("This student already has an account. Sign in with your email and password.");

  const [roster] = await deps.db
    .select({ programName: organizations.name, programId: students.programId })
    .from(students)
    .innerJoin(organizations, eq(organizations.id, students.programId))
    .where(eq(students.id, input.studentId));
  if (!roster) throw gone(NO_ELIGIBLE_ROSTER);
  let userId: string;
  try {
    userId = await createAccount(deps, {
      email,
      password: input.password,
      fullName: input.fullName,
      organizationName: roster.programName,
    });
  } catch (err) {
    // A concurrent request created the account with this email first: the same 409, never a 500.
    if (isUniqueViolation(err) || (await findUserIdByEmail(deps, email))) {
      throw conflict("This student already has an account. Sign in with your email and password.");
    }
    throw err;
  }
  try {
    await deps.db.transaction(async (tx) => {
      await claim(tx);
      // The program may have been rejected since the checks: a pending or rejected program never links.
      await assertProgramMayLink(tx, roster.programId);
      await grantRole(tx, userId, "student");
      await tx.insert(studentUsers).values({ userId, studentId: input.studentId });
    });
  } catch (err) {
    // Never leave an account without its roster link: undo and report.
    await deps.db.delete(users).where(eq(users.id, userId));
    if (isUniqueViolation(err)) {
      throw conflict("This student already has an account. Sign in with your email and password.");
    }
    throw err;
  }
  const { headers } = await deps.auth.api.signInEmail({
    body: { email, password: input.password },
    headers: requestHeaders,
    returnHeaders: true,
  });
  deps.log.info({ userId, studentId: input.studentId }, "student account created");
  return { userId, programName: roster.programName, headers };
}

// ---------------------------------------------------------------------------------------------
// Invitations

async function findInvitation(deps: Deps, token: string) {
  const [row] = await deps.db
    .select({
      id: studentInvitations.id,
      studentId: studentInvitations.studentId,
      expiresAt: studentInvitations.expiresAt,
      acceptedAt: studentInvitations.acceptedAt,
      email: students.email,
      firstName: students.firstName,
      lastName: students.lastName,
      enrollmentStatus: students.enrollmentStatus,
      programName: organizations.name,
      programStatus: organizations.verificationStatus,
      accountUserId: studentUsers.userId,
    })
    .from(studentInvitations)
    .innerJoin(students, eq(students.id, studentInvitations.studentId))
    .innerJoin(organizations, eq(organizations.id, students.programId))
    .leftJoin(studentUsers, eq(studentUsers.studentId, students.id))
    .where(eq(studentInvitations.tokenHash, hashInvitationToken(token)));
  if (!row) throw notFound("Invitation");
  return row;
}

function stateOf(row: Awaited<ReturnType<typeof findInvitation>>, now = new Date()): PublicInvitationState {
  if (row.acceptedAt || row.accountUserId) return "used";
  // Only a verified program's link creates an account (D2): a pending or rejected one never links.
  if (row.programStatus !== "verified") return "unverified";
  // A resent invitation ends the older ones (their expiry is set to the resend time); a student
  // withdrawn from the roster cannot start an account.
  if (row.expiresAt.getTime() <= now.getTime() || row.enrollmentStatus !== "active") return "expired";
  return "valid";
}

function messageFor(row: Awaited<ReturnType<typeof findInvitation>>, state: PublicInvitationState) {
  switch (state) {
    case "used":
      return INVITATION_USED;
    case "expired":
      return INVITATION_EXPIRED;
    case "unverified":
      return programNotVerifiedMessage(row.programName, row.programStatus === "rejected" ? "rejected" : "pending");
    default:
      return null;
  }
}

/** What /invite/:token shows: whether the link works, and whose it is. */
export async function getInvitation(deps: Deps, token: string) {
  const row = await findInvitation(deps, token);
  const state = stateOf(row);
  return {
    state,
    firstName: row.firstName,
    programName: row.programName,
    email: state === "valid" ? row.email : null,
    expiresAt: row.expiresAt.toISOString(),
    message: messageFor(row, state),
  };
}

/** Sets the password: account, role, link and session in one flow; a used or expired link is 410. */
export async function acceptInvitation(deps: Deps, token: string, password: string, requestHeaders: Headers) {
  const row = await findInvitation(deps, token);
  const state = stateOf(row);
  if (state === "used") throw gone(INVITATION_USED);
  if (state === "expired") throw gone(INVITATION_EXPIRED);
  if (state === "unverified") {
    throw programUnverified(row.programName, row.programStatus === "rejected" ? "rejected" : "pending");
  }
  const { userId, programName, headers } = await createStudentAccount(
    deps,
    { studentId: row.studentId, email: row.email, password, fullName: `${row.firstName} ${row.lastName}` },
    requestHeaders,
    async (tx) => {
      // Only one acceptance wins, however many race.
      const claimed = await tx
        .update(studentInvitations)
        .set({ acceptedAt: new Date() })
        .where(
          and(
            eq(studentInvitations.id, row.id),
            isNull(studentInvitations.acceptedAt),
            gt(studentInvitations.expiresAt, new Date()),
          ),
        )
        .returning({ id: studentInvitations.id });
      if (claimed.length === 0) throw gone(INVITATION_USED);
    },
  );
  return { userId, studentId: row.studentId, programName, headers };
}

// ---------------------------------------------------------------------------------------------
// Sign-up with the roster email and a 6-digit code

async function codeHash(deps: Deps, id: string, code: string) {
  const { secret } = await deps.auth.$context;
  return createHmac("sha256", secret).update(`${id}:${code}`).digest("hex");
}

/**
 * The roster entries an email may sign up for, newest first: active, of a verified program (a
 * pending or rejected program's entries never link, D2), without an account yet. Several programs
 * may list one email: the student then chooses (never a silent link).
 */
async function eligibleRosterEntries(deps: Deps, email: string) {
  return deps.db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      programName: organizations.name,
      addedAt: students.createdAt,
    })
    .from(students)
    .innerJoin(organizations, eq(organizations.id, students.programId))
    .leftJoin(studentUsers, eq(studentUsers.studentId, students.id))
    .where(
      and(
        eq(sql`lower(${students.email})`, email),
        eq(students.enrollmentStatus, "active"),
        eq(organizations.verificationStatus, "verified"),
        isNull(studentUsers.userId),
      ),
    )
    .orderBy(desc(students.createdAt), desc(students.id));
}

/**
 * Step 1: mails a code when the email is on an active roster and has no account; otherwise a mail
 * that says what to do. The answer is the same in every case (roster membership does not leak).
 */
export async function requestSignUpCode(deps: Deps, input: { email: string; fullName: string | null }) {
  const email = input.email.toLowerCase();
  const signInUrl = `${deps.env.appUrl}/auth?role=student`;

  // Issue 8, item 6: at most 3 such mails in 15 minutes (10 a day) per address; beyond, the
  // answer stays the same and nothing is sent. (The per-client limit is checked by the route.)
  if (!(await takeRecipientMailQuota(deps, email))) return;

  if (await findUserIdByEmail(deps, email)) {
    await deps.mailer.send({
      to: email,
      subject: "You already have a Clinical Placement Portal account",
      text: `Hello,\n\nSomeone asked to create a student account with this email, but an account already exists. Sign in here, or use 'Forgot password?' if you do not remember your password:\n\n${signInUrl}\n\nIf it was not you, ignore this mail.`,
      html: mailHtml(
        "You already have an account",
        [
          "Someone asked to create a student account with this email, but an account already exists.",
          "Sign in, or use 'Forgot password?' if you do not remember your password. If it was not you, ignore this mail.",
        ],
        { label: "Sign in", url: signInUrl },
      ),
      link: signInUrl,
    });
    return;
  }

  const entries = await eligibleRosterEntries(deps, email);
  const entry = entries[0];
  if (!entry) {
    await deps.mailer.send({
      to: email,
      subject: "Your Clinical Placement Portal sign-up",
      text: "Hello,\n\nSomeone asked to create a student account on the Clinical Placement Portal with this email, but it is not on the roster of any verified nursing program. Ask your program coordinator to add this email to your program's roster (or to invite you), then try again.\n\nIf it was not you, ignore this mail.",
      html: mailHtml("Your Clinical Placement Portal sign-up", [
        "Someone asked to create a student account on the Clinical Placement Portal with this email, but it is not on the roster of any verified nursing program.",
        "Ask your program coordinator to add this email to your program's roster (or to invite you), then try again.",
        "If it was not you, ignore this mail.",
      ]),
    });
    return;
  }

  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const id = crypto.randomUUID();
  const now = new Date();
  // Only the newest code works.
  await deps.db
    .update(studentSignUpCodes)
    .set({ consumedAt: now })
    .where(and(eq(sql`lower(${studentSignUpCodes.email})`, email), isNull(studentSignUpCodes.consumedAt)));
  await deps.db.insert(studentSignUpCodes).values({
    id,
    email,
    studentId: entry.id,
    codeHash: await codeHash(deps, id, code),
    fullName: input.fullName,
    expiresAt: new Date(now.getTime() + SIGN_UP_CODE_TTL_MINUTES * 60_000),
  });
  // With several programs listing the email, the student chooses after entering the code.
  const which =
    entries.length === 1
      ? `(${entry.programName})`
      : `(${entries.length} nursing programs list this email on their roster: ${entries.map((e) => e.programName).join(", ")}; after entering the code you choose the one you are enrolled in)`;
  await deps.mailer.send({
    to: email,
    subject: `Your Clinical Placement Portal code: ${code}`,
    secrets: [code],
    text: `Hello ${entry.firstName},\n\nYour code to create your student account ${which} is:\n\n${code}\n\nIt works for ${SIGN_UP_CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this mail.`,
    html: mailHtml("Your sign-up code", [
      `Hello ${entry.firstName},`,
      `Your code to create your student account ${which} is: ${code}`,
      `It works for ${SIGN_UP_CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this mail.`,
    ]),
  });
}

const CODE_GONE = "This code has expired or was replaced by a newer one. Ask for a new code.";

export type ProgramChoice = { rosterEntryId: string; programName: string; addedAt: string };

export type ConfirmSignUpResult =
  | { kind: "created"; userId: string; studentId: string; programName: string; headers: Headers }
  | { kind: "choose"; programs: ProgramChoice[] };

/**
 * Step 2: the code, checked (15 minutes, 5 attempts), then the account as an invitation makes it.
 * Once the code is right (the email is proven) and several eligible roster entries list the email,
 * nothing is created and the code stays usable until the student names one of them (`rosterEntryId`).
 */
export async function confirmSignUp(
  deps: Deps,
  input: { email: string; code: string; password: string; rosterEntryId?: string },
  requestHeaders: Headers,
): Promise<ConfirmSignUpResult> {
  const email = input.email.toLowerCase();
  const now = new Date();
  const [row] = await deps.db
    .select()
    .from(studentSignUpCodes)
    .where(and(eq(sql`lower(${studentSignUpCodes.email})`, email), isNull(studentSignUpCodes.consumedAt)))
    .orderBy(desc(studentSignUpCodes.createdAt))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= now.getTime() || row.attempts >= SIGN_UP_CODE_MAX_ATTEMPTS) {
    throw gone(CODE_GONE);
  }

  const expected = Buffer.from(row.codeHash, "hex");
  const given = Buffer.from(await codeHash(deps, row.id, input.code), "hex");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    // Counted atomically: concurrent guesses cannot exceed the limit.
    const [counted] = await deps.db
      .update(studentSignUpCodes)
      .set({ attempts: sql`${studentSignUpCodes.attempts} + 1` })
      .where(and(eq(studentSignUpCodes.id, row.id), sql`${studentSignUpCodes.attempts} < ${SIGN_UP_CODE_MAX_ATTEMPTS}`))
      .returning({ attempts: studentSignUpCodes.attempts });
    const left = counted ? SIGN_UP_CODE_MAX_ATTEMPTS - counted.attempts : 0;
    if (left <= 0) throw gone("Too many wrong codes. Ask for a new code.");
    throw invalid(
      [{ path: "code", message: `This code is not correct (${left} attempt${left === 1 ? "" : "s"} left)` }],
      `This code is not correct (${left} attempt${left === 1 ? "" : "s"} left)`,
    );
  }

  const entries = await eligibleRosterEntries(deps, email);
  if (entries.length === 0) throw gone(NO_ELIGIBLE_ROSTER);
  let roster = entries[0];
  if (input.rosterEntryId) {
    const chosen = entries.find((e) => e.id === input.rosterEntryId);
    if (!chosen) throw invalid([{ path: "rosterEntryId", message: NOT_A_LISTED_PROGRAM }], NOT_A_LISTED_PROGRAM);
    roster = chosen;
  } else if (entries.length > 1) {
    return {
      kind: "choose",
      programs: entries.map((e) => ({
        rosterEntryId: e.id,
        programName: e.programName,
        addedAt: e.addedAt.toISOString(),
      })),
    };
  }

  const { userId, programName, headers } = await createStudentAccount(
    deps,
    {
      studentId: roster.id,
      email,
      password: input.password,
      fullName: row.fullName ?? `${roster.firstName} ${roster.lastName}`,
    },
    requestHeaders,
    async (tx) => {
      const claimed = await tx
        .update(studentSignUpCodes)
        .set({ consumedAt: new Date() })
        .where(and(eq(studentSignUpCodes.id, row.id), isNull(studentSignUpCodes.consumedAt)))
        .returning({ id: studentSignUpCodes.id });
      if (claimed.length === 0) throw gone(CODE_GONE);
      // A pending invitation for the same roster entry has done its job.
      await tx
        .update(studentInvitations)
        .set({ acceptedAt: new Date() })
        .where(and(eq(studentInvitations.studentId, roster.id), isNull(studentInvitations.acceptedAt)));
    },
  );
  return { kind: "created", userId, studentId: roster.id, programName, headers };
}
