import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_UP_CODE_SENT } from "../../../domain/student-accounts";
import { users } from "../../db/schema/auth";
import { studentSignUpCodes } from "../../db/schema/student-accounts";
import { studentUsers } from "../../db/schema/students";
import { createCoordinator, createProgram, createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

// Issue 8, item 2: a student's account can no longer be captured through a roster. A pending or
// rejected program's roster entries never link; an email on several rosters never links silently
// (the student chooses after proving the email); the claims are visible to the student and admins.

let t: TestApp;
let real: { id: string; name: string };
let realCoordinator: TestUser;
let admin: TestUser;
const PASSWORD = "Clinical-Rotation-2026";

beforeAll(async () => {
  t = await createTestApp();
  real = await createProgram(t, { name: "Lakeside School of Nursing" });
  realCoordinator = await createCoordinator(t, real.id, "program");
  admin = await t.createUser("admin");
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.deps.db;
const email = (prefix: string) => `${prefix}.${randomBytes(3).toString("hex")}@students.test`;
const requestCode = (to: string) => t.call("POST", "/api/accounts/student-sign-up", { body: { email: to } });
const confirm = (to: string, code: string, rosterEntryId?: string) =>
  t.call("POST", "/api/accounts/student-sign-up/confirm", {
    body: { email: to, code, password: PASSWORD, ...(rosterEntryId ? { rosterEntryId } : {}) },
  });
const codeFrom = async (to: string) => {
  const [mail] = await t.mailTo(to);
  const code = /code: (\d{6})/.exec(mail?.subject ?? "")?.[1];
  expect(code, mail?.subject).toBeTruthy();
  return code as string;
};
const day = 86_400_000;

/** A program (verified unless told) with a signed-in coordinator. */
async function programWithCoordinator(name: string, verified = true) {
  const org = await createProgram(t, { name, verified });
  const coordinator = await createCoordinator(t, org.id, "program");
  return { org, coordinator };
}

/** Adds a student through the roster API (as the coordinator does), returning the roster entry's id. */
async function addToRoster(cookie: string, to: string, firstName = "Jordan") {
  const res = await t.call("POST", "/api/students", { cookie, body: { firstName, lastName: "Rivera", email: to } });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as string;
}

/** Imports one student through the roster CSV import, returning the roster entry's id. */
async function importToRoster(cookie: string, to: string) {
  const csv = `first_name,last_name,email\nJordan,Rivera,${to}\n`;
  const res = await t.call("POST", "/api/students/import", { cookie, body: { csv } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect(res.json.added).toBe(1);
  const list = await t.call("GET", `/api/students?search=${encodeURIComponent(to)}`, { cookie });
  expect(list.json.items).toHaveLength(1);
  return list.json.items[0].id as string;
}

async function inviteToken(cookie: string, studentId: string, to: string) {
  const res = await t.call("POST", `/api/students/${studentId}/invite`, { cookie });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const [mail] = await t.mailTo(to);
  return mail.link?.split("/invite/")[1] as string;
}

async function linkedEntryOf(to: string) {
  const rows = await db()
    .select({ studentId: studentUsers.studentId })
    .from(studentUsers)
    .innerJoin(users, eq(users.id, studentUsers.userId))
    .where(eq(users.email, to));
  return rows[0]?.studentId ?? null;
}

describe("the attack: a program adds another program's student to its roster", () => {
  it("a pending program's entry is ignored by code sign-up: the victim links to the real program", async () => {
    const victim = email("victim");
    const realEntry = await createStudent(t, real.id, { email: victim, createdAt: new Date(Date.now() - 30 * day) });
    const attacker = await programWithCoordinator("Shady Pending Academy", false);
    // Preparing the roster stays allowed (D2), through add and through import.
    const attackerEntry = await addToRoster(attacker.coordinator.cookie, victim);

    const asked = await requestCode(victim);
    expect(asked.status).toBe(202);
    expect(asked.json).toEqual({ message: SIGN_UP_CODE_SENT });
    expect((await t.mailTo(victim))[0].text).not.toContain("Shady Pending Academy");
    const res = await confirm(victim, await codeFrom(victim));
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({ studentId: realEntry.id, programName: "Lakeside School of Nursing" });
    expect(await linkedEntryOf(victim)).toBe(realEntry.id);
    expect(await linkedEntryOf(victim)).not.toBe(attackerEntry);
  });

  it("with only a pending program listing the email, no code is sent; the real program's invitation then works", async () => {
    const victim = email("victim");
    const attacker = await programWithCoordinator("Another Pending Academy", false);
    const attackerEntry = await importToRoster(attacker.coordinator.cookie, victim);

    const asked = await requestCode(victim);
    expect(asked.status).toBe(202);
    expect(asked.json).toEqual({ message: SIGN_UP_CODE_SENT });
    const [mail] = await t.mailTo(victim);
    expect(mail.subject).not.toMatch(/code/);
    expect(mail.text).toMatch(/not on the roster of any verified nursing program/);
    expect(await db().select().from(studentSignUpCodes).where(eq(studentSignUpCodes.email, victim))).toHaveLength(0);

    // The pending program cannot invite either.
    const invite = await t.call("POST", `/api/students/${attackerEntry}/invite`, {
      cookie: attacker.coordinator.cookie,
    });
    expect(invite.status).toBe(403);
    expect(invite.json.error.code).toBe("program_unverified");
    expect(invite.json.error.message).toMatch(/Another Pending Academy is pending verification/);

    const realEntry = await addToRoster(realCoordinator.cookie, victim);
    const token = await inviteToken(realCoordinator.cookie, realEntry, victim);
    const info = await t.call("GET", `/api/invitations/${token}`);
    expect(info.json).toMatchObject({ state: "valid", programName: "Lakeside School of Nursing" });
    const accepted = await t.call("POST", `/api/invitations/${token}/accept`, { body: { password: PASSWORD } });
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(201);
    expect(accepted.json).toMatchObject({ studentId: realEntry, programName: "Lakeside School of Nursing" });
    expect(await linkedEntryOf(victim)).toBe(realEntry);
  });

  it("verified attacker and real program both list the email: the victim chooses; the attacker gets nothing", async () => {
    const victim = email("victim");
    const realEntry = await addToRoster(realCoordinator.cookie, victim, "Avery");
    const attacker = await programWithCoordinator("Verified Rival College", true);
    const attackerEntry = await importToRoster(attacker.coordinator.cookie, victim);
    // A pending program's and a withdrawn entry are never offered.
    const pending = await programWithCoordinator("Pending Third School", false);
    const pendingEntry = await addToRoster(pending.coordinator.cookie, victim);

    expect((await requestCode(victim)).json).toEqual({ message: SIGN_UP_CODE_SENT });
    const code = await codeFrom(victim);
    const ask = await confirm(victim, code);
    expect(ask.status, JSON.stringify(ask.json)).toBe(200);
    expect(ask.json.chooseProgram).toBe(true);
    expect(ask.json.programs.map((p: { programName: string }) => p.programName).sort()).toEqual([
      "Lakeside School of Nursing",
      "Verified Rival College",
    ]);
    expect(ask.json.programs.map((p: { rosterEntryId: string }) => p.rosterEntryId).sort()).toEqual(
      [realEntry, attackerEntry].sort(),
    );
    for (const p of ask.json.programs)
      expect(Object.keys(p).sort()).toEqual(["addedAt", "programName", "rosterEntryId"]);
    expect(await linkedEntryOf(victim)).toBeNull();

    // Only an entry from the list may be chosen: 422 naming the field, nothing created, code kept.
    for (const bad of [pendingEntry, crypto.randomUUID(), "not-an-id"]) {
      const res = await confirm(victim, code, bad);
      expect(res.status, bad).toBe(422);
      expect(res.json.error.issues.map((i: { path: string }) => i.path)).toEqual(["rosterEntryId"]);
    }
    expect(await linkedEntryOf(victim)).toBeNull();

    const chosen = await confirm(victim, code, realEntry);
    expect(chosen.status, JSON.stringify(chosen.json)).toBe(201);
    expect(chosen.json).toMatchObject({ studentId: realEntry, programName: "Lakeside School of Nursing" });
    expect(await linkedEntryOf(victim)).toBe(realEntry);
    const victimCookie = chosen.cookie;
    const me = await t.call("GET", "/api/accounts/me", { cookie: victimCookie });
    const victimUserId = me.json.user.id as string;

    const saved = await t.call("PUT", "/api/me/student/preferences", {
      cookie: victimCookie,
      body: {
        geographicPreferences: ["Portland"],
        specialtyInterests: [],
        careerGoals: "ICU nurse",
        accommodationRequests: "Extended breaks (medical)",
      },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);

    // The real program sees them; the attacker's entry stays without an account.
    const realView = await t.call("GET", `/api/students/${realEntry}`, { cookie: realCoordinator.cookie });
    expect(realView.json.accommodationRequests).toBe("Extended breaks (medical)");
    const attackerView = await t.call("GET", `/api/students/${attackerEntry}`, { cookie: attacker.coordinator.cookie });
    expect(attackerView.status).toBe(200);
    expect(attackerView.json.accommodationRequests).toBeNull();
    expect(attackerView.json.student.invitation.state).not.toBe("accepted");
    expect(attackerView.text).not.toContain("Extended breaks");
    expect(attackerView.text).not.toContain("ICU nurse");
    // ... nor the student's own records through the real program's roster.
    expect((await t.call("GET", `/api/students/${realEntry}`, { cookie: attacker.coordinator.cookie })).status).toBe(
      404,
    );

    // The attacker cannot write to the victim.
    const recipients = await t.call("GET", `/api/messages/recipients?search=${encodeURIComponent(victim)}`, {
      cookie: attacker.coordinator.cookie,
    });
    expect(recipients.status).toBe(200);
    expect(recipients.json.items.map((r: { id: string }) => r.id)).not.toContain(victimUserId);
    const message = await t.call("POST", "/api/messages", {
      cookie: attacker.coordinator.cookie,
      body: { recipientId: victimUserId, subject: "Hello", content: "Please update your profile" },
    });
    expect(message.status).toBe(403);

    // The victim sees the claims: linked to the real program; the others by name and date only.
    const claims = await t.call("GET", "/api/me/student/roster-claims", { cookie: victimCookie });
    expect(claims.status).toBe(200);
    expect(claims.json.linked).toMatchObject({ rosterEntryId: realEntry, programName: "Lakeside School of Nursing" });
    expect(claims.json.others.map((o: { programName: string }) => o.programName).sort()).toEqual([
      "Pending Third School",
      "Verified Rival College",
    ]);
    for (const o of claims.json.others) {
      expect(Object.keys(o).sort()).toEqual(["addedAt", "programName", "reportedAt", "rosterEntryId"]);
      expect(o.reportedAt).toBeNull();
    }

    // "Not my program": reported, repeatable, and admins see it.
    const report = await t.call("POST", `/api/me/student/roster-claims/${attackerEntry}/report`, {
      cookie: victimCookie,
    });
    expect(report.status, JSON.stringify(report.json)).toBe(200);
    expect(report.json).toMatchObject({ rosterEntryId: attackerEntry, programName: "Verified Rival College" });
    const again = await t.call("POST", `/api/me/student/roster-claims/${attackerEntry}/report`, {
      cookie: victimCookie,
    });
    expect(again.status).toBe(200);
    expect(again.json.reportedAt).toBe(report.json.reportedAt);
    const after = await t.call("GET", "/api/me/student/roster-claims", { cookie: victimCookie });
    expect(after.json.others.find((o: { rosterEntryId: string }) => o.rosterEntryId === attackerEntry).reportedAt).toBe(
      report.json.reportedAt,
    );

    const shared = await t.call("GET", `/api/admin/roster-claims?search=${encodeURIComponent(victim)}`, {
      cookie: admin.cookie,
    });
    expect(shared.status).toBe(200);
    expect(shared.json.total).toBe(1);
    const [item] = shared.json.items;
    expect(item).toMatchObject({ email: victim, programs: 3, reports: 1 });
    const byName = Object.fromEntries(item.entries.map((e: { programName: string }) => [e.programName, e])) as Record<
      string,
      { linked: boolean; reports: number; programStatus: string }
    >;
    expect(byName["Lakeside School of Nursing"]).toMatchObject({ linked: true, reports: 0 });
    expect(byName["Verified Rival College"]).toMatchObject({ linked: false, reports: 1, programStatus: "verified" });
    expect(byName["Pending Third School"]).toMatchObject({ linked: false, reports: 0, programStatus: "pending" });
    const reportedOnly = await t.call("GET", "/api/admin/roster-claims?reported=true", { cookie: admin.cookie });
    expect(reportedOnly.json.items.map((i: { email: string }) => i.email)).toContain(victim);
    const unreported = await t.call("GET", "/api/admin/roster-claims?reported=false", { cookie: admin.cookie });
    expect(unreported.json.items.map((i: { email: string }) => i.email)).not.toContain(victim);

    // The attacker's later invitation cannot take the account over (it already exists).
    const token = await inviteToken(attacker.coordinator.cookie, attackerEntry, victim);
    const takeover = await t.call("POST", `/api/invitations/${token}/accept`, {
      body: { password: "Other-Pass-2026!" },
    });
    expect(takeover.status).toBe(409);
    expect(await linkedEntryOf(victim)).toBe(realEntry);
  });

  it("a rejected program: its earlier invitation stops working (GET says why, POST 403), code sign-up ignores it", async () => {
    const victim = email("victim");
    const rejected = await programWithCoordinator("Soon Rejected Institute", true);
    const entry = await addToRoster(rejected.coordinator.cookie, victim);
    const token = await inviteToken(rejected.coordinator.cookie, entry, victim);
    const superAdmin = await t.createUser("super_admin");
    const decided = await t.call("POST", `/api/admin/organizations/${rejected.org.id}/reject`, {
      cookie: superAdmin.cookie,
    });
    expect(decided.status, JSON.stringify(decided.json)).toBe(200);

    const info = await t.call("GET", `/api/invitations/${token}`);
    expect(info.status).toBe(200);
    expect(info.json).toMatchObject({ state: "unverified", programName: "Soon Rejected Institute", email: null });
    expect(info.json.message).toMatch(/Soon Rejected Institute was not verified/);
    const accept = await t.call("POST", `/api/invitations/${token}/accept`, { body: { password: PASSWORD } });
    expect(accept.status).toBe(403);
    expect(accept.json.error.code).toBe("program_unverified");
    expect(accept.json.error.message).toMatch(/cannot invite students or link their accounts/);
    expect(await db().select().from(users).where(eq(users.email, victim))).toHaveLength(0);

    // Admins cannot invite for it either.
    const byAdmin = await t.call("POST", `/api/students/${entry}/invite`, { cookie: admin.cookie });
    expect(byAdmin.status).toBe(403);

    await requestCode(victim);
    expect((await t.mailTo(victim))[0].text).toMatch(/not on the roster of any verified nursing program/);
  });

  it("a code asked while a program was verified does not link once it is rejected", async () => {
    const victim = email("victim");
    const soon = await programWithCoordinator("Rejected Later College", true);
    await addToRoster(soon.coordinator.cookie, victim);
    await requestCode(victim);
    const code = await codeFrom(victim);
    const superAdmin = await t.createUser("super_admin");
    await t.call("POST", `/api/admin/organizations/${soon.org.id}/reject`, { cookie: superAdmin.cookie });
    const res = await confirm(victim, code);
    expect(res.status).toBe(410);
    expect(res.json.error.message).toMatch(/verified nursing program/);
    expect(await db().select().from(users).where(eq(users.email, victim))).toHaveLength(0);
  });
});

describe("who may call the claim routes (D1)", () => {
  it("/api/me/student/roster-claims: students see their own; admins without a record 404; others 403/401", async () => {
    const student = await t.createUser("student");
    const own = await t.call("GET", "/api/me/student/roster-claims", { cookie: student.cookie });
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ linked: { rosterEntryId: student.studentId }, others: [] });

    expect((await t.call("GET", "/api/me/student/roster-claims")).status).toBe(401);
    for (const role of ["program", "facility", "none"] as const) {
      const u = await t.createUser(role);
      expect((await t.call("GET", "/api/me/student/roster-claims", { cookie: u.cookie })).status, role).toBe(403);
    }
    for (const role of ["admin", "super_admin"] as const) {
      const u = await t.createUser(role);
      const res = await t.call("GET", "/api/me/student/roster-claims", { cookie: u.cookie });
      expect(res.status, role).toBe(404);
      expect(res.json.error.code).toBe("no_student_record");
    }
  });

  it("a student reports only another program's entry with their own email: 404 otherwise", async () => {
    const a = await t.createUser("student");
    const b = await t.createUser("student");
    const rival = await createProgram(t, { name: "Claiming Program" });
    const onA = await createStudent(t, rival.id, { email: a.email });
    const onB = await createStudent(t, rival.id, { email: b.email });

    const seenByB = await t.call("GET", "/api/me/student/roster-claims", { cookie: b.cookie });
    expect(seenByB.json.others.map((o: { rosterEntryId: string }) => o.rosterEntryId)).toEqual([onB.id]);
    // Another student's claim, one's own linked entry, unknown and malformed ids: 404.
    for (const id of [onA.id, b.studentId, crypto.randomUUID(), "nope"]) {
      const res = await t.call("POST", `/api/me/student/roster-claims/${id}/report`, { cookie: b.cookie });
      expect(res.status, String(id)).toBe(404);
    }
    expect((await t.call("POST", `/api/me/student/roster-claims/${onA.id}/report`)).status).toBe(401);
    const coordinator = await createCoordinator(t, rival.id, "program");
    expect(
      (await t.call("POST", `/api/me/student/roster-claims/${onA.id}/report`, { cookie: coordinator.cookie })).status,
    ).toBe(403);
    const facility = await t.createUser("facility");
    expect(
      (await t.call("POST", `/api/me/student/roster-claims/${onA.id}/report`, { cookie: facility.cookie })).status,
    ).toBe(403);
    expect(
      (await t.call("POST", `/api/me/student/roster-claims/${onA.id}/report`, { cookie: admin.cookie })).status,
    ).toBe(404);
    expect((await t.call("POST", `/api/me/student/roster-claims/${onA.id}/report`, { cookie: a.cookie })).status).toBe(
      200,
    );
  });

  it("/api/admin/roster-claims: admins and super admins; every other role 403; signed out 401; bad filter 422", async () => {
    expect((await t.call("GET", "/api/admin/roster-claims")).status).toBe(401);
    for (const role of ["student", "program", "facility", "none"] as const) {
      const u = await t.createUser(role);
      expect((await t.call("GET", "/api/admin/roster-claims", { cookie: u.cookie })).status, role).toBe(403);
    }
    const superAdmin = await t.createUser("super_admin");
    for (const u of [admin, superAdmin]) {
      const res = await t.call("GET", "/api/admin/roster-claims?pageSize=5", { cookie: u.cookie });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ page: 1, pageSize: 5 });
      for (const item of res.json.items) expect(item.programs).toBeGreaterThan(1);
    }
    // Odd input is never a 500.
    for (const q of ["search=a%00b", "page=0", "pageSize=1000", `search=${"x".repeat(101)}`]) {
      const res = await t.call("GET", `/api/admin/roster-claims?${q}`, { cookie: admin.cookie });
      expect(res.status, q).toBeLessThan(500);
    }
    const nul = await t.call("POST", "/api/me/student/roster-claims/a%00b/report", { cookie: admin.cookie });
    expect(nul.status).toBeLessThan(500);
    const bad = await t.call("GET", "/api/admin/roster-claims?reported=maybe", { cookie: admin.cookie });
    expect(bad.status).toBe(422);
    expect(bad.json.error.issues[0].path).toBe("reported");
    // An email on one roster only is not listed.
    const single = email("single");
    await createStudent(t, real.id, { email: single });
    const none = await t.call("GET", `/api/admin/roster-claims?search=${single}`, { cookie: admin.cookie });
    expect(none.json).toMatchObject({ items: [], total: 0 });
  });
});

describe("races", () => {
  it("parallel confirmations of one code with a chosen program create one account", async () => {
    const victim = email("race");
    const first = await createStudent(t, real.id, { email: victim });
    const other = await createProgram(t, { name: "Race Rival" });
    await createStudent(t, other.id, { email: victim });
    await requestCode(victim);
    const code = await codeFrom(victim);
    const results = await Promise.all(Array.from({ length: 6 }, () => confirm(victim, code, first.id)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const s of statuses) expect(s).toBeLessThan(500);
    expect(await linkedEntryOf(victim)).toBe(first.id);
  });
});
