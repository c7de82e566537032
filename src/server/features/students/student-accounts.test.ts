import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_UP_CODE_SENT } from "../../../domain/student-accounts";
import { users } from "../../db/schema/auth";
import { userRoles } from "../../db/schema/organizations";
import { studentSignUpCodes } from "../../db/schema/student-accounts";
import { studentInvitations, studentUsers } from "../../db/schema/students";
import { createCoordinator, createProgram, createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

let t: TestApp;
let program: { id: string; name: string };
let coordinator: TestUser;
const PASSWORD = "Clinical-Rotation-2026";

beforeAll(async () => {
  t = await createTestApp();
  program = await createProgram(t, { name: "Lakeside School of Nursing" });
  coordinator = await createCoordinator(t, program.id, "program");
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.deps.db;
const email = (prefix: string) => `${prefix}.${randomBytes(3).toString("hex")}@students.test`;

/** Invites a roster student as their coordinator and returns the token from the mailed link. */
async function invite(studentId: string, to: string) {
  const res = await t.call("POST", `/api/students/${studentId}/invite`, { cookie: coordinator.cookie });
  expect(res.status).toBe(200);
  const [mail] = await t.mailTo(to);
  const token = mail.link?.split("/invite/")[1];
  expect(token).toBeTruthy();
  return token as string;
}

async function meWith(cookie: string) {
  const res = await t.call("GET", "/api/accounts/me", { cookie });
  expect(res.status).toBe(200);
  return res.json;
}

describe("invitation links (D3)", () => {
  it("a valid link names the student and program; setting a password creates, links and signs in", async () => {
    const to = email("riley");
    const s = await createStudent(t, program.id, { firstName: "Riley", lastName: "Chen", email: to });
    const token = await invite(s.id, to);

    const info = await t.call("GET", `/api/invitations/${token}`);
    expect(info.status).toBe(200);
    expect(info.json).toMatchObject({
      state: "valid",
      firstName: "Riley",
      programName: "Lakeside School of Nursing",
      email: to,
      message: null,
    });

    const accepted = await t.call("POST", `/api/invitations/${token}/accept`, { body: { password: PASSWORD } });
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(201);
    expect(accepted.json).toMatchObject({ studentId: s.id, redirectTo: "/dashboard/student" });
    expect(accepted.cookie).toContain("session_token");

    const me = await meWith(accepted.cookie);
    expect(me).toMatchObject({ role: "student", studentId: s.id, user: { email: to, name: "Riley Chen" } });
    const [user] = await db().select().from(users).where(eq(users.id, me.user.id));
    expect(user.emailVerified).toBe(true);
    const [inv] = await db().select().from(studentInvitations).where(eq(studentInvitations.studentId, s.id));
    expect(inv.acceptedAt).not.toBeNull();

    // The password works for a normal sign-in too.
    expect(await t.signIn(to, PASSWORD)).toContain("session_token");

    // The program now sees the student with an account.
    const detail = await t.call("GET", `/api/students/${s.id}`, { cookie: coordinator.cookie });
    expect(detail.json.student.invitation.state).toBe("accepted");
  });

  it("a used link says so (GET) and answers 410 (POST) with what to do", async () => {
    const to = email("used");
    const s = await createStudent(t, program.id, { email: to });
    const token = await invite(s.id, to);
    expect((await t.call("POST", `/api/invitations/${token}/accept`, { body: { password: PASSWORD } })).status).toBe(
      201,
    );
    const info = await t.call("GET", `/api/invitations/${token}`);
    expect(info.json).toMatchObject({ state: "used", email: null });
    expect(info.json.message).toMatch(/already used/);
    const again = await t.call("POST", `/api/invitations/${token}/accept`, { body: { password: "Another-Pass-2026" } });
    expect(again.status).toBe(410);
    expect(again.json.error.message).toMatch(/already used\. Sign in/);
    const accounts = await db().select().from(studentUsers).where(eq(studentUsers.studentId, s.id));
    expect(accounts).toHaveLength(1);
  });

  it("an expired link says so and answers 410; a resent invitation ends the older link", async () => {
    const to = email("late");
    const s = await createStudent(t, program.id, { email: to });
    const first = await invite(s.id, to);
    const second = await invite(s.id, to);
    expect((await t.call("GET", `/api/invitations/${first}`)).json.state).toBe("expired");
    const old = await t.call("POST", `/api/invitations/${first}/accept`, { body: { password: PASSWORD } });
    expect(old.status).toBe(410);
    expect(old.json.error.message).toMatch(/expired\. Ask your program coordinator/);

    await db()
      .update(studentInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(studentInvitations.studentId, s.id));
    expect((await t.call("GET", `/api/invitations/${second}`)).json.state).toBe("expired");
    expect((await t.call("POST", `/api/invitations/${second}/accept`, { body: { password: PASSWORD } })).status).toBe(
      410,
    );
    expect(await db().select().from(studentUsers).where(eq(studentUsers.studentId, s.id))).toHaveLength(0);
  });

  it("a student withdrawn from the roster cannot use their link", async () => {
    const to = email("gone");
    const s = await createStudent(t, program.id, { email: to });
    const token = await invite(s.id, to);
    await t.call("POST", `/api/students/${s.id}/withdraw`, { cookie: coordinator.cookie });
    expect((await t.call("GET", `/api/invitations/${token}`)).json.state).toBe("expired");
    expect((await t.call("POST", `/api/invitations/${token}/accept`, { body: { password: PASSWORD } })).status).toBe(
      410,
    );
  });

  it("an unknown token is 404; a weak password is 422 naming the field, and nothing is created", async () => {
    expect((await t.call("GET", "/api/invitations/not-a-real-token")).status).toBe(404);
    expect(
      (await t.call("POST", "/api/invitations/not-a-real-token/accept", { body: { password: PASSWORD } })).status,
    ).toBe(404);
    const to = email("weak");
    const s = await createStudent(t, program.id, { email: to });
    const token = await invite(s.id, to);
    for (const password of ["short", "password123"]) {
      const res = await t.call("POST", `/api/invitations/${token}/accept`, { body: { password } });
      expect(res.status).toBe(422);
      expect(res.json.error.issues[0].path).toBe("password");
    }
    expect((await t.call("GET", `/api/invitations/${token}`)).json.state).toBe("valid");
  });

  it("409 when an account with the roster email already exists (it is never taken over)", async () => {
    const existing = await t.createUser("program");
    const s = await createStudent(t, program.id, { email: existing.email });
    const token = await invite(s.id, existing.email);
    const res = await t.call("POST", `/api/invitations/${token}/accept`, { body: { password: PASSWORD } });
    expect(res.status).toBe(409);
    const roles = await db().select().from(userRoles).where(eq(userRoles.userId, existing.userId));
    expect(roles.map((r) => r.role)).toEqual(["program"]);
  });
});

describe("student sign-up with the roster email and a code (D3)", () => {
  const requestCode = (to: string, fullName?: string) =>
    t.call("POST", "/api/accounts/student-sign-up", { body: { email: to, fullName } });
  const confirm = (to: string, code: string, password = PASSWORD) =>
    t.call("POST", "/api/accounts/student-sign-up/confirm", { body: { email: to, code, password } });
  const codeFrom = async (to: string) => {
    const [mail] = await t.mailTo(to);
    const code = /code: (\d{6})/.exec(mail.subject)?.[1];
    expect(code, mail.subject).toBeTruthy();
    return code as string;
  };

  it("answers 202 with the same message for a roster email, an unknown one and an existing account", async () => {
    const roster = email("roster");
    await createStudent(t, program.id, { email: roster });
    const stranger = email("stranger");
    const a = await requestCode(roster);
    const b = await requestCode(stranger);
    const c = await requestCode(coordinator.email);
    for (const res of [a, b, c]) {
      expect(res.status).toBe(202);
      expect(res.json).toEqual({ message: SIGN_UP_CODE_SENT });
    }
    // What each mailbox got differs.
    expect((await t.mailTo(roster))[0].subject).toMatch(/Your Clinical Placement Portal code: \d{6}/);
    const [strangerMail] = await t.mailTo(stranger);
    expect(strangerMail.text).toMatch(/not on the roster of any verified nursing program/);
    expect(strangerMail.text).toMatch(/Ask your program coordinator/);
    expect((await t.mailTo(coordinator.email))[0].subject).toMatch(/already have/);
    // No code exists for the stranger.
    expect(await db().select().from(studentSignUpCodes).where(eq(studentSignUpCodes.email, stranger))).toHaveLength(0);
  });

  it("the right code creates the account with the roster email, links it and signs in", async () => {
    const to = email("casey");
    const s = await createStudent(t, program.id, { firstName: "Casey", lastName: "Morgan", email: to });
    await requestCode(to.toUpperCase(), "Casey M. Morgan");
    const code = await codeFrom(to);
    const [stored] = await db().select().from(studentSignUpCodes).where(eq(studentSignUpCodes.email, to));
    expect(stored.codeHash).not.toContain(code);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeGreaterThan(14 * 60_000);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeLessThanOrEqual(15 * 60_000 + 1000);

    const res = await confirm(to, code);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({
      studentId: s.id,
      programName: "Lakeside School of Nursing",
      redirectTo: "/dashboard/student",
    });
    const me = await meWith(res.cookie);
    expect(me).toMatchObject({ role: "student", studentId: s.id, user: { email: to, name: "Casey M. Morgan" } });

    // The code is used up; asking again now mails 'you already have an account'.
    expect((await confirm(to, code)).status).toBe(410);
    await requestCode(to);
    expect((await t.mailTo(to))[0].subject).toMatch(/already have/);
  });

  it("counts wrong codes: 4 tries left, ..., then the code stops working even when right", async () => {
    const to = email("guess");
    await createStudent(t, program.id, { email: to });
    await requestCode(to);
    const code = await codeFrom(to);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let left = 4; left >= 1; left--) {
      const res = await confirm(to, wrong);
      expect(res.status).toBe(422);
      expect(res.json.error.issues).toEqual([
        { path: "code", message: `This code is not correct (${left} attempt${left === 1 ? "" : "s"} left)` },
      ]);
    }
    const fifth = await confirm(to, wrong);
    expect(fifth.status).toBe(410);
    expect(fifth.json.error.message).toMatch(/Too many wrong codes/);
    expect((await confirm(to, code)).status).toBe(410);
    expect(await db().select().from(users).where(eq(users.email, to))).toHaveLength(0);

    // A new code works.
    await requestCode(to);
    const fresh = await codeFrom(to);
    expect((await confirm(to, fresh)).status).toBe(201);
  });

  it("only the newest code works; an expired code answers 410", async () => {
    const to = email("slow");
    await createStudent(t, program.id, { email: to });
    await requestCode(to);
    const older = await codeFrom(to);
    await requestCode(to);
    const newer = await codeFrom(to);
    // The older code is simply not the current one: a wrong attempt.
    if (older !== newer) expect((await confirm(to, older)).status).toBe(422);
    await db()
      .update(studentSignUpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(studentSignUpCodes.email, to));
    expect((await confirm(to, newer)).status).toBe(410);
    expect((await confirm(email("nobody"), "123456")).status).toBe(410);
  });

  it("with several programs listing the email, asks which one (nothing created) and links the chosen one", async () => {
    const to = email("twice");
    const otherProgram = await createProgram(t, { name: "Hillcrest Nursing College" });
    const third = await createProgram(t, { name: "Withdrawn Program" });
    const older = await createStudent(t, program.id, { email: to, createdAt: new Date(Date.now() - 3 * 86_400_000) });
    const newest = await createStudent(t, otherProgram.id, { email: to, createdAt: new Date(Date.now() - 86_400_000) });
    await createStudent(t, third.id, { email: to, enrollmentStatus: "withdrawn" });
    await requestCode(to);
    const mail = (await t.mailTo(to))[0];
    expect(mail.text).toContain("Hillcrest Nursing College");
    expect(mail.text).toContain("Lakeside School of Nursing");
    const code = await codeFrom(to);

    const ask = await confirm(to, code);
    expect(ask.status, JSON.stringify(ask.json)).toBe(200);
    expect(ask.json.chooseProgram).toBe(true);
    expect(ask.json.message).toMatch(/Which program are you enrolled in\?/);
    expect(ask.json.programs).toEqual([
      { rosterEntryId: newest.id, programName: "Hillcrest Nursing College", addedAt: newest.createdAt.toISOString() },
      { rosterEntryId: older.id, programName: "Lakeside School of Nursing", addedAt: older.createdAt.toISOString() },
    ]);
    expect(ask.cookie).toBe("");
    expect(await db().select().from(users).where(eq(users.email, to))).toHaveLength(0);
    const [stored] = await db().select().from(studentSignUpCodes).where(eq(studentSignUpCodes.email, to));
    expect(stored.consumedAt).toBeNull();
    expect(stored.attempts).toBe(0);

    const res = await t.call("POST", "/api/accounts/student-sign-up/confirm", {
      body: { email: to, code, password: PASSWORD, rosterEntryId: older.id },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({ studentId: older.id, programName: "Lakeside School of Nursing" });
    expect((await meWith(res.cookie)).studentId).toBe(older.id);
  });

  it("names invalid fields (422): email, code format, weak password", async () => {
    const bad = await t.call("POST", "/api/accounts/student-sign-up", { body: { email: "nope" } });
    expect(bad.status).toBe(422);
    expect(bad.json.error.issues[0].path).toBe("email");
    const res = await t.call("POST", "/api/accounts/student-sign-up/confirm", {
      body: { email: "a@b.test", code: "12ab", password: "short" },
    });
    expect(res.status).toBe(422);
    expect(res.json.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["code", "password"]);
  });
});
