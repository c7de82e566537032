import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "./db/schema/auth";
import { departments } from "./db/schema/placements";
import { studentInvitations, studentUsers } from "./db/schema/students";
import { createDepartment } from "./factories/placements";
import { hashInvitationToken } from "./features/students/invitations";
import { createCoordinator, createProgram, createStudent } from "./testing/factories";
import { createTestApp, TEST_APP_URL, type TestApp, type TestUser } from "./testing/harness";

// Issue 8, item 8: inputs that answered 500. A NUL character (PostgreSQL refuses it in text), an
// out-of-range date, and concurrent duplicates each get a 4xx in the one envelope. The races run for
// real on PostgreSQL (TEST_DATABASE_URL); on PGlite they are serialized but must hold all the same.

let t: TestApp;
let facility: TestUser;
let student: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  facility = await t.createUser("facility");
  student = await t.createUser("student");
});
afterAll(async () => {
  await t?.close();
});

/** The 422 of the envelope, with one issue naming `path`. */
function expectNamed(res: { status: number; json: unknown }, path: string) {
  expect(res.status, JSON.stringify(res.json)).toBe(422);
  expect(res.json).toMatchObject({
    error: { code: "invalid", message: expect.any(String), issues: [{ path, message: expect.stringMatching(/NUL/) }] },
  });
}

describe("a NUL character is refused with 422 naming the field", () => {
  it("in the anonymous sign-in and password-reset bodies (Better Auth)", async () => {
    const email = `nul\u0000${randomBytes(3).toString("hex")}@test.dev`;
    expectNamed(await t.attemptSignIn(email, "Whatever-2026"), "email");
    expectNamed(await t.attemptSignIn("someone@test.dev", "pass\u0000word"), "password");
    expectNamed(
      await t.call("POST", "/api/auth/request-password-reset", {
        body: { email, redirectTo: "/reset-password" },
        ip: t.nextIp(),
      }),
      "email",
    );
    expectNamed(
      await t.call("POST", "/api/auth/reset-password", {
        body: { newPassword: "Fuzz-Passphrase-2026!", token: "abc\u0000" },
        ip: t.nextIp(),
      }),
      "token",
    );
  });

  it("in our routes' JSON bodies, nested fields and keys included", async () => {
    const body = { name: "Unit\u0000A", specialty: "Pediatrics", capacity: 4 };
    expectNamed(await t.call("POST", "/api/facility/departments", { cookie: facility.cookie, body }), "name");
    const placement = {
      title: "Rotation",
      specialty: "Pediatrics",
      departmentId: (await createDepartment(t.deps.db, facility.organizationId!)).id,
      requirements: ["BLS", "ACLS\u0000"],
      startDate: "2027-01-04",
      endDate: "2027-03-01",
      capacity: 4,
    };
    expectNamed(
      await t.call("POST", "/api/facility/placements", { cookie: facility.cookie, body: placement }),
      "requirements.1",
    );
    expectNamed(
      await t.call("PUT", "/api/me/student/preferences", {
        cookie: student.cookie,
        body: { careerGoals: "ok", nested: { "bad\u0000key": 1 } },
      }),
      "nested",
    );
    // A raw NUL byte inside JSON (not valid JSON at all) is refused too, never passed on.
    const raw = await t.call("POST", "/api/facility/departments", {
      cookie: facility.cookie,
      body: '{"name":"Unit\u0000B","specialty":"Pediatrics","capacity":4}',
    });
    expectNamed(raw, "body");
  });

  it("in the query string and the path", async () => {
    const search = await t.call("GET", `/api/facility/placements?search=${encodeURIComponent("ab\u0000c")}`, {
      cookie: facility.cookie,
    });
    expectNamed(search, "search");
    expectNamed(await t.call("GET", "/api/messages?search=%00", { cookie: student.cookie }), "search");
    // Anonymous callers are refused the same way before any lookup.
    expectNamed(await t.call("GET", "/api/invitations/abc%00def"), "path");
    expectNamed(await t.call("GET", "/api/health?x%00=1"), "query");
  });

  it("leaves the body readable for our routes and for Better Auth", async () => {
    // A literal backslash-u0000 (six characters, not a NUL) makes the guard parse the body.
    const name = `Unit \\u0000 ${randomBytes(2).toString("hex")}`;
    const created = await t.call("POST", "/api/facility/departments", {
      cookie: facility.cookie,
      body: { name, specialty: "Pediatrics", capacity: 4 },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const [row] = await t.deps.db.select().from(departments).where(eq(departments.name, name));
    expect(row?.name).toBe(name);

    const password = "Back\\u0000slash-2026";
    const user = await t.createUser("program", { password });
    const signedIn = await t.attemptSignIn(user.email, password);
    expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
    expect(signedIn.cookie).toBeTruthy();
  });
});

describe("extreme dates are refused with 422 naming the field", () => {
  const placement = (departmentId: string, startDate: string, endDate = "2027-03-01") => ({
    title: "Rotation",
    specialty: "Pediatrics",
    departmentId,
    startDate,
    endDate,
    capacity: 4,
  });

  it("in placement bodies", async () => {
    const { id } = await createDepartment(t.deps.db, facility.organizationId!);
    for (const [start, end] of [
      ["0000-01-01", "2027-03-01"],
      ["2027-01-04", "99999-12-31"],
      ["2026-02-30", "2027-03-01"],
      ["1899-12-31", "2027-03-01"],
      ["2027-01-04", "2201-01-01"],
    ]) {
      const res = await t.call("POST", "/api/facility/placements", {
        cookie: facility.cookie,
        body: placement(id, start, end),
      });
      expect(res.status, `${start}..${end}: ${JSON.stringify(res.json)}`).toBe(422);
      const field = start === "2027-01-04" ? "endDate" : "startDate";
      expect(res.json.error.issues).toEqual(expect.arrayContaining([{ path: field, message: expect.any(String) }]));
    }
    const edge = await t.call("POST", "/api/facility/placements", {
      cookie: facility.cookie,
      body: placement(id, "2200-01-01", "2200-12-31"),
    });
    expect(edge.status, JSON.stringify(edge.json)).toBe(201);
  });

  it("in search filters", async () => {
    const program = await t.createUser("program");
    for (const [path, cookie] of [
      ["/api/placements", program.cookie],
      ["/api/me/student/placements", student.cookie],
    ] as const) {
      for (const [param, value] of [
        ["startFrom", "0000-01-01"],
        ["endBy", "9999-12-31"],
        ["startFrom", "275760-09-13"],
        ["endBy", "2026-02-30"],
      ]) {
        const res = await t.call("GET", `${path}?${param}=${value}`, { cookie });
        expect(res.status, `${path} ${param}=${value}`).toBe(422);
        expect(res.json.error.issues).toEqual([{ path: param, message: expect.stringContaining(param) }]);
      }
    }
  });

  it("in a student's experience", async () => {
    const res = await t.call("POST", "/api/me/student/experiences", {
      cookie: student.cookie,
      body: { kind: "work", organization: "Clinic", title: "Aide", startDate: "0000-01-01", endDate: "9999-12-31" },
    });
    expect(res.status).toBe(422);
    expect(res.json.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["endDate", "startDate"]);
  });
});

describe("concurrent duplicates never answer 500", () => {
  it("10 parallel sign-ups with one email create one account", async () => {
    const email = `race-${randomBytes(4).toString("hex")}@test.dev`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.call("POST", "/api/accounts/sign-up", {
          body: {
            fullName: "Rae Racer",
            organizationName: "Race Health",
            email,
            password: "Race-condition-2026",
            role: "facility",
          },
          headers: { origin: TEST_APP_URL },
          ip: t.nextIp(),
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.filter((s) => s >= 500),
      JSON.stringify(answers.map((a) => a.json)),
    ).toEqual([]);
    for (const a of answers.filter((x) => x.status >= 400)) expect(a.json.error.code).toEqual(expect.any(String));
    const [{ count }] = await t.deps.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email));
    expect(count).toBe(1);
  });

  it("10 parallel acceptances of one invitation create one account", async () => {
    const program = await createProgram(t);
    const coordinator = await createCoordinator(t, program.id, "program");
    const rosterEntry = await createStudent(t, program.id);
    const token = randomBytes(32).toString("base64url");
    await t.deps.db.insert(studentInvitations).values({
      studentId: rosterEntry.id,
      email: rosterEntry.email,
      tokenHash: hashInvitationToken(token),
      invitedBy: coordinator.userId,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.call("POST", `/api/invitations/${token}/accept`, {
          body: { password: "Clinical-Rotation-2026" },
          headers: { origin: TEST_APP_URL },
          ip: t.nextIp(),
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.filter((s) => s >= 500),
      JSON.stringify(answers.map((a) => a.json)),
    ).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status >= 400)) {
      expect([409, 410]).toContain(a.status);
      expect(a.json.error.code).toEqual(expect.any(String));
    }
    const accounts = await t.deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, rosterEntry.email.toLowerCase()));
    expect(accounts).toHaveLength(1);
    const links = await t.deps.db.select().from(studentUsers).where(eq(studentUsers.studentId, rosterEntry.id));
    expect(links).toHaveLength(1);
  });
});
