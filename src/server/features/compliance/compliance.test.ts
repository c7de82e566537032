import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, RECOMMENDED_PROGRAM_REQUIREMENTS } from "../../../domain/compliance";
import { complianceDocuments, programRequirements } from "../../db/schema/compliance";
import { students } from "../../db/schema/students";
import { createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";
import { exeBytes, pdfBytes, storedFiles, upload } from "./test-files";

// Requirements (catalogue, program, facility), the program's overview (list, summary, CSV, review
// queue, remind) and the status recomputed when a program's requirements change.

let t: TestApp;
let dataDir: string;
let coordinator: TestUser;
let student: TestUser;
let otherProgram: TestUser;
let facility: TestUser;
let admin: TestUser;
const today = new Date().toISOString().slice(0, 10);
const issued = addDays(today, -30);

async function statusOf(studentId: string) {
  const [s] = await t.deps.db.select().from(students).where(eq(students.id, studentId));
  return s.complianceStatus;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "cpp-compliance-"));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  const program = await t.createOrganization("program");
  coordinator = await t.createUser("program", { organizationId: program.id });
  student = await t.createUser("student", { organizationId: program.id });
  otherProgram = await t.createUser("program");
  facility = await t.createUser("facility");
  admin = await t.createUser("admin");
}, 60_000);

afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("requirements", () => {
  it("the catalogue: every signed-in user, active types by sort order", async () => {
    for (const who of [student, coordinator, facility, admin]) {
      const res = await t.call("GET", "/api/compliance/requirement-types", { cookie: who.cookie });
      expect(res.status).toBe(200);
      expect(res.json.types).toHaveLength(16);
      expect(res.json.types[0]).toMatchObject({ id: "mmr", asksIssuedOn: "required", validity: "none" });
    }
    expect((await t.call("GET", "/api/compliance/requirement-types")).status).toBe(401);
  });

  it("a program sets its requirements; unknown types are 422; a coordinator cannot name another program", async () => {
    const bad = await t.call("PUT", "/api/compliance/program-requirements", {
      cookie: coordinator.cookie,
      body: { requirementTypeIds: ["bls", "nope"] },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.error.issues[0].path).toBe("requirementTypeIds");
    const set = await t.call("PUT", "/api/compliance/program-requirements", {
      cookie: coordinator.cookie,
      body: { requirementTypeIds: ["tdap", "bls", "bls"] },
    });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ programId: coordinator.organizationId, requirementTypeIds: ["bls", "tdap"] });
    const foreign = await t.call("PUT", "/api/compliance/program-requirements", {
      cookie: otherProgram.cookie,
      body: { programId: coordinator.organizationId, requirementTypeIds: [] },
    });
    expect(foreign.json.programId).toBe(otherProgram.organizationId);
    const still = await t.call("GET", "/api/compliance/program-requirements", { cookie: coordinator.cookie });
    expect(still.json.requirementTypeIds).toEqual(["bls", "tdap"]);
    // Admins name the program (422 without); facilities and students may not.
    expect((await t.call("GET", "/api/compliance/program-requirements", { cookie: admin.cookie })).status).toBe(422);
    const named = await t.call("GET", `/api/compliance/program-requirements?programId=${coordinator.organizationId}`, {
      cookie: admin.cookie,
    });
    expect(named.json.requirementTypeIds).toEqual(["bls", "tdap"]);
    for (const who of [facility, student]) {
      expect((await t.call("GET", "/api/compliance/program-requirements", { cookie: who.cookie })).status).toBe(403);
    }
  });

  it("a facility sets its requirements", async () => {
    const set = await t.call("PUT", "/api/compliance/facility-requirements", {
      cookie: facility.cookie,
      body: { requirementTypeIds: ["osha"] },
    });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ facilityId: facility.organizationId, requirementTypeIds: ["osha"] });
    const get = await t.call("GET", "/api/compliance/facility-requirements", { cookie: facility.cookie });
    expect(get.json.requirementTypeIds).toEqual(["osha"]);
    expect((await t.call("GET", "/api/compliance/facility-requirements", { cookie: coordinator.cookie })).status).toBe(
      403,
    );
  });

  it("a program signing up starts with the recommended requirements", async () => {
    const email = `fresh-${Date.now()}@test.dev`;
    const res = await t.call("POST", "/api/accounts/sign-up", {
      body: {
        fullName: "Pat Program",
        organizationName: "Fresh Nursing School",
        email,
        password: "Fresh-program-2026",
        role: "program",
      },
      ip: t.nextIp(),
    });
    expect(res.status).toBe(201);
    const cookie = await t.signIn(email, "Fresh-program-2026");
    const mine = await t.call("GET", "/api/compliance/program-requirements", { cookie });
    expect(mine.status).toBe(200);
    expect(mine.json.requirementTypeIds).toEqual([...RECOMMENDED_PROGRAM_REQUIREMENTS].sort());
  });

  it("changing the program's requirements recomputes every student's status", async () => {
    const s = await t.createUser("student", { organizationId: coordinator.organizationId! });
    const doc = await upload(t, "/api/me/student/compliance/documents", s.cookie, {
      requirementTypeId: "bls",
      issuedOn: issued,
    });
    expect(doc.status).toBe(201);
    await t.call("POST", `/api/compliance/documents/${doc.json.id}/approve`, { cookie: coordinator.cookie });
    expect(await statusOf(s.studentId!)).toBe("incomplete"); // tdap missing
    const untouched = await createStudent(t, coordinator.organizationId!);
    const onlyBls = await t.call("PUT", "/api/compliance/program-requirements", {
      cookie: coordinator.cookie,
      body: { requirementTypeIds: ["bls"] },
    });
    expect(onlyBls.status).toBe(200);
    expect(await statusOf(s.studentId!)).toBe("compliant");
    expect(await statusOf(untouched.id)).toBe("pending"); // nothing uploaded yet
    await t.call("PUT", "/api/compliance/program-requirements", {
      cookie: coordinator.cookie,
      body: { requirementTypeIds: [] },
    });
    expect(await statusOf(untouched.id)).toBe("compliant"); // nothing asked
    await t.call("PUT", "/api/compliance/program-requirements", {
      cookie: coordinator.cookie,
      body: { requirementTypeIds: ["bls", "tdap"] },
    });
    expect(await statusOf(s.studentId!)).toBe("incomplete");
    expect(await statusOf(untouched.id)).toBe("pending");
    // The dashboard's rate reads the same column.
    const rows = await t.deps.db
      .select({ id: programRequirements.requirementTypeId })
      .from(programRequirements)
      .where(eq(programRequirements.programId, coordinator.organizationId!));
    expect(rows.map((r) => r.id).sort()).toEqual(["bls", "tdap"]);
  });
});

describe("the student's and the program's views", () => {
  it("GET /api/students/{id}/compliance: own program and admins; another program 404; missing items listed", async () => {
    const res = await t.call("GET", `/api/students/${student.studentId}/compliance`, { cookie: coordinator.cookie });
    expect(res.status).toBe(200);
    expect(res.json.items.map((i: { type: { id: string } }) => i.type.id)).toEqual(["tdap", "bls"]);
    expect(res.json.items[0]).toMatchObject({ status: "missing", current: null, history: [], daysToExpiry: null });
    expect(res.json.counts).toMatchObject({ required: 2, missing: 2 });
    expect(res.json.student).toMatchObject({ id: student.studentId, programId: coordinator.organizationId });
    expect(
      (await t.call("GET", `/api/students/${student.studentId}/compliance`, { cookie: admin.cookie })).status,
    ).toBe(200);
    const foreign = await t.call("GET", `/api/students/${student.studentId}/compliance`, {
      cookie: otherProgram.cookie,
    });
    expect(foreign.status).toBe(404);
    for (const who of [facility, student]) {
      const res2 = await t.call("GET", `/api/students/${student.studentId}/compliance`, { cookie: who.cookie });
      expect(res2.status).toBe(403);
    }
  });

  it("the student's own view, with applications; an admin without a student record gets 404", async () => {
    const mine = await t.call("GET", "/api/me/student/compliance", { cookie: student.cookie });
    expect(mine.status).toBe(200);
    expect(mine.json.student.id).toBe(student.studentId);
    expect(mine.json.applications).toEqual([]);
    const asAdmin = await t.call("GET", "/api/me/student/compliance", { cookie: admin.cookie });
    expect(asAdmin.status).toBe(404);
    expect(asAdmin.json.error.code).toBe("no_student_record");
  });

  it("the program list: counts, summary, filters, search, sort, CSV; another program sees none of it", async () => {
    const s = await t.createUser("student", { organizationId: coordinator.organizationId!, name: "Zed Zulu" });
    await t.deps.db.update(students).set({ firstName: "Zed", lastName: "Zulu" }).where(eq(students.id, s.studentId!));
    const soon = addDays(today, 20);
    const doc = await upload(t, "/api/me/student/compliance/documents", s.cookie, {
      requirementTypeId: "bls",
      issuedOn: issued,
      expiresOn: soon,
    });
    expect(doc.status).toBe(201);
    await t.call("POST", `/api/compliance/documents/${doc.json.id}/approve`, { cookie: coordinator.cookie });
    const list = await t.call("GET", "/api/compliance/students?q=zulu", { cookie: coordinator.cookie });
    expect(list.status).toBe(200);
    expect(list.json.items).toHaveLength(1);
    expect(list.json.items[0]).toMatchObject({
      id: s.studentId,
      complianceStatus: "incomplete",
      required: 2,
      approved: 1,
      missing: 1,
      expiringSoon: 1,
      nextExpiry: soon,
    });
    expect(list.json).toMatchObject({ page: 1, pageSize: 20, total: 1 });
    expect(list.json.summary.expiring30).toBeGreaterThanOrEqual(1);
    const expiring = await t.call("GET", "/api/compliance/students?expiringWithin=30", { cookie: coordinator.cookie });
    expect(expiring.json.items.map((r: { id: string }) => r.id)).toEqual([s.studentId]);
    const byType = await t.call("GET", "/api/compliance/students?requirementTypeId=bls&q=zulu", {
      cookie: coordinator.cookie,
    });
    expect(byType.json.items).toHaveLength(0); // Zulu's BLS is approved
    const bad = await t.call("GET", "/api/compliance/students?expiringWithin=45&status=great", {
      cookie: coordinator.cookie,
    });
    expect(bad.status).toBe(422);
    const sorted = await t.call("GET", "/api/compliance/students?sort=nextExpiry", { cookie: coordinator.cookie });
    expect(sorted.json.items[0].id).toBe(s.studentId);
    const csv = await t.call("GET", "/api/compliance/students/export.csv?q=zulu", { cookie: coordinator.cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.text).toContain("Zed,Zulu");
    expect(csv.text).toContain(soon);
    const foreign = await t.call("GET", "/api/compliance/students?q=zulu", { cookie: otherProgram.cookie });
    expect(foreign.json.items).toEqual([]);
    const foreignCsv = await t.call("GET", "/api/compliance/students/export.csv", { cookie: otherProgram.cookie });
    expect(foreignCsv.text).not.toContain("Zulu");
  });

  it("the review queue lists the program's submitted documents only", async () => {
    const doc = await upload(t, "/api/me/student/compliance/documents", student.cookie, {
      requirementTypeId: "tdap",
      issuedOn: issued,
    });
    const queue = await t.call("GET", "/api/compliance/review-queue", { cookie: coordinator.cookie });
    expect(queue.status).toBe(200);
    const item = queue.json.items.find((i: { document: { id: string } }) => i.document.id === doc.json.id);
    expect(item).toMatchObject({ student: { id: student.studentId }, typeName: "Tdap" });
    const foreign = await t.call("GET", "/api/compliance/review-queue", { cookie: otherProgram.cookie });
    expect(foreign.json.items).toEqual([]);
  });

  it("remind: one mail per student per day, students of other programs ignored", async () => {
    const body = { studentIds: [student.studentId] };
    const first = await t.call("POST", "/api/compliance/remind", { cookie: coordinator.cookie, body });
    expect(first.json).toEqual({ queued: 1 });
    await t.drainJobs();
    const [mail] = await t.mailTo(student.email);
    expect(mail.text).toMatch(/BLS/);
    const again = await t.call("POST", "/api/compliance/remind", { cookie: coordinator.cookie, body });
    expect(again.json).toEqual({ queued: 0 });
    const foreign = await t.call("POST", "/api/compliance/remind", { cookie: otherProgram.cookie, body });
    expect(foreign.json).toEqual({ queued: 0 });
    const tooMany = await t.call("POST", "/api/compliance/remind", {
      cookie: coordinator.cookie,
      body: { studentIds: [] },
    });
    expect(tooMany.status).toBe(422);
  });
});

describe("scan", () => {
  it("checks the file like an upload and stores nothing", async () => {
    const before = await storedFiles(dataDir);
    const rows = await t.deps.db.select().from(complianceDocuments);
    const ok = await upload(t, "/api/compliance/scan", student.cookie, { bytes: await pdfBytes() });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ contentType: "application/pdf" });
    expect(Array.isArray(ok.json.found)).toBe(true);
    const bad = await upload(t, "/api/compliance/scan", coordinator.cookie, { bytes: exeBytes() });
    expect(bad.status).toBe(422);
    expect(bad.json.error.issues[0].path).toBe("file");
    const asFacility = await upload(t, "/api/compliance/scan", facility.cookie, {});
    expect(asFacility.status).toBe(403);
    expect(await storedFiles(dataDir)).toEqual(before);
    expect(await t.deps.db.select().from(complianceDocuments)).toHaveLength(rows.length);
  });
});
