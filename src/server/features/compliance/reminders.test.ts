import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../../domain/compliance";
import { complianceDocuments, programRequirements } from "../../db/schema/compliance";
import { jobs } from "../../db/schema/jobs";
import { students } from "../../db/schema/students";
import { COMPLIANCE_RECOMPUTE_STATUS, COMPLIANCE_REVIEW_DIGEST } from "../../jobs/handlers";
import { createCoordinator, createProgram, createStudent } from "../../testing/factories";
import { createTestApp, type TestApp } from "../../testing/harness";
import { reminderWindow } from "./reminders";

// Issue 12: expiry reminders (30 and 7 days before, and on expiry), the coordinators' daily review
// digest and the daily status recompute, run by the job queue on a fixed day (ADR 015).

const TODAY = "2026-03-01";
let t: TestApp;
let programId: string;

beforeAll(async () => {
  t = await createTestApp();
  programId = (await createProgram(t, { name: "Reminder Nursing" })).id;
});
afterAll(async () => {
  await t.close();
});

async function addDocument(
  studentId: string,
  o: {
    type?: string;
    status?: "submitted" | "approved" | "rejected";
    expiresOn?: string | null;
    isCurrent?: boolean;
    uploadedAt?: Date;
  } = {},
) {
  const [row] = await t.deps.db
    .insert(complianceDocuments)
    .values({
      studentId,
      requirementTypeId: o.type ?? "bls",
      status: o.status ?? "approved",
      isCurrent: o.isCurrent ?? true,
      issuedOn: "2024-01-01",
      expiresOn: o.expiresOn === undefined ? null : o.expiresOn,
      fileKey: `test/${Math.random().toString(36).slice(2)}`,
      fileName: "card.pdf",
      contentType: "application/pdf",
      sizeBytes: 100,
      sha256: "0".repeat(64),
      ...(o.uploadedAt ? { uploadedAt: o.uploadedAt } : {}),
    })
    .returning();
  return row;
}

/** A roster student with one BLS card expiring `daysLeft` days after TODAY. */
async function studentExpiringIn(daysLeft: number | null, o: Parameters<typeof addDocument>[1] = {}) {
  const s = await createStudent(t, programId, { firstName: `Days${daysLeft}` });
  await addDocument(s.id, { expiresOn: daysLeft === null ? null : addDays(TODAY, daysLeft), ...o });
  return s;
}

describe("reminderWindow", () => {
  it("sends the window the item is in, never one already passed", () => {
    expect([45, 31, 30, 8, 7, 5, 1, 0, -1, -7, -8].map(reminderWindow)).toEqual([
      null,
      null,
      30,
      30,
      7,
      7,
      7,
      0,
      0,
      0,
      null,
    ]);
  });
});

describe("compliance.scan: expiry reminders", () => {
  it("mails each student once per window, 30 and 7 days before and on expiry, whoever scans", async () => {
    const cases = new Map<number, { email: string }>();
    for (const d of [45, 31, 30, 8, 7, 5, 1, 0, -3, -8]) cases.set(d, await studentExpiringIn(d));
    const submitted = await studentExpiringIn(5, { status: "submitted" });
    const rejected = await studentExpiringIn(5, { status: "rejected" });
    const replaced = await studentExpiringIn(5, { isCurrent: false });
    const noExpiry = await studentExpiringIn(null);
    const withdrawn = await studentExpiringIn(5);
    await t.deps.db.update(students).set({ enrollmentStatus: "withdrawn" }).where(eq(students.id, withdrawn.id));

    // The app's runner schedules the hour's scan (and the day's digest and recompute), then runs them.
    await t.jobRunner.schedule(new Date(`${TODAY}T10:00:00Z`));
    await t.drainJobs();

    const subjects = async (email: string) => (await t.mailTo(email)).map((m) => m.subject);
    expect(await subjects(cases.get(45)!.email)).toEqual([]);
    expect(await subjects(cases.get(31)!.email)).toEqual([]);
    expect(await subjects(cases.get(30)!.email)).toEqual([
      "Your BLS/CPR (American Heart Association) expires in 30 days",
    ]);
    expect(await subjects(cases.get(8)!.email)).toEqual([
      "Your BLS/CPR (American Heart Association) expires in 8 days",
    ]);
    expect(await subjects(cases.get(7)!.email)).toEqual([
      "Your BLS/CPR (American Heart Association) expires in 7 days",
    ]);
    // Uploaded with 5 days left: the 7-day reminder, not a late 30-day one.
    expect(await subjects(cases.get(5)!.email)).toEqual([
      "Your BLS/CPR (American Heart Association) expires in 5 days",
    ]);
    expect(await subjects(cases.get(1)!.email)).toEqual(["Your BLS/CPR (American Heart Association) expires tomorrow"]);
    expect(await subjects(cases.get(0)!.email)).toEqual(["Your BLS/CPR (American Heart Association) expires today"]);
    expect(await subjects(cases.get(-3)!.email)).toEqual(["Your BLS/CPR (American Heart Association) has expired"]);
    expect(await subjects(cases.get(-8)!.email)).toEqual([]);
    for (const s of [submitted, rejected, replaced, noExpiry, withdrawn]) expect(await subjects(s.email)).toEqual([]);

    const [mail] = await t.mailTo(cases.get(7)!.email);
    expect(mail.text).toContain("valid through 2026-03-08");
    expect(mail.link).toBe("http://localhost:3000/student/compliance");
    expect(mail.text).toContain("http://localhost:3000/student/compliance");
    const [keyed] = await t.deps.db.select().from(jobs).where(eq(jobs.kind, "mail.send"));
    expect(keyed.dedupeKey).toMatch(/^reminder:expiry:[0-9a-f-]{36}:(30|7|0)$/);

    // Scanning again the same day (another hour, another instance) sends nothing twice.
    await t.jobRunner.schedule(new Date(`${TODAY}T11:00:00Z`));
    await t.drainJobs();
    for (const d of [30, 8, 7, 5, 1, 0, -3]) expect(await subjects(cases.get(d)!.email), String(d)).toHaveLength(1);

    // The next day: 8 days left became 7 (the 7-day reminder), 1 became 0 (expires today); the
    // others stay in a window already reminded.
    await t.jobRunner.schedule(new Date(`${addDays(TODAY, 1)}T00:05:00Z`));
    await t.drainJobs();
    expect(await subjects(cases.get(8)!.email)).toEqual([
      "Your BLS/CPR (American Heart Association) expires in 7 days",
      "Your BLS/CPR (American Heart Association) expires in 8 days",
    ]);
    expect((await subjects(cases.get(1)!.email))[0]).toBe("Your BLS/CPR (American Heart Association) expires today");
    for (const d of [30, 7, 5, 0, -3]) expect(await subjects(cases.get(d)!.email), String(d)).toHaveLength(1);
  });

  it("writes to the student's account email when they have one, else the roster's", async () => {
    const user = await t.createUser("student", { organizationId: programId });
    await t.deps.db
      .update(students)
      .set({ email: `roster-${user.email}` })
      .where(eq(students.id, user.studentId!));
    await addDocument(user.studentId!, { expiresOn: addDays(TODAY, 6) });
    await t.deps.jobs.enqueue(t.deps.db, { kind: "compliance.scan", payload: { today: TODAY } });
    await t.drainJobs();
    expect(await t.mailTo(user.email)).toHaveLength(1);
    expect(await t.mailTo(`roster-${user.email}`)).toHaveLength(0);
  });
});

describe("compliance.review-digest", () => {
  it("mails each coordinator of a program with documents waiting one digest a day: the count and the oldest", async () => {
    const program = await createProgram(t, { name: "Digest Nursing" });
    const quiet = await createProgram(t, { name: "Quiet Nursing" });
    const c1 = await createCoordinator(t, program.id);
    const c2 = await createCoordinator(t, program.id);
    const other = await createCoordinator(t, quiet.id);
    const ann = await createStudent(t, program.id, { firstName: "Ann", lastName: "Oldest" });
    const ben = await createStudent(t, program.id, { firstName: "Ben", lastName: "Newer" });
    await addDocument(ann.id, { type: "tdap", status: "submitted", uploadedAt: new Date("2026-02-20T09:00:00Z") });
    await addDocument(ben.id, { type: "bls", status: "submitted", uploadedAt: new Date("2026-02-27T09:00:00Z") });
    await addDocument(ben.id, { type: "mmr", status: "approved" });
    // A replaced submission waits for no one.
    await addDocument(ben.id, { type: "hipaa", status: "submitted", isCurrent: false });
    const quietStudent = await createStudent(t, quiet.id);
    await addDocument(quietStudent.id, { status: "approved" });

    const enqueueDigest = (key: string) =>
      t.deps.jobs.enqueue(t.deps.db, { kind: COMPLIANCE_REVIEW_DIGEST, payload: { today: TODAY }, dedupeKey: key });
    await enqueueDigest("test-digest-1");
    await t.drainJobs();
    for (const c of [c1, c2]) {
      const mails = await t.mailTo(c.email);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe("2 compliance documents waiting for your review");
      expect(mails[0].text).toContain("Digest Nursing: 2 documents waiting.");
      expect(mails[0].text).toContain("The oldest: Ann Oldest's Tdap, uploaded on 2026-02-20.");
      expect(mails[0].link).toBe("http://localhost:3000/compliance");
    }
    expect(await t.mailTo(other.email)).toHaveLength(0);

    // A second digest run the same day (another instance) sends nothing more.
    await enqueueDigest("test-digest-2");
    await t.drainJobs();
    expect(await t.mailTo(c1.email)).toHaveLength(1);
  });
});

describe("compliance.recompute-status", () => {
  it("moves a student whose approved item expired to incomplete on the day after its last valid day", async () => {
    const program = await createProgram(t, { name: "Recompute Nursing" });
    await t.deps.db.insert(programRequirements).values({ programId: program.id, requirementTypeId: "bls" });
    const s = await createStudent(t, program.id, { complianceStatus: "compliant" });
    await addDocument(s.id, { expiresOn: TODAY });
    const run = async (today: string) => {
      await t.deps.jobs.enqueue(t.deps.db, { kind: COMPLIANCE_RECOMPUTE_STATUS, payload: { today } });
      await t.drainJobs();
      const [row] = await t.deps.db.select().from(students).where(eq(students.id, s.id));
      return row.complianceStatus;
    };
    expect(await run(TODAY)).toBe("compliant");
    expect(await run(addDays(TODAY, 1))).toBe("incomplete");
  });
});
