import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalEvents } from "../../db/schema/events";
import { programHourRequirements } from "../../db/schema/rotations";
import { students } from "../../db/schema/students";
import { dayFromToday } from "../../factories/placements";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";
import { assignPreceptor, createRotation } from "./hours-testing";

// Clinical hour logs through the API (issue 17): the student's log and its rules, the review by a
// preceptor (only their rotations), the facility and administrators, another organization (404),
// the program's totals, requirements and CSV, and races.

let t: TestApp;
let program: TestUser;
let facility: TestUser;
let otherFacility: TestUser;
let otherProgram: TestUser;
let admin: TestUser;
let student: TestUser;
let other: TestUser; // another student of the same program
let preceptor: TestUser;
let unassigned: TestUser; // a preceptor of the same facility, not assigned
let rotation: Awaited<ReturnType<typeof createRotation>>;
let otherRotation: Awaited<ReturnType<typeof createRotation>>;

const me = (s: TestUser) => ({ id: s.studentId!, programId: s.organizationId! });

beforeAll(async () => {
  t = await createTestApp();
  program = await t.createUser("program");
  facility = await t.createUser("facility");
  otherFacility = await t.createUser("facility");
  otherProgram = await t.createUser("program");
  admin = await t.createUser("admin");
  student = await t.createUser("student", { organizationId: program.organizationId! });
  other = await t.createUser("student", { organizationId: program.organizationId! });
  preceptor = await t.createUser("preceptor", { organizationId: facility.organizationId! });
  unassigned = await t.createUser("preceptor", { organizationId: facility.organizationId! });
  rotation = await createRotation(t.deps.db, me(student), facility.organizationId!, {
    specialty: "Critical Care",
    from: -60,
  });
  otherRotation = await createRotation(t.deps.db, me(other), facility.organizationId!);
  await assignPreceptor(t.deps.db, rotation, preceptor.userId, facility.organizationId!);
  await t.deps.db.insert(programHourRequirements).values([
    { programId: program.organizationId!, specialty: "", hours: 90 },
    { programId: program.organizationId!, specialty: "Critical Care", hours: 120 },
  ]);
});
afterAll(async () => {
  await t?.close();
});

let day = -59;
/** A fresh past day of the rotation for each entry. */
const nextDay = () => dayFromToday(day++);
const entry = (over: Record<string, unknown> = {}) => ({
  rotationId: rotation.id,
  workDate: nextDay(),
  startTime: "07:00",
  endTime: "15:00",
  categories: ["Direct patient care", "Assessment"],
  reflection: "Admitted two patients.",
  ...over,
});
const log = (s: TestUser, body: unknown) => t.call("POST", "/api/me/student/hours", { cookie: s.cookie, body });

describe("the student's log", () => {
  it("logs an entry and lists it with the rotation's totals and requirement", async () => {
    const body = entry();
    const res = await log(student, body);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      workDate: body.workDate,
      startTime: "07:00",
      endTime: "15:00",
      minutes: 480,
      status: "submitted",
    });
    const list = await t.call("GET", "/api/me/student/hours", { cookie: student.cookie });
    expect(list.status).toBe(200);
    expect(list.json.rotationId).toBe(rotation.id);
    expect(list.json.rotations[0]).toMatchObject({ id: rotation.id, phase: "current", requiredHours: 120 });
    expect(list.json.rotations[0].totals).toMatchObject({
      loggedMinutes: 480,
      pendingMinutes: 480,
      approvedMinutes: 0,
    });
    expect(list.json.entries.map((e: { id: string }) => e.id)).toContain(res.json.id);
  });

  it("a night shift crossing midnight is 12 hours; the next morning's overlapping entry is refused (409 naming the field)", async () => {
    const night = nextDay();
    const morning = nextDay();
    const res = await log(student, entry({ workDate: night, startTime: "19:00", endTime: "07:00" }));
    expect(res.status).toBe(201);
    expect(res.json.minutes).toBe(720);
    const clash = await log(student, entry({ workDate: morning, startTime: "06:00", endTime: "10:00" }));
    expect(clash.status).toBe(409);
    expect(clash.json.error.issues[0]).toMatchObject({ path: "startTime" });
    expect(clash.json.error.message).toMatch(/overlaps your entry of .*19:00–07:00 already logged/);
    expect((await log(student, entry({ workDate: morning, startTime: "07:00", endTime: "11:00" }))).status).toBe(201);
  });

  it("refuses a date outside the rotation, a future date, a missing activity and a long reflection (422 naming the field)", async () => {
    const before = await log(student, entry({ workDate: dayFromToday(-65) }));
    expect(before.status).toBe(422);
    expect(before.json.error.issues[0].path).toBe("workDate");
    expect(before.json.error.message).toMatch(/is outside this rotation/);
    const future = await log(student, entry({ workDate: dayFromToday(2) }));
    expect(future.status).toBe(422);
    expect(future.json.error.message).toMatch(/in the future/);
    const noCategory = await log(student, entry({ categories: [] }));
    expect(noCategory.status).toBe(422);
    expect(noCategory.json.error.issues[0].path).toBe("categories");
    const long = await log(student, entry({ reflection: "x".repeat(4001) }));
    expect(long.status).toBe(422);
    expect(long.json.error.issues[0].path).toBe("reflection");
    const badTime = await log(student, entry({ startTime: "25:00" }));
    expect(badTime.status).toBe(422);
    expect(badTime.json.error.issues[0].path).toBe("startTime");
  });

  it("a day's entries total at most 24 hours", async () => {
    const d = nextDay();
    nextDay();
    expect((await log(student, entry({ workDate: d, startTime: "00:00", endTime: "23:00" }))).status).toBe(201);
    const more = await log(student, entry({ workDate: d, startTime: "23:00", endTime: "07:00" }));
    expect(more.status).toBe(409);
    expect(more.json.error.issues[0]).toMatchObject({ path: "endTime" });
    expect(more.json.error.message).toMatch(/at most 24 hours/);
  });

  it("another student's rotation and entries are 404; a non-approved rotation too", async () => {
    const res = await log(student, entry({ rotationId: otherRotation.id }));
    expect(res.status).toBe(404);
    const theirs = await log(other, { ...entry(), rotationId: otherRotation.id, workDate: dayFromToday(-3) });
    expect(theirs.status).toBe(201);
    const edit = await t.call("PUT", `/api/me/student/hours/${theirs.json.id}`, {
      cookie: student.cookie,
      body: entry(),
    });
    expect(edit.status).toBe(404);
    const del = await t.call("DELETE", `/api/me/student/hours/${theirs.json.id}`, { cookie: student.cookie });
    expect(del.status).toBe(404);
    const list = await t.call("GET", `/api/me/student/hours?rotationId=${otherRotation.id}`, {
      cookie: student.cookie,
    });
    expect(list.status).toBe(404);
  });

  it("edits and deletes an entry while it is not approved", async () => {
    const created = await log(student, entry());
    const { rotationId: _r, ...body } = entry({ startTime: "08:00", endTime: "12:30" });
    const edit = await t.call("PUT", `/api/me/student/hours/${created.json.id}`, { cookie: student.cookie, body });
    expect(edit.status).toBe(200);
    expect(edit.json).toMatchObject({ startTime: "08:00", endTime: "12:30", minutes: 270, workDate: body.workDate });
    const del = await t.call("DELETE", `/api/me/student/hours/${created.json.id}`, { cookie: student.cookie });
    expect(del.status).toBe(200);
    expect(del.json).toEqual({ id: created.json.id, deleted: true });
  });

  it("others may not write the student's log: a coordinator 403, an administrator viewing as the student reads only", async () => {
    expect((await log(program, entry())).status).toBe(403);
    expect((await log(preceptor, entry())).status).toBe(403);
    const asStudent = await t.call("GET", `/api/me/student/hours?student=${student.studentId}`, {
      cookie: admin.cookie,
    });
    expect(asStudent.status).toBe(200);
    expect(asStudent.json.rotationId).toBe(rotation.id);
    const write = await t.call("POST", `/api/me/student/hours?student=${student.studentId}`, {
      cookie: admin.cookie,
      body: entry(),
    });
    expect(write.status).toBe(403);
    expect((await t.call("GET", "/api/me/student/hours")).status).toBe(401);
  });

  it("twenty identical creates at once leave one entry", async () => {
    const body = entry();
    const results = await Promise.all(Array.from({ length: 20 }, () => log(student, body)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const list = await t.call("GET", "/api/me/student/hours", { cookie: student.cookie });
    expect(list.json.entries.filter((e: { workDate: string }) => e.workDate === body.workDate)).toHaveLength(1);
  });
});

describe("the review", () => {
  const review = (u: TestUser, body: unknown) => t.call("POST", "/api/hours/review", { cookie: u.cookie, body });

  it("a preceptor sees only the entries of rotations assigned to them; an unassigned one sees none and gets 404", async () => {
    const mine = await log(student, entry());
    const list = await t.call("GET", "/api/hours/review?status=submitted", { cookie: preceptor.cookie });
    expect(list.status).toBe(200);
    const ids = list.json.items.map((e: { id: string }) => e.id);
    expect(ids).toContain(mine.json.id);
    expect(list.json.items.every((e: { rotation: { id: string } }) => e.rotation.id === rotation.id)).toBe(true);
    expect(list.json.items[0]).toMatchObject({
      student: { id: student.studentId },
      facility: { id: facility.organizationId },
    });

    const none = await t.call("GET", "/api/hours/review", { cookie: unassigned.cookie });
    expect(none.json.items).toEqual([]);
    expect((await review(unassigned, { ids: [mine.json.id], action: "approve" })).status).toBe(404);
    expect((await review(otherFacility, { ids: [mine.json.id], action: "approve" })).status).toBe(404);
    expect((await review(program, { ids: [mine.json.id], action: "approve" })).status).toBe(403);
    expect((await review(student, { ids: [mine.json.id], action: "approve" })).status).toBe(403);
    const foreign = await t.call("GET", "/api/hours/review", { cookie: otherFacility.cookie });
    expect(foreign.json.items).toEqual([]);
  });

  it("approves an entry once (twenty at once), after which the student cannot touch it", async () => {
    const created = await log(student, entry());
    const results = await Promise.all(
      Array.from({ length: 20 }, () => review(preceptor, { ids: [created.json.id], action: "approve" })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const { rotationId: _r, ...body } = entry();
    const edit = await t.call("PUT", `/api/me/student/hours/${created.json.id}`, { cookie: student.cookie, body });
    expect(edit.status).toBe(409);
    expect(edit.json.error.message).toMatch(/approved.*locked/);
    const del = await t.call("DELETE", `/api/me/student/hours/${created.json.id}`, { cookie: student.cookie });
    expect(del.status).toBe(409);
    const list = await t.call("GET", "/api/me/student/hours", { cookie: student.cookie });
    const approved = list.json.entries.find((e: { id: string }) => e.id === created.json.id);
    expect(approved).toMatchObject({ status: "approved", reviewerName: preceptor.name });
  });

  it("returns entries with a required note; the student reads it and gets a mail", async () => {
    const a = await log(student, entry());
    const b = await log(student, entry());
    const noNote = await review(facility, { ids: [a.json.id], action: "return" });
    expect(noNote.status).toBe(422);
    expect(noNote.json.error.issues[0].path).toBe("note");
    const res = await review(facility, { ids: [a.json.id, b.json.id], action: "return", note: "Add the unit's name" });
    expect(res.status).toBe(200);
    expect(res.json.updated).toHaveLength(2);
    await t.drainJobs();
    const [mail] = await t.mailTo(student.email);
    expect(mail.subject).toBe("2 hour entries were returned to you");
    expect(mail.text).toContain("Add the unit's name");
    // The student's hours page refreshes live.
    const events = await t.deps.db
      .select()
      .from(portalEvents)
      .where(and(eq(portalEvents.userId, student.userId), eq(portalEvents.type, "hours.updated")));
    expect(events.length).toBeGreaterThan(0);
    const list = await t.call("GET", "/api/me/student/hours", { cookie: student.cookie });
    expect(list.json.entries.find((e: { id: string }) => e.id === a.json.id)).toMatchObject({
      status: "returned",
      reviewNote: "Add the unit's name",
    });
    // Fixing a returned entry sends it back for review.
    const { rotationId: _r, ...body } = entry({ workDate: a.json.workDate });
    const fixed = await t.call("PUT", `/api/me/student/hours/${a.json.id}`, { cookie: student.cookie, body });
    expect(fixed.status).toBe(200);
    expect(fixed.json.status).toBe("submitted");
  });

  it("administrators review every facility's or the one they name; the options and CSV follow the scope", async () => {
    const all = await t.call("GET", "/api/hours/review", { cookie: admin.cookie });
    expect(all.status).toBe(200);
    expect(all.json.total).toBeGreaterThan(0);
    const named = await t.call("GET", `/api/hours/review?facilityId=${otherFacility.organizationId}`, {
      cookie: admin.cookie,
    });
    expect(named.json.items).toEqual([]);
    const options = await t.call("GET", "/api/hours/review/options", { cookie: preceptor.cookie });
    expect(options.json.students).toEqual([{ id: student.studentId, name: "Test Student" }]);
    const csv = await t.call("GET", "/api/hours/review/export.csv?status=approved", { cookie: facility.cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = csv.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Student,Email,Rotation,Facility,Week of,Date,Start,End,Hours,Activities,Status,Reviewer's note,Reflection",
    );
    expect(lines.slice(1).every((l) => l.includes(",approved,"))).toBe(true);
  });
});

describe("the program", () => {
  it("totals per student against the requirement, the 'below required' filter, and the CSV per rotation", async () => {
    const res = await t.call("GET", "/api/hours/program", { cookie: program.cookie });
    expect(res.status).toBe(200);
    const row = res.json.items.find((r: { student: { id: string } }) => r.student.id === student.studentId);
    expect(row).toMatchObject({ rotations: 1, requiredHours: 120 });
    expect(row.approvedMinutes).toBe(480);
    expect(row.percent).toBe(Math.floor((8 / 120) * 100));
    const below = await t.call("GET", "/api/hours/program?below=true", { cookie: program.cookie });
    expect(below.json.items.map((r: { student: { id: string } }) => r.student.id)).toContain(student.studentId);
    const search = await t.call("GET", `/api/hours/program?search=${encodeURIComponent(other.email)}`, {
      cookie: program.cookie,
    });
    expect(search.json.items.map((r: { student: { id: string } }) => r.student.id)).toEqual([other.studentId]);

    const csv = await t.call("GET", "/api/hours/program/export.csv", { cookie: program.cookie });
    expect(csv.status).toBe(200);
    const lines = csv.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Student,Email,Rotation,Specialty,Facility,Start date,End date,Approved hours,Pending hours,Returned hours,Required hours",
    );
    const mine = lines.find((l) => l.includes(student.email));
    expect(mine).toContain(`,${rotation.placement.title},Critical Care,`);
    expect(mine).toMatch(/,8,\d+(\.\d+)?,\d+(\.\d+)?,120$/);
    // The other student's rotation falls back on the default (90).
    expect(lines.find((l) => l.includes(other.email))).toMatch(/,90$/);
  });

  it("another program sees none of these students; a facility gets 403", async () => {
    const res = await t.call("GET", "/api/hours/program", { cookie: otherProgram.cookie });
    expect(res.json.items).toEqual([]);
    const csv = await t.call("GET", "/api/hours/program/export.csv", { cookie: otherProgram.cookie });
    expect(csv.text).not.toContain(student.email);
    expect((await t.call("GET", "/api/hours/program", { cookie: facility.cookie })).status).toBe(403);
  });

  it("requirements: read, replace (0–2000, 422 naming the field), administrators name the program", async () => {
    const got = await t.call("GET", "/api/hours/requirements", { cookie: program.cookie });
    expect(got.json.requirements).toEqual([
      { specialty: "", hours: 90 },
      { specialty: "Critical Care", hours: 120 },
    ]);
    const bad = await t.call("PUT", "/api/hours/requirements", {
      cookie: program.cookie,
      body: { requirements: [{ specialty: "", hours: 2001 }] },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.error.issues[0].path).toBe("requirements.0.hours");
    const saved = await t.call("PUT", "/api/hours/requirements", {
      cookie: program.cookie,
      body: {
        requirements: [
          { specialty: "", hours: 100 },
          { specialty: "Critical Care", hours: 120 },
        ],
        programId: otherProgram.organizationId,
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.programId).toBe(program.organizationId);
    const list = await t.call("GET", `/api/hours/program?search=${encodeURIComponent(other.email)}`, {
      cookie: program.cookie,
    });
    expect(list.json.items[0].requiredHours).toBe(100);
    expect((await t.call("GET", "/api/hours/requirements", { cookie: admin.cookie })).status).toBe(422);
    const adminGet = await t.call("GET", `/api/hours/requirements?programId=${program.organizationId}`, {
      cookie: admin.cookie,
    });
    expect(adminGet.json.requirements).toHaveLength(2);
    const unknown = await t.call("PUT", "/api/hours/requirements", {
      cookie: admin.cookie,
      body: { requirements: [], programId: facility.organizationId },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.json.error.issues[0].path).toBe("programId");
    const [s] = await t.deps.db.select().from(students).where(eq(students.id, student.studentId!));
    expect(s).toBeTruthy();
  });
});
