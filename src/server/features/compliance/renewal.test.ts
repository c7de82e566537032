import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../../domain/compliance";
import { complianceDocuments } from "../../db/schema/compliance";
import { students } from "../../db/schema/students";
import { createApplication } from "../../factories/applications";
import { createPlacement } from "../../factories/placements";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";
import { studentsSources } from "../matching/sources";
import { upload } from "./test-files";

// A renewal awaiting review (or rejected) never hides the approved document it renews: the
// requirement stays met by that one until it expires, for the student's status, the facility's
// readiness and the program's list; the student's page shows the renewal beside it.

let t: TestApp;
let dataDir: string;
let coordinator: TestUser;
let facility: TestUser;
const today = new Date().toISOString().slice(0, 10);
const MINE = "/api/me/student/compliance";
const fileFields = { fileKey: "k", fileName: "old.pdf", contentType: "application/pdf", sizeBytes: 1, sha256: "0" };

type Item = {
  type: { id: string };
  status: string;
  current: { id: string; status: string } | null;
  renewal: { id: string; status: string; rejectionReason: string | null } | null;
  history: { id: string }[];
};
const blsOf = (json: { items: Item[] }) => json.items.find((i) => i.type.id === "bls")!;

async function studentRow(id: string) {
  const [s] = await t.deps.db.select().from(students).where(eq(students.id, id));
  return s;
}

const approve = async (id: string) =>
  expect((await t.call("POST", `/api/compliance/documents/${id}/approve`, { cookie: coordinator.cookie })).status).toBe(
    200,
  );

/** A student with an application to a rotation that ended, and one that ends before `endsBefore`. */
async function applicant(endsBefore: string) {
  const student = await t.createUser("student", { organizationId: coordinator.organizationId! });
  const row = await studentRow(student.studentId!);
  const ended = await createPlacement(t.deps.db, facility.organizationId!, {
    startDate: addDays(today, -120),
    endDate: addDays(today, -90),
  });
  const soon = await createPlacement(t.deps.db, facility.organizationId!, {
    startDate: addDays(today, -5),
    endDate: addDays(endsBefore, -1),
  });
  const apps = [
    await createApplication(t.deps.db, row, ended.id, { status: "approved" }),
    await createApplication(t.deps.db, row, soon.id),
  ];
  return { student, applicationIds: apps.map((a) => a.id) };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "cpp-renewal-"));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  const program = await t.createOrganization("program");
  coordinator = await t.createUser("program", { organizationId: program.id });
  facility = await t.createUser("facility");
  await t.call("PUT", "/api/compliance/program-requirements", {
    cookie: coordinator.cookie,
    body: { requirementTypeIds: ["bls"] },
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("a renewal of an approved document", () => {
  it("awaiting review: the approved one stays in force (status, readiness, lists) and the renewal is shown", async () => {
    const oldExpiry = addDays(today, 14);
    const { student, applicationIds } = await applicant(oldExpiry);
    const first = await upload(t, `${MINE}/documents`, student.cookie, {
      requirementTypeId: "bls",
      issuedOn: addDays(today, -700),
      expiresOn: oldExpiry,
    });
    await approve(first.json.id);
    const renewed = await upload(t, `${MINE}/documents`, student.cookie, {
      requirementTypeId: "bls",
      issuedOn: today,
      expiresOn: addDays(today, 730),
    });
    expect(renewed.status).toBe(201);

    const mine = await t.call("GET", MINE, { cookie: student.cookie });
    expect(mine.json.student.complianceStatus).toBe("compliant");
    expect(blsOf(mine.json)).toMatchObject({
      status: "expiring",
      current: { id: first.json.id, status: "approved" },
      renewal: { id: renewed.json.id, status: "submitted" },
      history: [],
    });
    expect(mine.json.counts).toMatchObject({ required: 1, expiring: 1, submitted: 0, missing: 0 });
    // Every application card: nothing missing, the rotation that ended included.
    expect(mine.json.applications.map((a: { ready: boolean; items: unknown[] }) => [a.ready, a.items])).toEqual([
      [true, [{ requirementTypeId: "bls", name: "BLS/CPR (American Heart Association)", readiness: "met" }]],
      [true, [{ requirementTypeId: "bls", name: "BLS/CPR (American Heart Association)", readiness: "met" }]],
    ]);

    const readiness = await t.call("GET", `/api/facility/applications/${applicationIds[1]}/readiness`, {
      cookie: facility.cookie,
    });
    expect(readiness.json).toMatchObject({
      ready: true,
      items: [{ readiness: "met", document: { id: first.json.id } }],
    });
    const list = await t.call("GET", "/api/facility/applications", { cookie: facility.cookie });
    const ready = list.json.items.filter((a: { id: string }) => applicationIds.includes(a.id));
    expect(ready.map((a: { ready: boolean }) => a.ready)).toEqual([true, true]);

    // The program: the student stays compliant with the item approved; the renewal is in its queue.
    const programList = await t.call("GET", `/api/compliance/students?q=${encodeURIComponent(student.email)}`, {
      cookie: coordinator.cookie,
    });
    expect(programList.json.items).toMatchObject([
      { complianceStatus: "compliant", approved: 1, submitted: 0, missing: 0, expiringSoon: 1, nextExpiry: oldExpiry },
    ]);
    const queue = await t.call("GET", "/api/compliance/review-queue", { cookie: coordinator.cookie });
    expect(queue.json.items.map((r: { document: { id: string } }) => r.document.id)).toContain(renewed.json.id);
    const programView = await t.call("GET", `/api/students/${student.studentId}/compliance`, {
      cookie: coordinator.cookie,
    });
    expect(blsOf(programView.json)).toMatchObject({
      current: { id: first.json.id },
      renewal: { id: renewed.json.id, status: "submitted" },
    });
    // Recommendations weigh the same document.
    const sources = await studentsSources(t.deps.db, { kind: "all" }, [student.studentId!]);
    expect(sources.get(student.studentId!)?.scoring.documents).toMatchObject([
      { requirementTypeId: "bls", status: "approved", expiresOn: oldExpiry },
    ]);
  });

  it("rejected: the approved one stays in force; approved: the renewal replaces it", async () => {
    const { student } = await applicant(addDays(today, 20));
    const first = await upload(t, `${MINE}/documents`, student.cookie, {
      requirementTypeId: "bls",
      issuedOn: addDays(today, -700),
      expiresOn: addDays(today, 20),
    });
    await approve(first.json.id);
    const bad = await upload(t, `${MINE}/documents`, student.cookie, { requirementTypeId: "bls", issuedOn: today });
    const rejected = await t.call("POST", `/api/compliance/documents/${bad.json.id}/reject`, {
      cookie: coordinator.cookie,
      body: { reason: "The card is not signed" },
    });
    expect(rejected.status).toBe(200);
    let mine = await t.call("GET", MINE, { cookie: student.cookie });
    expect(mine.json.student.complianceStatus).toBe("compliant");
    expect(blsOf(mine.json)).toMatchObject({
      status: "expiring",
      current: { id: first.json.id },
      renewal: { id: bad.json.id, status: "rejected", rejectionReason: "The card is not signed" },
    });
    expect(mine.json.applications.every((a: { ready: boolean }) => a.ready)).toBe(true);

    const good = await upload(t, `${MINE}/documents`, student.cookie, { requirementTypeId: "bls", issuedOn: today });
    await approve(good.json.id);
    mine = await t.call("GET", MINE, { cookie: student.cookie });
    expect(mine.json.student.complianceStatus).toBe("compliant");
    const bls = blsOf(mine.json);
    expect(bls).toMatchObject({ status: "approved", current: { id: good.json.id }, renewal: null });
    expect(bls.history.map((d) => d.id)).toEqual([bad.json.id, first.json.id]);
  });

  it("of a document that has expired: the expired one no longer counts", async () => {
    const { student, applicationIds } = await applicant(addDays(today, 30));
    await t.deps.db.insert(complianceDocuments).values({
      studentId: student.studentId!,
      requirementTypeId: "bls",
      status: "approved",
      isCurrent: true,
      issuedOn: addDays(today, -800),
      expiresOn: addDays(today, -1),
      ...fileFields,
    });
    const renewed = await upload(t, `${MINE}/documents`, student.cookie, { requirementTypeId: "bls", issuedOn: today });
    expect(renewed.status).toBe(201);
    const mine = await t.call("GET", MINE, { cookie: student.cookie });
    expect(mine.json.student.complianceStatus).toBe("pending");
    expect(blsOf(mine.json)).toMatchObject({ status: "submitted", current: { id: renewed.json.id }, renewal: null });
    const readiness = await t.call("GET", `/api/facility/applications/${applicationIds[1]}/readiness`, {
      cookie: facility.cookie,
    });
    expect(readiness.json).toMatchObject({ ready: false, items: [{ readiness: "missing" }] });
  });
});
