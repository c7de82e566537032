import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placements } from "../../db/schema/placements";
import { createApplication } from "../../factories/applications";
import { createDepartment, createPlacement, dayFromToday } from "../../factories/placements";
import { createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

// Issue 9, dates: what a facility may publish, what programs and students are offered, and what a
// change of dates after approvals must re-check.

let t: TestApp;
let facility: TestUser;
let program: TestUser;
let student: TestUser;
let deptId: string;

beforeAll(async () => {
  t = await createTestApp();
  facility = await t.createUser("facility");
  program = await t.createUser("program");
  student = await t.createUser("student");
  deptId = (await createDepartment(t.deps.db, facility.organizationId!, { name: "Dates Unit", capacity: 1000 })).id;
});
afterAll(async () => {
  await t.close();
});

const db = () => t.deps.db;
const form = (over: Record<string, unknown> = {}) => ({
  title: "Dated rotation",
  specialty: "Medical-Surgical",
  departmentId: deptId,
  startDate: dayFromToday(30),
  endDate: dayFromToday(80),
  capacity: 2,
  status: "active",
  ...over,
});
const create = (body: unknown) => t.call("POST", "/api/facility/placements", { cookie: facility.cookie, body });
const update = (id: string, body: unknown) =>
  t.call("PUT", `/api/facility/placements/${id}`, { cookie: facility.cookie, body });
const publish = (id: string) => t.call("POST", `/api/facility/placements/${id}/publish`, { cookie: facility.cookie });

describe("publishing and dates", () => {
  it("refuses to create as active a rotation that ended (422 naming the end date); a draft of it is kept", async () => {
    const res = await create(form({ startDate: "2020-01-06", endDate: "2020-02-28" }));
    expect(res.status).toBe(422);
    expect(res.json.error.issues).toEqual([
      { path: "endDate", message: expect.stringContaining("ended on Feb 28, 2020") },
    ]);
    const draft = await create(form({ startDate: "2020-01-06", endDate: "2020-02-28", status: "draft" }));
    expect(draft.status).toBe(201);
    expect(draft.json).toMatchObject({ allowLateJoiners: false, phase: "ended", publishable: false });
  });

  it("refuses a rotation already under way unless late joiners are allowed (422 naming the start date)", async () => {
    const running = form({ startDate: dayFromToday(-10), endDate: dayFromToday(40) });
    const res = await create(running);
    expect(res.status).toBe(422);
    expect(res.json.error.issues[0].path).toBe("startDate");
    expect(res.json.error.issues[0].message).toContain("Accept applications after the rotation starts");
    const late = await create({ ...running, allowLateJoiners: true });
    expect(late.status).toBe(201);
    expect(late.json).toMatchObject({ status: "active", allowLateJoiners: true, phase: "current", publishable: true });
  });

  it("a rotation starting today has started", async () => {
    const res = await create(form({ startDate: dayFromToday(0), endDate: dayFromToday(20) }));
    expect(res.status).toBe(422);
  });

  it("publish (draft or closed → active) refuses an ended or started rotation with 409; it stays in the list", async () => {
    const ended = await createPlacement(db(), facility.organizationId!, {
      departmentId: deptId,
      startDate: "2020-01-06",
      endDate: "2020-02-28",
      status: "closed",
    });
    const res = await publish(ended.id);
    expect(res.status).toBe(409);
    expect(res.json.error.message).toContain("ended on Feb 28, 2020");
    const started = await createPlacement(db(), facility.organizationId!, {
      departmentId: deptId,
      startDate: dayFromToday(-3),
      endDate: dayFromToday(30),
      status: "draft",
    });
    expect((await publish(started.id)).status).toBe(409);
    const list = await t.call("GET", "/api/facility/placements?pageSize=100", { cookie: facility.cookie });
    const mine = list.json.items.find((p: { id: string }) => p.id === ended.id);
    expect(mine).toMatchObject({ status: "closed", phase: "ended", publishable: false });
  });

  it("editing a draft of a past rotation into active is refused; an edit of a running active one is not", async () => {
    const draft = await create(form({ startDate: "2021-01-04", endDate: "2021-02-26", status: "draft" }));
    const res = await update(draft.json.id, form({ startDate: "2021-01-04", endDate: "2021-02-26" }));
    expect(res.status).toBe(422);
    expect(res.json.error.issues[0].path).toBe("endDate");
    const running = await createPlacement(db(), facility.organizationId!, {
      departmentId: deptId,
      startDate: dayFromToday(-5),
      endDate: dayFromToday(30),
    });
    const ok = await update(
      running.id,
      form({ title: "Renamed", startDate: running.startDate, endDate: running.endDate }),
    );
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ title: "Renamed", status: "active", phase: "current" });
  });
});

describe("search offers only rotations that take applications", () => {
  it("program and student search hide started (without late joiners) and ended active placements", async () => {
    const tag = `Window${Date.now()}`;
    const mk = (title: string, values: Partial<typeof placements.$inferInsert>) =>
      createPlacement(db(), facility.organizationId!, { departmentId: deptId, title: `${tag} ${title}`, ...values });
    const upcoming = await mk("upcoming", {});
    await mk("running", { startDate: dayFromToday(-7), endDate: dayFromToday(30) });
    const late = await mk("late", { startDate: dayFromToday(-7), endDate: dayFromToday(30), allowLateJoiners: true });
    await mk("ended", { startDate: "2020-01-06", endDate: "2020-02-28" });
    await mk("today", { startDate: dayFromToday(0), endDate: dayFromToday(30) });
    const expected = [late.id, upcoming.id].sort();

    const prog = await t.call("GET", `/api/placements?search=${tag}`, { cookie: program.cookie });
    expect(prog.status).toBe(200);
    expect(prog.json.items.map((p: { id: string }) => p.id).sort()).toEqual(expected);
    expect(prog.json.total).toBe(2);
    const lateItem = prog.json.items.find((p: { id: string }) => p.id === late.id);
    expect(lateItem).toMatchObject({ allowLateJoiners: true, acceptsApplications: true });

    const stud = await t.call("GET", `/api/me/student/placements?search=${tag}`, { cookie: student.cookie });
    expect(stud.status).toBe(200);
    expect(stud.json.items.map((p: { id: string }) => p.id).sort()).toEqual(expected);
  });
});

describe("changing dates after approvals", () => {
  it("409 names the approved students whose other approved rotations would overlap; nothing changes", async () => {
    const p = await createPlacement(db(), facility.organizationId!, {
      departmentId: deptId,
      startDate: "2033-03-07",
      endDate: "2033-04-29",
      capacity: 10,
    });
    const other = await createPlacement(db(), facility.organizationId!, {
      departmentId: deptId,
      startDate: "2033-05-02",
      endDate: "2033-06-24",
      capacity: 10,
    });
    const names = ["Ana", "Bea", "Cai", "Dov", "Eli"];
    for (const [i, first] of names.entries()) {
      const s = await createStudent(t, program.organizationId!, { firstName: first, lastName: "Zed" });
      await createApplication(db(), s, p.id, { status: "approved" });
      if (i < 4) await createApplication(db(), s, other.id, { status: "approved" });
    }
    await db().update(placements).set({ slotsFilled: 5 }).where(eq(placements.id, p.id));
    await db().update(placements).set({ slotsFilled: 4 }).where(eq(placements.id, other.id));

    const body = form({ startDate: "2033-03-07", endDate: "2033-05-13", capacity: 10 });
    const res = await update(p.id, body);
    expect(res.status).toBe(409);
    expect(res.json.error.message).toContain("4 approved students");
    expect(res.json.error.message).toContain("Ana Zed, Bea Zed, Cai Zed and 1 more");
    const [row] = await db().select().from(placements).where(eq(placements.id, p.id));
    expect(row.endDate).toBe("2033-04-29");

    // Dates that keep clear of the other rotations are accepted.
    const ok = await update(p.id, form({ startDate: "2033-02-28", endDate: "2033-04-29", capacity: 10 }));
    expect(ok.status).toBe(200);
    expect(ok.json.startDate).toBe("2033-02-28");
  });
});
