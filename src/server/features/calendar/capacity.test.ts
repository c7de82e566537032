import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { peakSeats } from "../../../domain/placements";
import { createApplication } from "../../factories/applications";
import { createDepartment, createPlacement } from "../../factories/placements";
import { createProgram, createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

// (src/domain/calendar is not imported here: its zod schemas must be built after the app's
// @hono/zod-openapi extends zod, so the test keeps its own day arithmetic.)
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

// Issue 15, the facility's capacity view: departments × weeks, each week's busiest day (not the
// sum of the week), approved students apart from the seats placements promise, only the caller's
// own facility.

let t: TestApp;
let facility: TestUser;
let otherFacility: TestUser;
let users: Record<"admin" | "super_admin" | "program" | "student" | "none", TestUser>;
let deptA: { id: string };
let deptB: { id: string };
let foreignDept: { id: string };

// 2034-03-06 is a Monday: the window is three weeks, Mar 6–26, 2034.
const URL_BASE = "/api/calendar/capacity?from=2034-03-08&weeks=3";

beforeAll(async () => {
  t = await createTestApp();
  facility = await t.createUser("facility");
  otherFacility = await t.createUser("facility");
  users = {
    admin: await t.createUser("admin"),
    super_admin: await t.createUser("super_admin"),
    program: await t.createUser("program"),
    student: await t.createUser("student"),
    none: await t.createUser("none"),
  };
  const db = t.deps.db;
  const program = await createProgram(t);
  let n = 0;
  const student = () => createStudent(t, program.id, { email: `capacity-${++n}@test.dev` });
  const approved = async (placementId: string, count: number) => {
    for (let i = 0; i < count; i++) await createApplication(db, await student(), placementId, { status: "approved" });
  };
  const fid = facility.organizationId!;
  deptA = await createDepartment(db, fid, { name: "A Ward", capacity: 6 });
  deptB = await createDepartment(db, fid, { name: "B Ward", capacity: 1 });
  await createDepartment(db, fid, { name: "C Empty", capacity: 3 });

  // A: Mon–Wed 3 approved; Thu–Sun of the next week 2 approved (capacity 4); a closed Wed–Fri with 1.
  const p1 = await createPlacement(db, fid, {
    departmentId: deptA.id,
    startDate: "2034-03-06",
    endDate: "2034-03-08",
    capacity: 3,
    slotsFilled: 3,
  });
  await approved(p1.id, 3);
  // Neither a pending nor a withdrawn application takes a seat.
  await createApplication(db, await student(), p1.id, { status: "pending" });
  await createApplication(db, await student(), p1.id, { status: "withdrawn", withdrawnAt: new Date() });
  const p2 = await createPlacement(db, fid, {
    departmentId: deptA.id,
    startDate: "2034-03-09",
    endDate: "2034-03-19",
    capacity: 4,
    slotsFilled: 2,
  });
  await approved(p2.id, 2);
  const p3 = await createPlacement(db, fid, {
    departmentId: deptA.id,
    startDate: "2034-03-08",
    endDate: "2034-03-10",
    capacity: 3,
    slotsFilled: 1,
    status: "closed",
  });
  await approved(p3.id, 1);
  // A draft promises nothing.
  await createPlacement(db, fid, {
    departmentId: deptA.id,
    startDate: "2034-03-20",
    endDate: "2034-03-26",
    capacity: 10,
    status: "draft",
  });
  // B: data from before the seat rules, over its capacity of 1.
  const p4 = await createPlacement(db, fid, {
    departmentId: deptB.id,
    startDate: "2034-03-15",
    endDate: "2034-03-15",
    capacity: 2,
    slotsFilled: 2,
  });
  await approved(p4.id, 2);

  // Another facility's department, busy in the same weeks.
  foreignDept = await createDepartment(db, otherFacility.organizationId!, { name: "Foreign Ward", capacity: 9 });
  const p5 = await createPlacement(db, otherFacility.organizationId!, {
    departmentId: foreignDept.id,
    startDate: "2034-03-06",
    endDate: "2034-03-26",
    capacity: 5,
    slotsFilled: 1,
  });
  await approved(p5.id, 1);
}, 120_000); // a dozen accounts: slow when the machine is busy
afterAll(async () => {
  await t.close();
});

describe("GET /api/calendar/capacity", () => {
  it("counts each week's busiest day, not the sum of the week's rotations", async () => {
    const res = await t.call("GET", URL_BASE, { cookie: facility.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      facilityId: facility.organizationId,
      from: "2034-03-06",
      to: "2034-03-26",
      previousFrom: "2034-02-13",
      nextFrom: "2034-03-27",
      weeks: [
        { start: "2034-03-06", end: "2034-03-12" },
        { start: "2034-03-13", end: "2034-03-19" },
        { start: "2034-03-20", end: "2034-03-26" },
      ],
    });
    const byName = Object.fromEntries(res.json.departments.map((d: { name: string; weeks: unknown[] }) => [d.name, d]));
    expect(Object.keys(byName)).toEqual(["A Ward", "B Ward", "C Empty"]);
    // Week 1, A: Mon–Tue 3, Wed 3 + 1 (closed) = 4, Thu 2 + 1 = 3: busiest 4 (summed: 6).
    // Promised: Wed 3 + 1 = 4, Thu 4 + 1 = 5 (the closed placement holds its approved students only).
    expect(byName["A Ward"]).toMatchObject({ id: deptA.id, capacity: 6, specialty: "Medical-Surgical" });
    expect(byName["A Ward"].weeks).toEqual([
      { start: "2034-03-06", taken: 4, promised: 5, capacity: 6 },
      { start: "2034-03-13", taken: 2, promised: 4, capacity: 6 },
      { start: "2034-03-20", taken: 0, promised: 0, capacity: 6 },
    ]);
    expect(byName["B Ward"].weeks.map((w: { taken: number }) => w.taken)).toEqual([0, 2, 0]);
    expect(byName["C Empty"].weeks.map((w: { taken: number }) => w.taken)).toEqual([0, 0, 0]);
    expect(res.text).not.toContain(foreignDept.id);
  });

  it("defaults to 8 weeks from the current week's Monday", async () => {
    const res = await t.call("GET", "/api/calendar/capacity", { cookie: facility.cookie });
    expect(res.status).toBe(200);
    expect(res.json.weeks).toHaveLength(8);
    expect(new Date(`${res.json.from}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(res.json.from <= res.json.today && res.json.today <= res.json.weeks[0].end).toBe(true);
  });

  it("admins name the facility (422 without one, 404 for one that is not a facility)", async () => {
    for (const who of ["admin", "super_admin"] as const) {
      const res = await t.call("GET", `${URL_BASE}&facilityId=${facility.organizationId}`, {
        cookie: users[who].cookie,
      });
      expect(res.status).toBe(200);
      expect(res.json.departments).toHaveLength(3);
    }
    const none = await t.call("GET", URL_BASE, { cookie: users.admin.cookie });
    expect(none.status).toBe(422);
    expect(none.json.error.issues).toEqual([{ path: "facilityId", message: "Choose a facility" }]);
    const program = await t.call("GET", `${URL_BASE}&facilityId=${users.program.organizationId}`, {
      cookie: users.admin.cookie,
    });
    expect(program.status).toBe(404);
  });

  it("another facility's coordinator gets their own facility, never ours, whatever facilityId says", async () => {
    const res = await t.call("GET", `${URL_BASE}&facilityId=${facility.organizationId}`, {
      cookie: otherFacility.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.json.facilityId).toBe(otherFacility.organizationId);
    expect(res.json.departments.map((d: { id: string }) => d.id)).toEqual([foreignDept.id]);
    expect(res.json.departments[0].weeks.map((w: { taken: number }) => w.taken)).toEqual([1, 1, 1]);
    expect(res.text).not.toContain(deptA.id);
  });

  it("is for facilities and admins: program, student, no role 403; signed out 401", async () => {
    for (const who of ["program", "student", "none"] as const) {
      const res = await t.call("GET", URL_BASE, { cookie: users[who].cookie });
      expect(res.status, who).toBe(403);
      expect(res.json.error.code).toBe("forbidden");
    }
    expect((await t.call("GET", URL_BASE)).status).toBe(401);
  });

  it("refuses bad input with 422 naming the field", async () => {
    const cases: [string, string][] = [
      ["weeks=0", "weeks"],
      ["weeks=27", "weeks"],
      ["weeks=abc", "weeks"],
      ["weeks=2.5", "weeks"],
      ["weeks=-1", "weeks"],
      ["from=2034-02-30", "from"],
      ["from=99999-01-01", "from"],
      ["from=yesterday", "from"],
      ["facilityId=nope", "facilityId"],
    ];
    for (const [query, path] of cases) {
      const res = await t.call("GET", `/api/calendar/capacity?${query}`, { cookie: facility.cookie });
      expect(res.status, query).toBe(422);
      expect(res.json.error.issues[0].path, query).toBe(path);
    }
    // A parameter given twice is refused or answered, never a 500.
    const twice = await t.call("GET", "/api/calendar/capacity?weeks=2&weeks=3&from=2034-03-06&from=2034-03-13", {
      cookie: facility.cookie,
    });
    expect([200, 422]).toContain(twice.status);
    // The widest window and the calendar's edges still answer.
    const wide = await t.call("GET", "/api/calendar/capacity?from=2200-12-31&weeks=26", { cookie: facility.cookie });
    expect(wide.status).toBe(200);
    expect(wide.json.weeks).toHaveLength(26);
    const early = await t.call("GET", "/api/calendar/capacity?from=1900-01-01&weeks=1", { cookie: facility.cookie });
    expect(early.status).toBe(200);
  });

  it("agrees with the busiest-day rule (peakSeats) on a random department, week by week", async () => {
    const db = t.deps.db;
    const fid = facility.organizationId!;
    const dept = await createDepartment(db, fid, { name: "Z Random", capacity: 50 });
    const program = await createProgram(t);
    // A fixed sequence (no Math.random): the same world on every run.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const claims: { startDate: string; endDate: string; seats: number; held: number }[] = [];
    for (let i = 0; i < 25; i++) {
      const startDate = addDays("2034-02-27", next(70));
      const endDate = addDays(startDate, next(20));
      const approvedCount = next(4);
      const closed = next(3) === 0;
      const capacity = approvedCount + next(3);
      const p = await createPlacement(db, fid, {
        departmentId: dept.id,
        startDate,
        endDate,
        capacity: Math.max(capacity, 1),
        slotsFilled: approvedCount,
        status: closed ? "closed" : "active",
      });
      for (let k = 0; k < approvedCount; k++) {
        const s = await createStudent(t, program.id, { email: `random-${i}-${k}@test.dev` });
        await createApplication(db, s, p.id, { status: "approved" });
      }
      claims.push({ startDate, endDate, seats: approvedCount, held: closed ? approvedCount : Math.max(capacity, 1) });
    }
    const res = await t.call("GET", "/api/calendar/capacity?from=2034-03-06&weeks=10", { cookie: facility.cookie });
    expect(res.status).toBe(200);
    const row = res.json.departments.find((d: { id: string }) => d.id === dept.id);
    const weeks = Array.from({ length: 10 }, (_, i) => ({
      start: addDays("2034-03-06", 7 * i),
      end: addDays("2034-03-06", 7 * i + 6),
    }));
    const expected = weeks.map((w) => ({
      start: w.start,
      taken: peakSeats(claims, w.start, w.end),
      promised: peakSeats(
        claims.map((c) => ({ ...c, seats: c.held })),
        w.start,
        w.end,
      ),
      capacity: 50,
    }));
    expect(row.weeks).toEqual(expected);
  });

  it("answers 20 identical requests at once alike", async () => {
    const all = await Promise.all(
      Array.from({ length: 20 }, () => t.call("GET", URL_BASE, { cookie: facility.cookie })),
    );
    expect(new Set(all.map((r) => r.status))).toEqual(new Set([200]));
    expect(new Set(all.map((r) => r.text)).size).toBe(1);
  });
});
