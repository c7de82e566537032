import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberships } from "../db/schema/organizations";
import { students } from "../db/schema/students";
import { createCoordinator, createFacility, createProgram, createStudent } from "../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../testing/harness";
import { facilityScope, programScope, type Scope, scopeOf, scopeWhere, studentScope } from "./access";
import type { Viewer } from "./context";

// ADR 011: the scope contract. The guard resolves one tagged Scope per request; "all" is only ever
// an administrator's, and a coordinator with two memberships acts for the session's active one.

const viewer = (o: Partial<Viewer>): Viewer => ({
  userId: "u",
  email: "u@test",
  name: "U",
  roles: [],
  role: null,
  organization: null,
  organizations: [],
  studentId: null,
  sessionId: "s",
  ...o,
});
const org = (id: string, kind: "program" | "facility") => ({
  id,
  kind,
  name: id,
  city: null,
  state: null,
  verificationStatus: "verified" as const,
  suspendedAt: null,
  suspendedReason: null,
});

describe("scopeOf and the narrowing helpers", () => {
  it("gives administrators all, coordinators their active organization, students their record, others none", () => {
    expect(scopeOf(viewer({ roles: ["admin"] }))).toEqual({ kind: "all" });
    expect(scopeOf(viewer({ roles: ["super_admin"] }))).toEqual({ kind: "all" });
    expect(scopeOf(viewer({ roles: ["program"], organization: org("p1", "program") }))).toEqual({
      kind: "program",
      programId: "p1",
    });
    expect(scopeOf(viewer({ roles: ["facility"], organization: org("f1", "facility") }))).toEqual({
      kind: "facility",
      facilityId: "f1",
    });
    expect(scopeOf(viewer({ roles: ["student"], studentId: "s1" }))).toEqual({ kind: "student", studentId: "s1" });
    // A role without the organization it needs, or an organization of the other kind: no standing.
    expect(scopeOf(viewer({ roles: ["program"] }))).toEqual({ kind: "none" });
    expect(scopeOf(viewer({ roles: ["program"], organization: org("f1", "facility") }))).toEqual({ kind: "none" });
    expect(scopeOf(viewer({ roles: ["student"] }))).toEqual({ kind: "none" });
  });

  it("narrows an administrator to the organization they name, never a coordinator (D1)", () => {
    const all: Scope = { kind: "all" };
    expect(programScope(all)).toEqual(all);
    expect(programScope(all, "p2")).toEqual({ kind: "program", programId: "p2" });
    expect(programScope({ kind: "program", programId: "p1" }, "p2")).toEqual({ kind: "program", programId: "p1" });
    expect(facilityScope(all, "f2")).toEqual({ kind: "facility", facilityId: "f2" });
    expect(facilityScope({ kind: "facility", facilityId: "f1" }, "f2")).toEqual({ kind: "facility", facilityId: "f1" });
  });

  it("refuses the other side's scopes: 403, or 404 no_student_record for the student's own pages", () => {
    expect(() => programScope({ kind: "facility", facilityId: "f1" })).toThrow(
      expect.objectContaining({ status: 403 }),
    );
    expect(() => programScope({ kind: "none" })).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => facilityScope({ kind: "program", programId: "p1" })).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => facilityScope({ kind: "student", studentId: "s1" })).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => studentScope({ kind: "all" })).toThrow(expect.objectContaining({ code: "no_student_record" }));
  });

  it("puts no condition only for kind all; a scope without a column matches nothing", () => {
    expect(scopeWhere({ kind: "all" }, { program: students.programId })).toBeUndefined();
    expect(scopeWhere({ kind: "program", programId: "p1" }, { program: students.programId })).toBeDefined();
    for (const scope of [
      { kind: "none" },
      { kind: "facility", facilityId: "f1" },
      { kind: "student", studentId: "s1" },
    ] as Scope[]) {
      expect(scopeWhere(scope, { program: students.programId })).toBeDefined();
    }
  });
});

describe("the active organization (ADR 011)", () => {
  let t: TestApp;
  let programA: { id: string };
  let programB: { id: string };
  let programC: { id: string };
  let facility: { id: string };
  let coordinator: TestUser;
  let inA: string;
  let inB: string;

  beforeAll(async () => {
    t = await createTestApp();
    programA = await createProgram(t);
    programB = await createProgram(t);
    programC = await createProgram(t);
    facility = await createFacility(t);
    coordinator = await createCoordinator(t, programA.id, "program");
    // A second, newer membership: the oldest (A) stays the default.
    await t.deps.db
      .insert(memberships)
      .values({ userId: coordinator.userId, organizationId: programB.id, createdAt: new Date(Date.now() + 60_000) });
    inA = (await createStudent(t, programA.id)).id;
    inB = (await createStudent(t, programB.id)).id;
    await createStudent(t, programC.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const roster = async (u: TestUser) => {
    const res = await t.call("GET", "/api/students?pageSize=100", { cookie: u.cookie });
    expect(res.status).toBe(200);
    return (res.json.items as { id: string }[]).map((s) => s.id).sort();
  };
  const switchTo = (u: TestUser, organizationId: string) =>
    t.call("POST", "/api/accounts/me/organization", { cookie: u.cookie, body: { organizationId } });

  it("acts for the oldest membership by default and lists every membership", async () => {
    expect(await roster(coordinator)).toEqual([inA]);
    const me = await t.call("GET", "/api/accounts/me", { cookie: coordinator.cookie });
    expect(me.json.organization.id).toBe(programA.id);
    expect((me.json.organizations as { id: string }[]).map((o) => o.id)).toEqual([programA.id, programB.id]);
  });

  it("switching changes what the session sees, and only that session's", async () => {
    const res = await switchTo(coordinator, programB.id);
    expect(res.status).toBe(200);
    expect(res.json.organization.id).toBe(programB.id);
    expect(await roster(coordinator)).toEqual([inB]);
    expect((await t.call("GET", `/api/students/${inA}`, { cookie: coordinator.cookie })).status).toBe(404);
    expect((await t.call("GET", `/api/students/${inB}`, { cookie: coordinator.cookie })).status).toBe(200);

    expect((await switchTo(coordinator, programA.id)).status).toBe(200);
    expect(await roster(coordinator)).toEqual([inA]);
  });

  it("never switches to an organization the user is not a member of", async () => {
    for (const id of [programC.id, facility.id, "00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const res = await switchTo(coordinator, id);
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe("not_found");
    }
    expect(await roster(coordinator)).toEqual([inA]);
  });

  it("needs a signed-in user", async () => {
    const res = await t.call("POST", "/api/accounts/me/organization", { body: { organizationId: programA.id } });
    expect(res.status).toBe(401);
  });
});
