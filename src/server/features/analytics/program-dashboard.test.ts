import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complianceRate, placementRate } from "../../../domain/dashboard";
import { createApplication } from "../../factories/applications";
import { createPlacement, dayFromToday } from "../../factories/placements";
import { createFacility, createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

let t: TestApp;
let program: TestUser;
let other: TestUser;
let empty: TestUser;
let admin: TestUser;
let facilityUser: TestUser;
let studentUser: TestUser;
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  program = await t.createUser("program");
  other = await t.createUser("program");
  empty = await t.createUser("program");
  admin = await t.createUser("admin");
  facilityUser = await t.createUser("facility");
  studentUser = await t.createUser("student");
  const facility = await createFacility(t, { name: "Harbor General" });
  const programId = program.organizationId!;

  // Six active students (four compliant), one withdrawn (compliant, Pediatrics: counted nowhere).
  const st = (first: string, values: Parameters<typeof createStudent>[2]) =>
    createStudent(t, programId, { firstName: first, lastName: "Test", ...values });
  const ann = await st("Ann", {
    complianceStatus: "compliant",
    specialtyInterest: "Pediatrics",
    createdAt: daysAgo(5),
  });
  const bea = await st("Bea", {
    complianceStatus: "compliant",
    specialtyInterest: "Pediatrics",
    createdAt: daysAgo(20),
  });
  const cal = await st("Cal", {
    complianceStatus: "compliant",
    specialtyInterest: "Intensive Care (ICU)",
    createdAt: daysAgo(35),
  });
  const dee = await st("Dee", {
    complianceStatus: "compliant",
    specialtyInterest: "Intensive Care (ICU)",
    createdAt: daysAgo(45),
  });
  const eve = await st("Eve", { complianceStatus: "pending", specialtyInterest: "Geriatrics", createdAt: daysAgo(55) });
  const fay = await st("Fay", {
    complianceStatus: "incomplete",
    specialtyInterest: "Oncology",
    createdAt: daysAgo(90),
  });
  await st("Gus", {
    complianceStatus: "compliant",
    specialtyInterest: "Pediatrics",
    enrollmentStatus: "withdrawn",
    createdAt: daysAgo(3),
  });
  // Hal's specialty is empty text: not among top specialties, still a student.
  await st("Hal", { complianceStatus: "pending", specialtyInterest: "", createdAt: daysAgo(100) });

  const place = (startIn: number, title: string) =>
    createPlacement(db, facility.id, { title, startDate: dayFromToday(startIn), endDate: dayFromToday(startIn + 30) });
  // Approved: starting in 5, 20 and 25 days (upcoming), in 45 days (too late) and 3 days ago (started).
  await createApplication(db, ann, (await place(20, "Twenty")).id, {
    status: "approved",
    submittedAt: daysAgo(12),
    reviewedAt: daysAgo(10),
  });
  await createApplication(db, bea, (await place(5, "Five")).id, {
    status: "approved",
    submittedAt: daysAgo(4),
    reviewedAt: daysAgo(2),
  });
  await createApplication(db, cal, (await place(25, "TwentyFive")).id, {
    status: "approved",
    submittedAt: daysAgo(45),
    reviewedAt: daysAgo(40),
  });
  await createApplication(db, dee, (await place(45, "FortyFive")).id, {
    status: "approved",
    submittedAt: daysAgo(52),
    reviewedAt: daysAgo(50),
  });
  await createApplication(db, eve, (await place(-3, "Started")).id, {
    status: "approved",
    submittedAt: daysAgo(80),
    reviewedAt: daysAgo(70),
  });
  // Ann's second approved rotation, long past: one more approved application, still one placed student.
  await createApplication(db, ann, (await place(-200, "Last year")).id, {
    status: "approved",
    submittedAt: daysAgo(210),
    reviewedAt: daysAgo(205),
  });
  // Pending two, rejected one, withdrawn one.
  await createApplication(db, fay, (await place(60, "Pending A")).id, { submittedAt: daysAgo(1) });
  await createApplication(db, ann, (await place(61, "Pending B")).id, { submittedAt: daysAgo(33) });
  await createApplication(db, bea, (await place(62, "Rejected")).id, {
    status: "rejected",
    submittedAt: daysAgo(3),
    reviewedAt: daysAgo(2),
  });
  await createApplication(db, cal, (await place(63, "Withdrawn")).id, {
    status: "withdrawn",
    submittedAt: daysAgo(6),
    withdrawnAt: daysAgo(1),
  });

  // Another program: one student, one approved placement starting tomorrow, submitted just now.
  const olga = await createStudent(t, other.organizationId!, {
    firstName: "Olga",
    lastName: "Test",
    specialtyInterest: "Oncology",
    complianceStatus: "compliant",
  });
  await createApplication(db, olga, (await place(1, "Other program's")).id, {
    status: "approved",
    submittedAt: daysAgo(0),
    reviewedAt: daysAgo(0),
  });
  // Olga's second approved rotation, a year ago: 2 approvals for 1 student (the prototype's 200%).
  await createApplication(db, olga, (await place(-365, "Other program's last year")).id, {
    status: "approved",
    submittedAt: daysAgo(380),
    reviewedAt: daysAgo(375),
  });
});
afterAll(async () => {
  await t.close();
});

const dashboard = (cookie: string | undefined, qs = "") =>
  t.call("GET", `/api/analytics/program-dashboard${qs}`, { cookie });

describe("GET /api/analytics/program-dashboard", () => {
  it("every figure equals what the database holds", async () => {
    const res = await dashboard(program.cookie);
    expect(res.status).toBe(200);
    expect(res.json.programId).toBe(program.organizationId);
    expect(res.json.stats).toEqual({
      totalStudents: { value: 7, trend: { last30Days: 2, previous30Days: 3 } },
      activeApplications: { value: 2, trend: { last30Days: 5, previous30Days: 3 } },
      approvedPlacements: { value: 6, trend: { last30Days: 2, previous30Days: 2 } },
      placedStudents: 5,
      placementRate: placementRate(5, 7),
      complianceRate: complianceRate(4, 7),
      compliantStudents: 4,
    });
    expect(res.json.stats.placementRate).toBe(71);
    expect(res.json.stats.complianceRate).toBe(57);
  });

  it("lists the 5 newest applications, the approved placements starting within 30 days (earliest first, at most 3) and the top 3 specialties", async () => {
    const res = await dashboard(program.cookie);
    expect(
      res.json.recentApplications.map((a: { placementTitle: string; studentName: string; status: string }) => [
        a.placementTitle,
        a.studentName,
        a.status,
      ]),
    ).toEqual([
      ["Pending A", "Fay Test", "pending"],
      ["Rejected", "Bea Test", "rejected"],
      ["Five", "Bea Test", "approved"],
      ["Withdrawn", "Cal Test", "withdrawn"],
      ["Twenty", "Ann Test", "approved"],
    ]);
    expect(res.json.recentApplications[0]).toMatchObject({
      facilityName: "Harbor General",
      specialty: "Medical-Surgical",
    });
    expect(
      res.json.upcomingPlacements.map((u: { placementTitle: string; startDate: string }) => [
        u.placementTitle,
        u.startDate,
      ]),
    ).toEqual([
      ["Five", dayFromToday(5)],
      ["Twenty", dayFromToday(20)],
      ["TwentyFive", dayFromToday(25)],
    ]);
    expect(res.json.upcomingPlacements[0]).toMatchObject({
      studentName: "Bea Test",
      facility: { name: "Harbor General" },
    });
    expect(res.json.topSpecialties).toEqual([
      { specialty: "Intensive Care (ICU)", students: 2 },
      { specialty: "Pediatrics", students: 2 },
      { specialty: "Geriatrics", students: 1 },
    ]);
  });

  it("placement rate counts each placed student once: never above 100%", async () => {
    const res = await dashboard(other.cookie);
    expect(res.json.stats.approvedPlacements.value).toBe(2);
    expect(res.json.stats.placedStudents).toBe(1);
    expect(res.json.stats.placementRate).toBe(100);
  });

  it("a program without data gets zeros, empty lists and no rates (No data yet, not a red 0%)", async () => {
    const res = await dashboard(empty.cookie);
    expect(res.status).toBe(200);
    expect(res.json.stats).toEqual({
      totalStudents: { value: 0, trend: { last30Days: 0, previous30Days: 0 } },
      activeApplications: { value: 0, trend: { last30Days: 0, previous30Days: 0 } },
      approvedPlacements: { value: 0, trend: { last30Days: 0, previous30Days: 0 } },
      placedStudents: 0,
      placementRate: null,
      complianceRate: null,
      compliantStudents: 0,
    });
    expect(res.json.recentApplications).toEqual([]);
    expect(res.json.upcomingPlacements).toEqual([]);
    expect(res.json.topSpecialties).toEqual([]);
  });

  it("another program sees only its own figures, whatever programId it sends", async () => {
    const res = await dashboard(other.cookie, `?programId=${program.organizationId}`);
    expect(res.json.programId).toBe(other.organizationId);
    expect(res.json.stats.totalStudents.value).toBe(1);
    expect(res.json.stats.approvedPlacements.value).toBe(2);
    expect(res.json.upcomingPlacements.map((u: { placementTitle: string }) => u.placementTitle)).toEqual([
      "Other program's",
    ]);
    expect(res.json.recentApplications.map((a: { studentName: string }) => a.studentName)).toEqual([
      "Olga Test",
      "Olga Test",
    ]);
  });

  it("an admin sees one program by programId, or every program", async () => {
    const one = await dashboard(admin.cookie, `?programId=${program.organizationId}`);
    expect(one.json.stats.totalStudents.value).toBe(7);
    const all = await dashboard(admin.cookie);
    expect(all.json.programId).toBeNull();
    expect(all.json.stats.totalStudents.value).toBeGreaterThanOrEqual(8);
    expect(all.json.upcomingPlacements[0].placementTitle).toBe("Other program's");
  });

  it("403 for facility and student users; 401 signed out; 422 for a bad programId", async () => {
    expect((await dashboard(facilityUser.cookie)).status).toBe(403);
    expect((await dashboard(studentUser.cookie)).status).toBe(403);
    expect((await dashboard(undefined)).status).toBe(401);
    expect((await dashboard(admin.cookie, "?programId=nope")).status).toBe(422);
  });
});
