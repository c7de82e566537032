import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../../domain/compliance";
import { SETTING_DEFAULTS } from "../../../domain/platform-settings";
import { applications } from "../../db/schema/applications";
import { auditLog } from "../../db/schema/audit";
import { complianceDocuments } from "../../db/schema/compliance";
import { organizations } from "../../db/schema/organizations";
import { students } from "../../db/schema/students";
import { createApplication } from "../../factories/applications";
import { createPlacement } from "../../factories/placements";
import { createProgram, createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

// Platform settings (issue 14): read by admins, changed by super admins, validated with the
// field's name, audited with before and after, seen by a second instance without a restart, and
// enforced where each is used.

let t: TestApp;
let superAdmin: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await t.createUser("super_admin", { name: "Sue Super" });
  admin = await t.createUser("admin");
}, 60_000);
afterAll(async () => {
  await t.close();
});

const get = (cookie: string, app: TestApp = t) => app.call("GET", "/api/admin/settings", { cookie });
const put = (body: unknown, cookie = superAdmin.cookie) => t.call("PUT", "/api/admin/settings", { cookie, body });
/** Sets values and checks the answer. */
async function set(body: Record<string, unknown>) {
  const res = await put(body);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res;
}

describe("GET/PUT /api/admin/settings", () => {
  it("answers the defaults to admins and super admins", async () => {
    for (const u of [admin, superAdmin]) {
      const res = await get(u.cookie);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ values: SETTING_DEFAULTS, changes: {} });
    }
  });

  it("refuses other roles (403) and signed-out callers (401), on read and on change", async () => {
    for (const role of ["program", "facility", "student", "none"] as const) {
      const u = await t.createUser(role);
      expect((await get(u.cookie)).status, role).toBe(403);
      expect((await put({ maxPendingApplicationsPerStudent: 3 }, u.cookie)).status, role).toBe(403);
    }
    // Admins read; only a super admin changes platform-wide rules.
    const byAdmin = await put({ maxPendingApplicationsPerStudent: 3 }, admin.cookie);
    expect(byAdmin.status).toBe(403);
    expect((await get("")).status).toBe(401);
    expect((await put({ maxPendingApplicationsPerStudent: 3 }, "")).status).toBe(401);
    expect((await get(admin.cookie)).json.values.maxPendingApplicationsPerStudent).toBe(20);
  });

  it("answers 422 naming each bad field, changing nothing", async () => {
    const cases: [unknown, string, string][] = [
      [
        { maxPendingApplicationsPerStudent: 0 },
        "maxPendingApplicationsPerStudent",
        "Maximum pending applications per student must be at least 1",
      ],
      [
        { maxPendingApplicationsPerStudent: 2.5 },
        "maxPendingApplicationsPerStudent",
        "Maximum pending applications per student must be a whole number",
      ],
      [
        { approvalRequiresCompliance: "yes" },
        "approvalRequiresCompliance",
        "Approval requires compliance must be on or off",
      ],
      [{ reminderWindows: [] }, "reminderWindows", "Reminder windows need at least one number of days"],
      [{ reminderWindows: [30, 30] }, "reminderWindows", "Reminder windows must not repeat a number of days"],
      [{ reminderWindows: [400] }, "reminderWindows.0", "Reminder windows must be from 1 to 365 days"],
      [{ emailSenderName: "A" }, "emailSenderName", "Email sender name must be at least 2 characters"],
      [
        { emailSenderName: "Evil <x@y>" },
        "emailSenderName",
        "Email sender name cannot contain quotes, angle brackets or line breaks",
      ],
      [{}, "body", "Change at least one setting"],
    ];
    for (const [body, path, message] of cases) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.error.issues, JSON.stringify(body)).toContainEqual({ path, message });
    }
    const unknown = await put({ maxPendingApplicationsPerStudent: 5, colour: "red" });
    expect(unknown.status).toBe(422);
    expect((await get(admin.cookie)).json.values).toEqual(SETTING_DEFAULTS);
  });

  it("saves a change, answers it with who changed it, and audits before and after", async () => {
    const res = await set({ maxPendingApplicationsPerStudent: 20, reminderWindows: [7, 45, 14] });
    // 20 is the default already: only the windows changed (kept largest first).
    expect(res.json.changed).toEqual(["reminderWindows"]);
    expect(res.json.values.reminderWindows).toEqual([45, 14, 7]);
    expect(res.json.changes.reminderWindows).toEqual({ updatedAt: expect.any(String), updatedBy: "Sue Super" });
    expect((await get(admin.cookie)).json.values.reminderWindows).toEqual([45, 14, 7]);

    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "PUT /api/admin/settings"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      actorId: superAdmin.userId,
      actorRole: "super_admin",
      summary: "Changed platform settings: Reminder windows",
      entityType: "settings",
      before: { reminderWindows: [30, 7] },
      after: { reminderWindows: [45, 14, 7] },
    });
    await set({ reminderWindows: SETTING_DEFAULTS.reminderWindows });
  });

  it("a change on one instance is read by another at once, without a restart", async () => {
    const other = await createTestApp({
      sameDatabaseAs: { database: t.database, databaseUrl: t.databaseUrl, secret: t.secret, dataDir: t.dataDir },
    });
    try {
      await other.deps.realtime.ready;
      // The other instance reads (and keeps) the current value first.
      expect((await other.deps.settings.get()).emailSenderName).toBe("Clinical Placement Portal");
      expect((await get(admin.cookie, other)).json.values.emailSenderName).toBe("Clinical Placement Portal");
      await set({ emailSenderName: "Nursing Placements Office" });
      // Its copy is dropped when the database's announcement arrives.
      await expect
        .poll(async () => (await other.deps.settings.get()).emailSenderName)
        .toBe("Nursing Placements Office");
      expect((await get(admin.cookie, other)).json.values.emailSenderName).toBe("Nursing Placements Office");
    } finally {
      await other.close();
      await set({ emailSenderName: SETTING_DEFAULTS.emailSenderName });
    }
  });
});

describe("each setting is enforced where it is used", () => {
  it("maximum pending applications: a student holding that many is refused 409, for themselves and by their program", async () => {
    await set({ maxPendingApplicationsPerStudent: 2 });
    try {
      const program = await t.createOrganization("program");
      const coordinator = await t.createUser("program", { organizationId: program.id });
      const student = await t.createUser("student", { organizationId: program.id });
      const facility = await t.createOrganization("facility");
      const [p1, p2, p3] = [
        await createPlacement(t.deps.db, facility.id),
        await createPlacement(t.deps.db, facility.id),
        await createPlacement(t.deps.db, facility.id),
      ];
      const apply = (placementId: string) =>
        t.call("POST", "/api/me/student/applications", { cookie: student.cookie, body: { placementId } });
      expect((await apply(p1.id)).status).toBe(201);
      expect((await apply(p2.id)).status).toBe(201);
      const third = await apply(p3.id);
      expect(third.status).toBe(409);
      expect(third.json.error).toEqual({
        code: "too_many_pending",
        message:
          "Already has 2 pending applications, the most a student may hold at once: wait for a decision or withdraw one first",
      });
      const byProgram = await t.call("POST", "/api/applications", {
        cookie: coordinator.cookie,
        body: { placementId: p3.id, studentIds: [student.studentId] },
      });
      expect(byProgram.json.refused).toMatchObject([{ studentId: student.studentId, code: "too_many_pending" }]);
      // A decision frees a place: withdrawing one lets the next through.
      await t.deps.db
        .update(applications)
        .set({ status: "withdrawn" })
        .where(and(eq(applications.studentId, student.studentId!), eq(applications.placementId, p1.id)));
      expect((await apply(p3.id)).status).toBe(201);
    } finally {
      await set({ maxPendingApplicationsPerStudent: SETTING_DEFAULTS.maxPendingApplicationsPerStudent });
    }
  });

  it("maximum pending applications holds when a student applies to twenty placements at once", async () => {
    await set({ maxPendingApplicationsPerStudent: 3 });
    try {
      const program = await t.createOrganization("program");
      const student = await t.createUser("student", { organizationId: program.id });
      const facility = await t.createOrganization("facility");
      const many = [];
      for (let i = 0; i < 20; i += 1) many.push(await createPlacement(t.deps.db, facility.id));
      const answers = await Promise.all(
        many.map((p) =>
          t.call("POST", "/api/me/student/applications", { cookie: student.cookie, body: { placementId: p.id } }),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
      expect(answers.filter((a) => a.status === 409).map((a) => a.json.error.code)).toEqual(
        Array(17).fill("too_many_pending"),
      );
      const held = await t.deps.db
        .select()
        .from(applications)
        .where(and(eq(applications.studentId, student.studentId!), eq(applications.status, "pending")));
      expect(held).toHaveLength(3);
    } finally {
      await set({ maxPendingApplicationsPerStudent: SETTING_DEFAULTS.maxPendingApplicationsPerStudent });
    }
  });

  it("approval requires compliance: on, a not-ready student needs the override; off, the approval goes through and what was missing is recorded", async () => {
    const facility = await t.createUser("facility");
    await t.call("PUT", "/api/compliance/facility-requirements", {
      cookie: facility.cookie,
      body: { requirementTypeIds: ["tdap"] },
    });
    const program = await createProgram(t);
    const roster = async () => {
      const s = await createStudent(t, program.id);
      const [row] = await t.deps.db.select().from(students).where(eq(students.id, s.id));
      return row;
    };
    const placement = await createPlacement(t.deps.db, facility.organizationId!, { capacity: 5 });
    const first = await createApplication(t.deps.db, await roster(), placement.id);
    const approve = (id: string) =>
      t.call("POST", `/api/facility/applications/${id}/approve`, { cookie: facility.cookie, body: {} });

    const refused = await approve(first.id);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({ code: "not_ready", missing: ["Tdap"] });

    await set({ approvalRequiresCompliance: false });
    try {
      const res = await approve(first.id);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json).toMatchObject({ status: "approved", ready: false });
      const [row] = await t.deps.db.select().from(applications).where(eq(applications.id, first.id));
      expect(row.readinessMissing).toEqual(["tdap"]);
    } finally {
      await set({ approvalRequiresCompliance: true });
    }
    const second = await createApplication(t.deps.db, await roster(), placement.id);
    expect((await approve(second.id)).status).toBe(409);
  });

  it("reminder windows: the scan reminds at the configured days before expiry", async () => {
    const program = await createProgram(t);
    const today = "2026-03-01";
    const expiring = async (days: number) => {
      const s = await createStudent(t, program.id);
      await t.deps.db.insert(complianceDocuments).values({
        studentId: s.id,
        requirementTypeId: "bls",
        status: "approved",
        isCurrent: true,
        issuedOn: "2024-01-01",
        expiresOn: addDays(today, days),
        fileKey: `test/${s.id}`,
        fileName: "card.pdf",
        contentType: "application/pdf",
        sizeBytes: 100,
        sha256: "0".repeat(64),
      });
      return s;
    };
    const in14 = await expiring(14);
    const in30 = await expiring(30);
    const in60 = await expiring(60);
    await set({ reminderWindows: [60, 14] });
    try {
      await t.jobRunner.schedule(new Date(`${today}T10:00:00Z`));
      await t.drainJobs();
      const subjects = async (email: string) => (await t.mailTo(email)).map((m) => m.subject);
      expect(await subjects(in60.email)).toEqual(["Your BLS/CPR (American Heart Association) expires in 60 days"]);
      expect(await subjects(in14.email)).toEqual(["Your BLS/CPR (American Heart Association) expires in 14 days"]);
      // 30 days left: within the 60-day window and beyond the 14-day one (the 30-day window is gone).
      expect(await subjects(in30.email)).toEqual(["Your BLS/CPR (American Heart Association) expires in 30 days"]);
    } finally {
      await set({ reminderWindows: SETTING_DEFAULTS.reminderWindows });
    }
  });

  it("email sender name: outgoing mail carries it with MAIL_FROM's address", async () => {
    await set({ emailSenderName: "Mercy Placement Office" });
    try {
      const added = await t.call("POST", "/api/admin/admins", {
        cookie: superAdmin.cookie,
        body: {
          email: "sender-check@test.dev",
          password: "Placement-2026!",
          fullName: "Sam Sender",
          organizationName: "Ops",
        },
      });
      expect(added.status).toBe(201);
      await t.drainJobs();
      const [mail] = await t.mailTo("sender-check@test.dev");
      expect(mail.from).toBe('"Mercy Placement Office" <no-reply@placement-portal.local>');
    } finally {
      await set({ emailSenderName: SETTING_DEFAULTS.emailSenderName });
    }
    await t.call("POST", "/api/admin/admins", {
      cookie: superAdmin.cookie,
      body: {
        email: "sender-check2@test.dev",
        password: "Placement-2026!",
        fullName: "Sam Sender",
        organizationName: "Ops",
      },
    });
    await t.drainJobs();
    const [mail] = await t.mailTo("sender-check2@test.dev");
    expect(mail.from).toBe('"Clinical Placement Portal" <no-reply@placement-portal.local>');
  });

  it("new organizations need verification: on, sign-up creates a pending organization; off, a verified one", async () => {
    const signUp = (email: string, organizationName: string) =>
      t.call("POST", "/api/accounts/sign-up", {
        ip: t.nextIp(),
        body: { email, password: "Placement-2026!", fullName: "Nia Newcomer", organizationName, role: "facility" },
      });
    const statusOf = async (name: string) => {
      const [org] = await t.deps.db.select().from(organizations).where(eq(organizations.name, name));
      return org && { status: org.verificationStatus, verified: org.verifiedAt !== null };
    };
    expect((await signUp("pending-org@test.dev", "Waiting Clinic")).status).toBeLessThan(300);
    expect(await statusOf("Waiting Clinic")).toEqual({ status: "pending", verified: false });
    await set({ organizationsRequireVerification: false });
    try {
      expect((await signUp("open-org@test.dev", "Open Clinic")).status).toBeLessThan(300);
      expect(await statusOf("Open Clinic")).toEqual({ status: "verified", verified: true });
    } finally {
      await set({ organizationsRequireVerification: true });
    }
  });
});
