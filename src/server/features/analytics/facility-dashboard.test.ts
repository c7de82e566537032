import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { utilization } from "../../../domain/dashboard";
import { placements } from "../../db/schema/placements";
import { createApplication } from "../../factories/applications";
import { createDepartment, createPlacement, dayFromToday } from "../../factories/placements";
import { createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

let t: TestApp;
let facility: TestUser;
let other: TestUser;
let admin: TestUser;
let program: TestUser;
let student: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  facility = await t.createUser("facility");
  other = await t.createUser("facility");
  admin = await t.createUser("admin");
  program = await t.createUser("program");
  student = await t.createUser("student");
});
afterAll(async () => {
  await t.close();
});

const get = (cookie: string | undefined, query = "") =>
  t.call("GET", `/api/analytics/facility-dashboard${query}`, { cookie });

describe("GET /api/analytics/facility-dashboard", () => {
  it("is all zeros for a new facility (no sample figures, D9)", async () => {
    const res = await get(facility.cookie);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      facilityId: facility.organizationId,
      stats: {
        activePlacements: { value: 0, trend: { last30Days: 0, previous30Days: 0 } },
        pendingApplications: { value: 0 },
        placedStudents: { value: 0, current: 0, upcoming: 0, rotations: 0 },
        utilization: { value: null, slotsFilled: 0, capacity: 0 },
      },
      statusCounts: { pending: 0, approved: 0, rejected: 0, withdrawn: 0 },
      departments: [],
      reviewQueue: [],
    });
  });

  it("computes every figure from the facility's data only", async () => {
    const db = t.deps.db;
    const fid = facility.organizationId!;
    const dept = await createDepartment(db, fid, { name: "4 West", capacity: 10 });
    const running = await createPlacement(db, fid, {
      departmentId: dept.id,
      capacity: 4,
      slotsFilled: 0,
      startDate: dayFromToday(-7),
      endDate: dayFromToday(30),
      createdAt: new Date(Date.now() - 40 * 86_400_000),
    });
    const soon = await createPlacement(db, fid, { departmentId: dept.id, capacity: 8 });
    // An ended rotation (issue 9: a department's filled figure counts from today on).
    await createPlacement(db, fid, {
      departmentId: dept.id,
      capacity: 50,
      slotsFilled: 50,
      status: "closed",
      startDate: dayFromToday(-120),
      endDate: dayFromToday(-100),
    });
    await createPlacement(db, fid, { capacity: 9, status: "draft" });
    // Another facility's data never counts.
    const elsewhere = await createPlacement(db, other.organizationId!, { capacity: 3, slotsFilled: 3 });

    const pid = program.organizationId!;
    const s = await Promise.all(Array.from({ length: 7 }, () => createStudent(t, pid)));
    await createApplication(db, s[0], running.id, { status: "approved", reviewedAt: new Date() });
    await createApplication(db, s[1], running.id, { status: "approved", reviewedAt: new Date() });
    await createApplication(db, s[2], soon.id, { status: "approved", reviewedAt: new Date() });
    await createApplication(db, s[3], soon.id, { submittedAt: new Date(Date.now() - 45 * 86_400_000) });
    for (let i = 4; i < 7; i++) await createApplication(db, s[i], soon.id);
    await createApplication(db, s[0], soon.id, { status: "rejected" });
    await createApplication(db, s[1], soon.id, { status: "withdrawn" });
    await createApplication(db, s[5], elsewhere.id, { status: "approved" });
    // s[0] also holds an upcoming rotation here, and s[6] one that ended: a student is placed once,
    // current if one of their rotations is under way; an ended rotation places nobody.
    const later = await createPlacement(db, fid, {
      capacity: 2,
      slotsFilled: 1,
      status: "closed",
      startDate: dayFromToday(60),
      endDate: dayFromToday(90),
      createdAt: new Date(Date.now() - 120 * 86_400_000),
    });
    await createApplication(db, s[0], later.id, {
      status: "approved",
      submittedAt: new Date(Date.now() - 100 * 86_400_000),
      reviewedAt: new Date(Date.now() - 95 * 86_400_000),
    });
    const ended = await createPlacement(db, fid, {
      capacity: 2,
      slotsFilled: 1,
      status: "closed",
      startDate: dayFromToday(-90),
      endDate: dayFromToday(-60),
      createdAt: new Date(Date.now() - 120 * 86_400_000),
    });
    await createApplication(db, s[6], ended.id, {
      status: "approved",
      submittedAt: new Date(Date.now() - 110 * 86_400_000),
      reviewedAt: new Date(Date.now() - 100 * 86_400_000),
    });
    // slots_filled follows the approvals (as the approve route keeps it).
    await db.update(placements).set({ slotsFilled: 2 }).where(eq(placements.id, running.id));
    await db.update(placements).set({ slotsFilled: 1 }).where(eq(placements.id, soon.id));

    const res = await get(facility.cookie);
    expect(res.status).toBe(200);
    const d = res.json;
    expect(d.stats.activePlacements.value).toBe(2);
    expect(d.stats.activePlacements.trend).toEqual({ last30Days: 3, previous30Days: 1 });
    expect(d.stats.pendingApplications.value).toBe(4);
    expect(d.stats.pendingApplications.trend).toEqual({ last30Days: 8, previous30Days: 1 });
    // 3 students (s[0] and s[1] current, s[2] upcoming) in 4 rotations: current + upcoming = value.
    expect(d.stats.placedStudents).toMatchObject({ value: 3, current: 2, upcoming: 1, rotations: 4 });
    expect(d.stats.placedStudents.trend.last30Days).toBe(3);
    // The placed-students list counts the same rotations.
    const list = await t.call("GET", "/api/facility/placed-students", { cookie: facility.cookie });
    expect(list.json.total).toBe(d.stats.placedStudents.rotations);
    expect(new Set(list.json.items.map((i: { student: { id: string } }) => i.student.id)).size).toBe(
      d.stats.placedStudents.value,
    );
    // Utilization = slots filled / capacity of ACTIVE placements: (2 + 1) / (4 + 8) = 25%.
    expect(d.stats.utilization).toEqual({ value: 25, slotsFilled: 3, capacity: 12 });
    expect(d.stats.utilization.value).toBe(utilization(3, 12));
    expect(d.placementCounts).toEqual({ active: 2, draft: 1, closed: 3 });
    expect(d.statusCounts).toEqual({ pending: 4, approved: 5, rejected: 1, withdrawn: 1 });
    expect(d.departments).toEqual([
      // Issue 9: filled = approved students on the busiest day from today on; the running rotation's
      // 2 and the later one's 1 never share a day.
      expect.objectContaining({ id: dept.id, name: "4 West", capacity: 10, filled: 2, available: 8 }),
    ]);
    // First 4 pending, newest first.
    expect(d.reviewQueue).toHaveLength(4);
    expect(d.reviewQueue.map((r: { studentName: string }) => r.studentName).at(-1)).toBe(
      `${s[3].firstName} ${s[3].lastName}`,
    );
    expect(d.reviewQueue[0]).toMatchObject({ placementId: soon.id, departmentName: "4 West" });
  });

  it("admins see every facility or the one they name; programs and students 403; signed out 401", async () => {
    const all = await get(admin.cookie);
    expect(all.json.facilityId).toBeNull();
    expect(all.json.stats.activePlacements.value).toBe(3);
    const one = await get(admin.cookie, `?facilityId=${other.organizationId}`);
    expect(one.json.stats.activePlacements.value).toBe(1);
    // A coordinator's facilityId is ignored (D1).
    const own = await get(other.cookie, `?facilityId=${facility.organizationId}`);
    expect(own.json.facilityId).toBe(other.organizationId);
    for (const u of [program, student]) expect((await get(u.cookie)).status).toBe(403);
    expect((await get(undefined)).status).toBe(401);
  });
});
