import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { placements } from "../../db/schema/placements";
import { createApplication } from "../../factories/applications";
import { createDepartment, createPlacement, dayFromToday } from "../../factories/placements";
import type { PortalEvent } from "../../lib/realtime";
import { createCoordinator, createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

/** Lock contention needs real connections: PGlite is one connection, so requests cannot race there. */
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let facility: TestUser;
let other: TestUser;
let admin: TestUser;
let program: TestUser;
let program2: TestUser;
let studentUser: TestUser;
let facilityId: string;

beforeAll(async () => {
  t = await createTestApp();
  facility = await t.createUser("facility", { name: "Fran Facility" });
  other = await t.createUser("facility");
  admin = await t.createUser("admin");
  program = await t.createUser("program", { name: "Pat Program" });
  program2 = await createCoordinator(t, program.organizationId!, "program", { name: "Pia Program" });
  studentUser = await t.createUser("student", { organizationId: program.organizationId! });
  facilityId = facility.organizationId!;
});
afterAll(async () => {
  await t.close();
});

const db = () => t.deps.db;
const decide = (id: string, action: "approve" | "reject", cookie = facility.cookie, body?: unknown) =>
  t.call("POST", `/api/facility/applications/${id}/${action}`, { cookie, body });
const slotsOf = async (id: string) =>
  (await db().select({ n: placements.slotsFilled }).from(placements).where(eq(placements.id, id)))[0].n;

describe("GET /api/facility/applications and export.csv", () => {
  let f: TestUser;
  let icuDept: string;
  let icu: string;
  beforeAll(async () => {
    f = await t.createUser("facility");
    const dept = await createDepartment(db(), f.organizationId!, { name: "MICU" });
    icuDept = dept.id;
    const peds = await createDepartment(db(), f.organizationId!, { name: "Peds" });
    icu = (await createPlacement(db(), f.organizationId!, { title: "ICU Rotation", departmentId: dept.id })).id;
    const pedsP = await createPlacement(db(), f.organizationId!, { title: "Peds Rotation", departmentId: peds.id });
    const ann = await createStudent(t, program.organizationId!, {
      firstName: "Ann",
      lastName: "Avery",
      gpa: "3.80",
      email: "ann.avery@students.test",
    });
    const bob = await createStudent(t, program.organizationId!, { firstName: "=Bob", lastName: "Cmd" });
    await createApplication(db(), ann, icu, { submittedAt: new Date(Date.now() - 2 * 86_400_000) });
    await createApplication(db(), bob, pedsP.id, { status: "rejected", reviewNotes: "Full term" });
    // Another facility's application is never listed.
    const elsewhere = await createPlacement(db(), other.organizationId!);
    await createApplication(db(), ann, elsewhere.id);
  });

  it("lists student name, email, GPA, program, placement, department, status, submitted", async () => {
    const res = await t.call("GET", "/api/facility/applications", { cookie: f.cookie });
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(2);
    const ann = res.json.items.find((a: { student: { name: string } }) => a.student.name === "Ann Avery");
    expect(ann).toMatchObject({
      status: "pending",
      student: { name: "Ann Avery", email: "ann.avery@students.test", gpa: 3.8 },
      program: { id: program.organizationId },
      placement: { id: icu, title: "ICU Rotation" },
      department: { id: icuDept, name: "MICU" },
      submittedAt: expect.any(String),
    });
    // Newest first.
    expect(res.json.items[0].student.name).toBe("=Bob Cmd");
  });

  it("filters by status, placement, department and searches", async () => {
    const q = async (s: string) =>
      (await t.call("GET", `/api/facility/applications?${s}`, { cookie: f.cookie })).json.items.map(
        (a: { student: { name: string } }) => a.student.name,
      );
    expect(await q("status=pending")).toEqual(["Ann Avery"]);
    expect(await q(`placementId=${icu}`)).toEqual(["Ann Avery"]);
    expect(await q(`departmentId=${icuDept}`)).toEqual(["Ann Avery"]);
    expect(await q("search=peds rot")).toEqual(["=Bob Cmd"]);
    expect(await q("search=avery")).toEqual(["Ann Avery"]);
  });

  it("exports CSV with the facility labels and formula-safe cells", async () => {
    const res = await t.call("GET", "/api/facility/applications/export.csv", { cookie: f.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = res.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Student,Email,GPA,Program,Placement,Specialty,Department,Start date,End date,Status,Submitted,Reviewed,Program notes,Review notes",
    );
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.startsWith("Ann Avery"))).toContain(",New,");
    expect(lines.find((l) => l.startsWith("'=Bob Cmd,"))).toContain(",Rejected,");
    const filtered = await t.call("GET", "/api/facility/applications/export.csv?status=rejected", { cookie: f.cookie });
    expect(filtered.text.trim().split("\r\n")).toHaveLength(2);
  });

  it("programs and students 403; signed out 401; admins see every facility", async () => {
    for (const u of [program, studentUser])
      expect((await t.call("GET", "/api/facility/applications", { cookie: u.cookie })).status).toBe(403);
    expect((await t.call("GET", "/api/facility/applications")).status).toBe(401);
    const all = await t.call("GET", "/api/facility/applications?pageSize=100", { cookie: admin.cookie });
    expect(all.json.total).toBeGreaterThanOrEqual(3);
  });
});

describe("applicant details (D1)", () => {
  it("a facility sees an applicant only through an application to its own placement", async () => {
    const p = await createPlacement(db(), facilityId);
    const s = await createStudent(t, program.organizationId!, { phone: "555-0100", specialtyInterest: "Pediatrics" });
    const app = await createApplication(db(), s, p.id);
    const mine = await t.call("GET", `/api/facility/applications/${app.id}`, { cookie: facility.cookie });
    expect(mine.status).toBe(200);
    expect(mine.json.student).toMatchObject({
      id: s.id,
      phone: "555-0100",
      specialtyInterest: "Pediatrics",
      complianceStatus: "pending",
    });
    const theirs = await t.call("GET", `/api/facility/applications/${app.id}`, { cookie: other.cookie });
    expect(theirs.status).toBe(404);
    expect(theirs.json.error).toEqual({ code: "not_found", message: "Application not found" });
    // Nor may the other facility decide on it.
    expect((await decide(app.id, "approve", other.cookie)).status).toBe(404);
    expect((await decide(app.id, "reject", other.cookie)).status).toBe(404);
    for (const u of [program, studentUser]) {
      expect((await t.call("GET", `/api/facility/applications/${app.id}`, { cookie: u.cookie })).status).toBe(403);
      expect((await decide(app.id, "approve", u.cookie)).status).toBe(403);
    }
    expect((await decide(app.id, "approve", "")).status).toBe(401);
    const [row] = await db().select().from(applications).where(eq(applications.id, app.id));
    expect(row.status).toBe("pending");
  });
});

describe("approve and reject", () => {
  it("approves with notes: stamps reviewed_at/by, takes a slot, mails coordinators and the student, publishes live", async () => {
    const p = await createPlacement(db(), facilityId, { title: "Cardiac Step-Down", capacity: 2 });
    const s = { id: studentUser.studentId!, programId: program.organizationId! };
    const app = await createApplication(db(), s, p.id);
    const events: PortalEvent[] = [];
    const unsubscribe = [program, program2, studentUser].map((u) =>
      t.deps.realtime.subscribe(u.userId, (e) => events.push(e)),
    );
    await t.deps.realtime.ready;

    const res = await decide(app.id, "approve", facility.cookie, { notes: "  Welcome aboard  " });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: app.id, status: "approved", reviewNotes: "Welcome aboard" });
    const [row] = await db().select().from(applications).where(eq(applications.id, app.id));
    expect(row.reviewedAt).toBeInstanceOf(Date);
    expect(row.reviewedBy).toBe(facility.userId);
    expect(await slotsOf(p.id)).toBe(1);

    await t.drainJobs(); // mail is queued with the decision (ADR 015)
    for (const c of [program, program2]) {
      const [mail] = await t.mailTo(c.email);
      expect(mail.subject).toBe(`Application approved: Test Student, Cardiac Step-Down`);
      expect(mail.text).toContain("Welcome aboard");
      expect(mail.link).toContain("/applications");
    }
    const [studentMail] = await t.mailTo(studentUser.email);
    expect(studentMail.subject).toBe("Your application to Cardiac Step-Down: Approved");
    expect(studentMail.link).toContain("/student/applications");

    await expect.poll(() => events.length).toBe(3);
    expect(events.every((e) => e.type === "application.updated" && e.data?.id === app.id)).toBe(true);
    expect(new Set(events.map((e) => e.userId))).toEqual(
      new Set([program.userId, program2.userId, studentUser.userId]),
    );
    for (const u of unsubscribe) u();

    // Deciding twice: 409.
    const again = await decide(app.id, "reject", facility.cookie);
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe("This application was already approved");
  });

  // Issue 11: a decision is answered from what it read and wrote, without reading the application
  // again after its COMMIT; the answer must still be exactly what GET answers afterwards.
  it("answers each decision exactly as GET /api/facility/applications/:id does right after it", async () => {
    const unit = await createDepartment(db(), facilityId, { name: "Step-Down Unit" });
    const p = await createPlacement(db(), facilityId, { title: "Telemetry", capacity: 3, departmentId: unit.id });
    const plain = await createPlacement(db(), facilityId, { title: "Med-Surg" });
    const ann = await createStudent(t, program.organizationId!, { firstName: "Ann", gpa: "3.45", phone: "555-0100" });
    const bo = await createStudent(t, program.organizationId!, { firstName: "Bo" });
    const cy = await createStudent(t, program.organizationId!, { firstName: "Cy" });
    const a1 = (await createApplication(db(), ann, p.id, { notes: "Prefers nights" })).id;
    const a2 = (await createApplication(db(), bo, p.id)).id;
    const a3 = (await createApplication(db(), cy, plain.id, { notes: "Second choice" })).id;
    // A student who applied herself: her note is hers.
    const own = await t.call("POST", "/api/me/student/applications", {
      cookie: studentUser.cookie,
      body: { placementId: p.id, notes: "I worked on a cardiac unit" },
    });
    expect(own.status, JSON.stringify(own.json)).toBe(201);
    const a4 = (own.json as { id: string }).id;
    const decisions: [string, "approve" | "reject", TestUser, unknown][] = [
      [a1, "approve", facility, { notes: "Welcome" }],
      [a2, "approve", admin, {}],
      // Half a character (a lone surrogate): stored, and answered, as U+FFFD.
      [a3, "reject", facility, { notes: "Full term \ud800" }],
      [a4, "reject", admin, {}],
    ];
    for (const [id, action, who, body] of decisions) {
      const res = await decide(id, action, who.cookie, body);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const read = await t.call("GET", `/api/facility/applications/${id}`, { cookie: who.cookie });
      expect(read.status).toBe(200);
      expect(res.json).toEqual(read.json);
    }
    // The second approval's answer counts both seats; the unit and the notes' author are shown.
    const second = await t.call("GET", `/api/facility/applications/${a2}`, { cookie: facility.cookie });
    expect(second.json).toMatchObject({ placement: { slotsFilled: 2 }, department: { name: "Step-Down Unit" } });
    const hers = await t.call("GET", `/api/facility/applications/${a4}`, { cookie: facility.cookie });
    expect(hers.json).toMatchObject({ notesBy: "student", status: "rejected" });
  });

  it("rejects without notes: no slot taken; the program is mailed; a student without an account is not", async () => {
    const p = await createPlacement(db(), facilityId, { title: "Ortho Floor" });
    const s = await createStudent(t, program.organizationId!, { firstName: "Rae", lastName: "Jones" });
    const app = await createApplication(db(), s, p.id);
    await t.drainJobs(); // mail is queued (ADR 015)
    const before = (await t.mailTo(program.email)).length;
    const res = await decide(app.id, "reject");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "rejected", reviewNotes: null, reviewedAt: expect.any(String) });
    expect(await slotsOf(p.id)).toBe(0);
    await t.drainJobs(); // mail is queued (ADR 015)
    const mail = await t.mailTo(program.email);
    expect(mail).toHaveLength(before + 1);
    expect(mail[0].subject).toBe("Application rejected: Rae Jones, Ortho Floor");
    expect(await t.mailTo(s.email)).toHaveLength(0);
  });

  it("a full placement answers 409 and takes nothing: no seat, no notice queued", async () => {
    const p = await createPlacement(db(), facilityId, { capacity: 1, slotsFilled: 1, title: "Full Unit" });
    const s = await createStudent(t, program.organizationId!);
    const app = await createApplication(db(), s, p.id);
    await t.drainJobs();
    const before = (await t.mailTo(program.email)).length;
    const res = await decide(app.id, "approve");
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe("This placement is full: 1 of 1 spot filled");
    expect(await slotsOf(p.id)).toBe(1);
    // The notices go with the decision's own statement (issue 11): a refusal writes none.
    await t.drainJobs();
    expect(await t.mailTo(program.email)).toHaveLength(before);
    const [row] = await db().select().from(applications).where(eq(applications.id, app.id));
    expect(row.status).toBe("pending");
  });

  it("a closed placement answers 409 on approve (reject still works)", async () => {
    const p = await createPlacement(db(), facilityId, { status: "closed" });
    const s = await createStudent(t, program.organizationId!);
    const app = await createApplication(db(), s, p.id);
    expect((await decide(app.id, "approve")).status).toBe(409);
    expect((await decide(app.id, "reject")).status).toBe(200);
  });

  it("a student with an approved placement whose dates overlap: 409 naming the clash; adjacent dates are fine", async () => {
    const s = await createStudent(t, program.organizationId!, { firstName: "Olive", lastName: "Lap" });
    const first = await createPlacement(db(), other.organizationId!, {
      title: "ER Nights",
      startDate: "2031-03-03",
      endDate: "2031-04-25",
    });
    await createApplication(db(), s, first.id, { status: "approved" });
    const clash = await createPlacement(db(), facilityId, { startDate: "2031-04-21", endDate: "2031-06-13" });
    const app = await createApplication(db(), s, clash.id);
    await t.drainJobs();
    const mailsBefore = (await t.mailTo(program.email)).length;
    const res = await decide(app.id, "approve");
    expect(res.status).toBe(409);
    expect(res.json.error.message).toMatch(
      // The other facility's rotation is not named to this facility (D1): dates only.
      /^Olive Lap already has an approved placement with overlapping dates: a rotation at another facility \(Mar 3, 2031 to Apr 25, 2031\)$/,
    );
    // The overlap is read by the statement that writes the decision (issue 11): the refusal rolls
    // it back, seat, status and notices alike.
    expect(await slotsOf(clash.id)).toBe(0);
    const [refusedRow] = await db().select().from(applications).where(eq(applications.id, app.id));
    expect(refusedRow).toMatchObject({ status: "pending", reviewedAt: null, readinessMissing: null });
    await t.drainJobs();
    expect(await t.mailTo(program.email)).toHaveLength(mailsBefore);
    const next = await createPlacement(db(), facilityId, { startDate: "2031-04-26", endDate: "2031-06-13" });
    const ok = await createApplication(db(), s, next.id);
    expect((await decide(ok.id, "approve")).status).toBe(200);
    // A withdrawn or rejected application does not count.
    const s2 = await createStudent(t, program.organizationId!);
    await createApplication(db(), s2, first.id, { status: "withdrawn" });
    const app2 = await createApplication(db(), s2, clash.id);
    expect((await decide(app2.id, "approve")).status).toBe(200);
  });

  it("the list and the detail show a pending application's clash before Approve is clicked (the rule approval refuses on)", async () => {
    const s = await createStudent(t, program.organizationId!, { firstName: "Imani", lastName: "Early" });
    const elsewhere = await createPlacement(db(), other.organizationId!, {
      title: "Other Facility Secret",
      startDate: "2032-03-03",
      endDate: "2032-04-25",
    });
    await createApplication(db(), s, elsewhere.id, { status: "approved" });
    const here = await createPlacement(db(), facilityId, {
      title: "Day Shift Here",
      startDate: "2032-05-03",
      endDate: "2032-06-25",
    });
    await createApplication(db(), s, here.id, { status: "approved" });
    const target = await createPlacement(db(), facilityId, {
      title: "Overlap Target",
      startDate: "2032-04-20",
      endDate: "2032-05-10",
    });
    const app = await createApplication(db(), s, target.id);
    const free = await createPlacement(db(), facilityId, { startDate: "2032-07-01", endDate: "2032-07-30" });
    const clear = await createApplication(db(), s, free.id);

    const list = await t.call("GET", `/api/facility/applications?search=Imani%20Early&pageSize=100`, {
      cookie: facility.cookie,
    });
    expect(list.status).toBe(200);
    const byId = new Map(list.json.items.map((i: { id: string }) => [i.id, i]));
    // The earliest clash; another facility's rotation is dates only (D1).
    expect(byId.get(app.id)).toMatchObject({
      overlap: { title: null, facilityName: null, startDate: "2032-03-03", endDate: "2032-04-25", sameFacility: false },
    });
    expect(JSON.stringify(list.json)).not.toContain("Other Facility Secret");
    expect(byId.get(clear.id)).toMatchObject({ overlap: null });
    // Approved rows are not pending: nothing to warn of.
    for (const i of list.json.items as { status: string; overlap: unknown }[])
      if (i.status !== "pending") expect(i.overlap).toBeNull();

    const detail = await t.call("GET", `/api/facility/applications/${app.id}`, { cookie: facility.cookie });
    expect(detail.status).toBe(200);
    expect(detail.json.overlap).toMatchObject({ startDate: "2032-03-03", endDate: "2032-04-25" });

    // Once the other facility's clash is gone, this facility's own is named, title and facility.
    await db().update(applications).set({ status: "withdrawn" }).where(eq(applications.placementId, elsewhere.id));
    const again = await t.call("GET", `/api/facility/applications/${app.id}`, { cookie: facility.cookie });
    expect(again.json.overlap).toMatchObject({
      title: "Day Shift Here",
      startDate: "2032-05-03",
      endDate: "2032-06-25",
      sameFacility: true,
    });
    expect(again.json.overlap.facilityName).toEqual(expect.any(String));
    const refusal = await decide(app.id, "approve");
    expect(refusal.status).toBe(409);
    expect(refusal.json.error.message).toContain("Day Shift Here at ");
    expect(refusal.json.error.message).toContain("(May 3, 2032 to Jun 25, 2032)");
  });

  it("422 for notes that are too long", async () => {
    const p = await createPlacement(db(), facilityId);
    const s = await createStudent(t, program.organizationId!);
    const app = await createApplication(db(), s, p.id);
    const res = await decide(app.id, "reject", facility.cookie, { notes: "x".repeat(2001) });
    expect(res.status).toBe(422);
    expect(res.json.error.issues[0].path).toBe("notes");
  });

  it.skipIf(!ON_POSTGRES)(
    "50 approvals racing for the last 5 slots end with exactly 5 approved and slots_filled = capacity (PostgreSQL only: PGlite is one connection, so requests cannot race there)",
    async () => {
      const p = await createPlacement(db(), facilityId, { capacity: 20, slotsFilled: 15, title: "Race" });
      const apps = [];
      for (let i = 0; i < 50; i++) {
        const s = await createStudent(t, program.organizationId!);
        apps.push(await createApplication(db(), s, p.id));
      }
      const results = await Promise.all(apps.map((a) => decide(a.id, "approve")));
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 409)).toHaveLength(45);
      for (const r of results.filter((x) => x.status === 409))
        expect(r.json.error.message).toBe("This placement is full: 20 of 20 spots filled");
      expect(await slotsOf(p.id)).toBe(20);
      const rows = await db().select().from(applications).where(eq(applications.placementId, p.id));
      expect(rows.filter((r) => r.status === "approved")).toHaveLength(5);
    },
  );

  it.skipIf(!ON_POSTGRES)(
    "one student approved at two overlapping placements at once: exactly one wins (PostgreSQL only)",
    async () => {
      const s = await createStudent(t, program.organizationId!);
      const a = await createPlacement(db(), facilityId, { startDate: "2032-01-05", endDate: "2032-02-27" });
      const b = await createPlacement(db(), facilityId, { startDate: "2032-02-02", endDate: "2032-03-26" });
      const appA = await createApplication(db(), s, a.id);
      const appB = await createApplication(db(), s, b.id);
      const results = await Promise.all([decide(appA.id, "approve"), decide(appB.id, "approve")]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect((await slotsOf(a.id)) + (await slotsOf(b.id))).toBe(1);
    },
  );

  it.skipIf(!ON_POSTGRES)(
    "a placement moved to a full department while its approval waits for the lock: the new department's seats refuse it (PostgreSQL only)",
    async () => {
      const start = "2033-01-03";
      const end = "2033-02-25";
      const roomy = await createDepartment(db(), facilityId, { name: "Roomy unit", capacity: 50 });
      const full = await createDepartment(db(), facilityId, { name: "Full unit", capacity: 1 });
      const p = await createPlacement(db(), facilityId, { departmentId: roomy.id, startDate: start, endDate: end });
      // The full unit's one seat is taken by another placement's approved student on the same dates.
      const other = await createPlacement(db(), facilityId, {
        departmentId: full.id,
        startDate: start,
        endDate: end,
        slotsFilled: 1,
      });
      await createApplication(db(), await createStudent(t, program.organizationId!), other.id, { status: "approved" });
      const app = await createApplication(db(), await createStudent(t, program.organizationId!), p.id);
      // An edit holds the placement's row and moves it to the full unit; the approval reads the
      // application (roomy unit) and waits for the lock; the edit commits.
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      let moved!: () => void;
      const isMoved = new Promise<void>((r) => {
        moved = r;
      });
      const edit = db().transaction(async (tx) => {
        await tx.update(placements).set({ departmentId: full.id }).where(eq(placements.id, p.id));
        moved();
        await held;
      });
      await isMoved;
      const approving = decide(app.id, "approve");
      for (let i = 0; i < 200; i++) {
        const waiting = await db().execute(
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        );
        if ((rowsOf<{ n: number }>(waiting)[0]?.n ?? 0) > 0) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      release();
      await edit;
      const res = await approving;
      expect(res.status).toBe(409);
      expect(res.json.error.message).toContain("Full unit has 1 seat");
      expect(await slotsOf(p.id)).toBe(0);
    },
  );

  it("withdrawing an approved application afterwards frees the slot again (D8)", async () => {
    const p = await createPlacement(db(), facilityId, { capacity: 1 });
    const s = await createStudent(t, program.organizationId!);
    const app = await createApplication(db(), s, p.id);
    expect((await decide(app.id, "approve")).status).toBe(200);
    expect(await slotsOf(p.id)).toBe(1);
    const w = await t.call("POST", `/api/applications/${app.id}/withdraw`, { cookie: program.cookie });
    expect(w.status).toBe(200);
    expect(await slotsOf(p.id)).toBe(0);
  });
});

describe("GET /api/facility/placed-students", () => {
  it("lists approved students at this facility, current and upcoming; past on request", async () => {
    const f = await t.createUser("facility");
    const dept = await createDepartment(db(), f.organizationId!, { name: "3 North" });
    const current = await createPlacement(db(), f.organizationId!, {
      title: "Now",
      departmentId: dept.id,
      startDate: dayFromToday(-10),
      endDate: dayFromToday(20),
    });
    const upcoming = await createPlacement(db(), f.organizationId!, { title: "Later" });
    const past = await createPlacement(db(), f.organizationId!, {
      title: "Before",
      startDate: dayFromToday(-90),
      endDate: dayFromToday(-30),
      status: "closed",
    });
    const empty = await t.call("GET", "/api/facility/placed-students", { cookie: f.cookie });
    expect(empty.json).toMatchObject({ items: [], total: 0 });

    const s1 = await createStudent(t, program.organizationId!, { firstName: "Cur", lastName: "Rent" });
    const s2 = await createStudent(t, program.organizationId!, { firstName: "Up", lastName: "Coming" });
    const s3 = await createStudent(t, program.organizationId!, { firstName: "Was", lastName: "Here" });
    await createApplication(db(), s1, current.id, { status: "approved" });
    await createApplication(db(), s2, upcoming.id, { status: "approved" });
    await createApplication(db(), s3, past.id, { status: "approved" });
    await createApplication(db(), s3, upcoming.id, { status: "pending" });

    const res = await t.call("GET", "/api/facility/placed-students", { cookie: f.cookie });
    expect(res.status).toBe(200);
    expect(res.json.items).toEqual([
      expect.objectContaining({
        student: expect.objectContaining({ name: "Cur Rent" }),
        program: { id: program.organizationId, name: expect.any(String) },
        placement: expect.objectContaining({ title: "Now" }),
        department: { id: dept.id, name: "3 North" },
        phase: "current",
      }),
      expect.objectContaining({ student: expect.objectContaining({ name: "Up Coming" }), phase: "upcoming" }),
    ]);
    const pastRes = await t.call("GET", "/api/facility/placed-students?phase=past", { cookie: f.cookie });
    expect(pastRes.json.items.map((i: { student: { name: string } }) => i.student.name)).toEqual(["Was Here"]);
    const search = await t.call("GET", "/api/facility/placed-students?search=coming", { cookie: f.cookie });
    expect(search.json.total).toBe(1);
    // Another facility sees none of them.
    const theirs = await t.call("GET", "/api/facility/placed-students?phase=past", { cookie: other.cookie });
    expect(theirs.json.items.find((i: { student: { id: string } }) => i.student.id === s3.id)).toBeUndefined();
    for (const u of [program, studentUser])
      expect((await t.call("GET", "/api/facility/placed-students", { cookie: u.cookie })).status).toBe(403);
  });
});
