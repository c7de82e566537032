import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../../domain/compliance";
import { complianceDocuments } from "../../db/schema/compliance";
import { students } from "../../db/schema/students";
import { createApplication } from "../../factories/applications";
import { createPlacement } from "../../factories/placements";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";
import { assignPreceptor } from "../rotations/test-factories";
import { exeBytes, pdfBytes, pngBytes, storedFiles, upload } from "./test-files";

// Compliance documents (issue 12): uploads checked and stored whole or not at all, served only to
// those who may see them, reviewed by the program; the student's status follows.

let t: TestApp;
let dataDir: string;
let coordinator: TestUser;
let student: TestUser;
let otherProgram: TestUser;
let facility: TestUser;
let otherFacility: TestUser;
let admin: TestUser;
let otherStudent: TestUser;
const today = new Date().toISOString().slice(0, 10);
const issued = addDays(today, -30);
const MINE = "/api/me/student/compliance/documents";

async function rowsOf(studentId: string) {
  return t.deps.db.select().from(complianceDocuments).where(eq(complianceDocuments.studentId, studentId));
}
async function statusOf(studentId: string) {
  const [s] = await t.deps.db.select().from(students).where(eq(students.id, studentId));
  return s.complianceStatus;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "cpp-docs-"));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  const program = await t.createOrganization("program");
  coordinator = await t.createUser("program", { organizationId: program.id });
  student = await t.createUser("student", { organizationId: program.id });
  otherProgram = await t.createUser("program");
  otherStudent = await t.createUser("student");
  facility = await t.createUser("facility");
  otherFacility = await t.createUser("facility");
  admin = await t.createUser("admin");
  const set = await t.call("PUT", "/api/compliance/program-requirements", {
    cookie: coordinator.cookie,
    body: { requirementTypeIds: ["bls", "tdap"] },
  });
  expect(set.status).toBe(200);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("uploads", () => {
  it("a student uploads a PDF: 201, submitted and current, the file stored; one item still missing: incomplete", async () => {
    const bytes = await pdfBytes();
    const res = await upload(t, MINE, student.cookie, { bytes, requirementTypeId: "bls", issuedOn: issued });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({
      requirementTypeId: "bls",
      status: "submitted",
      isCurrent: true,
      issuedOn: issued,
      contentType: "application/pdf",
      sizeBytes: bytes.byteLength,
      uploadedBy: { id: student.userId },
      fileUrl: `/api/compliance/documents/${res.json.id}/file`,
    });
    // BLS: two years from the issue date, minus a day.
    expect(res.json.expiresOn).toBe(
      addDays(
        addDays(issued, 0).replace(/^(\d{4})/, (y) => String(Number(y) + 2)),
        -1,
      ),
    );
    expect(await statusOf(student.studentId!)).toBe("incomplete");
    expect((await storedFiles(dataDir)).length).toBeGreaterThan(0);
  });

  it("the coordinator uploads a PNG on the student's behalf", async () => {
    const res = await upload(t, `/api/students/${student.studentId}/compliance/documents`, coordinator.cookie, {
      bytes: pngBytes(),
      fileName: "tdap.png",
      fileType: "image/png",
      requirementTypeId: "tdap",
      issuedOn: issued,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({
      contentType: "image/png",
      fileName: "tdap.png",
      uploadedBy: { id: coordinator.userId },
    });
  });

  async function refused(fields: Parameters<typeof upload>[3], status: number, field: string) {
    const before = await storedFiles(dataDir);
    const rows = (await rowsOf(student.studentId!)).length;
    const res = await upload(t, MINE, student.cookie, { requirementTypeId: "bls", issuedOn: issued, ...fields });
    expect(res.status, JSON.stringify(res.json)).toBe(status);
    expect(res.json.error.issues?.map((i: { path: string }) => i.path)).toContain(field);
    expect(await storedFiles(dataDir)).toEqual(before);
    expect((await rowsOf(student.studentId!)).length).toBe(rows);
    return res;
  }

  it("a renamed executable is refused by its content, naming the file; nothing saved", async () => {
    await refused({ bytes: exeBytes(), fileName: "card.pdf" }, 422, "file");
  });

  it("an empty file is refused", async () => {
    const res = await refused({ bytes: new Uint8Array(0) }, 422, "file");
    expect(res.json.error.message).toMatch(/empty/i);
  });

  it("10 MB + 1 byte is refused with 413 naming the file", async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(await pdfBytes());
    const res = await refused({ bytes: big }, 413, "file");
    expect(res.json.error.message).toBe("The file is larger than 10 MB.");
  });

  it("a body far over the limit is cut off by the body limit (413 naming the file)", async () => {
    const huge = new Uint8Array(11 * 1024 * 1024);
    huge.set(await pdfBytes());
    await refused({ bytes: huge }, 413, "file");
  });

  it("a missing file, an unknown type, dates in the wrong order or far future name the field", async () => {
    await refused({ omitFile: true }, 422, "file");
    await refused({ requirementTypeId: "no_such_type" }, 422, "requirementTypeId");
    await refused({ issuedOn: "" }, 422, "issuedOn");
    await refused({ issuedOn: addDays(today, 3) }, 422, "issuedOn");
    await refused({ issuedOn: "2026-02-30" }, 422, "issuedOn");
    await refused({ issuedOn: issued, expiresOn: addDays(issued, -1) }, 422, "expiresOn");
    await refused({ issuedOn: issued, expiresOn: "2099-01-01" }, 422, "expiresOn");
  });

  it("a file name with ../ and control characters is stored safely", async () => {
    const res = await upload(t, MINE, student.cookie, {
      requirementTypeId: "bls",
      issuedOn: issued,
      fileName: "../../etc/pa\u0007sswd.pdf",
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.fileName).not.toMatch(/[/\\]|\.\./);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: what must not be there
    expect(res.json.fileName).not.toMatch(/[\u0000-\u001f]/);
    for (const f of await storedFiles(dataDir)) expect(f).toMatch(/^documents\/\d{4}\/[0-9a-f]{32}$/);
  });

  it("a JSON body is refused with 415; other students' and programs' uploads are 404", async () => {
    const json = await t.call("POST", MINE, { cookie: student.cookie, body: { requirementTypeId: "bls" } });
    expect(json.status).toBe(415);
    const foreign = await upload(t, `/api/students/${student.studentId}/compliance/documents`, otherProgram.cookie, {
      requirementTypeId: "bls",
      issuedOn: issued,
    });
    expect(foreign.status).toBe(404);
    const asFacility = await upload(t, `/api/students/${student.studentId}/compliance/documents`, facility.cookie, {
      requirementTypeId: "bls",
      issuedOn: issued,
    });
    expect(asFacility.status).toBe(403);
  });

  it("when the database write fails, the stored file is deleted again", async () => {
    const before = await storedFiles(dataDir);
    const rows = (await rowsOf(student.studentId!)).length;
    const db = t.deps.db;
    const original = db.transaction.bind(db);
    db.transaction = (async () => {
      throw new Error("connection lost");
    }) as typeof db.transaction;
    try {
      const res = await upload(t, MINE, student.cookie, { requirementTypeId: "bls", issuedOn: issued });
      expect(res.status).toBe(500);
      expect(res.json.error.code).toBe("internal");
    } finally {
      db.transaction = original;
    }
    expect(await storedFiles(dataDir)).toEqual(before);
    expect((await rowsOf(student.studentId!)).length).toBe(rows);
  });

  it("20 concurrent uploads end with exactly one current document and no orphan file", async () => {
    const s = await t.createUser("student", { organizationId: coordinator.organizationId! });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => upload(t, MINE, s.cookie, { requirementTypeId: "bls", issuedOn: issued })),
    );
    for (const r of results) expect([201, 409]).toContain(r.status);
    const rows = await rowsOf(s.studentId!);
    expect(rows.filter((r) => r.isCurrent)).toHaveLength(1);
    const stored = new Set(await storedFiles(dataDir));
    const all = await t.deps.db.select({ key: complianceDocuments.fileKey }).from(complianceDocuments);
    expect(new Set(all.map((r) => r.key))).toEqual(stored);
  });
});

describe("the file route", () => {
  let docId: string;
  let bytes: Uint8Array;
  beforeAll(async () => {
    bytes = await pdfBytes("Served bytes");
    const res = await upload(t, MINE, student.cookie, { bytes, requirementTypeId: "bls", issuedOn: issued });
    docId = res.json.id;
  });

  it("serves identical bytes with safe headers to the student, their program and admins", async () => {
    for (const who of [student, coordinator, admin]) {
      const res = await t.app.request(`/api/compliance/documents/${docId}/file`, { headers: { cookie: who.cookie } });
      expect(res.status).toBe(200);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toMatch(/^inline; filename="card\.pdf"/);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toBe(
        "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'",
      );
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    }
  });

  it("another program, another student, a facility without an application: 404", async () => {
    for (const who of [otherProgram, otherStudent, facility, otherFacility]) {
      const res = await t.call("GET", `/api/compliance/documents/${docId}/file`, { cookie: who.cookie });
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe("not_found");
    }
    const anon = await t.call("GET", `/api/compliance/documents/${docId}/file`);
    expect(anon.status).toBe(401);
  });

  it("a facility sees the file while the student has a pending or approved application, not after withdrawal", async () => {
    const placement = await createPlacement(t.deps.db, facility.organizationId!);
    const [s] = await t.deps.db.select().from(students).where(eq(students.id, student.studentId!));
    const app = await createApplication(t.deps.db, s, placement.id);
    const open = await t.app.request(`/api/compliance/documents/${docId}/file`, {
      headers: { cookie: facility.cookie },
    });
    expect(open.status).toBe(200);
    const other = await t.call("GET", `/api/compliance/documents/${docId}/file`, { cookie: otherFacility.cookie });
    expect(other.status).toBe(404);
    await t.deps.db
      .update((await import("../../db/schema/applications")).applications)
      .set({ status: "withdrawn" })
      .where(eq((await import("../../db/schema/applications")).applications.id, app.id));
    const closed = await t.call("GET", `/api/compliance/documents/${docId}/file`, { cookie: facility.cookie });
    expect(closed.status).toBe(404);
  });
  it("a preceptor never assigned to the student (another program's, another facility): 404", async () => {
    const preceptor = await t.createUser("preceptor");
    const res = await t.call("GET", `/api/compliance/documents/${docId}/file`, { cookie: preceptor.cookie });
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe("not_found");
  });

  it("a preceptor assigned to the student's rotation sees its compliance status, never the documents: 404", async () => {
    const preceptor = await t.createUser("preceptor");
    const placement = await createPlacement(t.deps.db, preceptor.organizationId!);
    const [s] = await t.deps.db.select().from(students).where(eq(students.id, student.studentId!));
    const rotation = await createApplication(t.deps.db, s, placement.id, { status: "approved" });
    await assignPreceptor(t.deps.db, { ...rotation, facilityId: preceptor.organizationId! }, preceptor.userId);
    const detail = await t.call("GET", `/api/preceptors/rotations/${rotation.id}`, { cookie: preceptor.cookie });
    expect(detail.status).toBe(200);
    expect(detail.json.student.complianceStatus).toEqual(expect.any(String));
    const res = await t.call("GET", `/api/compliance/documents/${docId}/file`, { cookie: preceptor.cookie });
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe("not_found");
  });
});

describe("review", () => {
  it("reject with a reason → mailed → re-upload → approve → compliant when every item is approved", async () => {
    const s = await t.createUser("student", { organizationId: coordinator.organizationId! });
    const first = await upload(t, MINE, s.cookie, { requirementTypeId: "bls", issuedOn: issued });
    const tdap = await upload(t, MINE, s.cookie, { requirementTypeId: "tdap", issuedOn: issued });
    expect(await statusOf(s.studentId!)).toBe("pending");
    const queue = await t.call("GET", "/api/compliance/review-queue", { cookie: coordinator.cookie });
    expect(queue.json.items.map((i: { document: { id: string } }) => i.document.id)).toContain(first.json.id);

    const noReason = await t.call("POST", `/api/compliance/documents/${first.json.id}/reject`, {
      cookie: coordinator.cookie,
      body: { reason: "  " },
    });
    expect(noReason.status).toBe(422);
    expect(noReason.json.error.issues[0].path).toBe("reason");

    const foreign = await t.call("POST", `/api/compliance/documents/${first.json.id}/reject`, {
      cookie: otherProgram.cookie,
      body: { reason: "Nope" },
    });
    expect(foreign.status).toBe(404);

    const rejected = await t.call("POST", `/api/compliance/documents/${first.json.id}/reject`, {
      cookie: coordinator.cookie,
      body: { reason: "The card's back is missing" },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.json).toMatchObject({
      status: "rejected",
      rejectionReason: "The card's back is missing",
      reviewedBy: { id: coordinator.userId },
    });
    expect(rejected.json.reviewedAt).toBeTruthy();
    expect(await statusOf(s.studentId!)).toBe("incomplete");
    await t.drainJobs();
    const [mail] = await t.mailTo(s.email);
    expect(mail.subject).toMatch(/BLS/);
    expect(mail.text).toContain("The card's back is missing");

    const again = await t.call("POST", `/api/compliance/documents/${first.json.id}/approve`, {
      cookie: coordinator.cookie,
    });
    expect(again.status).toBe(409);

    const second = await upload(t, MINE, s.cookie, { requirementTypeId: "bls", issuedOn: issued });
    expect(second.status).toBe(201);
    const stale = await t.call("POST", `/api/compliance/documents/${first.json.id}/approve`, {
      cookie: coordinator.cookie,
    });
    expect(stale.status).toBe(409);
    expect(stale.json.error.message).toMatch(/newer document/);

    for (const id of [second.json.id, tdap.json.id]) {
      const ok = await t.call("POST", `/api/compliance/documents/${id}/approve`, { cookie: coordinator.cookie });
      expect(ok.status).toBe(200);
      expect(ok.json.status).toBe("approved");
    }
    expect(await statusOf(s.studentId!)).toBe("compliant");

    const view = await t.call("GET", "/api/me/student/compliance", { cookie: s.cookie });
    expect(view.status).toBe(200);
    const bls = view.json.items.find((i: { type: { id: string } }) => i.type.id === "bls");
    expect(bls.status).toBe("approved");
    expect(bls.current.id).toBe(second.json.id);
    expect(bls.history.map((d: { id: string }) => d.id)).toEqual([first.json.id]);
    expect(view.json.counts).toMatchObject({ required: 2, approved: 2, missing: 0 });
    expect(view.json.student.complianceStatus).toBe("compliant");

    const rows = await t.deps.db
      .select()
      .from(complianceDocuments)
      .where(and(eq(complianceDocuments.studentId, s.studentId!), eq(complianceDocuments.isCurrent, true)));
    expect(rows).toHaveLength(2);
  });
});
