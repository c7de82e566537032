import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { studentInvitations, studentUsers } from "../../db/schema/students";
import { createCoordinator, createProgram, createStudent } from "../../testing/factories";
import { createTestApp, type TestApp } from "../../testing/harness";

// POST /api/students/invite-all (issue 9): one action invites every active student of the program
// without an account and without a valid invitation, and says how many were sent.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const inviteAll = (cookie: string | undefined, json?: unknown) =>
  t.call("POST", "/api/students/invite-all", { cookie, body: json });

describe("POST /api/students/invite-all", () => {
  it("invites only active students without an account or a valid invitation, once", async () => {
    const program = await createProgram(t);
    const coord = await createCoordinator(t, program.id, "program");
    const fresh = await Promise.all([1, 2, 3].map(() => createStudent(t, program.id)));
    const withdrawn = await createStudent(t, program.id, { enrollmentStatus: "withdrawn" });
    const invited = await createStudent(t, program.id);
    await t.call("POST", `/api/students/${invited.id}/invite`, { cookie: coord.cookie });
    const expired = await createStudent(t, program.id);
    await t.deps.db.insert(studentInvitations).values({
      studentId: expired.id,
      email: expired.email,
      tokenHash: `expired-${expired.id}`,
      invitedBy: coord.userId,
      expiresAt: new Date(Date.now() - 86_400_000),
    });
    const linked = await createStudent(t, program.id);
    const account = await t.createUser("student");
    await t.deps.db.update(studentUsers).set({ studentId: linked.id }).where(eq(studentUsers.userId, account.userId));
    // Another program's student is never touched.
    const elsewhere = await createStudent(t, (await createProgram(t)).id);

    const res = await inviteAll(coord.cookie);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ sent: 4, failed: 0, remaining: 0 });
    for (const s of [...fresh, expired]) expect(await t.mailTo(s.email)).toHaveLength(1);
    for (const s of [withdrawn, linked, elsewhere]) expect(await t.mailTo(s.email)).toHaveLength(0);
    expect(await t.mailTo(invited.email)).toHaveLength(1);

    // Everyone now holds a valid invitation: nothing more to send.
    const again = await inviteAll(coord.cookie, {});
    expect(again.json).toEqual({ sent: 0, failed: 0, remaining: 0 });
    const rows = await t.deps.db.select().from(studentInvitations).where(eq(studentInvitations.studentId, fresh[0].id));
    expect(rows).toHaveLength(1);
  });

  it("a program pending verification cannot invite (403); nothing is sent", async () => {
    const pending = await createProgram(t, { verified: false });
    const coord = await createCoordinator(t, pending.id, "program");
    const s = await createStudent(t, pending.id);
    const res = await inviteAll(coord.cookie);
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("program_unverified");
    expect(await t.mailTo(s.email)).toHaveLength(0);
  });

  it("admins name the program; facility and student users 403; signed out 401", async () => {
    const program = await createProgram(t);
    const s = await createStudent(t, program.id);
    const admin = await t.createUser("admin");
    const none = await inviteAll(admin.cookie);
    expect(none.status).toBe(422);
    const res = await inviteAll(admin.cookie, { programId: program.id });
    expect(res.json).toEqual({ sent: 1, failed: 0, remaining: 0 });
    expect(await t.mailTo(s.email)).toHaveLength(1);
    // A coordinator's programId is ignored: they invite their own program only (D1).
    const own = await createProgram(t);
    const coord = await createCoordinator(t, own.id, "program");
    const other = await createStudent(t, program.id, { enrollmentStatus: "active" });
    expect((await inviteAll(coord.cookie, { programId: program.id })).json).toEqual({
      sent: 0,
      failed: 0,
      remaining: 0,
    });
    expect(await t.mailTo(other.email)).toHaveLength(0);
    for (const role of ["facility", "student"] as const) {
      const u = await t.createUser(role);
      expect((await inviteAll(u.cookie)).status).toBe(403);
    }
    expect((await inviteAll(undefined)).status).toBe(401);
  });
});
