import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../../domain/compliance";
import { applications } from "../../db/schema/applications";
import { placements } from "../../db/schema/placements";
import { students } from "../../db/schema/students";
import { createApplication } from "../../factories/applications";
import { createDepartment } from "../../factories/placements";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";
import { upload } from "./test-files";

// A facility's view of an applicant's readiness (the program's, the facility's and the placement's
// requirements), the approval that needs a confirmation when the student is not ready, and the
// placement's own requirement types.

let t: TestApp;
let dataDir: string;
let coordinator: TestUser;
let student: TestUser;
let facility: TestUser;
let otherFacility: TestUser;
let placementId: string;
let applicationId: string;
const today = new Date().toISOString().slice(0, 10);
const issued = addDays(today, -30);
const start = addDays(today, 40);
const end = addDays(today, 95);
const MINE = "/api/me/student/compliance/documents";

async function studentRow(id: string) {
  const [s] = await t.deps.db.select().from(students).where(eq(students.id, id));
  return s;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "cpp-readiness-"));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  const program = await t.createOrganization("program");
  coordinator = await t.createUser("program", { organizationId: program.id });
  student = await t.createUser("student", { organizationId: program.id });
  facility = await t.createUser("facility");
  otherFacility = await t.createUser("facility");
  await t.call("PUT", "/api/compliance/program-requirements", {
    cookie: coordinator.cookie,
    body: { requirementTypeIds: ["bls"] },
  });
  await t.call("PUT", "/api/compliance/facility-requirements", {
    cookie: facility.cookie,
    body: { requirementTypeIds: ["tdap"] },
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("a placement's own requirement types", () => {
  it("are chosen from the catalogue on create and edit, and shown on the placement", async () => {
    const department = await createDepartment(t.deps.db, facility.organizationId!);
    const body = {
      title: "ICU nights",
      specialty: "Critical Care",
      departmentId: department.id,
      startDate: start,
      endDate: end,
      capacity: 3,
      status: "active",
      requirementTypeIds: ["osha", "no_such_type"],
    };
    const bad = await t.call("POST", "/api/facility/placements", { cookie: facility.cookie, body });
    expect(bad.status).toBe(422);
    expect(bad.json.error.issues[0].path).toBe("requirementTypeIds");
    const created = await t.call("POST", "/api/facility/placements", {
      cookie: facility.cookie,
      body: { ...body, requirementTypeIds: ["osha", "acls"] },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json.requirementTypeIds).toEqual(["acls", "osha"]);
    placementId = created.json.id;
    const edited = await t.call("PUT", `/api/facility/placements/${placementId}`, {
      cookie: facility.cookie,
      body: { ...body, requirementTypeIds: ["osha"] },
    });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    expect(edited.json.requirementTypeIds).toEqual(["osha"]);
    // Omitted on an edit: unchanged.
    const { requirementTypeIds: _omit, ...withoutIds } = body;
    const kept = await t.call("PUT", `/api/facility/placements/${placementId}`, {
      cookie: facility.cookie,
      body: withoutIds,
    });
    expect(kept.json.requirementTypeIds).toEqual(["osha"]);
    const open = await t.call("GET", `/api/placements/${placementId}`, { cookie: coordinator.cookie });
    expect(open.json.requirementTypeIds).toEqual(["osha"]);
  });
});

describe("readiness", () => {
  beforeAll(async () => {
    const app = await createApplication(t.deps.db, await studentRow(student.studentId!), placementId);
    applicationId = app.id;
  });

  it("lists the program's, the facility's and the placement's requirements; other facilities 404", async () => {
    const res = await t.call("GET", `/api/facility/applications/${applicationId}/readiness`, {
      cookie: facility.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.json.ready).toBe(false);
    expect(res.json.items.map((i: { type: { id: string }; source: string }) => [i.type.id, i.source])).toEqual([
      ["tdap", "facility"],
      ["bls", "program"],
      ["osha", "placement"],
    ]);
    expect(res.json.items.every((i: { readiness: string }) => i.readiness === "missing")).toBe(true);
    const other = await t.call("GET", `/api/facility/applications/${applicationId}/readiness`, {
      cookie: otherFacility.cookie,
    });
    expect(other.status).toBe(404);
    const asProgram = await t.call("GET", `/api/facility/applications/${applicationId}/readiness`, {
      cookie: coordinator.cookie,
    });
    expect(asProgram.status).toBe(403);
    const list = await t.call("GET", "/api/facility/applications", { cookie: facility.cookie });
    expect(list.json.items.find((a: { id: string }) => a.id === applicationId).ready).toBe(false);
  });

  it("approving a student who is not ready: 409 not_ready naming what is missing, nothing changed", async () => {
    const res = await t.call("POST", `/api/facility/applications/${applicationId}/approve`, {
      cookie: facility.cookie,
      body: {},
    });
    expect(res.status).toBe(409);
    expect(res.json.error).toEqual({
      code: "not_ready",
      message: "This student has not met every requirement. Confirm to approve anyway.",
      missing: ["Tdap", "BLS/CPR (American Heart Association)", "OSHA bloodborne pathogens training"],
    });
    const [app] = await t.deps.db.select().from(applications).where(eq(applications.id, applicationId));
    // The decision's statement carries the COMMIT (issue 11): a refusal must have written nothing.
    expect(app).toMatchObject({ status: "pending", reviewedAt: null, readinessMissing: null });
    const [placement] = await t.deps.db.select().from(placements).where(eq(placements.id, app.placementId));
    expect(placement.slotsFilled).toBe(0);
  });

  it("a document expiring before the rotation ends does not count; valid approved ones make the student ready", async () => {
    const approve = async (id: string) =>
      expect(
        (await t.call("POST", `/api/compliance/documents/${id}/approve`, { cookie: coordinator.cookie })).status,
      ).toBe(200);
    const short = await upload(t, MINE, student.cookie, {
      requirementTypeId: "bls",
      issuedOn: issued,
      expiresOn: addDays(end, -10),
    });
    await approve(short.json.id);
    const mid = await t.call("GET", `/api/facility/applications/${applicationId}/readiness`, {
      cookie: facility.cookie,
    });
    const bls = mid.json.items.find((i: { type: { id: string } }) => i.type.id === "bls");
    expect(bls.readiness).toBe("expiring_before_end");
    // The facility opens the applicant's document through its application.
    const file = await t.app.request(bls.document.fileUrl, { headers: { cookie: facility.cookie } });
    expect(file.status).toBe(200);

    for (const type of ["bls", "tdap", "osha"]) {
      const doc = await upload(t, MINE, student.cookie, { requirementTypeId: type, issuedOn: issued });
      expect(doc.status).toBe(201);
      await approve(doc.json.id);
    }
    const ready = await t.call("GET", `/api/facility/applications/${applicationId}/readiness`, {
      cookie: facility.cookie,
    });
    expect(ready.json.ready).toBe(true);
    expect(ready.json.items.every((i: { readiness: string }) => i.readiness === "met")).toBe(true);
    const mine = await t.call("GET", "/api/me/student/compliance", { cookie: student.cookie });
    expect(mine.json.applications).toMatchObject([{ applicationId, ready: true, placementTitle: "ICU nights" }]);
    const approved = await t.call("POST", `/api/facility/applications/${applicationId}/approve`, {
      cookie: facility.cookie,
      body: {},
    });
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({ status: "approved", ready: true, readinessOverride: null });
    // Answered without a read after the decision (issue 11): exactly what GET answers.
    const read = await t.call("GET", `/api/facility/applications/${applicationId}`, { cookie: facility.cookie });
    expect(approved.json).toEqual(read.json);
  });

  it("with confirmNotReady the approval goes through and the override is recorded with who, when and what", async () => {
    const other = await t.createUser("student", { organizationId: coordinator.organizationId! });
    const app = await createApplication(t.deps.db, await studentRow(other.studentId!), placementId);
    const res = await t.call("POST", `/api/facility/applications/${app.id}/approve`, {
      cookie: facility.cookie,
      body: { confirmNotReady: true, notes: "Bring your BLS card on day one" },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      status: "approved",
      ready: false,
      readinessOverride: {
        by: { id: facility.userId, name: facility.name },
        missing: ["Tdap", "BLS/CPR (American Heart Association)", "OSHA bloodborne pathogens training"],
      },
    });
    const read = await t.call("GET", `/api/facility/applications/${app.id}`, { cookie: facility.cookie });
    expect(res.json).toEqual(read.json);
    const [row] = await t.deps.db.select().from(applications).where(eq(applications.id, app.id));
    expect(row.readinessOverrideBy).toBe(facility.userId);
    expect(row.readinessOverrideAt).toBeTruthy();
    expect(row.readinessMissing).toEqual(["tdap", "bls", "osha"]);
  });
});
