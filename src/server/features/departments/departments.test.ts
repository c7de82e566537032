import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApplication } from "../../factories/applications";
import { createPlacement } from "../../factories/placements";
import { createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

let t: TestApp;
let facility: TestUser;
let otherFacility: TestUser;
let admin: TestUser;
let program: TestUser;
let student: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  facility = await t.createUser("facility");
  otherFacility = await t.createUser("facility");
  admin = await t.createUser("admin");
  program = await t.createUser("program");
  student = await t.createUser("student");
});
afterAll(async () => {
  await t.close();
});

const create = (cookie: string, body: unknown) => t.call("POST", "/api/facility/departments", { cookie, body });

describe("departments", () => {
  it("creates a department with capacity, filled and available; lists them by name", async () => {
    const res = await create(facility.cookie, { name: "  NICU ", specialty: "Neonatal ICU (NICU)", capacity: "6" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: "NICU",
      specialty: "Neonatal ICU (NICU)",
      capacity: 6,
      filled: 0,
      available: 6,
      facilityId: facility.organizationId,
    });
    await create(facility.cookie, { name: "4 West Med-Surg", specialty: "Medical-Surgical", capacity: 10 });
    const list = await t.call("GET", "/api/facility/departments", { cookie: facility.cookie });
    expect(list.status).toBe(200);
    expect(list.json.items.map((d: { name: string }) => d.name)).toEqual(["4 West Med-Surg", "NICU"]);
  });

  it("answers 409 naming the field for a duplicate name, 422 naming the fields for bad input", async () => {
    const dup = await create(facility.cookie, { name: "NICU", specialty: "Pediatrics", capacity: 1 });
    expect(dup.status).toBe(409);
    expect(dup.json.error.message).toBe('A department named "NICU" already exists at this facility');
    expect(dup.json.error.issues).toEqual([{ path: "name", message: dup.json.error.message }]);
    // Another facility may use the same name.
    expect((await create(otherFacility.cookie, { name: "NICU", specialty: "Pediatrics", capacity: 1 })).status).toBe(
      201,
    );
    const bad = await create(facility.cookie, { name: "", specialty: "Pediatrics", capacity: -1 });
    expect(bad.status).toBe(422);
    expect(bad.json.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["capacity", "name"]);
  });

  it("filled = approved students on the busiest day (active and closed placements); available never below 0", async () => {
    const dept = (await create(facility.cookie, { name: "ICU", specialty: "Intensive Care (ICU)", capacity: 3 })).json;
    await createPlacement(t.deps.db, facility.organizationId!, { departmentId: dept.id, capacity: 3, slotsFilled: 2 });
    await createPlacement(t.deps.db, facility.organizationId!, { departmentId: dept.id, capacity: 4, slotsFilled: 2 });
    await createPlacement(t.deps.db, facility.organizationId!, {
      departmentId: dept.id,
      capacity: 4,
      slotsFilled: 4,
      status: "closed",
    });
    const list = await t.call("GET", "/api/facility/departments", { cookie: facility.cookie });
    const icu = list.json.items.find((d: { id: string }) => d.id === dept.id);
    // Data from before issue 9's rule, all on the same dates: 2 + 2 + 4 approved students at once.
    expect(icu).toMatchObject({ capacity: 3, filled: 8, available: 0, activePlacements: 2, placements: 3 });
  });

  it("edits and deletes its own; another facility's department is 404; in-use is 409", async () => {
    const dept = (await create(facility.cookie, { name: "Peds", specialty: "Pediatrics", capacity: 2 })).json;
    const edit = await t.call("PUT", `/api/facility/departments/${dept.id}`, {
      cookie: facility.cookie,
      body: { name: "Pediatrics 3 East", specialty: "Pediatrics", capacity: 5 },
    });
    expect(edit.status).toBe(200);
    expect(edit.json).toMatchObject({ name: "Pediatrics 3 East", capacity: 5, available: 5 });
    const theirs = { name: "Mine now", specialty: "Pediatrics", capacity: 1 };
    expect(
      (await t.call("PUT", `/api/facility/departments/${dept.id}`, { cookie: otherFacility.cookie, body: theirs }))
        .status,
    ).toBe(404);
    expect(
      (await t.call("DELETE", `/api/facility/departments/${dept.id}`, { cookie: otherFacility.cookie })).status,
    ).toBe(404);
    const p = await createPlacement(t.deps.db, facility.organizationId!, { departmentId: dept.id, status: "draft" });
    const inUse = await t.call("DELETE", `/api/facility/departments/${dept.id}`, { cookie: facility.cookie });
    expect(inUse.status).toBe(409);
    expect(inUse.json.error.message).toMatch(/1 draft or active placement/);
    const prog = await createStudent(t, program.organizationId!);
    await createApplication(t.deps.db, prog, p.id, { status: "withdrawn" });
    const empty = (await create(facility.cookie, { name: "Empty", specialty: "Pediatrics", capacity: 0 })).json;
    const del = await t.call("DELETE", `/api/facility/departments/${empty.id}`, { cookie: facility.cookie });
    expect(del.status).toBe(200);
    expect(del.json).toEqual({ id: empty.id, deleted: true });
  });

  it("admins need a facility to create one and see every facility's list; programs and students 403", async () => {
    const none = await create(admin.cookie, { name: "X", specialty: "Pediatrics", capacity: 1 });
    expect(none.status).toBe(422);
    expect(none.json.error.issues).toEqual([{ path: "facilityId", message: "Choose a facility" }]);
    const made = await create(admin.cookie, {
      name: "Admin-made",
      specialty: "Pediatrics",
      capacity: 1,
      facilityId: otherFacility.organizationId,
    });
    expect(made.status).toBe(201);
    expect(made.json.facilityId).toBe(otherFacility.organizationId);
    const all = await t.call("GET", "/api/facility/departments", { cookie: admin.cookie });
    expect(new Set(all.json.items.map((d: { facilityId: string }) => d.facilityId))).toEqual(
      new Set([facility.organizationId, otherFacility.organizationId]),
    );
    // A coordinator's facilityId is ignored: always their own facility (D1).
    const own = await create(facility.cookie, {
      name: "Sneaky",
      specialty: "Pediatrics",
      capacity: 1,
      facilityId: otherFacility.organizationId,
    });
    expect(own.json.facilityId).toBe(facility.organizationId);
    for (const u of [program, student]) {
      expect((await create(u.cookie, { name: "X", specialty: "Pediatrics", capacity: 1 })).status).toBe(403);
      expect((await t.call("GET", "/api/facility/departments", { cookie: u.cookie })).status).toBe(403);
    }
    expect((await t.call("GET", "/api/facility/departments")).status).toBe(401);
  });
});
