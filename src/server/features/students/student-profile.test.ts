import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { studentExperiences } from "../../db/schema/student-accounts";
import { studentPreferences, students } from "../../db/schema/students";
import { createCoordinator, createFacility, createProgram } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

let t: TestApp;
let programId: string;
let facilityId: string;
let me: TestUser;
let classmate: TestUser;
let coordinator: TestUser;
let otherCoordinator: TestUser;
let facilityUser: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  programId = (await createProgram(t, { name: "Lakeside School of Nursing" })).id;
  facilityId = (await createFacility(t, { name: "Mercy General", city: "Chicago", state: "IL" })).id;
  me = await t.createUser("student", { organizationId: programId, name: "Maya Student" });
  classmate = await t.createUser("student", { organizationId: programId });
  coordinator = await createCoordinator(t, programId, "program");
  otherCoordinator = await createCoordinator(t, (await createProgram(t)).id, "program");
  facilityUser = await createCoordinator(t, facilityId, "facility");
});
afterAll(async () => {
  await t?.close();
});

// The student's own profile (/api/me/student/profile, preferences, experiences). Who may call every
// /api/me/student route is proven in applications/student-applications.test.ts.

const db = () => t.deps.db;
const get = (path: string, u?: TestUser) => t.call("GET", `/api/me/student${path}`, { cookie: u?.cookie });
const send = (method: string, path: string, u: TestUser | undefined, body?: unknown) =>
  t.call(method, `/api/me/student${path}`, { cookie: u?.cookie, body });

describe("profile: academic record, preferences, experience, accommodations", () => {
  it("shows the academic record from the roster, read-only", async () => {
    await db()
      .update(students)
      .set({ gpa: "3.72", specialtyInterest: "Pediatrics", phone: "555-0100" })
      .where(eq(students.id, me.studentId!));
    const res = await get("/profile", me);
    expect(res.status).toBe(200);
    expect(res.json.academic).toMatchObject({
      firstName: "Test",
      email: me.email,
      gpa: 3.72,
      specialtyInterest: "Pediatrics",
      phone: "555-0100",
      programName: "Lakeside School of Nursing",
    });
    expect(res.json.preferences).toMatchObject({ geographicPreferences: [], careerGoals: null, updatedAt: null });
  });

  it("PUT creates the preferences row, then updates it; lists are trimmed, without empty entries or duplicates", async () => {
    const u = await t.createUser("student", { organizationId: programId });
    const first = await send("PUT", "/preferences", u, {
      geographicPreferences: [" Chicago, IL ", "", "chicago, il", "Milwaukee, WI"],
      specialtyInterests: ["Pediatrics"],
      scheduleConstraints: "Day shifts",
      transportationOptions: "  ",
      careerGoals: "PICU nurse",
    });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json).toMatchObject({
      geographicPreferences: ["Chicago, IL", "Milwaukee, WI"],
      specialtyInterests: ["Pediatrics"],
      scheduleConstraints: "Day shifts",
      transportationOptions: null,
      careerGoals: "PICU nurse",
      accommodationRequests: null,
    });
    const second = await send("PUT", "/preferences", u, {
      geographicPreferences: [],
      specialtyInterests: ["Emergency", "Oncology"],
      accommodationRequests: "Extended time for skills check-offs",
    });
    expect(second.status).toBe(200);
    const rows = await db().select().from(studentPreferences).where(eq(studentPreferences.userId, u.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      geographicPreferences: [],
      specialtyInterests: ["Emergency", "Oncology"],
      careerGoals: null,
      accommodationRequests: "Extended time for skills check-offs",
    });
    expect((await get("/profile", u)).json.preferences.specialtyInterests).toEqual(["Emergency", "Oncology"]);
  });

  it("names invalid preference fields (422)", async () => {
    const res = await send("PUT", "/preferences", me, {
      geographicPreferences: ["x".repeat(101)],
      careerGoals: "g".repeat(2001),
      specialtyInterests: "Pediatrics",
    });
    expect(res.status).toBe(422);
    expect(res.json.error.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      "careerGoals",
      "geographicPreferences.0",
      "specialtyInterests",
    ]);
  });

  it("adds, edits and removes experience entries; another student's entry is 404", async () => {
    const entry = {
      kind: "clinical",
      organization: "St. Mary's Hospital",
      title: "Nursing assistant",
      startDate: "2023-06-01",
      endDate: "2024-05-31",
      description: "Med-surg floor, 24 hours a week",
    };
    const added = await send("POST", "/experiences", me, entry);
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject(entry);
    const edited = await send("PUT", `/experiences/${added.json.id}`, me, { ...entry, endDate: "", title: "CNA" });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ title: "CNA", endDate: null });
    expect((await get("/profile", me)).json.experiences.map((e: { id: string }) => e.id)).toContain(added.json.id);

    // The classmate can neither see, edit nor remove it.
    expect((await get("/profile", classmate)).json.experiences).toEqual([]);
    expect((await send("PUT", `/experiences/${added.json.id}`, classmate, entry)).status).toBe(404);
    expect((await send("DELETE", `/experiences/${added.json.id}`, classmate)).status).toBe(404);

    const bad = await send("POST", "/experiences", me, { ...entry, startDate: "2024-01-01", endDate: "2023-01-01" });
    expect(bad.status).toBe(422);
    expect(bad.json.error.issues[0].path).toBe("endDate");
    const missing = await send("POST", "/experiences", me, { kind: "hobby" });
    expect(missing.json.error.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      "kind",
      "organization",
      "startDate",
      "title",
    ]);

    expect((await send("DELETE", `/experiences/${added.json.id}`, me)).json).toEqual({
      id: added.json.id,
      deleted: true,
    });
    expect(await db().select().from(studentExperiences).where(eq(studentExperiences.id, added.json.id))).toHaveLength(
      0,
    );
    expect((await send("DELETE", `/experiences/${added.json.id}`, me)).status).toBe(404);
  });

  it("accommodation requests reach the student's program (student detail) and nobody else", async () => {
    await send("PUT", "/preferences", me, { accommodationRequests: "Quiet room for exams" });
    const detail = await t.call("GET", `/api/students/${me.studentId}`, { cookie: coordinator.cookie });
    expect(detail.status).toBe(200);
    expect(detail.json.accommodationRequests).toBe("Quiet room for exams");
    expect((await t.call("GET", `/api/students/${me.studentId}`, { cookie: otherCoordinator.cookie })).status).toBe(
      404,
    );
    expect((await t.call("GET", `/api/students/${me.studentId}`, { cookie: facilityUser.cookie })).status).toBe(403);
    const none = await t.call("GET", `/api/students/${classmate.studentId}`, { cookie: coordinator.cookie });
    expect(none.json.accommodationRequests).toBeNull();
  });
});
