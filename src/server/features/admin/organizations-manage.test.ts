import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/audit";
import { memberships, organizations, userRoles } from "../../db/schema/organizations";
import { createApplication } from "../../factories/applications";
import { createPlacement } from "../../factories/placements";
import { REDACTED } from "../../lib/mail";
import { createCoordinator, createFacility, createProgram, createStudent } from "../../testing/factories";
import { createTestApp, TEST_APP_URL, type TestApp, type TestUser } from "../../testing/harness";

// Issue 14, organizations: the detail page's API, "Add" with the first coordinator, suspend and
// reinstate (enforced by the allow guard for every coordinator write), and the streamed export.

let t: TestApp;
let admin: TestUser;
let superAdmin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser("admin", { name: "Ada Admin" });
  superAdmin = await t.createUser("super_admin");
});
afterAll(async () => {
  await t.close();
});

const BASE = "/api/admin/organizations";
const UNKNOWN = "7b0c4a34-5c1e-4e1c-9d44-3f1f9e0d8a11";
const suspend = (id: string, reason: string | undefined, cookie = admin.cookie) =>
  t.call("POST", `${BASE}/${id}/suspend`, { cookie, body: reason === undefined ? {} : { reason } });
const reinstate = (id: string, cookie = admin.cookie) => t.call("POST", `${BASE}/${id}/reinstate`, { cookie });
const auditOf = (organizationId: string, action: string) =>
  t.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.action, action)));
// A counter, not randomness: every run names the same organizations, so a failure reproduces.
let added = 0;
const newOrg = (over: Record<string, unknown> = {}) => {
  added += 1;
  return {
    kind: "program",
    name: `Added Nursing ${added}`,
    city: "Dayton",
    state: "oh",
    coordinator: { email: `new-${added}@test.dev`, name: "Nia New" },
    ...over,
  };
};

describe("who may call the organization management routes", () => {
  it("admins and super admins may; program, facility and student coordinators get 403; signed out 401", async () => {
    const program = await createProgram(t, { name: "Zroles Nursing" });
    for (const u of [admin, superAdmin]) {
      expect((await t.call("GET", `${BASE}/${program.id}`, { cookie: u.cookie })).status).toBe(200);
    }
    const calls = (cookie: string) => [
      t.call("GET", `${BASE}/${program.id}`, { cookie }),
      t.call("POST", BASE, { cookie, body: newOrg() }),
      suspend(program.id, "Because", cookie),
      reinstate(program.id, cookie),
    ];
    for (const role of ["program", "facility", "student"] as const) {
      const u = await t.createUser(role);
      for (const res of await Promise.all(calls(u.cookie))) expect(res.status).toBe(403);
    }
    for (const res of await Promise.all(calls(""))) expect(res.status).toBe(401);
    // Nothing changed.
    const [row] = await t.deps.db.select().from(organizations).where(eq(organizations.id, program.id));
    expect(row.suspendedAt).toBeNull();
  });
});

describe("GET /api/admin/organizations/{id}", () => {
  it("shows a program with its coordinators, counts from its own rows and its recent activity", async () => {
    const program = await createProgram(t, { name: "Zdetail Nursing", city: "Akron", state: "OH" });
    const other = await createProgram(t, { name: "Zdetail Other" });
    const cora = await createCoordinator(t, program.id, "program", { name: "Cora Coordinator" });
    const facility = await createFacility(t);
    const placement = await createPlacement(t.deps.db, facility.id, { capacity: 10 });
    const [s1, s2, s3] = await Promise.all([1, 2, 3].map(() => createStudent(t, program.id)));
    await createStudent(t, program.id, { enrollmentStatus: "withdrawn" });
    const o1 = await createStudent(t, other.id);
    await createApplication(t.deps.db, s1, placement.id, { status: "approved" });
    await createApplication(t.deps.db, s2, placement.id, { status: "pending" });
    await createApplication(t.deps.db, s3, placement.id, { status: "rejected" });
    await createApplication(t.deps.db, o1, placement.id, { status: "approved" });
    // An action of the coordinator is in the organization's trail.
    const placement2 = await createPlacement(t.deps.db, facility.id);
    const submitted = await t.call("POST", "/api/applications", {
      cookie: cora.cookie,
      body: { placementId: placement2.id, studentIds: [s3.id] },
    });
    expect(submitted.status).toBe(201);

    const res = await t.call("GET", `${BASE}/${program.id}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: program.id,
      kind: "program",
      name: "Zdetail Nursing",
      city: "Akron",
      state: "OH",
      status: "verified",
      suspendedAt: null,
      applications: { pending: 2, approved: 1, rejected: 1, withdrawn: 0 },
      program: { students: 3, placedStudents: 1, placementRate: 33.3 },
      facility: null,
    });
    expect(res.json.coordinators).toEqual([
      { userId: cora.userId, name: "Cora Coordinator", email: cora.email, joinedAt: expect.any(String) },
    ]);
    expect(res.json.activity[0]).toMatchObject({ actorEmail: cora.email, action: "POST /api/applications" });
  });

  it("shows a facility's departments, active placements, seats and applications", async () => {
    const facility = await createFacility(t, { name: "Zdetail Mercy" });
    const program = await createProgram(t);
    const student = await createStudent(t, program.id);
    const active = await createPlacement(t.deps.db, facility.id, { capacity: 4, slotsFilled: 1 });
    await createPlacement(t.deps.db, facility.id, { capacity: 6 });
    await createPlacement(t.deps.db, facility.id, { status: "draft", capacity: 50 });
    await createApplication(t.deps.db, student, active.id, { status: "withdrawn" });
    const res = await t.call("GET", `${BASE}/${facility.id}`, { cookie: admin.cookie });
    expect(res.json).toMatchObject({
      kind: "facility",
      program: null,
      facility: { departments: 0, activePlacements: 2, seats: 10, seatsFilled: 1 },
      applications: { pending: 0, approved: 0, rejected: 0, withdrawn: 1 },
      coordinators: [],
      activity: [],
    });
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const unknown = await t.call("GET", `${BASE}/${UNKNOWN}`, { cookie: admin.cookie });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toBe("Organization not found");
    expect((await t.call("GET", `${BASE}/nope`, { cookie: admin.cookie })).status).toBe(404);
  });
});

describe("POST /api/admin/organizations", () => {
  it("creates a verified organization and a coordinator who chooses a password from the emailed link", async () => {
    const body = newOrg({ name: "Zadd Valley Nursing" });
    const res = await t.call("POST", BASE, { cookie: admin.cookie, body });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      organization: { kind: "program", name: "Zadd Valley Nursing" },
      coordinator: { email: body.coordinator.email, newAccount: true },
      mailSent: true,
    });
    const id = res.json.organization.id;
    const [org] = await t.deps.db.select().from(organizations).where(eq(organizations.id, id));
    expect(org).toMatchObject({ verificationStatus: "verified", city: "Dayton", state: "OH" });
    const userId = res.json.coordinator.userId;
    expect(await t.deps.db.select().from(memberships).where(eq(memberships.userId, userId))).toHaveLength(1);
    expect((await t.deps.db.select().from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role)).toEqual([
      "program",
    ]);

    // The link is Better Auth's reset-password link; the dev mailbox keeps it redacted.
    const [mail] = await t.mailTo(body.coordinator.email);
    expect(mail.subject).toBe("Set up your Zadd Valley Nursing account on the Clinical Placement Portal");
    expect(mail.link).toMatch(
      new RegExp(`^${TEST_APP_URL}/api/auth/reset-password/[^/?]+\\?callbackURL=%2Freset-password$`),
    );
    const token = new URL(mail.link as string).pathname.split("/").pop() as string;
    const stored = await t.call("GET", "/api/admin/mailbox?limit=200", { cookie: superAdmin.cookie });
    const kept = stored.json.items.find((m: { to: string }) => m.to === body.coordinator.email);
    expect(kept.text).not.toContain(token);
    expect(kept.text).toContain(REDACTED);

    // Before choosing a password the account cannot sign in; after, it acts for the program.
    expect((await t.attemptSignIn(body.coordinator.email, "Chosen-Pass-2026!")).status).not.toBe(200);
    const set = await t.call("POST", "/api/auth/reset-password", { body: { newPassword: "Chosen-Pass-2026!", token } });
    expect(set.status).toBe(200);
    const cookie = await t.signIn(body.coordinator.email, "Chosen-Pass-2026!");
    const me = await t.call("GET", "/api/accounts/me", { cookie });
    expect(me.json.organization).toMatchObject({ id, name: "Zadd Valley Nursing", verificationStatus: "verified" });

    const [entry] = await auditOf(id, "organization.create");
    expect(entry).toMatchObject({ actorId: admin.userId, entityType: "organizations", entityId: id });
  });

  it("adds an existing account as coordinator and notifies it without a password link", async () => {
    const existing = await t.createUser("facility", { name: "Fay Existing" });
    const res = await t.call("POST", BASE, {
      cookie: superAdmin.cookie,
      body: newOrg({
        kind: "facility",
        name: "Zadd Second Clinic",
        coordinator: { email: existing.email.toUpperCase(), name: "Ignored" },
      }),
    });
    expect(res.status).toBe(201);
    expect(res.json.coordinator).toEqual({ userId: existing.userId, email: existing.email, newAccount: false });
    await t.drainJobs();
    const [mail] = await t.mailTo(existing.email);
    expect(mail.subject).toBe("You coordinate Zadd Second Clinic on the Clinical Placement Portal");
    expect(mail.link).toBe(`${TEST_APP_URL}/auth`);
    // The old password still works and the new organization is among theirs.
    const cookie = await t.signIn(existing.email, existing.password);
    const me = await t.call("GET", "/api/accounts/me", { cookie });
    expect(me.json.organizations.map((o: { name: string }) => o.name)).toContain("Zadd Second Clinic");
  });

  it("answers 422 naming the field, and 409 for a name taken by the same kind", async () => {
    const bad = await t.call("POST", BASE, { cookie: admin.cookie, body: newOrg({ state: "Ohio" }) });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.json.error)).toContain("state must be a two-letter code");
    const badEmail = await t.call("POST", BASE, {
      cookie: admin.cookie,
      body: newOrg({ coordinator: { email: "nope", name: "Nia" } }),
    });
    expect(badEmail.status).toBe(422);
    expect(JSON.stringify(badEmail.json.error)).toContain("Invalid email address");
    await createProgram(t, { name: "Zadd Taken Nursing" });
    const taken = await t.call("POST", BASE, { cookie: admin.cookie, body: newOrg({ name: "zadd taken nursing" }) });
    expect(taken.status).toBe(409);
  });
});

describe("suspend and reinstate", () => {
  it("a suspended facility reads but cannot approve or publish; reinstated it can again; mailed and audited", async () => {
    const facility = await createFacility(t, { name: "Zsusp Clinic" });
    const coordinator = await createCoordinator(t, facility.id, "facility");
    const program = await createProgram(t);
    const student = await createStudent(t, program.id);
    const placement = await createPlacement(t.deps.db, facility.id, { capacity: 3 });
    const application = await createApplication(t.deps.db, student, placement.id);
    const approve = () =>
      t.call("POST", `/api/facility/applications/${application.id}/approve`, { cookie: coordinator.cookie, body: {} });

    const res = await suspend(facility.id, "Expired affiliation agreement");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: facility.id, suspendedAt: expect.any(String) });

    const refused = await approve();
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe("organization_suspended");
    expect(refused.json.error.message).toContain("Zsusp Clinic is suspended by the platform's administrators");
    expect(refused.json.error.message).toContain("Expired affiliation agreement");
    const publish = await t.call("POST", "/api/facility/placements", { cookie: coordinator.cookie, body: {} });
    expect(publish.status).toBe(403);
    // Reads still work, and the session's viewer says so.
    expect((await t.call("GET", "/api/facility/applications", { cookie: coordinator.cookie })).status).toBe(200);
    const me = await t.call("GET", "/api/accounts/me", { cookie: coordinator.cookie });
    expect(me.json.organization).toMatchObject({
      suspendedAt: expect.any(String),
      suspendedReason: "Expired affiliation agreement",
    });

    expect((await suspend(facility.id, "Again")).status).toBe(409);
    const back = await reinstate(facility.id);
    expect(back.status).toBe(200);
    expect(back.json).toMatchObject({ suspendedAt: null, suspendedReason: null });
    expect((await approve()).status).toBe(200);
    expect((await reinstate(facility.id)).status).toBe(409);

    await t.drainJobs();
    const mail = await t.mailTo(coordinator.email);
    expect(mail.map((m) => m.subject)).toEqual(
      expect.arrayContaining(["Zsusp Clinic is suspended", "Zsusp Clinic is reinstated"]),
    );
    const [suspended] = await auditOf(facility.id, "organization.suspend");
    expect(suspended).toMatchObject({
      actorId: admin.userId,
      before: { suspendedAt: null, suspendedReason: null },
      after: { suspendedReason: "Expired affiliation agreement" },
    });
    const [reinstated] = await auditOf(facility.id, "organization.reinstate");
    expect(reinstated.before).toMatchObject({ suspendedReason: "Expired affiliation agreement" });
    expect(reinstated.after).toEqual({ suspendedAt: null, suspendedReason: null });
  });

  it("a suspended program cannot submit applications or invite students; administrators are never blocked", async () => {
    const program = await createProgram(t, { name: "Zsusp Nursing" });
    const coordinator = await createCoordinator(t, program.id);
    const student = await createStudent(t, program.id);
    const facility = await createFacility(t);
    const placement = await createPlacement(t.deps.db, facility.id);
    expect((await suspend(program.id, "Unpaid invoices")).status).toBe(200);
    const submit = (cookie: string) =>
      t.call("POST", "/api/applications", { cookie, body: { placementId: placement.id, studentIds: [student.id] } });
    expect((await submit(coordinator.cookie)).json.error?.code).toBe("organization_suspended");
    const invite = await t.call("POST", `/api/students/${student.id}/invite`, { cookie: coordinator.cookie });
    expect(invite.status).toBe(403);
    expect((await t.call("GET", "/api/students", { cookie: coordinator.cookie })).status).toBe(200);
    // Messages stay open to a suspended organization (it may still write to the administrators).
    const message = await t.call("POST", "/api/messages", {
      cookie: coordinator.cookie,
      body: { recipientId: admin.userId, subject: "Suspension", content: "Why?" },
    });
    expect(message.json.error?.code).not.toBe("organization_suspended");
    // An administrator viewing as the program still acts.
    const asAdmin = await t.call("POST", `/api/applications?program=${program.id}`, {
      cookie: admin.cookie,
      body: { placementId: placement.id, studentIds: [student.id] },
    });
    expect(asAdmin.json.error?.code).not.toBe("organization_suspended");
    expect((await reinstate(program.id)).status).toBe(200);
  });

  it("requires a reason of 2 to 500 characters and answers 404 for an unknown organization", async () => {
    const program = await createProgram(t);
    const missing = await suspend(program.id, undefined);
    expect(missing.status).toBe(422);
    expect(JSON.stringify(missing.json.error)).toContain("reason is required");
    expect((await suspend(program.id, "x")).status).toBe(422);
    expect((await suspend(program.id, "x".repeat(501))).status).toBe(422);
    expect((await suspend(UNKNOWN, "A good reason")).status).toBe(404);
    expect((await reinstate(UNKNOWN)).status).toBe(404);
  });
});

describe("the same suspension twenty times at once", () => {
  it("one succeeds, the others get 409; one audit entry and one mail", async () => {
    const facility = await createFacility(t, { name: "Zrace Clinic" });
    const coordinator = await createCoordinator(t, facility.id, "facility");
    const results = await Promise.all(Array.from({ length: 20 }, () => suspend(facility.id, "Twenty at once")));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await auditOf(facility.id, "organization.suspend")).toHaveLength(1);
    await t.drainJobs();
    const mail = await t.mailTo(coordinator.email);
    expect(mail.filter((m) => m.subject === "Zrace Clinic is suspended")).toHaveLength(1);
  });
});

describe("GET /api/admin/organizations/export.csv", () => {
  it("streams every row of a few thousand organizations, in pages", async () => {
    const N = 2_500;
    const rows = Array.from({ length: N }, (_, i) => ({
      kind: "facility" as const,
      name: `Zbulk Clinic ${String(i).padStart(5, "0")}`,
      city: "Toledo",
      state: "OH",
      verificationStatus: (i % 7 === 0 ? "pending" : "verified") as "pending" | "verified",
    }));
    for (let i = 0; i < N; i += 500) await t.deps.db.insert(organizations).values(rows.slice(i, i + 500));
    const res = await t.call("GET", `${BASE}/export.csv?kind=facility&search=zbulk`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = res.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Name,City,State,Status,Suspended,Coordinators,Active placements,Joined");
    const names = lines.slice(1).map((l) => l.split(",")[0]);
    expect(names).toHaveLength(N);
    expect(new Set(names).size).toBe(N);
    // The list's order: pending first, then by name.
    const pending = rows.filter((r) => r.verificationStatus === "pending").length;
    expect(lines.slice(1, pending + 1).every((l) => l.includes(",pending,"))).toBe(true);
    expect(names.slice(pending)).toEqual([...names.slice(pending)].sort());
    expect((await t.call("GET", `${BASE}/export.csv?kind=facility`, { cookie: "" })).status).toBe(401);
    const student = await t.createUser("student");
    expect((await t.call("GET", `${BASE}/export.csv?kind=facility`, { cookie: student.cookie })).status).toBe(403);
  });
});
