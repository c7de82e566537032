import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../../domain/compliance";
import { students } from "../../db/schema/students";
import { createApplication } from "../../factories/applications";
import { createPlacement } from "../../factories/placements";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";
import { loadRotationRecord } from "../rotations/record-data";
import { scanExpiringDocuments } from "./reminders";
import { upload } from "./test-files";

// The approved card a renewal awaiting review renews stays in force everywhere the program, the
// calendar, the reminders and the rotation record show expiries and documents.

let t: TestApp;
let dataDir: string;
let coordinator: TestUser;
let student: TestUser;
let firstId: string;
let applicationId: string;
const today = new Date().toISOString().slice(0, 10);
const oldExpiry = addDays(today, 14);
const MINE = "/api/me/student/compliance";
const BLS = "BLS/CPR (American Heart Association)";

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "cpp-renewal-in-force-"));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  const program = await t.createOrganization("program");
  coordinator = await t.createUser("program", { organizationId: program.id });
  const facility = await t.createUser("facility");
  await t.call("PUT", "/api/compliance/program-requirements", {
    cookie: coordinator.cookie,
    body: { requirementTypeIds: ["bls"] },
  });
  student = await t.createUser("student", { organizationId: program.id });
  const [row] = await t.deps.db.select().from(students).where(eq(students.id, student.studentId!));
  const placement = await createPlacement(t.deps.db, facility.organizationId!, {
    startDate: addDays(today, -5),
    endDate: addDays(today, 40),
  });
  applicationId = (await createApplication(t.deps.db, row, placement.id, { status: "approved" })).id;
  const first = await upload(t, `${MINE}/documents`, student.cookie, {
    requirementTypeId: "bls",
    issuedOn: addDays(today, -700),
    expiresOn: oldExpiry,
  });
  firstId = first.json.id;
  const approved = await t.call("POST", `/api/compliance/documents/${firstId}/approve`, { cookie: coordinator.cookie });
  expect(approved.status).toBe(200);
  const renewal = await upload(t, `${MINE}/documents`, student.cookie, {
    requirementTypeId: "bls",
    issuedOn: today,
    expiresOn: addDays(today, 730),
  });
  expect(renewal.status).toBe(201);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("an approved card whose renewal awaits review", () => {
  it("counts in the program's expiring-in-30/60/90-days figures, as in the student's row", async () => {
    const res = await t.call("GET", "/api/compliance/students", { cookie: coordinator.cookie });
    expect(res.status).toBe(200);
    expect(res.json.items).toMatchObject([{ expiringSoon: 1, nextExpiry: oldExpiry }]);
    expect(res.json.summary).toMatchObject({ expiring30: 1, expiring60: 1, expiring90: 1, awaitingReview: 1 });
  });

  it("keeps its expiry on the calendar", async () => {
    const res = await t.call("GET", `/api/calendar/events?from=${today}&to=${addDays(today, 60)}`, {
      cookie: coordinator.cookie,
    });
    expect(res.status).toBe(200);
    const expiries = res.json.items.filter((e: { kind: string }) => e.kind === "expiry");
    expect(expiries).toMatchObject([{ id: `expiry-${firstId}`, start: oldExpiry, documentId: firstId }]);
  });

  it("still gets its expiry reminder, saying the renewal is awaiting review", async () => {
    expect(await scanExpiringDocuments(t.deps.db, { today, appUrl: "http://localhost:3000" })).toBe(1);
    await t.drainJobs();
    const mails = await t.mailTo(student.email);
    expect(mails.map((m) => m.subject)).toEqual([`Your ${BLS} expires in 14 days`]);
    expect(mails[0].text).toContain(`valid through ${oldExpiry}`);
    expect(mails[0].text).toContain("Your renewal is awaiting review");
  });

  it("is the document the rotation record lists", async () => {
    const record = await loadRotationRecord(t.deps.db, { kind: "all" }, applicationId);
    expect(record.documents).toEqual([
      { type: BLS, status: "approved", issuedOn: addDays(today, -700), expiresOn: oldExpiry },
    ]);
  });
});
