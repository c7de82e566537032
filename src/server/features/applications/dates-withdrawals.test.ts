import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications } from "../../db/schema/applications";
import { placements } from "../../db/schema/placements";
import { students } from "../../db/schema/students";
import { createApplication } from "../../factories/applications";
import { createPlacement, dayFromToday } from "../../factories/placements";
import type { PortalEvent } from "../../lib/realtime";
import { createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

// Issue 9: dates (applying, approving, withdrawing), withdrawn students, whose note it is, and
// re-applying after a withdrawal or a refusal.

let t: TestApp;
let program: TestUser;
let programId: string;
let facility: TestUser;
let facilityId: string;
let facility2: TestUser;
let studentUser: TestUser;
let studentId: string;
/** Lock contention needs real connections: PGlite is one connection, so requests cannot race there. */
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

const events: PortalEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  program = await t.createUser("program");
  programId = program.organizationId!;
  facility = await t.createUser("facility", { name: "Fran Facility" });
  facilityId = facility.organizationId!;
  facility2 = await t.createUser("facility", { name: "Gus Facility" });
  studentUser = await t.createUser("student", { organizationId: programId });
  studentId = studentUser.studentId!;
  await t.deps.realtime.ready;
  for (const u of [facility, facility2, program, studentUser])
    t.deps.realtime.subscribe(u.userId, (e) => events.push(e));
});
afterAll(async () => {
  await t.close();
});

const db = () => t.deps.db;
const submit = (body: unknown, cookie = program.cookie) => t.call("POST", "/api/applications", { cookie, body });
const applyAsStudent = (placementId: string, notes?: string) =>
  t.call("POST", "/api/me/student/applications", { cookie: studentUser.cookie, body: { placementId, notes } });
const withdrawAsProgram = (id: string) =>
  t.call("POST", `/api/applications/${id}/withdraw`, { cookie: program.cookie });
const withdrawAsStudent = (id: string) =>
  t.call("POST", `/api/me/student/applications/${id}/withdraw`, { cookie: studentUser.cookie });
const decide = (id: string, action: "approve" | "reject", cookie = facility.cookie) =>
  t.call("POST", `/api/facility/applications/${id}/${action}`, { cookie, body: {} });
const slotsOf = async (placementId: string) =>
  (await db().select({ n: placements.slotsFilled }).from(placements).where(eq(placements.id, placementId)))[0].n;
const appRow = async (id: string) => (await db().select().from(applications).where(eq(applications.id, id)))[0];
const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 50 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  return check();
};

const started = () => ({ startDate: dayFromToday(-10), endDate: dayFromToday(30) });
const ended = () => ({ startDate: dayFromToday(-60), endDate: dayFromToday(-3) });

describe("applying: not once the rotation has started (unless late joiners are allowed), never once it ended", () => {
  it("program, single: refused with the reason for a rotation under way; 201 when the facility allows late joiners", async () => {
    const s = await createStudent(t, programId, { firstName: "Lia", lastName: "Late" });
    const p = await createPlacement(db(), facilityId, started());
    const res = await submit({ placementId: p.id, studentIds: [s.id] });
    expect(res.status).toBe(200);
    expect(res.json.refused).toEqual([
      expect.objectContaining({
        studentId: s.id,
        code: "rotation_started",
        reason: expect.stringContaining("started on"),
      }),
    ]);
    expect(res.json.refused[0].reason).toContain("does not take late joiners");

    const late = await createPlacement(db(), facilityId, { ...started(), allowLateJoiners: true });
    expect((await submit({ placementId: late.id, studentIds: [s.id] })).status).toBe(201);
  });

  it("never once it ended, late joiners or not", async () => {
    const s = await createStudent(t, programId);
    for (const allowLateJoiners of [false, true]) {
      const p = await createPlacement(db(), facilityId, { ...ended(), allowLateJoiners });
      const res = await submit({ placementId: p.id, studentIds: [s.id] });
      expect(res.status).toBe(200);
      expect(res.json.refused[0]).toMatchObject({
        code: "rotation_ended",
        reason: expect.stringContaining("ended on"),
      });
    }
  });

  it("program, bulk: each student refused with the reason", async () => {
    const a = await createStudent(t, programId, { firstName: "Ann", lastName: "One" });
    const b = await createStudent(t, programId, { firstName: "Bob", lastName: "Two" });
    const p = await createPlacement(db(), facilityId, started());
    const res = await submit({ placementId: p.id, students: [{ studentId: a.id }, { studentId: b.id, notes: "x" }] });
    expect(res.status).toBe(200);
    expect(res.json.refused.map((r: { name: string; code: string }) => [r.name, r.code])).toEqual([
      ["Ann One", "rotation_started"],
      ["Bob Two", "rotation_started"],
    ]);
    expect(await db().select().from(applications).where(eq(applications.placementId, p.id))).toHaveLength(0);
  });

  it("student: 409 with the reason, for a rotation under way or ended", async () => {
    const p = await createPlacement(db(), facilityId, started());
    const res = await applyAsStudent(p.id);
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({
      code: "rotation_started",
      message: expect.stringContaining("late joiners"),
    });
    const gone = await createPlacement(db(), facilityId, ended());
    const res2 = await applyAsStudent(gone.id);
    expect(res2.status).toBe(409);
    expect(res2.json.error.code).toBe("rotation_ended");
  });

  it("approving a pending application for a rotation that has ended is refused; rejecting it is not", async () => {
    const s = await createStudent(t, programId);
    const p = await createPlacement(db(), facilityId, ended());
    const app = await createApplication(db(), s, p.id);
    const res = await decide(app.id, "approve");
    expect(res.status).toBe(409);
    expect(res.json.error.message).toContain("ended on");
    expect(await slotsOf(p.id)).toBe(0);
    expect((await decide(app.id, "reject")).status).toBe(200);
  });
});

describe("withdrawal: before, during and after the rotation", () => {
  it("before the start: an approved one frees its seat; the facility is mailed and hears it live", async () => {
    const s = await createStudent(t, programId, { firstName: "Wen", lastName: "Before" });
    const p = await createPlacement(db(), facilityId, { title: "Peds Before", slotsFilled: 1 });
    const app = await createApplication(db(), s, p.id, { status: "approved" });
    await t.drainJobs(); // mail is queued (ADR 015)
    const before = (await t.mailTo(facility.email)).length;
    const res = await withdrawAsProgram(app.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "withdrawn", previousStatus: "approved", leftEarly: false });
    expect(await slotsOf(p.id)).toBe(0);
    await t.drainJobs(); // mail is queued (ADR 015)
    const mail = await t.mailTo(facility.email);
    expect(mail.length).toBe(before + 1);
    expect(mail[0].subject).toBe("Application withdrawn: Wen Before, Peds Before");
    expect(
      await waitFor(() =>
        events.some((e) => e.userId === facility.userId && e.data?.id === app.id && e.data?.status === "withdrawn"),
      ),
    ).toBe(true);
  });

  it("during the rotation: allowed, says the student leaves early, records withdrawn_at and frees the seat", async () => {
    const s = await createStudent(t, programId, { firstName: "Dee", lastName: "During" });
    const p = await createPlacement(db(), facilityId, { ...started(), slotsFilled: 1 });
    const app = await createApplication(db(), s, p.id, { status: "approved" });
    const res = await withdrawAsProgram(app.id);
    expect(res.status).toBe(200);
    expect(res.json.leftEarly).toBe(true);
    expect(res.json.message).toContain("early");
    expect((await appRow(app.id)).withdrawnAt).not.toBeNull();
    expect(await slotsOf(p.id)).toBe(0);
    await t.drainJobs(); // mail is queued (ADR 015)
    expect((await t.mailTo(facility.email))[0].text).toContain("left the rotation early");
  });

  it("after the rotation ended: 409 on both routes, the history stays approved", async () => {
    const p = await createPlacement(db(), facilityId, { ...ended(), slotsFilled: 1 });
    const app = await createApplication(db(), { id: studentId, programId }, p.id, { status: "approved" });
    for (const res of [await withdrawAsProgram(app.id), await withdrawAsStudent(app.id)]) {
      expect(res.status).toBe(409);
      expect(res.json.error.message).toContain("ended on");
    }
    expect((await appRow(app.id)).status).toBe("approved");
    expect(await slotsOf(p.id)).toBe(1);
  });

  it("the student's route follows the same rules (leaving a rotation under way early)", async () => {
    const p = await createPlacement(db(), facilityId, { ...started(), slotsFilled: 1 });
    const app = await createApplication(db(), { id: studentId, programId }, p.id, { status: "approved" });
    const list = await t.call("GET", "/api/me/student/applications", { cookie: studentUser.cookie });
    const mine = list.json.items.find((a: { id: string }) => a.id === app.id);
    expect(mine).toMatchObject({ canWithdraw: true, leavesEarly: true });
    const res = await withdrawAsStudent(app.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ previousStatus: "approved", leftEarly: true });
    expect(await slotsOf(p.id)).toBe(0);
  });
});

describe("withdrawing a student from the roster", () => {
  it("withdraws pending and not-yet-started approved applications, frees the seats, tells each facility", async () => {
    const s = await createStudent(t, programId, { firstName: "Rex", lastName: "Roster" });
    const pending = await createPlacement(db(), facilityId, { title: "Pending One" });
    const upcoming = await createPlacement(db(), facility2.organizationId!, { title: "Upcoming One", slotsFilled: 1 });
    const current = await createPlacement(db(), facilityId, { ...started(), title: "Current One", slotsFilled: 1 });
    const a1 = await createApplication(db(), s, pending.id);
    const a2 = await createApplication(db(), s, upcoming.id, { status: "approved" });
    const a3 = await createApplication(db(), s, current.id, { status: "approved" });
    await t.drainJobs(); // mail is queued (ADR 015)
    const before1 = (await t.mailTo(facility.email)).length;
    const before2 = (await t.mailTo(facility2.email)).length;

    const res = await t.call("POST", `/api/students/${s.id}/withdraw`, { cookie: program.cookie });
    expect(res.status).toBe(200);
    expect(res.json.enrollmentStatus).toBe("withdrawn");
    expect((await appRow(a1.id)).status).toBe("withdrawn");
    expect((await appRow(a2.id)).status).toBe("withdrawn");
    expect((await appRow(a2.id)).withdrawnAt).not.toBeNull();
    expect(await slotsOf(upcoming.id)).toBe(0);
    // A rotation under way is kept (the program may still withdraw it: leaving early).
    expect((await appRow(a3.id)).status).toBe("approved");
    expect(await slotsOf(current.id)).toBe(1);

    await t.drainJobs(); // mail is queued (ADR 015)
    const m1 = await t.mailTo(facility.email);
    const m2 = await t.mailTo(facility2.email);
    expect(m1.length).toBe(before1 + 1);
    expect(m2.length).toBe(before2 + 1);
    expect(m1[0].text).toContain("withdrew Rex Roster from its roster");
    expect(m1[0].text).toContain("Pending One");
    expect(m2[0].text).toContain("Upcoming One");
    expect(
      await waitFor(
        () =>
          events.some((e) => e.userId === facility.userId && e.data?.id === a1.id) &&
          events.some((e) => e.userId === facility2.userId && e.data?.id === a2.id),
      ),
    ).toBe(true);

    // Repeating it is harmless.
    expect((await t.call("POST", `/api/students/${s.id}/withdraw`, { cookie: program.cookie })).status).toBe(200);
  });

  it("nothing can be approved for a withdrawn student: a clear 409", async () => {
    const s = await createStudent(t, programId, { firstName: "Nia", lastName: "Gone", enrollmentStatus: "withdrawn" });
    const p = await createPlacement(db(), facilityId);
    // As if it had slipped in (e.g. submitted at the same moment as the withdrawal).
    const app = await createApplication(db(), s, p.id);
    const res = await decide(app.id, "approve");
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("student_withdrawn");
    expect(res.json.error.message).toBe(
      "Nia Gone was withdrawn from their program's roster: this application cannot be approved",
    );
    expect(await slotsOf(p.id)).toBe(0);
    expect((await appRow(app.id)).status).toBe("pending");
  });

  it("another program's coordinator cannot withdraw the student (404)", async () => {
    const s = await createStudent(t, programId);
    const p = await createPlacement(db(), facilityId);
    const app = await createApplication(db(), s, p.id);
    const other = await t.createUser("program");
    expect((await t.call("POST", `/api/students/${s.id}/withdraw`, { cookie: other.cookie })).status).toBe(404);
    expect((await appRow(app.id)).status).toBe("pending");
  });

  it.runIf(ON_POSTGRES)(
    "approval and roster withdrawal at once: never an approved application for a withdrawn student",
    async () => {
      for (let i = 0; i < 12; i++) {
        const s = await createStudent(t, programId);
        const p = await createPlacement(db(), facilityId, { capacity: 3 });
        const app = await createApplication(db(), s, p.id);
        const [approve, withdraw] = await Promise.all([
          decide(app.id, "approve"),
          t.call("POST", `/api/students/${s.id}/withdraw`, { cookie: program.cookie }),
        ]);
        expect(withdraw.status).toBe(200);
        expect([200, 409]).toContain(approve.status);
        const [student] = await db().select().from(students).where(eq(students.id, s.id));
        expect(student.enrollmentStatus).toBe("withdrawn");
        // Either way the application ends withdrawn and the seat is free.
        expect((await appRow(app.id)).status).toBe("withdrawn");
        expect(await slotsOf(p.id)).toBe(0);
      }
    },
  );
});

describe("notes: whose note it is, one per student in a bulk", () => {
  it("a bulk submission carries each student's own note, or none", async () => {
    const a = await createStudent(t, programId);
    const b = await createStudent(t, programId);
    const p = await createPlacement(db(), facilityId);
    const res = await submit({
      placementId: p.id,
      students: [
        { studentId: a.id, notes: "  Strong in peds  " },
        { studentId: b.id, notes: "" },
      ],
    });
    expect(res.status).toBe(201);
    const rows = await db().select().from(applications).where(eq(applications.placementId, p.id));
    const notes = Object.fromEntries(rows.map((r) => [r.studentId, r.notes]));
    expect(notes).toEqual({ [a.id]: "Strong in peds", [b.id]: null });
  });

  it("422 for one shared note with per-student items, or for neither shape", async () => {
    const p = await createPlacement(db(), facilityId);
    const s = await createStudent(t, programId);
    const both = await submit({ placementId: p.id, students: [{ studentId: s.id }], notes: "shared" });
    expect(both.status).toBe(422);
    expect(both.json.error.issues).toEqual([expect.objectContaining({ path: "notes" })]);
    const none = await submit({ placementId: p.id });
    expect(none.status).toBe(422);
    expect(none.json.error.issues[0].message).toBe("A student must be chosen");
    const tooLong = await submit({ placementId: p.id, students: [{ studentId: s.id, notes: "n".repeat(2001) }] });
    expect(tooLong.status).toBe(422);
  });

  it("the student sees whose note it is: their own, or their program's", async () => {
    const byProgram = await createPlacement(db(), facilityId);
    const byStudent = await createPlacement(db(), facilityId);
    await submit({ placementId: byProgram.id, students: [{ studentId, notes: "From the program" }] });
    expect((await applyAsStudent(byStudent.id, "From me")).status).toBe(201);
    const list = await t.call("GET", "/api/me/student/applications", { cookie: studentUser.cookie });
    const of = (placementId: string) =>
      list.json.items.find((a: { placement: { id: string } }) => a.placement.id === placementId);
    expect(of(byProgram.id)).toMatchObject({ notes: "From the program", notesBy: "program" });
    expect(of(byStudent.id)).toMatchObject({ notes: "From me", notesBy: "student" });
  });
});

describe("re-applying after a withdrawal or a refusal", () => {
  it("after withdrawing, the same student may apply again while the placement is open: a new row, the old one kept", async () => {
    const p = await createPlacement(db(), facilityId);
    const first = await applyAsStudent(p.id);
    expect(first.status).toBe(201);
    expect((await withdrawAsStudent(first.json.id)).status).toBe(200);
    const browse = await t.call("GET", "/api/me/student/placements?pageSize=100", { cookie: studentUser.cookie });
    expect(browse.json.items.find((x: { id: string }) => x.id === p.id)?.myApplication ?? null).toBeNull();
    const again = await applyAsStudent(p.id);
    expect(again.status).toBe(201);
    expect(again.json.id).not.toBe(first.json.id);
    const rows = await db().select().from(applications).where(eq(applications.placementId, p.id));
    expect(rows.map((r) => r.status).sort()).toEqual(["pending", "withdrawn"]);
    // And a second pending one is still refused.
    expect((await applyAsStudent(p.id)).json.error.code).toBe("already_applied");
    // The program's route too.
    expect((await withdrawAsProgram(again.json.id)).status).toBe(200);
    expect((await submit({ placementId: p.id, studentIds: [studentId] })).status).toBe(201);
  });

  it("after a refusal (Not Selected), not again to the same placement: refused with the reason (409 for the student)", async () => {
    const s = await createStudent(t, programId, { firstName: "Rae", lastName: "Refused" });
    const p = await createPlacement(db(), facilityId);
    await createApplication(db(), s, p.id, { status: "rejected" });
    const res = await submit({ placementId: p.id, studentIds: [s.id] });
    expect(res.status).toBe(200);
    expect(res.json.refused[0]).toMatchObject({ code: "not_selected_before", name: "Rae Refused" });
    expect(res.json.refused[0].reason).toContain("Not selected for this placement before");

    const q = await createPlacement(db(), facilityId);
    await createApplication(db(), { id: studentId, programId }, q.id, { status: "rejected" });
    const mine = await applyAsStudent(q.id);
    expect(mine.status).toBe(409);
    expect(mine.json.error.code).toBe("not_selected_before");
  });

  it.runIf(ON_POSTGRES)("re-applications racing each other create exactly one new row", async () => {
    const s = await createStudent(t, programId);
    const p = await createPlacement(db(), facilityId);
    await createApplication(db(), s, p.id, { status: "withdrawn", withdrawnAt: new Date() });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => submit({ placementId: p.id, studentIds: [s.id] })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const rows = await db().select().from(applications).where(eq(applications.placementId, p.id));
    expect(rows.filter((r) => r.status === "pending")).toHaveLength(1);
  });
});
