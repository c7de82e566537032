import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizations } from "../../db/schema/organizations";
import { studentInvitations, students } from "../../db/schema/students";
import { createApplication } from "../../factories/applications";
import { createPlacement } from "../../factories/placements";
import { createCoordinator, createFacility, createProgram, createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";
import { hashInvitationToken } from "./invitations";

let t: TestApp;
let programA: { id: string; name: string };
let programB: { id: string; name: string };
let facilityId: string;
let coordA: TestUser;
let coordB: TestUser;
let admin: TestUser;
let facilityUser: TestUser;
let studentUser: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  programA = await createProgram(t, { name: "Lakeside School of Nursing" });
  programB = await createProgram(t, { name: "Hillcrest Nursing College" });
  facilityId = (await createFacility(t)).id;
  coordA = await createCoordinator(t, programA.id, "program");
  coordB = await createCoordinator(t, programB.id, "program");
  facilityUser = await createCoordinator(t, facilityId, "facility");
  admin = await t.createUser("admin");
  studentUser = await t.createUser("student");
});
afterAll(async () => {
  await t?.close();
});

const get = (path: string, u?: TestUser) => t.call("GET", path, { cookie: u?.cookie });
const post = (path: string, u?: TestUser, body: unknown = {}) => t.call("POST", path, { cookie: u?.cookie, body });
const patch = (path: string, u?: TestUser, body: unknown = {}) => t.call("PATCH", path, { cookie: u?.cookie, body });
const del = (path: string, u?: TestUser) => t.call("DELETE", path, { cookie: u?.cookie });
const issuePaths = (res: { json: { error: { issues?: { path: string }[] } } }) =>
  (res.json.error.issues ?? []).map((i) => i.path);

describe("who may call the students API", () => {
  it("answers 401 signed out and 403 to facility and student users, on every route", async () => {
    const s = await createStudent(t, programA.id);
    const routes: [string, string][] = [
      ["GET", "/api/students"],
      ["GET", "/api/students/export.csv"],
      ["POST", "/api/students"],
      ["POST", "/api/students/import/preview"],
      ["POST", "/api/students/import"],
      ["GET", `/api/students/${s.id}`],
      ["PATCH", `/api/students/${s.id}`],
      ["DELETE", `/api/students/${s.id}`],
      ["POST", `/api/students/${s.id}/withdraw`],
      ["POST", `/api/students/${s.id}/reinstate`],
      ["POST", `/api/students/${s.id}/invite`],
    ];
    const body = { firstName: "X", lastName: "Y", email: "x.y@test.dev", csv: "first_name,last_name,email\n" };
    for (const [method, path] of routes) {
      const opts = method === "GET" || method === "DELETE" ? {} : { body };
      expect((await t.call(method, path, opts)).status, `${method} ${path} signed out`).toBe(401);
      expect(
        (await t.call(method, path, { ...opts, cookie: facilityUser.cookie })).status,
        `${method} ${path} facility`,
      ).toBe(403);
      expect(
        (await t.call(method, path, { ...opts, cookie: studentUser.cookie })).status,
        `${method} ${path} student`,
      ).toBe(403);
    }
    // Nothing changed.
    const [still] = await t.deps.db.select().from(students).where(eq(students.id, s.id));
    expect(still.enrollmentStatus).toBe("active");
  });

  it("another program's coordinator gets 404 for every route on a student id, and the row is untouched", async () => {
    const s = await createStudent(t, programA.id, { firstName: "Private", lastName: "Record" });
    for (const [method, path] of [
      ["GET", `/api/students/${s.id}`],
      ["PATCH", `/api/students/${s.id}`],
      ["DELETE", `/api/students/${s.id}`],
      ["POST", `/api/students/${s.id}/withdraw`],
      ["POST", `/api/students/${s.id}/reinstate`],
      ["POST", `/api/students/${s.id}/invite`],
    ] as const) {
      const res = await t.call(method, path, {
        cookie: coordB.cookie,
        body: method === "PATCH" ? { firstName: "Hacked" } : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json.error.message).toBe("Student not found");
    }
    const [row] = await t.deps.db.select().from(students).where(eq(students.id, s.id));
    expect(row).toMatchObject({ firstName: "Private", enrollmentStatus: "active" });
    expect(await t.mailTo(s.email)).toHaveLength(0);
  });

  it("answers 404 for an unknown id and for an id that is not a UUID", async () => {
    expect((await get("/api/students/00000000-0000-4000-8000-000000000000", coordA)).status).toBe(404);
    expect((await get("/api/students/not-a-uuid", coordA)).status).toBe(404);
    expect((await post("/api/students/not-a-uuid/invite", coordA)).status).toBe(404);
  });
});

describe("GET /api/students", () => {
  let program: { id: string };
  let coord: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    program = await createProgram(t);
    coord = await createCoordinator(t, program.id);
    other = await createCoordinator(t, (await createProgram(t)).id);
    await createStudent(t, program.id, {
      // Added in order, minutes apart: two inserts within one clock tick would tie on created_at.
      createdAt: new Date(Date.now() - 3 * 60_000),
      firstName: "Avery",
      lastName: "Johnson",
      email: "avery.johnson@lake.edu",
      gpa: "3.62",
      specialtyInterest: "Pediatrics",
      complianceStatus: "compliant",
    });
    await createStudent(t, program.id, {
      // Added in order, minutes apart: two inserts within one clock tick would tie on created_at.
      createdAt: new Date(Date.now() - 2 * 60_000),
      firstName: "Blake",
      lastName: "Adams",
      email: "blake@lake.edu",
      gpa: "3.90",
      specialtyInterest: "Emergency",
    });
    await createStudent(t, program.id, {
      // Added in order, minutes apart: two inserts within one clock tick would tie on created_at.
      createdAt: new Date(Date.now() - 1 * 60_000),
      firstName: "Casey",
      lastName: "Zimmer",
      email: "casey_z@lake.edu",
      gpa: null,
      specialtyInterest: "Pediatrics",
      complianceStatus: "incomplete",
    });
    await createStudent(t, program.id, {
      firstName: "Dana",
      lastName: "Old",
      email: "dana@lake.edu",
      enrollmentStatus: "withdrawn",
      withdrawnAt: new Date(),
    });
  });

  it("lists the program's active students with counts and invitation state", async () => {
    const res = await get("/api/students?sort=name", coord);
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(3);
    expect(res.json.items.map((s: { lastName: string }) => s.lastName)).toEqual(["Adams", "Johnson", "Zimmer"]);
    expect(res.json.items[1]).toMatchObject({
      firstName: "Avery",
      gpa: 3.62,
      specialtyInterest: "Pediatrics",
      complianceStatus: "compliant",
      enrollmentStatus: "active",
      applications: { pending: 0, approved: 0, rejected: 0, withdrawn: 0, total: 0 },
      invitation: { state: "none", sentAt: null, expiresAt: null },
    });
  });

  it("another program's coordinator sees none of them", async () => {
    const res = await get("/api/students?enrollment=all", other);
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(0);
    // Naming another program in the query changes nothing for a coordinator (D1).
    const forged = await get(`/api/students?enrollment=all&programId=${program.id}`, other);
    expect(forged.json.total).toBe(0);
  });

  it("an admin sees every program, or one program by programId", async () => {
    const all = await get("/api/students?enrollment=all&pageSize=100", admin);
    expect(all.status).toBe(200);
    const programs = new Set(all.json.items.map((s: { programId: string }) => s.programId));
    expect(programs.has(program.id)).toBe(true);
    expect(programs.size).toBeGreaterThan(1);
    const one = await get(`/api/students?enrollment=all&programId=${program.id}`, admin);
    expect(one.json.total).toBe(4);
    expect(one.json.items[0].programName).toBeTruthy();
  });

  it("searches first name, last name, full name and email; % and _ are literal", async () => {
    const names = async (q: string) =>
      (await get(`/api/students?search=${encodeURIComponent(q)}`, coord)).json.items.map(
        (s: { firstName: string }) => s.firstName,
      );
    expect(await names("avery")).toEqual(["Avery"]);
    expect(await names("ZIMM")).toEqual(["Casey"]);
    expect(await names("Blake Adams")).toEqual(["Blake"]);
    expect(await names("lake.edu")).toHaveLength(3);
    expect(await names("casey_")).toEqual(["Casey"]);
    expect(await names("y_j")).toEqual([]);
    expect(await names("%")).toEqual([]);
  });

  it("filters by specialty, compliance status and enrollment", async () => {
    const q = async (qs: string) =>
      (await get(`/api/students?sort=name&${qs}`, coord)).json.items.map((s: { firstName: string }) => s.firstName);
    expect(await q("specialty=Pediatrics")).toEqual(["Avery", "Casey"]);
    expect(await q("specialty=Pediatrics&complianceStatus=incomplete")).toEqual(["Casey"]);
    expect(await q("complianceStatus=pending")).toEqual(["Blake"]);
    expect(await q("enrollment=withdrawn")).toEqual(["Dana"]);
    expect(await q("enrollment=all")).toEqual(["Blake", "Avery", "Dana", "Casey"]);
  });

  it("sorts by GPA (unknown last), compliance status and date added, both ways", async () => {
    const q = async (qs: string) =>
      (await get(`/api/students?${qs}`, coord)).json.items.map((s: { firstName: string }) => s.firstName);
    expect(await q("sort=gpa")).toEqual(["Blake", "Avery", "Casey"]);
    expect(await q("sort=gpa&order=asc")).toEqual(["Avery", "Blake", "Casey"]);
    expect(await q("sort=complianceStatus")).toEqual(["Avery", "Casey", "Blake"]);
    expect(await q("sort=name&order=desc")).toEqual(["Casey", "Avery", "Blake"]);
    expect(await q("")).toEqual(["Casey", "Blake", "Avery"]);
  });

  it("paginates on the server", async () => {
    const p1 = await get("/api/students?sort=name&pageSize=2&page=1", coord);
    const p2 = await get("/api/students?sort=name&pageSize=2&page=2", coord);
    expect(p1.json).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(p1.json.items).toHaveLength(2);
    expect(p2.json.items.map((s: { firstName: string }) => s.firstName)).toEqual(["Casey"]);
  });

  it("answers 422 naming a bad query parameter", async () => {
    const res = await get("/api/students?sort=shoe&pageSize=1000&complianceStatus=great", coord);
    expect(res.status).toBe(422);
    expect(issuePaths(res)).toEqual(expect.arrayContaining(["sort", "pageSize", "complianceStatus"]));
  });

  it("counts each student's applications by status in the list", async () => {
    const s = await createStudent(t, program.id, { firstName: "Eli", lastName: "Busy", email: "eli@lake.edu" });
    for (const status of ["pending", "pending", "approved", "rejected", "withdrawn"] as const) {
      const placement = await createPlacement(t.deps.db, facilityId);
      await createApplication(t.deps.db, s, placement.id, { status });
    }
    const res = await get("/api/students?search=eli%40lake", coord);
    expect(res.json.items[0].applications).toEqual({ pending: 2, approved: 1, rejected: 1, withdrawn: 1, total: 5 });
    await t.deps.db.delete(students).where(eq(students.id, s.id));
  });
});

describe("GET /api/students/export.csv", () => {
  it("exports the filtered students as CSV, formulas neutralised", async () => {
    const program = await createProgram(t, { name: "Export Program" });
    const coord = await createCoordinator(t, program.id);
    await createStudent(t, program.id, {
      firstName: "Avery",
      lastName: "Johnson",
      email: "avery@export.test",
      phone: "555-0100",
      gpa: "3.50",
      specialtyInterest: "Pediatrics",
    });
    await createStudent(t, program.id, { firstName: "=cmd", lastName: "O'Neil, Jr", email: "oneil@export.test" });
    await createStudent(t, program.id, {
      firstName: "Zed",
      lastName: "Gone",
      email: "zed@export.test",
      specialtyInterest: "Oncology",
    });

    const res = await get("/api/students/export.csv?sort=name", coord);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="students-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "First name,Last name,Email,Phone,GPA,Specialty interest,Compliance status,Enrollment,Invitation,Applications,Pending,Approved,Rejected,Withdrawn,Added,Program",
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      /^Zed,Gone,zed@export.test,,,Oncology,pending,active,none,0,0,0,0,0,\d{4}-\d{2}-\d{2},Export Program$/,
    );
    expect(lines[2]).toMatch(/^Avery,Johnson,avery@export.test,555-0100,3.50,Pediatrics,pending,active,none,0,/);
    expect(lines[3]).toContain(`'=cmd,"O'Neil, Jr",oneil@export.test`);

    const filtered = await get("/api/students/export.csv?specialty=Pediatrics", coord);
    expect(filtered.text.trim().split("\r\n")).toHaveLength(2);
    const otherProgram = await get("/api/students/export.csv", coordB);
    expect(otherProgram.text).not.toContain("export.test");
  });
});

describe("POST /api/students", () => {
  it("adds a student to the coordinator's program, compliance pending", async () => {
    const res = await post("/api/students", coordA, {
      firstName: " Riley ",
      lastName: "Chen",
      email: "riley.chen@lakeside.edu",
      phone: "555-0101",
      gpa: 3.75,
      specialtyInterest: "Oncology",
      programId: programB.id,
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      firstName: "Riley",
      lastName: "Chen",
      email: "riley.chen@lakeside.edu",
      gpa: 3.75,
      specialtyInterest: "Oncology",
      complianceStatus: "pending",
      enrollmentStatus: "active",
      // A coordinator's programId in the body is ignored: the session decides (D1).
      programId: programA.id,
      programName: programA.name,
      invitation: { state: "none" },
    });
  });

  it("answers 422 naming each invalid field", async () => {
    const res = await post("/api/students", coordA, { firstName: "", email: "not-an-email", gpa: 4.5 });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe("invalid");
    const byPath = Object.fromEntries(
      res.json.error.issues.map((i: { path: string; message: string }) => [i.path, i.message]),
    );
    expect(byPath).toMatchObject({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Invalid email address",
      gpa: "GPA must be between 0.00 and 4.00",
    });
    const decimals = await post("/api/students", coordA, {
      firstName: "A",
      lastName: "B",
      email: "a@b.test",
      gpa: "3.555",
    });
    expect(decimals.status).toBe(422);
    expect(issuePaths(decimals)).toEqual(["gpa"]);
  });

  it("answers 409 for an email already in the program (any case); another program may use it", async () => {
    const body = { firstName: "Dup", lastName: "Licate", email: "dup.licate@lakeside.edu" };
    expect((await post("/api/students", coordA, body)).status).toBe(201);
    const again = await post("/api/students", coordA, { ...body, email: "DUP.Licate@lakeside.edu" });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe("A student with this email is already in your program");
    expect((await post("/api/students", coordB, body)).status).toBe(201);
  });

  it("answers 409 to every loser when the same student is added many times at once", async () => {
    const body = { firstName: "Race", lastName: "Condition", email: "race@lakeside.edu" };
    const results = await Promise.all(Array.from({ length: 10 }, () => post("/api/students", coordA, body)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.json.error.message).toBe("A student with this email is already in your program");
    }
  });

  it("an admin names the program; without one, 422 on programId", async () => {
    const body = { firstName: "Admin", lastName: "Added", email: "admin.added@lakeside.edu" };
    const missing = await post("/api/students", admin, body);
    expect(missing.status).toBe(422);
    expect(issuePaths(missing)).toEqual(["programId"]);
    const unknown = await post("/api/students", admin, { ...body, programId: facilityId });
    expect(unknown.status).toBe(422);
    const ok = await post("/api/students", admin, { ...body, programId: programB.id });
    expect(ok.status).toBe(201);
    expect(ok.json.programId).toBe(programB.id);
  });
});

describe("GET /api/students/{id}", () => {
  it("returns the student, statistics by status and their applications", async () => {
    const s = await createStudent(t, programA.id, { firstName: "Morgan", lastName: "Lee", gpa: "3.10" });
    const placementA = await createPlacement(t.deps.db, facilityId, {
      title: "ICU Rotation",
      specialty: "Intensive Care (ICU)",
    });
    const placementB = await createPlacement(t.deps.db, facilityId, {
      title: "Peds Rotation",
      specialty: "Pediatrics",
    });
    await createApplication(t.deps.db, s, placementA.id, { status: "approved", reviewedAt: new Date() });
    await createApplication(t.deps.db, s, placementB.id, { status: "pending" });

    const res = await get(`/api/students/${s.id}`, coordA);
    expect(res.status).toBe(200);
    expect(res.json.student).toMatchObject({ id: s.id, firstName: "Morgan", gpa: 3.1 });
    expect(res.json.statistics).toEqual({ pending: 1, approved: 1, rejected: 0, withdrawn: 0, total: 2 });
    expect(res.json.applications).toHaveLength(2);
    const icu = res.json.applications.find((a: { placementTitle: string }) => a.placementTitle === "ICU Rotation");
    expect(icu).toMatchObject({
      specialty: "Intensive Care (ICU)",
      status: "approved",
      startDate: placementA.startDate,
      endDate: placementA.endDate,
      facilityCity: "Columbus",
    });
    expect(icu.facilityName).toBeTruthy();
    expect(icu.reviewedAt).toBeTruthy();
    expect(icu.submittedAt).toBeTruthy();

    expect((await get(`/api/students/${s.id}`, admin)).status).toBe(200);
    expect((await get(`/api/students/${s.id}`, coordB)).status).toBe(404);
  });
});

describe("PATCH /api/students/{id}", () => {
  it("edits a student", async () => {
    const s = await createStudent(t, programA.id, { firstName: "Jo", specialtyInterest: "Oncology", gpa: "2.50" });
    const res = await patch(`/api/students/${s.id}`, coordA, {
      firstName: "Joanna",
      gpa: "3.25",
      specialtyInterest: "",
      phone: "555-0199",
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ firstName: "Joanna", gpa: 3.25, specialtyInterest: null, phone: "555-0199" });
    expect(res.json.lastName).toBe(s.lastName);
    // An admin may edit too.
    const partial = await patch(`/api/students/${s.id}`, admin, { lastName: "Smith" });
    // Fields left out of a PATCH keep their values.
    expect(partial.json).toMatchObject({ lastName: "Smith", firstName: "Joanna", phone: "555-0199", gpa: 3.25 });
  });

  it("answers 422 for bad fields and 409 for an email taken in the program", async () => {
    const a = await createStudent(t, programA.id, { email: "taken@lakeside.edu" });
    const b = await createStudent(t, programA.id);
    const bad = await patch(`/api/students/${b.id}`, coordA, { gpa: 4.5, email: "nope", firstName: "" });
    expect(bad.status).toBe(422);
    expect(issuePaths(bad)).toEqual(expect.arrayContaining(["gpa", "email", "firstName"]));
    const dup = await patch(`/api/students/${b.id}`, coordA, { email: "Taken@Lakeside.edu" });
    expect(dup.status).toBe(409);
    expect(dup.json.error.message).toBe("A student with this email is already in your program");
    // Keeping one's own email (in another case) is fine.
    const own = await patch(`/api/students/${a.id}`, coordA, { email: "TAKEN@lakeside.edu" });
    expect(own.status).toBe(200);
  });
});

describe("removing and withdrawing", () => {
  it("removes a student without applications", async () => {
    const s = await createStudent(t, programA.id);
    const res = await del(`/api/students/${s.id}`, coordA);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: s.id, deleted: true });
    expect((await get(`/api/students/${s.id}`, coordA)).status).toBe(404);
    expect((await del(`/api/students/${s.id}`, coordA)).status).toBe(404);
  });

  it("refuses to remove a student with applications (409, withdraw instead), and withdraws and reinstates", async () => {
    const s = await createStudent(t, programA.id);
    const placement = await createPlacement(t.deps.db, facilityId);
    await createApplication(t.deps.db, s, placement.id, { status: "withdrawn" });

    const res = await del(`/api/students/${s.id}`, coordA);
    expect(res.status).toBe(409);
    expect(res.json.error.message).toMatch(/Withdraw them from the roster instead/);
    expect((await get(`/api/students/${s.id}`, coordA)).status).toBe(200);

    const withdrawn = await post(`/api/students/${s.id}/withdraw`, coordA);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.json.enrollmentStatus).toBe("withdrawn");
    expect(withdrawn.json.withdrawnAt).toBeTruthy();
    // Withdrawn students leave the default list but keep their record and history.
    const active = await get(`/api/students?search=${encodeURIComponent(s.email)}`, coordA);
    expect(active.json.total).toBe(0);
    const listed = await get(`/api/students?enrollment=withdrawn&search=${encodeURIComponent(s.email)}`, coordA);
    expect(listed.json.items[0].applications.total).toBe(1);
    // Repeating is harmless and keeps the first date.
    const again = await post(`/api/students/${s.id}/withdraw`, coordA);
    expect(again.json.withdrawnAt).toBe(withdrawn.json.withdrawnAt);

    const reinstated = await post(`/api/students/${s.id}/reinstate`, coordA);
    expect(reinstated.status).toBe(200);
    expect(reinstated.json).toMatchObject({ enrollmentStatus: "active", withdrawnAt: null });
  });
});

describe("roster import", () => {
  const csv = [
    "First Name,Last Name,E-mail,Phone,GPA,Specialty,Favourite colour",
    "Avery,Johnson,avery.j@import.test,555-0100,3.62,Pediatrics,blue",
    ",Nolast,missing.first@import.test,,3.1,,",
    "Bad,Email,not-an-email,,,,",
    "High,Gpa,high.gpa@import.test,,4.5,,",
    "Dupe,InFile,avery.j@import.test,,,,",
    "Existing,Student,already@import.test,,,,",
    '"Quinn, Jr",O\'Hara,quinn@import.test,,"3.00",Emergency,',
  ].join("\r\n");

  let program: { id: string };
  let coord: TestUser;
  beforeAll(async () => {
    program = await createProgram(t);
    coord = await createCoordinator(t, program.id);
    await createStudent(t, program.id, { email: "Already@Import.test" });
  });

  it("previews every row with its errors, flags students already in the program, saves nothing", async () => {
    const res = await post("/api/students/import/preview", coord, { csv });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      total: 7,
      valid: 2,
      invalid: 5,
      missingColumns: [],
      unknownColumns: ["Favourite colour"],
    });
    const byLine = Object.fromEntries(res.json.rows.map((r: { line: number; errors: string[] }) => [r.line, r.errors]));
    expect(byLine[2]).toEqual([]);
    expect(byLine[3]).toEqual(["First name is required"]);
    expect(byLine[4]).toEqual(["Invalid email address"]);
    expect(byLine[5]).toEqual(["GPA must be between 0.00 and 4.00"]);
    expect(byLine[6]).toEqual(["Duplicate of line 2 in this file"]);
    expect(byLine[7]).toEqual(["Already in your program"]);
    expect(byLine[8]).toEqual([]);
    expect(res.json.rows[6].values).toMatchObject({ first_name: "Quinn, Jr", last_name: "O'Hara", gpa: "3.00" });
    const count = await t.deps.db.select().from(students).where(eq(students.programId, program.id));
    expect(count).toHaveLength(1);
  });

  it("names missing columns", async () => {
    const res = await post("/api/students/import/preview", coord, { csv: "name,mail\nAvery,a@b.test\n" });
    expect(res.status).toBe(200);
    expect(res.json.missingColumns).toEqual(["first_name", "last_name"]);
    expect(res.json.valid).toBe(0);
  });

  it("imports the valid rows and reports the skipped ones with reasons", async () => {
    const res = await post("/api/students/import", coord, { csv });
    expect(res.status).toBe(200);
    expect(res.json.added).toBe(2);
    expect(res.json.skipped).toEqual([
      { line: 3, email: "missing.first@import.test", reasons: ["First name is required"] },
      { line: 4, email: "not-an-email", reasons: ["Invalid email address"] },
      { line: 5, email: "high.gpa@import.test", reasons: ["GPA must be between 0.00 and 4.00"] },
      { line: 6, email: "avery.j@import.test", reasons: ["Duplicate of line 2 in this file"] },
      { line: 7, email: "already@import.test", reasons: ["Already in your program"] },
    ]);
    const list = await get("/api/students?sort=name", coord);
    expect(list.json.items.map((s: { email: string }) => s.email)).toEqual([
      "avery.j@import.test",
      "quinn@import.test",
      "Already@Import.test",
    ]);
    const quinn = list.json.items.find((s: { email: string }) => s.email === "quinn@import.test");
    expect(quinn).toMatchObject({
      firstName: "Quinn, Jr",
      gpa: 3,
      specialtyInterest: "Emergency",
      complianceStatus: "pending",
    });

    // Importing the same file again adds nobody.
    const again = await post("/api/students/import", coord, { csv });
    expect(again.json.added).toBe(0);
    expect(
      again.json.skipped.filter((s: { reasons: string[] }) => s.reasons.includes("Already in your program")),
    ).toHaveLength(4);
  });

  it("imports thousands of rows in chunks, and atomically: a failure mid-import leaves nothing behind", async () => {
    const header = "first_name,last_name,email,phone,gpa,specialty_interest";
    const rows = (domain: string) => Array.from({ length: 1200 }, (_, i) => `Stu${i},Dent,stu${i}@${domain},,3.00,`);
    const p = await createProgram(t);
    const c = await createCoordinator(t, p.id);
    const good = await post("/api/students/import", c, { csv: [header, ...rows("bulk.test")].join("\n") });
    expect(good.status).toBe(200);
    expect(good.json).toEqual({ added: 1200, skipped: [] });
    expect((await get("/api/students", c)).json.total).toBe(1200);

    // A trigger failing the 1,100th row (in the third chunk of 500) stands in for a crash mid-import.
    const p2 = await createProgram(t);
    const c2 = await createCoordinator(t, p2.id);
    await t.deps.db.execute(
      `create or replace function fail_late() returns trigger language plpgsql as $$
       begin
         if new.program_id = '${p2.id}' and new.email = 'stu1099@atomic.test' then
           raise exception 'simulated failure';
         end if;
         return new;
       end $$`,
    );
    await t.deps.db.execute(
      "create trigger fail_late before insert on students for each row execute function fail_late()",
    );
    try {
      const failed = await post("/api/students/import", c2, { csv: [header, ...rows("atomic.test")].join("\n") });
      expect(failed.status).toBe(500);
      const left = await t.deps.db.select().from(students).where(eq(students.programId, p2.id));
      expect(left).toHaveLength(0);
    } finally {
      await t.deps.db.execute("drop trigger fail_late on students");
      await t.deps.db.execute("drop function fail_late()");
    }
  });

  it("answers 422 without csv, and an admin must name the program", async () => {
    const res = await post("/api/students/import", coord, {});
    expect(res.status).toBe(422);
    expect(issuePaths(res)).toEqual(["csv"]);
    const adminRes = await post("/api/students/import/preview", admin, { csv });
    expect(adminRes.status).toBe(422);
    expect(issuePaths(adminRes)).toEqual(["programId"]);
    const adminOk = await post("/api/students/import/preview", admin, { csv, programId: program.id });
    expect(adminOk.status).toBe(200);
  });
});

describe("POST /api/students/{id}/invite", () => {
  it("records an invitation (hash only, 7 days) and mails the student a link", async () => {
    const s = await createStudent(t, programA.id, { firstName: "Ivy", email: "ivy.invite@lakeside.edu" });
    const before = Date.now();
    const res = await post(`/api/students/${s.id}/invite`, coordA);
    expect(res.status).toBe(200);
    expect(res.json.state).toBe("invited");
    const expires = new Date(res.json.expiresAt).getTime();
    expect(expires - before).toBeGreaterThan(7 * 24 * 3600 * 1000 - 60_000);
    expect(expires - before).toBeLessThan(7 * 24 * 3600 * 1000 + 60_000);

    const [mail] = await t.mailTo("ivy.invite@lakeside.edu");
    expect(mail.subject).toBe("You're invited to the Clinical Placement Portal");
    expect(mail.text).toContain("Hello Ivy");
    expect(mail.text).toContain(programA.name);
    expect(mail.link).toMatch(/^http:\/\/localhost:3000\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain(mail.link);
    const token = mail.link!.split("/").pop()!;

    const [row] = await t.deps.db.select().from(studentInvitations).where(eq(studentInvitations.studentId, s.id));
    expect(row.tokenHash).toBe(hashInvitationToken(token));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tokenHash).not.toContain(token);
    expect(row.invitedBy).toBe(coordA.userId);
    expect(row.email).toBe("ivy.invite@lakeside.edu");

    const listed = await get(`/api/students?search=ivy.invite`, coordA);
    expect(listed.json.items[0].invitation).toMatchObject({ state: "invited", expiresAt: res.json.expiresAt });
  });

  it("re-inviting sends a fresh link and retires the old one", async () => {
    const s = await createStudent(t, programA.id, { email: "resend@lakeside.edu" });
    await post(`/api/students/${s.id}/invite`, coordA);
    const second = await post(`/api/students/${s.id}/invite`, coordA);
    expect(second.status).toBe(200);
    const mails = await t.mailTo("resend@lakeside.edu");
    expect(mails).toHaveLength(2);
    expect(mails[0].link).not.toBe(mails[1].link);
    const rows = await t.deps.db.select().from(studentInvitations).where(eq(studentInvitations.studentId, s.id));
    expect(rows).toHaveLength(2);
    const live = rows.filter((r) => r.expiresAt.getTime() > Date.now());
    expect(live).toHaveLength(1);
    expect(live[0].tokenHash).toBe(hashInvitationToken(mails[0].link!.split("/").pop()!));
  });

  it("shows an expired invitation as expired", async () => {
    const s = await createStudent(t, programA.id, { email: "expired@lakeside.edu" });
    await post(`/api/students/${s.id}/invite`, coordA);
    await t.deps.db
      .update(studentInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(studentInvitations.studentId, s.id)));
    const res = await get(`/api/students/${s.id}`, coordA);
    expect(res.json.student.invitation.state).toBe("expired");
  });

  it("answers 409 for a student who already has an account, and for a withdrawn student", async () => {
    const linked = await t.createUser("student", { organizationId: programA.id });
    const res = await post(`/api/students/${linked.studentId}/invite`, coordA);
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe("This student already has an account");
    const detail = await get(`/api/students/${linked.studentId}`, coordA);
    expect(detail.json.student.invitation.state).toBe("accepted");

    const w = await createStudent(t, programA.id, { enrollmentStatus: "withdrawn", withdrawnAt: new Date() });
    expect((await post(`/api/students/${w.id}/invite`, coordA)).status).toBe(409);
  });

  it("an admin may invite", async () => {
    const s = await createStudent(t, programB.id);
    expect((await post(`/api/students/${s.id}/invite`, admin)).status).toBe(200);
    expect(await t.mailTo(s.email)).toHaveLength(1);
  });
});

describe("a program pending verification or rejected (issue 8: roster capture)", () => {
  it("may prepare its roster (add, import) but cannot invite: 403 with the reason, and no mail", async () => {
    const pending = await createProgram(t, { name: "Pending Valley Nursing", verified: false });
    const coord = await createCoordinator(t, pending.id, "program");
    const victim = "victim.of.pending@lakeside.edu";
    // The email is also on a verified program's roster: preparing still works (D2).
    await createStudent(t, programA.id, { email: victim });
    const added = await post("/api/students", coord, { firstName: "Vic", lastName: "Tim", email: victim });
    expect(added.status, JSON.stringify(added.json)).toBe(201);
    const imported = await post("/api/students/import", coord, {
      csv: "first_name,last_name,email\nIm,Ported,imported.by.pending@lakeside.edu\n",
    });
    expect(imported.status).toBe(200);
    expect(imported.json.added).toBe(1);

    const res = await post(`/api/students/${added.json.id}/invite`, coord);
    expect(res.status).toBe(403);
    expect(res.json.error).toMatchObject({
      code: "program_unverified",
      message:
        "Pending Valley Nursing is pending verification: it can invite students and link their accounts once a platform administrator verifies it.",
    });
    // An admin cannot invite on its behalf either.
    expect((await post(`/api/students/${added.json.id}/invite`, admin)).status).toBe(403);
    expect(
      await t.deps.db.select().from(studentInvitations).where(eq(studentInvitations.studentId, added.json.id)),
    ).toEqual([]);
    expect(await t.mailTo(victim)).toHaveLength(0);
    // Another program's coordinator still gets 404 for that student, not the reason.
    expect((await post(`/api/students/${added.json.id}/invite`, coordB)).status).toBe(404);
  });

  it("a rejected program cannot invite, nor an admin for it", async () => {
    const rejected = await createProgram(t, { name: "Rejected Ridge College", verified: false });
    await t.deps.db
      .update(organizations)
      .set({ verificationStatus: "rejected" })
      .where(eq(organizations.id, rejected.id));
    const coord = await createCoordinator(t, rejected.id, "program");
    const s = await createStudent(t, rejected.id);
    expect((await post(`/api/students/${s.id}/invite`, coord)).status).toBe(403);
    // Nor an admin on its behalf: its roster entries never link to an account.
    const res = await post(`/api/students/${s.id}/invite`, admin);
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("program_unverified");
    expect(res.json.error.message).toMatch(/Rejected Ridge College was not verified/);
  });
});

describe("OpenAPI", () => {
  it("documents the students routes", async () => {
    const res = await get("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(Object.keys(res.json.paths)).toEqual(
      expect.arrayContaining([
        "/api/students",
        "/api/students/export.csv",
        "/api/students/{id}",
        "/api/students/{id}/invite",
        "/api/students/import/preview",
      ]),
    );
  });
});
