import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications } from "../../db/schema/applications";
import { placements } from "../../db/schema/placements";
import { createApplication } from "../../factories/applications";
import { createDepartment, createPlacement, dayFromToday } from "../../factories/placements";
import { createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

// Issue 9, department capacity: overlapping placements of a department never promise more seats
// than it has on any day, approvals never seat more students than it has (also racing on
// PostgreSQL), the form shows the free seats, and the dashboard's figure never exceeds capacity.

const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let facility: TestUser;
let otherFacility: TestUser;
let admin: TestUser;
let program: TestUser;
let student: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  facility = await t.createUser("facility");
  otherFacility = await t.createUser("facility");
  admin = await t.createUser("admin");
  program = await t.createUser("program");
  student = await t.createUser("student");
});
afterAll(async () => {
  await t.close();
});

const db = () => t.deps.db;
/** Department names unique within the file (a facility's names are unique), the same on every run. */
let deptSeq = 0;
const nextName = (prefix: string) => `${prefix} ${++deptSeq}`;
const dept = (capacity: number, name = nextName("Unit")) =>
  createDepartment(db(), facility.organizationId!, { name, capacity });
const form = (departmentId: string, over: Record<string, unknown> = {}) => ({
  title: "Capacity rotation",
  specialty: "Medical-Surgical",
  departmentId,
  startDate: "2034-03-01",
  endDate: "2034-04-30",
  capacity: 2,
  status: "active",
  ...over,
});
const create = (body: unknown) => t.call("POST", "/api/facility/placements", { cookie: facility.cookie, body });

describe("placements within the department's seats", () => {
  it("refuses a placement that would promise more seats than the department has (409 naming capacity)", async () => {
    const d = await dept(10, "4 West Med-Surg");
    expect((await create(form(d.id, { capacity: 6 }))).status).toBe(201);
    expect((await create(form(d.id, { capacity: 3, startDate: "2034-04-01", endDate: "2034-05-31" }))).status).toBe(
      201,
    );
    const res = await create(form(d.id, { capacity: 60 }));
    expect(res.status).toBe(409);
    const message =
      "4 West Med-Surg has 10 seats; placements overlapping Mar 1–Apr 30, 2034 already take 9: at most 1 more";
    expect(res.json.error.message).toBe(message);
    expect(res.json.error.issues).toEqual([{ path: "capacity", message }]);
    // One more fits; a draft promises nothing; a placement after the others is free of them.
    expect((await create(form(d.id, { capacity: 1 }))).status).toBe(201);
    expect((await create(form(d.id, { capacity: 60, status: "draft" }))).status).toBe(201);
    expect((await create(form(d.id, { capacity: 10, startDate: "2034-06-01", endDate: "2034-07-31" }))).status).toBe(
      201,
    );
  });

  it("counts the peak day, not the sum of every overlapping placement", async () => {
    const d = await dept(10);
    await create(form(d.id, { capacity: 6, startDate: "2034-03-01", endDate: "2034-03-31" }));
    await create(form(d.id, { capacity: 6, startDate: "2034-04-01", endDate: "2034-04-30" }));
    // Overlaps both, but on no day more than 6 are promised: 4 more fit.
    expect((await create(form(d.id, { capacity: 4, startDate: "2034-03-15", endDate: "2034-04-15" }))).status).toBe(
      201,
    );
  });

  it("refuses publishing or enlarging beyond the seats; a closed placement keeps only its approved students' seats", async () => {
    const d = await dept(5);
    const a = await create(form(d.id, { capacity: 4 }));
    const draft = await create(form(d.id, { capacity: 3, status: "draft" }));
    const pub = await t.call("POST", `/api/facility/placements/${draft.json.id}/publish`, { cookie: facility.cookie });
    expect(pub.status).toBe(409);
    expect(pub.json.error.message).toContain("at most 1 more");
    const grow = await t.call("PUT", `/api/facility/placements/${a.json.id}`, {
      cookie: facility.cookie,
      body: form(d.id, { capacity: 6 }),
    });
    expect(grow.status).toBe(409);
    expect(grow.json.error.issues[0].path).toBe("capacity");
    // Closing `a` with 1 approved student releases its 3 other seats.
    await db().update(placements).set({ slotsFilled: 1 }).where(eq(placements.id, a.json.id));
    await t.call("POST", `/api/facility/placements/${a.json.id}/close`, { cookie: facility.cookie });
    const again = await t.call("POST", `/api/facility/placements/${draft.json.id}/publish`, {
      cookie: facility.cookie,
    });
    expect(again.status).toBe(200);
  });

  it("a department's capacity cannot go below the seats its placements already take", async () => {
    const d = await dept(8, "Small Unit");
    await create(form(d.id, { capacity: 5, startDate: dayFromToday(20), endDate: dayFromToday(60) }));
    const res = await t.call("PUT", `/api/facility/departments/${d.id}`, {
      cookie: facility.cookie,
      body: { name: "Small Unit", specialty: "Medical-Surgical", capacity: 4 },
    });
    expect(res.status).toBe(409);
    expect(res.json.error.issues[0].path).toBe("capacity");
    const ok = await t.call("PUT", `/api/facility/departments/${d.id}`, {
      cookie: facility.cookie,
      body: { name: "Small Unit", specialty: "Medical-Surgical", capacity: 5 },
    });
    expect(ok.status).toBe(200);
  });
});

describe("GET /api/facility/departments/{id}/seats", () => {
  it("tells the form how many seats are free for these dates, excluding the placement being edited", async () => {
    const d = await dept(10);
    const a = await create(form(d.id, { capacity: 7 }));
    const url = `/api/facility/departments/${d.id}/seats?startDate=2034-03-10&endDate=2034-03-20`;
    const res = await t.call("GET", url, { cookie: facility.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ departmentId: d.id, name: d.name, capacity: 10, taken: 7, free: 3 });
    const editing = await t.call("GET", `${url}&placementId=${a.json.id}`, { cookie: facility.cookie });
    expect(editing.json).toMatchObject({ taken: 0, free: 10 });
    expect((await t.call("GET", url, { cookie: admin.cookie })).status).toBe(200);
  });

  it("is the facility's own: other facility 404, program and student 403, anonymous 401, bad dates 422", async () => {
    const d = await dept(10);
    const url = `/api/facility/departments/${d.id}/seats?startDate=2034-03-10&endDate=2034-03-20`;
    expect((await t.call("GET", url, { cookie: otherFacility.cookie })).status).toBe(404);
    expect((await t.call("GET", url, { cookie: program.cookie })).status).toBe(403);
    expect((await t.call("GET", url, { cookie: student.cookie })).status).toBe(403);
    expect((await t.call("GET", url, {})).status).toBe(401);
    const bad = await t.call("GET", `/api/facility/departments/${d.id}/seats?startDate=nope&endDate=2034-03-20`, {
      cookie: facility.cookie,
    });
    expect(bad.status).toBe(422);
    const reversed = await t.call(
      "GET",
      `/api/facility/departments/${d.id}/seats?startDate=2034-03-20&endDate=2034-03-10`,
      { cookie: facility.cookie },
    );
    expect(reversed.status).toBe(422);
  });
});

describe("dashboard figure", () => {
  it("filled is the busiest day's approved students from today on, never the sum of successive rotations", async () => {
    const d = await dept(9, "Nine Seats");
    // Two successive rotations of 6 approved each: never more than 6 at once.
    await createPlacement(db(), facility.organizationId!, {
      departmentId: d.id,
      startDate: dayFromToday(-10),
      endDate: dayFromToday(20),
      capacity: 6,
      slotsFilled: 6,
    });
    await createPlacement(db(), facility.organizationId!, {
      departmentId: d.id,
      startDate: dayFromToday(30),
      endDate: dayFromToday(60),
      capacity: 6,
      slotsFilled: 5,
    });
    // An ended rotation does not count.
    await createPlacement(db(), facility.organizationId!, {
      departmentId: d.id,
      startDate: "2020-01-06",
      endDate: "2020-02-28",
      capacity: 9,
      slotsFilled: 9,
      status: "closed",
    });
    const list = await t.call("GET", "/api/facility/departments", { cookie: facility.cookie });
    const row = list.json.items.find((x: { id: string }) => x.id === d.id);
    expect(row).toMatchObject({ capacity: 9, filled: 6, available: 3 });
  });
});

describe("approvals respect the department's seats", () => {
  const approve = (id: string) =>
    t.call("POST", `/api/facility/applications/${id}/approve`, { cookie: facility.cookie, body: {} });

  async function overbooked() {
    // Existing data from before the rule: two overlapping placements promising 6 + 6 in a 10-seat unit.
    const d = await dept(10, nextName("Overbooked"));
    const mk = (startDate: string, endDate: string) =>
      createPlacement(db(), facility.organizationId!, { departmentId: d.id, startDate, endDate, capacity: 6 });
    const a = await mk("2035-03-05", "2035-04-27");
    const b = await mk("2035-04-02", "2035-05-25");
    const apps = [];
    for (const p of [a, b]) {
      for (let i = 0; i < 6; i++) {
        const s = await createStudent(t, program.organizationId!);
        apps.push(await createApplication(db(), s, p.id));
      }
    }
    return { d, a, b, apps };
  }

  it("refuses an approval that would seat more students than the department has on a day (409)", async () => {
    const { d, a, b, apps } = await overbooked();
    const results = [];
    for (const app of apps) results.push(await approve(app.id));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(2);
    expect(refused[0].json.error.message).toContain(`${d.name} has 10 seats`);
    // The seats are read by the statement that writes the approval (issue 11): a refusal rolls it
    // back, so the placements hold exactly the ten approved students.
    const held = await db()
      .select({ filled: placements.slotsFilled })
      .from(placements)
      .where(inArray(placements.id, [a.id, b.id]));
    expect(held.reduce((n, p) => n + p.filled, 0)).toBe(10);
    const stillPending = await db().select().from(applications).where(eq(applications.status, "pending"));
    expect(stillPending.filter((x) => x.placementId === a.id || x.placementId === b.id)).toHaveLength(2);
  });

  it("counts the busiest day of the placement's dates, not the sum of the rotations it overlaps", async () => {
    // A 3-seat unit: March and April rotations of 2 approved students each, and one across both.
    const d = await dept(3, nextName("Successive"));
    const mk = (startDate: string, endDate: string, slotsFilled: number) =>
      createPlacement(db(), facility.organizationId!, {
        departmentId: d.id,
        startDate,
        endDate,
        capacity: 2,
        slotsFilled,
      });
    await mk("2036-03-01", "2036-03-31", 2);
    await mk("2036-04-01", "2036-04-30", 2);
    const across = await mk("2036-03-15", "2036-04-15", 0);
    const apps = [];
    for (let i = 0; i < 2; i++)
      apps.push(await createApplication(db(), await createStudent(t, program.organizationId!), across.id));
    // Two at once on any day, never four: the first approval takes the third seat.
    expect((await approve(apps[0].id)).status).toBe(200);
    const second = await approve(apps[1].id);
    expect(second.status).toBe(409);
    expect(second.json.error.message).toBe(
      `${d.name} has 3 seats; approved students overlapping Mar 15–Apr 15, 2036 already take 3: no seat left`,
    );
    const [held] = await db().select().from(placements).where(eq(placements.id, across.id));
    expect(held.slotsFilled).toBe(1);
    const [refusedRow] = await db().select().from(applications).where(eq(applications.id, apps[1].id));
    expect(refusedRow).toMatchObject({ status: "pending", reviewedAt: null });
  });

  it.skipIf(!ON_POSTGRES)(
    "parallel approvals across two placements of one department never exceed its seats (PostgreSQL only)",
    async () => {
      const { a, b, apps } = await overbooked();
      const results = await Promise.all(apps.map((app) => approve(app.id)));
      expect(results.filter((r) => r.status === 200)).toHaveLength(10);
      expect(results.filter((r) => r.status === 409)).toHaveLength(2);
      const approved = await db().select().from(applications).where(eq(applications.status, "approved"));
      const ofThese = approved.filter((x) => x.placementId === a.id || x.placementId === b.id);
      expect(ofThese).toHaveLength(10);
    },
  );
});
