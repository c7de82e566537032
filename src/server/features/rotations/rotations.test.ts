import { and, eq } from "drizzle-orm";
import { getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/audit";
import { students } from "../../db/schema/students";
import { createApplication } from "../../factories/applications";
import { createDepartment, createPlacement, dayFromToday } from "../../factories/placements";
import { createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";
import { pdfSafe } from "./record-pdf";
import {
  addDocument,
  addEvaluation,
  askMidpoint,
  assignPreceptor,
  logHours,
  type Rotation,
  requireHours,
} from "./test-factories";

// Rotation records through the API (issue 17): the PDF for each role and another organization
// (404), its text read back with unpdf, names in other scripts, 500 hour entries, the audit entry;
// the program's completion list's figures against inserted data, its filters and CSV.

let t: TestApp;
let program: TestUser;
let facility: TestUser;
let student: TestUser;
let preceptor: TestUser;
let otherPreceptor: TestUser;
let otherProgram: TestUser;
let otherFacility: TestUser;
let otherStudent: TestUser;
let admin: TestUser;
let none: TestUser;
let rotation: Rotation;
let pendingApplicationId: string;

const COMMENT = "Calm under pressure and thorough with handovers";
const SITE_COMMENT = "The unit welcomed students and the preceptor explained every step";

async function pdfText(bytes: ArrayBuffer | Uint8Array): Promise<{ text: string; pages: number }> {
  const doc = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false });
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((i) => ("str" in i ? i.str : "")).join(" "));
  }
  return { text: pages.join("\n").replace(/\s+/g, " "), pages: doc.numPages };
}

async function download(path: string, cookie?: string) {
  const res = await t.app.request(path, { headers: cookie ? { cookie } : {} });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes };
}

const recordPath = (id: string) => `/api/rotations/${id}/record.pdf`;
const myRecordPath = (id: string) => `/api/me/student/rotations/${id}/record.pdf`;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  program = await t.createUser("program");
  facility = await t.createUser("facility");
  student = await t.createUser("student", { organizationId: program.organizationId!, name: "Avery Quinn" });
  preceptor = await t.createUser("preceptor", { organizationId: facility.organizationId!, name: "Morgan Reyes" });
  otherPreceptor = await t.createUser("preceptor", { organizationId: facility.organizationId! });
  otherProgram = await t.createUser("program");
  otherFacility = await t.createUser("facility");
  otherStudent = await t.createUser("student", { organizationId: program.organizationId! });
  admin = await t.createUser("admin");
  none = await t.createUser("none");

  // The roster entry's name is the record's (the harness names every roster student "Test Student").
  await db.update(students).set({ firstName: "Avery", lastName: "Quinn" }).where(eq(students.id, student.studentId!));
  const department = await createDepartment(db, facility.organizationId!, { name: "Cardiac Step-Down" });
  const placement = await createPlacement(db, facility.organizationId!, {
    title: "Adult Cardiac Rotation",
    specialty: "Cardiology",
    departmentId: department.id,
    startDate: dayFromToday(-30),
    endDate: dayFromToday(10),
  });
  const app = await createApplication(
    db,
    { id: student.studentId!, programId: program.organizationId! },
    placement.id,
    { status: "approved", reviewedAt: new Date() },
  );
  rotation = {
    id: app.id,
    studentId: student.studentId!,
    programId: program.organizationId!,
    facilityId: facility.organizationId!,
  };
  const later = await createPlacement(db, facility.organizationId!, { title: "Later rotation" });
  pendingApplicationId = (
    await createApplication(db, { id: student.studentId!, programId: program.organizationId! }, later.id)
  ).id;

  await assignPreceptor(db, rotation, preceptor.userId);
  await requireHours(db, program.organizationId!, 90);
  await requireHours(db, program.organizationId!, 24, "Cardiology");
  await logHours(db, rotation, [
    { workDate: dayFromToday(-20), status: "approved", categories: ["Direct patient care", "Assessment"] },
    { workDate: dayFromToday(-19), startMinute: 19 * 60, minutes: 12 * 60, status: "approved" },
    { workDate: dayFromToday(-17), minutes: 6 * 60, status: "submitted" },
    { workDate: dayFromToday(-16), minutes: 4 * 60, status: "returned", reviewNote: "Times do not match the roster" },
  ]);
  await addEvaluation(db, rotation, {
    kind: "student",
    dueDate: dayFromToday(17),
    submittedBy: preceptor.userId,
    answers: [
      { questionId: "safety", rating: 4 },
      { questionId: "communication", rating: 5 },
      { questionId: "overall", comment: COMMENT },
    ],
  });
  await addEvaluation(db, rotation, {
    kind: "site",
    dueDate: dayFromToday(17),
    submittedBy: student.userId,
    answers: [
      { questionId: "safety", rating: 5 },
      { questionId: "communication", rating: 4 },
      { questionId: "overall", comment: SITE_COMMENT },
    ],
  });
  await addEvaluation(db, rotation, { kind: "student", phase: "midpoint", dueDate: dayFromToday(-3) });
  await addDocument(db, student.studentId!, { requirementTypeId: "bls", expiresOn: "2027-06-30" });
  await addDocument(db, student.studentId!, { requirementTypeId: "influenza", status: "submitted" });
});
afterAll(async () => {
  await t?.close();
});

describe("GET /api/rotations/{id}/record.pdf", () => {
  it("gives the program, the facility, the assigned preceptor and admins the PDF; others 404, 403 or 401", async () => {
    for (const who of [program, facility, preceptor, admin]) {
      const res = await download(recordPath(rotation.id), who.cookie);
      expect(res.status, who.email).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="rotation-record-Avery-Quinn-/);
      expect(new TextDecoder().decode(res.bytes.slice(0, 5))).toBe("%PDF-");
    }
    for (const who of [otherProgram, otherFacility, otherPreceptor]) {
      const res = await t.call("GET", recordPath(rotation.id), { cookie: who.cookie });
      expect(res.status, who.email).toBe(404);
      expect(res.json.error).toEqual({ code: "not_found", message: "Rotation not found" });
    }
    for (const who of [student, none]) {
      expect((await t.call("GET", recordPath(rotation.id), { cookie: who.cookie })).status).toBe(403);
    }
    expect((await t.call("GET", recordPath(rotation.id))).status).toBe(401);
    // Not a rotation (still pending), unknown, malformed: 404.
    expect((await t.call("GET", recordPath(pendingApplicationId), { cookie: program.cookie })).status).toBe(404);
    expect((await t.call("GET", recordPath(crypto.randomUUID()), { cookie: admin.cookie })).status).toBe(404);
    expect((await t.call("GET", recordPath("not-an-id"), { cookie: admin.cookie })).status).toBe(404);
  });

  it("the student downloads their own from /api/me/student; another student gets 404", async () => {
    const own = await download(myRecordPath(rotation.id), student.cookie);
    expect(own.status).toBe(200);
    expect((await pdfText(own.bytes)).text).toContain("Avery Quinn");
    expect((await t.call("GET", myRecordPath(rotation.id), { cookie: otherStudent.cookie })).status).toBe(404);
    expect((await t.call("GET", myRecordPath(pendingApplicationId), { cookie: student.cookie })).status).toBe(404);
    for (const who of [program, facility]) {
      expect((await t.call("GET", myRecordPath(rotation.id), { cookie: who.cookie })).status).toBe(403);
    }
    // An administrator views as the student (read only): the same record.
    const viewed = await download(`${myRecordPath(rotation.id)}?student=${student.studentId}`, admin.cookie);
    expect(viewed.status).toBe(200);
  });

  it("holds the student, the rotation, preceptors, hours by status, evaluations and documents", async () => {
    const res = await download(recordPath(rotation.id), program.cookie);
    const { text } = await pdfText(res.bytes);
    for (const expected of [
      "Clinical Placement Portal",
      "Clinical Rotation Record",
      "Avery Quinn",
      student.email,
      "Adult Cardiac Rotation",
      "Cardiac Step-Down",
      "Cardiology",
      "Approved, current",
      "Morgan Reyes, Preceptor",
      // 8 h + a 12 h night shift approved, of the Cardiology row's 24 (not the default 90).
      "20 h of 24 required",
      "Pending review 6 h",
      "Returned 4 h",
      "19:00–07:00",
      "Direct patient care, Assessment",
      "Times do not match the roster",
      "Preceptor's evaluation of the student (Final)",
      "Practices safely: 4 of 5",
      COMMENT,
      "Student's evaluation of the site (Final)",
      SITE_COMMENT,
      "Preceptor's evaluation of the student (Midpoint)",
      `Pending: due`,
      "BLS/CPR",
      "Awaiting review",
      "Jun 30, 2027",
      "Page 1 of",
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Pending and returned entries are listed apart from the approved ones.
    expect(text).toContain("Approved entries: 2");
    expect(text).toContain("Pending review (not counted): 1");
    expect(text).toContain("Returned to the student (not counted): 1");
  });

  it("the facility's and the preceptor's copies leave out the student's evaluation of the site", async () => {
    for (const who of [facility, preceptor]) {
      const { text } = await pdfText((await download(recordPath(rotation.id), who.cookie)).bytes);
      expect(text).toContain(COMMENT);
      expect(text).not.toContain(SITE_COMMENT);
      expect(text).toContain("not part of the facility's copy");
    }
  });

  it("records who downloaded which record in the audit trail", async () => {
    await download(recordPath(rotation.id), facility.cookie);
    const entries = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "rotation_record"), eq(auditLog.actorId, facility.userId)));
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]).toMatchObject({
      action: "GET /api/rotations/{applicationId}/record.pdf",
      entityId: rotation.id,
      organizationId: program.organizationId,
      actorEmail: facility.email,
    });
    expect(entries[0].summary).toContain("Avery Quinn");
  });

  it("names in other scripts do not break the PDF: accents kept or dropped, the rest replaced", async () => {
    const db = t.deps.db;
    const roster = await createStudent(t, program.organizationId!, {
      firstName: "Zoë Łucja 张伟",
      lastName: "Ünal-Øvergård Nguyễn 😀",
      email: `zoe.${crypto.randomUUID().slice(0, 8)}@example.test`,
    });
    const placement = await createPlacement(db, facility.organizationId!, {
      title: "Pédiatrie — ward ČŠŽ",
      startDate: dayFromToday(-5),
      endDate: dayFromToday(30),
    });
    const app = await createApplication(db, roster, placement.id, { status: "approved", reviewedAt: new Date() });
    const r = { id: app.id, studentId: roster.id, programId: roster.programId, facilityId: facility.organizationId! };
    await logHours(db, r, [{ workDate: dayFromToday(-2), categories: ["Observación\tclínica\n✓ 診察"] }]);
    await addEvaluation(db, r, {
      kind: "student",
      dueDate: dayFromToday(40),
      answers: [{ questionId: "overall", comment: "Très bien\r\nline two\u0007 — “quoted” 日本語" }],
    });
    const res = await download(recordPath(app.id), program.cookie);
    expect(res.status).toBe(200);
    const { text } = await pdfText(res.bytes);
    expect(text).toContain("Zoë Lucja ??");
    expect(text).toContain("Ünal-Øvergård Nguyen ?");
    // Š and Ž are WinAnsi letters; Č is not, and loses its caron.
    expect(text).toContain("Pédiatrie — ward CŠŽ");
    expect(text).toContain("Très bien");
    expect(text).toContain("“quoted” ???");
  });

  it("pdfSafe replaces what WinAnsi cannot encode, keeps what it can", () => {
    const winAnsi = new Set([...Array(0x7f - 0x20).keys()].map((i) => i + 0x20).concat([0xe9, 0xfc, 0x2014]));
    expect(pdfSafe("Zoé ü — ő ł 张 \t\n😀", winAnsi)).toBe("Zoé ü — o l ?   ?");
    expect(pdfSafe("a\u0000b\u0085c", winAnsi)).toBe("abc");
    expect(pdfSafe("", winAnsi)).toBe("");
  });

  it("a rotation with 500 hour entries renders, over several pages, with every entry", async () => {
    const db = t.deps.db;
    const roster = await createStudent(t, program.organizationId!, { firstName: "Long", lastName: "Record" });
    const placement = await createPlacement(db, facility.organizationId!, {
      startDate: dayFromToday(-260),
      endDate: dayFromToday(-1),
    });
    const app = await createApplication(db, roster, placement.id, { status: "approved", reviewedAt: new Date() });
    const r = { id: app.id, studentId: roster.id, programId: roster.programId, facilityId: facility.organizationId! };
    // Two entries a day for 250 days: 500 entries.
    const entries = Array.from({ length: 500 }, (_, i) => ({
      workDate: dayFromToday(-251 + Math.floor(i / 2)),
      startMinute: i % 2 === 0 ? 6 * 60 : 14 * 60,
      minutes: 4 * 60,
      categories: ["Direct patient care", "Medication administration", "Documentation"],
      status: (i % 10 === 0 ? "submitted" : "approved") as "submitted" | "approved",
    }));
    await logHours(db, r, entries);
    const res = await download(recordPath(app.id), program.cookie);
    expect(res.status).toBe(200);
    const { text, pages } = await pdfText(res.bytes);
    expect(pages).toBeGreaterThan(5);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain("Approved entries: 450");
    expect(text).toContain("Pending review (not counted): 50");
    // 450 approved × 4 h of the default 90 h requirement.
    expect(text).toContain("1800 h of 90 required");
    // Each row's date is there (the table breaks across pages with its header repeated).
    expect(text.match(/Medication administration/g)?.length).toBe(500);
    expect(text.match(/Categories/g)?.length).toBeGreaterThanOrEqual(pages - 1);
  });
});

describe("GET /api/rotations/records (the program's completion)", () => {
  let world: {
    cookie: string;
    programId: string;
    complete: string;
    incomplete: string;
    upcoming: string;
    current: string;
  };

  beforeAll(async () => {
    const db = t.deps.db;
    const coordinator = await t.createUser("program");
    const programId = coordinator.organizationId!;
    await requireHours(db, programId, 10);
    await askMidpoint(db, programId, false);
    const site = await t.createOrganization("facility", `Records Hospital ${crypto.randomUUID().slice(0, 6)}`);
    const make = async (name: string, start: number, end: number) => {
      const s = await createStudent(t, programId, { firstName: name, lastName: "Records" });
      const p = await createPlacement(db, site.id, { startDate: dayFromToday(start), endDate: dayFromToday(end) });
      const a = await createApplication(db, s, p.id, { status: "approved", reviewedAt: new Date() });
      return { id: a.id, studentId: s.id, programId, facilityId: site.id };
    };
    const complete = await make("Complete", -60, -5);
    await logHours(db, complete, [
      { workDate: dayFromToday(-30), minutes: 360, status: "approved" },
      { workDate: dayFromToday(-29), minutes: 240, status: "approved" },
    ]);
    await addEvaluation(db, complete, { kind: "student", dueDate: dayFromToday(2), answers: [] });
    await addEvaluation(db, complete, { kind: "site", dueDate: dayFromToday(2), answers: [] });
    const incomplete = await make("Incomplete", -60, -5);
    await logHours(db, incomplete, [
      { workDate: dayFromToday(-30), minutes: 300, status: "approved" },
      { workDate: dayFromToday(-29), minutes: 300, status: "submitted" },
    ]);
    await addEvaluation(db, incomplete, { kind: "student", dueDate: dayFromToday(2), answers: [] });
    await assignPreceptor(db, incomplete, preceptor.userId);
    const current = await make("Current", -3, 20);
    const upcoming = await make("Upcoming", 10, 40);
    // Not rotations: a pending and a withdrawn application.
    const s = await createStudent(t, programId, { firstName: "Pending", lastName: "Records" });
    const p = await createPlacement(db, site.id);
    await createApplication(db, s, p.id);
    await createApplication(db, s, (await createPlacement(db, site.id)).id, { status: "withdrawn" });
    world = {
      cookie: coordinator.cookie,
      programId,
      complete: complete.id,
      incomplete: incomplete.id,
      current: current.id,
      upcoming: upcoming.id,
    };
  });
  const cookie = () => world.cookie;

  it("one row per approved rotation with its figures, and the counts at the top", async () => {
    const res = await t.call("GET", "/api/rotations/records", { cookie: cookie() });
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(4);
    expect(res.json.counts).toEqual({ total: 4, endedComplete: 1, endedIncomplete: 1, current: 1, upcoming: 1 });
    const byId = Object.fromEntries(res.json.items.map((r: { id: string }) => [r.id, r]));
    expect(byId[world.complete]).toMatchObject({
      studentName: "Complete Records",
      status: "ended",
      approvedMinutes: 600,
      pendingMinutes: 0,
      requiredHours: 10,
      evaluationsSubmitted: 2,
      evaluationsExpected: 2,
      preceptorAssigned: false,
      complete: true,
    });
    expect(byId[world.incomplete]).toMatchObject({
      approvedMinutes: 300,
      pendingMinutes: 300,
      evaluationsSubmitted: 1,
      evaluationsExpected: 2,
      preceptorAssigned: true,
      complete: false,
    });
    expect(byId[world.current]).toMatchObject({ status: "current", approvedMinutes: 0, complete: false });
    expect(byId[world.upcoming].status).toBe("upcoming");
    expect(res.json.facilities).toHaveLength(1);
  });

  it("filters by status, completion, facility and search; pages; sorts", async () => {
    const ids = async (query: string) =>
      (await t.call("GET", `/api/rotations/records?${query}`, { cookie: cookie() })).json.items.map(
        (r: { id: string }) => r.id,
      );
    expect(await ids("status=ended&completion=incomplete")).toEqual([world.incomplete]);
    expect(await ids("completion=complete")).toEqual([world.complete]);
    expect(await ids("status=upcoming")).toEqual([world.upcoming]);
    expect(await ids("search=curRENT")).toEqual([world.current]);
    expect(await ids(`facilityId=${crypto.randomUUID()}`)).toEqual([]);
    expect(await ids("sort=student&order=asc")).toEqual([
      world.complete,
      world.current,
      world.incomplete,
      world.upcoming,
    ]);
    const page2 = await t.call("GET", "/api/rotations/records?pageSize=3&page=2&sort=student&order=asc", {
      cookie: cookie(),
    });
    expect(page2.json.items.map((r: { id: string }) => r.id)).toEqual([world.upcoming]);
    expect(page2.json.total).toBe(4);
    const bad = await t.call("GET", "/api/rotations/records?status=later&completion=x", { cookie: cookie() });
    expect(bad.status).toBe(422);
    expect(bad.json.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["completion", "status"]);
  });

  it("another program sees none of them; an admin names the program; a facility or student is refused", async () => {
    const other = await t.call("GET", "/api/rotations/records", { cookie: otherProgram.cookie });
    expect(other.status).toBe(200);
    expect(other.json.total).toBe(0);
    // A coordinator's programId is ignored (D1).
    const named = await t.call("GET", `/api/rotations/records?programId=${world.programId}`, {
      cookie: otherProgram.cookie,
    });
    expect(named.json.total).toBe(0);
    const byAdmin = await t.call("GET", `/api/rotations/records?programId=${world.programId}`, {
      cookie: admin.cookie,
    });
    expect(byAdmin.json.total).toBe(4);
    for (const who of [facility, student, preceptor]) {
      expect((await t.call("GET", "/api/rotations/records", { cookie: who.cookie })).status).toBe(403);
    }
  });

  it("exports the filtered rotations as CSV", async () => {
    const res = await t.call("GET", "/api/rotations/records/export.csv?sort=student&order=asc", { cookie: cookie() });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = res.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Student,Email,Placement,Specialty,Facility,Department,Start date,End date,Status,Approved hours,Pending hours,Required hours,Evaluations submitted,Evaluations expected,Preceptor assigned,Complete",
    );
    expect(lines).toHaveLength(5);
    const complete = lines[1].split(",");
    expect(complete[0]).toBe("Complete Records");
    expect(complete.slice(8)).toEqual(["ended", "10", "0", "10", "2", "2", "no", "yes"]);
    const incomplete = lines[3].split(",");
    expect(incomplete.slice(8)).toEqual(["ended", "5", "5", "10", "1", "2", "yes", "no"]);
    const filtered = await t.call("GET", "/api/rotations/records/export.csv?completion=complete", { cookie: cookie() });
    expect(filtered.text.trim().split("\r\n")).toHaveLength(2);
  });
});
