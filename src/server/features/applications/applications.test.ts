import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications } from "../../db/schema/applications";
import { placements } from "../../db/schema/placements";
import { createApplication } from "../../factories/applications";
import { createPlacement } from "../../factories/placements";
import { createCoordinator, createFacility, createProgram, createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

let t: TestApp;
let admin: TestUser;
let facilityUser: TestUser;
let studentUser: TestUser;
let facilityId: string;
const UNKNOWN = "00000000-0000-4000-8000-000000000000";
/** Lock contention needs real connections: PGlite is one connection, so requests cannot race there. */
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser("admin");
  facilityUser = await t.createUser("facility", { name: "Fran Facility" });
  studentUser = await t.createUser("student");
  facilityId = facilityUser.organizationId!;
});
afterAll(async () => {
  await t.close();
});

const db = () => t.deps.db;
const submit = (cookie: string | undefined, body: unknown) => t.call("POST", "/api/applications", { cookie, body });
const slotsOf = async (placementId: string) =>
  (await db().select({ n: placements.slotsFilled }).from(placements).where(eq(placements.id, placementId)))[0].n;
const rowsFor = (placementId: string) =>
  db().select().from(applications).where(eq(applications.placementId, placementId));

describe("POST /api/applications", () => {
  let program: TestUser;
  let other: TestUser;
  let programId: string;
  let s: Awaited<ReturnType<typeof createStudent>>[];
  let withdrawnStudent: Awaited<ReturnType<typeof createStudent>>;
  let otherStudent: Awaited<ReturnType<typeof createStudent>>;
  let placement: Awaited<ReturnType<typeof createPlacement>>;

  beforeAll(async () => {
    program = await t.createUser("program");
    other = await t.createUser("program");
    programId = program.organizationId!;
    s = [];
    for (const [first, last] of [
      ["Ada", "Lovelace"],
      ["Ben", "Okri"],
      ["Cy", "Twombly"],
      ["Di", "Fossey"],
      ["Ed", "Said"],
    ]) {
      s.push(await createStudent(t, programId, { firstName: first, lastName: last }));
    }
    withdrawnStudent = await createStudent(t, programId, {
      firstName: "Wes",
      lastName: "Gone",
      enrollmentStatus: "withdrawn",
    });
    otherStudent = await createStudent(t, other.organizationId!, { firstName: "Olga", lastName: "Other" });
    placement = await createPlacement(db(), facilityId, { title: "Med-Surg Days", capacity: 6 });
  });

  it("submits one application: pending, the student's own program, the facility's coordinators mailed", async () => {
    const res = await submit(program.cookie, {
      placementId: placement.id,
      studentIds: [s[0].id],
      notes: "  Strong candidate  ",
    });
    expect(res.status).toBe(201);
    expect(res.json.submitted).toEqual([
      expect.objectContaining({ studentId: s[0].id, name: "Ada Lovelace", status: "pending" }),
    ]);
    expect(res.json.refused).toEqual([]);
    expect(res.json.placement).toEqual({ id: placement.id, title: "Med-Surg Days", facilityName: expect.any(String) });
    const [row] = await rowsFor(placement.id);
    expect(row).toMatchObject({
      studentId: s[0].id,
      programId,
      status: "pending",
      notes: "Strong candidate",
      submittedBy: program.userId,
    });
    await t.drainJobs(); // mail is queued (ADR 015)
    const mail = await t.mailTo(facilityUser.email);
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe("New application for Med-Surg Days");
    expect(mail[0].text).toContain("Ada Lovelace");
    expect(mail[0].link).toContain("/dashboard/facility/applications");
  });

  it("submits a bulk of three with one mail for the batch", async () => {
    const res = await submit(program.cookie, {
      placementId: placement.id,
      studentIds: [s[1].id, s[2].id, s[3].id, s[1].id],
    });
    expect(res.status).toBe(201);
    expect(res.json.submitted.map((x: { name: string }) => x.name)).toEqual(["Ben Okri", "Cy Twombly", "Di Fossey"]);
    expect(await rowsFor(placement.id)).toHaveLength(4);
    await t.drainJobs(); // mail is queued (ADR 015)
    const mail = await t.mailTo(facilityUser.email);
    expect(mail).toHaveLength(2);
    expect(mail[0].subject).toBe("3 new applications for Med-Surg Days");
  });

  it("answers per student: the others go through, each refusal has a reason", async () => {
    const res = await submit(program.cookie, {
      placementId: placement.id,
      studentIds: [s[0].id, otherStudent.id, withdrawnStudent.id, s[4].id, UNKNOWN],
    });
    expect(res.status).toBe(201);
    expect(res.json.submitted.map((x: { studentId: string }) => x.studentId)).toEqual([s[4].id]);
    const byId = Object.fromEntries(res.json.refused.map((r: { studentId: string }) => [r.studentId, r]));
    expect(byId[s[0].id]).toEqual({
      studentId: s[0].id,
      name: "Ada Lovelace",
      code: "already_applied",
      reason: "Already applied to this placement",
    });
    // Another program's student is indistinguishable from an unknown one (D1).
    expect(byId[otherStudent.id]).toEqual({
      studentId: otherStudent.id,
      name: null,
      code: "student_not_found",
      reason: "Student not found",
    });
    expect(byId[UNKNOWN]).toEqual({
      studentId: UNKNOWN,
      name: null,
      code: "student_not_found",
      reason: "Student not found",
    });
    expect(byId[withdrawnStudent.id]).toMatchObject({
      name: "Wes Gone",
      code: "student_withdrawn",
      reason: "Withdrawn from the roster",
    });
    expect(res.json.refused.map((r: { studentId: string }) => r.studentId)).toEqual([
      s[0].id,
      otherStudent.id,
      withdrawnStudent.id,
      UNKNOWN,
    ]);
    expect(await rowsFor(placement.id)).toHaveLength(5);
  });

  it("200, not an error, when every student is refused, with the reasons", async () => {
    const res = await submit(program.cookie, { placementId: placement.id, studentIds: [s[0].id] });
    expect(res.status).toBe(200);
    expect(res.json.error).toBeUndefined();
    expect(res.json.submitted).toEqual([]);
    expect(res.json.refused).toEqual([
      {
        studentId: s[0].id,
        name: "Ada Lovelace",
        reason: "Already applied to this placement",
        code: "already_applied",
      },
    ]);
    const two = await submit(program.cookie, { placementId: placement.id, studentIds: [s[0].id, withdrawnStudent.id] });
    expect(two.status).toBe(200);
    expect(two.json.refused.map((r: { code: string }) => r.code)).toEqual(["already_applied", "student_withdrawn"]);
  });

  it("200 refusing an unknown student (another program's student) as unknown", async () => {
    const res = await submit(program.cookie, { placementId: placement.id, studentIds: [otherStudent.id] });
    expect(res.status).toBe(200);
    expect(res.json.refused).toEqual([
      { studentId: otherStudent.id, name: null, reason: "Student not found", code: "student_not_found" },
    ]);
    expect(await db().select().from(applications).where(eq(applications.studentId, otherStudent.id))).toHaveLength(0);
  });

  it("refuses a full or closed placement; 404 for a draft, an unverified facility's or an unknown placement", async () => {
    const full = await createPlacement(db(), facilityId, { capacity: 2, slotsFilled: 2 });
    const closed = await createPlacement(db(), facilityId, { status: "closed" });
    const draft = await createPlacement(db(), facilityId, { status: "draft" });
    const unverifiedFacility = await createFacility(t, { name: "Pending Clinic", verified: false });
    const hidden = await createPlacement(db(), unverifiedFacility.id);

    const f = await submit(program.cookie, { placementId: full.id, studentIds: [s[0].id, s[1].id] });
    expect(f.status).toBe(200);
    expect(f.json.refused.map((r: { code: string }) => r.code)).toEqual(["placement_full", "placement_full"]);
    const c = await submit(program.cookie, { placementId: closed.id, studentIds: [s[0].id] });
    expect(c.status).toBe(200);
    expect(c.json.refused[0]).toMatchObject({
      code: "placement_closed",
      reason: "This placement is no longer accepting applications",
    });
    for (const id of [draft.id, hidden.id, UNKNOWN]) {
      const res = await submit(program.cookie, { placementId: id, studentIds: [s[0].id] });
      expect(res.status).toBe(404);
      expect(res.json.error.message).toBe("Placement not found");
    }
  });

  it("403 while the coordinator's program is pending verification (D2)", async () => {
    const pendingOrg = await createProgram(t, { name: "Brand New Nursing", verified: false });
    const coordinator = await createCoordinator(t, pendingOrg.id);
    const student = await createStudent(t, pendingOrg.id);
    const res = await submit(coordinator.cookie, { placementId: placement.id, studentIds: [student.id] });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("organization_unverified");
    expect(res.json.error.message).toMatch(/Brand New Nursing is pending verification/);
  });

  it("never takes program_id from the browser", async () => {
    const p = await createPlacement(db(), facilityId);
    const res = await submit(program.cookie, {
      placementId: p.id,
      studentIds: [s[0].id],
      programId: other.organizationId,
    });
    expect(res.status).toBe(201);
    expect((await rowsFor(p.id))[0].programId).toBe(programId);
  });

  it("lets an admin submit for any program's students, refusing an unverified program's", async () => {
    const p = await createPlacement(db(), facilityId);
    const pendingOrg = await createProgram(t, { name: "Unverified School", verified: false });
    const pendingStudent = await createStudent(t, pendingOrg.id, { firstName: "Pat", lastName: "Pending" });
    const res = await submit(admin.cookie, {
      placementId: p.id,
      studentIds: [s[0].id, otherStudent.id, pendingStudent.id],
    });
    expect(res.status).toBe(201);
    expect(res.json.submitted.map((x: { studentId: string }) => x.studentId)).toEqual([s[0].id, otherStudent.id]);
    expect(res.json.refused).toEqual([
      expect.objectContaining({ studentId: pendingStudent.id, code: "program_unverified" }),
    ]);
    const rows = await rowsFor(p.id);
    expect(Object.fromEntries(rows.map((r) => [r.studentId, r.programId]))).toEqual({
      [s[0].id]: programId,
      [otherStudent.id]: other.organizationId,
    });
  });

  it("names invalid fields (422): no student chosen, too many, not ids", async () => {
    const none = await submit(program.cookie, { placementId: placement.id, studentIds: [] });
    expect(none.status).toBe(422);
    expect(none.json.error.issues).toEqual([{ path: "studentIds", message: "A student must be chosen" }]);
    const many = await submit(program.cookie, {
      placementId: placement.id,
      studentIds: Array.from({ length: 201 }, () => crypto.randomUUID()),
    });
    expect(many.status).toBe(422);
    expect(many.json.error.message).toMatch(/At most 200 students/);
    const bad = await submit(program.cookie, { placementId: "nope", studentIds: ["x"], notes: "n".repeat(2001) });
    expect(bad.status).toBe(422);
    expect(bad.json.error.issues.map((i: { path: string }) => i.path)).toEqual(
      expect.arrayContaining(["placementId", "studentIds.0", "notes"]),
    );
  });

  it("403 for facility and student users; 401 signed out", async () => {
    const body = { placementId: placement.id, studentIds: [s[0].id] };
    expect((await submit(facilityUser.cookie, body)).status).toBe(403);
    expect((await submit(studentUser.cookie, body)).status).toBe(403);
    expect((await submit(undefined, body)).status).toBe(401);
  });

  it.skipIf(!ON_POSTGRES)(
    "20 identical submissions at once create exactly one application (PostgreSQL only: PGlite is one connection, so requests cannot race there)",
    async () => {
      const p = await createPlacement(db(), facilityId, { title: "Race Rotation" });
      const student = await createStudent(t, programId);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => submit(program.cookie, { placementId: p.id, studentIds: [student.id] })),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((x) => x === 201)).toHaveLength(1);
      expect(statuses.filter((x) => x === 200)).toHaveLength(19);
      for (const r of results.filter((x) => x.status === 200)) expect(r.json.refused[0].code).toBe("already_applied");
      expect(await rowsFor(p.id)).toHaveLength(1);
    },
  );
});

describe("GET /api/applications, export.csv and facilities", () => {
  let program: TestUser;
  let other: TestUser;
  let programId: string;
  let facility2: string;

  beforeAll(async () => {
    program = await t.createUser("program");
    other = await t.createUser("program");
    programId = program.organizationId!;
    facility2 = (await createFacility(t, { name: "Zephyr Children's Hospital" })).id;
    const icu = await createPlacement(db(), facilityId, {
      title: "ICU Rotation",
      specialty: "Intensive Care (ICU)",
      startDate: "2031-02-01",
      endDate: "2031-03-28",
    });
    const peds = await createPlacement(db(), facility2, { title: "Peds Rotation", specialty: "Pediatrics" });
    const ann = await createStudent(t, programId, {
      firstName: "Ann",
      lastName: "Avery",
      email: "ann.avery@school.test",
      gpa: "3.75",
    });
    const bob = await createStudent(t, programId, { firstName: "Bob", lastName: "Brown", email: "bob@school.test" });
    const cal = await createStudent(t, programId, { firstName: "Cal", lastName: "Cole", email: "=cal@school.test" });
    const olga = await createStudent(t, other.organizationId!, { firstName: "Olga", lastName: "Other" });
    const at = (day: number) => new Date(Date.UTC(2030, 0, day));
    await createApplication(db(), ann, icu.id, {
      submittedAt: at(1),
      status: "approved",
      reviewedAt: at(5),
      reviewNotes: "Welcome aboard",
    });
    await createApplication(db(), bob, icu.id, { submittedAt: at(2), notes: "Prefers nights" });
    await createApplication(db(), ann, peds.id, { submittedAt: at(3), status: "rejected", reviewedAt: at(6) });
    await createApplication(db(), cal, peds.id, { submittedAt: at(4) });
    await createApplication(db(), olga, icu.id, { submittedAt: at(7) });
  });

  const list = (cookie: string | undefined, qs = "") => t.call("GET", `/api/applications${qs}`, { cookie });
  const names = (res: { json: { items: { student: { name: string }; placement: { title: string } }[] } }) =>
    res.json.items.map((a) => `${a.student.name} → ${a.placement.title}`);

  it("lists the program's applications newest first with student, placement, facility and dates", async () => {
    const res = await list(program.cookie);
    expect(res.status).toBe(200);
    expect(names(res)).toEqual([
      "Cal Cole → Peds Rotation",
      "Ann Avery → Peds Rotation",
      "Bob Brown → ICU Rotation",
      "Ann Avery → ICU Rotation",
    ]);
    expect(res.json.total).toBe(4);
    expect(res.json.items[3]).toMatchObject({
      status: "approved",
      reviewNotes: "Welcome aboard",
      submittedAt: "2030-01-01T00:00:00.000Z",
      reviewedAt: "2030-01-05T00:00:00.000Z",
      student: { firstName: "Ann", lastName: "Avery", email: "ann.avery@school.test", gpa: 3.75 },
      placement: {
        title: "ICU Rotation",
        specialty: "Intensive Care (ICU)",
        startDate: "2031-02-01",
        endDate: "2031-03-28",
      },
      facility: { id: facilityId },
      program: { id: programId },
    });
  });

  it("filters by status, specialty, facility; searches student name and email; paginates", async () => {
    expect(names(await list(program.cookie, "?status=pending"))).toEqual([
      "Cal Cole → Peds Rotation",
      "Bob Brown → ICU Rotation",
    ]);
    expect(names(await list(program.cookie, "?specialty=Pediatrics"))).toEqual([
      "Cal Cole → Peds Rotation",
      "Ann Avery → Peds Rotation",
    ]);
    expect(names(await list(program.cookie, `?facilityId=${facilityId}`))).toEqual([
      "Bob Brown → ICU Rotation",
      "Ann Avery → ICU Rotation",
    ]);
    expect(names(await list(program.cookie, "?search=ann%20av"))).toHaveLength(2);
    expect(names(await list(program.cookie, "?search=BOB@SCHOOL"))).toEqual(["Bob Brown → ICU Rotation"]);
    const page2 = await list(program.cookie, "?pageSize=3&page=2");
    expect(names(page2)).toEqual(["Ann Avery → ICU Rotation"]);
    expect(page2.json).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect((await list(program.cookie, "?status=accepted")).status).toBe(422);
  });

  it("another program sees only its own; an admin sees every program, or one", async () => {
    expect(names(await list(other.cookie))).toEqual(["Olga Other → ICU Rotation"]);
    expect(names(await list(other.cookie, `?programId=${programId}`))).toEqual(["Olga Other → ICU Rotation"]);
    const all = await list(admin.cookie, "?pageSize=100");
    expect(all.json.items.map((a: { student: { name: string } }) => a.student.name)).toEqual(
      expect.arrayContaining(["Olga Other", "Cal Cole"]),
    );
    expect((await list(admin.cookie, `?programId=${programId}`)).json.total).toBe(4);
  });

  it("403 for facility and student users; 401 signed out", async () => {
    expect((await list(facilityUser.cookie)).status).toBe(403);
    expect((await list(studentUser.cookie)).status).toBe(403);
    expect((await list(undefined)).status).toBe(401);
  });

  it("exports the same filtered list as CSV with the program's labels", async () => {
    const res = await t.call("GET", "/api/applications/export.csv?specialty=Pediatrics", { cookie: program.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(
      /attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = res.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Student,Email,GPA,Program,Placement,Specialty,Facility,City,State,Start date,End date,Status,Submitted,Reviewed,Notes,Review notes",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^Cal Cole,'=cal@school\.test,,/);
    expect(lines[1]).toContain(",Pending,");
    expect(lines[2]).toMatch(/^Ann Avery,ann\.avery@school\.test,3\.75,.*,Rejected,/);
    const otherCsv = await t.call("GET", "/api/applications/export.csv", { cookie: other.cookie });
    expect(otherCsv.text).not.toContain("Ann Avery");
    expect(otherCsv.text).toContain("Olga Other");
    expect((await t.call("GET", "/api/applications/export.csv", { cookie: admin.cookie })).text).toContain("Ann Avery");
  });

  it("export: 403 for facility and student users; 401 signed out", async () => {
    expect((await t.call("GET", "/api/applications/export.csv", { cookie: facilityUser.cookie })).status).toBe(403);
    expect((await t.call("GET", "/api/applications/export.csv", { cookie: studentUser.cookie })).status).toBe(403);
    expect((await t.call("GET", "/api/applications/export.csv")).status).toBe(401);
  });

  it("lists the facilities the program applied to, by name", async () => {
    const res = await t.call("GET", "/api/applications/facilities", { cookie: program.cookie });
    expect(res.status).toBe(200);
    expect(res.json.items).toEqual([
      { id: facilityId, name: expect.any(String) },
      { id: facility2, name: "Zephyr Children's Hospital" },
    ]);
    expect((await t.call("GET", "/api/applications/facilities", { cookie: other.cookie })).json.items).toEqual([
      { id: facilityId, name: expect.any(String) },
    ]);
    expect(
      (await t.call("GET", `/api/applications/facilities?programId=${programId}`, { cookie: admin.cookie })).json.items,
    ).toHaveLength(2);
    expect((await t.call("GET", "/api/applications/facilities", { cookie: facilityUser.cookie })).status).toBe(403);
    expect((await t.call("GET", "/api/applications/facilities", { cookie: studentUser.cookie })).status).toBe(403);
    expect((await t.call("GET", "/api/applications/facilities")).status).toBe(401);
  });
});

describe("POST /api/applications/{id}/withdraw", () => {
  let program: TestUser;
  let other: TestUser;
  let student: Awaited<ReturnType<typeof createStudent>>;

  beforeAll(async () => {
    program = await t.createUser("program");
    other = await t.createUser("program");
    student = await createStudent(t, program.organizationId!);
  });

  const withdraw = (cookie: string | undefined, id: string) =>
    t.call("POST", `/api/applications/${id}/withdraw`, { cookie });

  it("withdraws a pending application and stamps withdrawn_at; the slots stay", async () => {
    const p = await createPlacement(db(), facilityId, { capacity: 3, slotsFilled: 1 });
    const a = await createApplication(db(), student, p.id);
    const res = await withdraw(program.cookie, a.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: a.id, status: "withdrawn", previousStatus: "pending" });
    const [row] = await rowsFor(p.id);
    expect(row.status).toBe("withdrawn");
    expect(row.withdrawnAt).toBeInstanceOf(Date);
    expect(await slotsOf(p.id)).toBe(1);
  });

  it("withdrawing an approved application frees its slot (D8)", async () => {
    const p = await createPlacement(db(), facilityId, { capacity: 2, slotsFilled: 2 });
    const a = await createApplication(db(), student, p.id, { status: "approved", reviewedAt: new Date() });
    const res = await withdraw(program.cookie, a.id);
    expect(res.status).toBe(200);
    expect(res.json.previousStatus).toBe("approved");
    expect(await slotsOf(p.id)).toBe(1);
    // Open again: the program list shows it.
    const search = await t.call("GET", `/api/placements?search=${encodeURIComponent(p.title)}`, {
      cookie: program.cookie,
    });
    expect(search.json.items[0]).toMatchObject({ id: p.id, availableSpots: 1 });
  });

  it("409 for a withdrawn or rejected application", async () => {
    const p = await createPlacement(db(), facilityId);
    const done = await createApplication(db(), student, p.id, { status: "withdrawn", withdrawnAt: new Date() });
    const again = await withdraw(program.cookie, done.id);
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe("This application was already withdrawn");
    const p2 = await createPlacement(db(), facilityId);
    const rejected = await createApplication(db(), student, p2.id, { status: "rejected", reviewedAt: new Date() });
    const r = await withdraw(program.cookie, rejected.id);
    expect(r.status).toBe(409);
    expect(r.json.error.message).toBe("A rejected application cannot be withdrawn");
  });

  it("404 for another program's application or an unknown id; an admin may withdraw", async () => {
    const p = await createPlacement(db(), facilityId);
    const a = await createApplication(db(), student, p.id);
    const res = await withdraw(other.cookie, a.id);
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe("not_found");
    expect((await rowsFor(p.id))[0].status).toBe("pending");
    expect((await withdraw(program.cookie, UNKNOWN)).status).toBe(404);
    expect((await withdraw(admin.cookie, a.id)).status).toBe(200);
  });

  it("403 for facility and student users; 401 signed out", async () => {
    const p = await createPlacement(db(), facilityId);
    const a = await createApplication(db(), student, p.id);
    expect((await withdraw(facilityUser.cookie, a.id)).status).toBe(403);
    expect((await withdraw(studentUser.cookie, a.id)).status).toBe(403);
    expect((await withdraw(undefined, a.id)).status).toBe(401);
    expect((await rowsFor(p.id))[0].status).toBe("pending");
  });

  it.skipIf(!ON_POSTGRES)(
    "concurrent withdrawals of one approved application free exactly one slot (PostgreSQL only: PGlite is one connection)",
    async () => {
      const p = await createPlacement(db(), facilityId, { capacity: 3, slotsFilled: 3 });
      const a = await createApplication(db(), student, p.id, { status: "approved", reviewedAt: new Date() });
      const results = await Promise.all(Array.from({ length: 8 }, () => withdraw(program.cookie, a.id)));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(7);
      expect(await slotsOf(p.id)).toBe(2);
    },
  );
});
