import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { students } from "../../db/schema/students";
import { createApplication } from "../../factories/applications";
import { createPlacement, dayFromToday } from "../../factories/placements";
import { createFacility, createProgram } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

// The student's dashboard (/api/me/student/dashboard). Who may call every /api/me/student route is
// proven in applications/student-applications.test.ts.

let t: TestApp;
let programId: string;
let facilityId: string;
let classmate: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  programId = (await createProgram(t, { name: "Lakeside School of Nursing" })).id;
  facilityId = (await createFacility(t, { name: "Mercy General", city: "Chicago", state: "IL" })).id;
  classmate = await t.createUser("student", { organizationId: programId });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.deps.db;
const get = (path: string, u?: TestUser) => t.call("GET", `/api/me/student${path}`, { cookie: u?.cookie });
const studentRow = async (u: TestUser) => (await db().select().from(students).where(eq(students.id, u.studentId!)))[0];

describe("GET /api/me/student/dashboard", () => {
  it("counts the student's own applications live (D9): under review, upcoming rotations; recent; events", async () => {
    const u = await t.createUser("student", { organizationId: programId });
    const s = await studentRow(u);
    const fresh = await get("/dashboard", u);
    expect(fresh.status).toBe(200);
    expect(fresh.json).toMatchObject({
      student: { firstName: "Test", programName: "Lakeside School of Nursing", complianceStatus: "pending" },
      stats: { underReview: 0, upcomingRotations: 0, totalApplications: 0 },
      recentApplications: [],
      upcomingEvents: [],
    });

    const soon = await createPlacement(db(), facilityId, { title: "Soon", startDate: dayFromToday(10) });
    const later = await createPlacement(db(), facilityId, { title: "Later", startDate: dayFromToday(60) });
    const past = await createPlacement(db(), facilityId, {
      title: "Past",
      startDate: dayFromToday(-30),
      endDate: dayFromToday(-1),
    });
    const pending1 = await createPlacement(db(), facilityId, { title: "Pending one" });
    const pending2 = await createPlacement(db(), facilityId, { title: "Pending two" });
    const rejected = await createPlacement(db(), facilityId, { title: "Rejected" });
    await createApplication(db(), s, soon.id, { status: "approved" });
    await createApplication(db(), s, later.id, { status: "approved" });
    await createApplication(db(), s, past.id, { status: "approved" });
    await createApplication(db(), s, pending1.id);
    await createApplication(db(), s, pending2.id);
    await createApplication(db(), s, rejected.id, { status: "rejected" });
    // Someone else's applications never count.
    await createApplication(db(), await studentRow(classmate), pending1.id);
    await db().update(students).set({ complianceStatus: "compliant" }).where(eq(students.id, s.id));

    const res = await get("/dashboard", u);
    expect(res.json.stats).toEqual({ underReview: 2, upcomingRotations: 2, totalApplications: 6 });
    expect(res.json.student.complianceStatus).toBe("compliant");
    expect(res.json.recentApplications).toHaveLength(5);
    expect(res.json.upcomingEvents.map((e: { placementTitle: string }) => e.placementTitle)).toEqual(["Soon", "Later"]);
    expect(res.json.upcomingEvents[0]).toMatchObject({
      kind: "rotation_start",
      date: soon.startDate,
      facility: { name: "Mercy General", city: "Chicago", state: "IL" },
    });
  });
});
