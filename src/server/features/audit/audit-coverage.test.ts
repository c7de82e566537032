import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/audit";
import { adminAccessRequests } from "../../db/schema/organizations";
import { createDepartment, dayFromToday } from "../../factories/placements";
import { createProgram } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";
import { upload } from "../compliance/test-files";

// Issue 14, "every audited action leaves its entry": the placement loop through the API (create,
// edit, publish, apply, approve, reject, withdraw), a message, a compliance document uploaded and
// reviewed, the roster (add, edit, import, invite, invitation accepted), a sign-up, an access request decided
// and an organization verified; each leaves one entry naming who, what, which record and which
// organization, with before and after where they matter.

let t: TestApp;
let admin: TestUser;
let superAdmin: TestUser;
let facility: TestUser;
let program: TestUser;
let student: TestUser;
let other: TestUser;
let deptId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser("admin");
  superAdmin = await t.createUser("super_admin");
  facility = await t.createUser("facility");
  program = await t.createUser("program");
  student = await t.createUser("student", { organizationId: program.organizationId! });
  other = await t.createUser("student", { organizationId: program.organizationId! });
  deptId = (await createDepartment(t.deps.db, facility.organizationId!, { name: "Audit Unit", capacity: 100 })).id;
});
afterAll(async () => {
  await t?.close();
});

/** The newest entry for an action (and record, when given). */
async function entry(action: string, entityId?: string) {
  const [row] = await t.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), entityId ? eq(auditLog.entityId, entityId) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(1);
  expect(row, `an entry for ${action} ${entityId ?? ""}`).toBeDefined();
  return row;
}

const ok = (res: { status: number; json: unknown }, status = 200) =>
  expect(res.status, JSON.stringify(res.json)).toBe(status);

describe("every audited action leaves its entry", () => {
  let placementId: string;
  let approvedId: string;

  it("a placement created, edited and published", async () => {
    const form = {
      title: "Audit Med-Surg",
      specialty: "Medical-Surgical",
      departmentId: deptId,
      startDate: dayFromToday(30),
      endDate: dayFromToday(80),
      capacity: 2,
      status: "draft",
    };
    const created = await t.call("POST", "/api/facility/placements", { cookie: facility.cookie, body: form });
    ok(created, 201);
    placementId = created.json.id;
    expect(await entry("POST /api/facility/placements", placementId)).toMatchObject({
      actorId: facility.userId,
      actorRole: "facility",
      entityType: "placements",
      organizationId: facility.organizationId,
    });

    ok(
      await t.call("PUT", `/api/facility/placements/${placementId}`, {
        cookie: facility.cookie,
        body: { ...form, capacity: 3 },
      }),
    );
    const edited = await entry("PUT /api/facility/placements/{id}", placementId);
    expect(edited.before).toMatchObject({ capacity: 2 });
    expect(edited.after).toMatchObject({ capacity: 3 });
    expect(Object.keys(edited.after as object)).not.toContain("title"); // only what changed

    ok(await t.call("POST", `/api/facility/placements/${placementId}/publish`, { cookie: facility.cookie }));
    expect(await entry("POST /api/facility/placements/{id}/publish", placementId)).toMatchObject({
      actorId: facility.userId,
      entityType: "placements",
      organizationId: facility.organizationId,
    });
  });

  it("applications: applied, approved, rejected, withdrawn, with the status before and after", async () => {
    const applied = await t.call("POST", "/api/me/student/applications", {
      cookie: student.cookie,
      body: { placementId },
    });
    ok(applied, 201);
    const applyEntry = await entry("POST /api/me/student/applications");
    expect(applyEntry).toMatchObject({ actorId: student.userId, actorRole: "student" });
    const otherApplied = await t.call("POST", "/api/me/student/applications", {
      cookie: other.cookie,
      body: { placementId },
    });
    ok(otherApplied, 201);
    const appId = (res: typeof applied) => (res.json.id ?? res.json.item?.id ?? res.json.application?.id) as string;
    approvedId = appId(applied);
    expect(applyEntry.entityId).toBe(approvedId);

    ok(
      await t.call("POST", `/api/facility/applications/${approvedId}/approve`, {
        cookie: facility.cookie,
        body: { notes: "Welcome" },
      }),
    );
    const approved = await entry("POST /api/facility/applications/{id}/approve", approvedId);
    expect(approved).toMatchObject({
      actorId: facility.userId,
      entityType: "applications",
      organizationId: facility.organizationId,
      before: { status: "pending" },
      after: { status: "approved", reviewNotes: "Welcome" },
    });
    expect(approved.summary).toMatch(/^Approved .+'s application to Audit Med-Surg$/);

    const rejectedId = appId(otherApplied);
    ok(await t.call("POST", `/api/facility/applications/${rejectedId}/reject`, { cookie: facility.cookie }));
    expect(await entry("POST /api/facility/applications/{id}/reject", rejectedId)).toMatchObject({
      before: { status: "pending" },
      after: { status: "rejected" },
      organizationId: facility.organizationId,
    });

    ok(await t.call("POST", `/api/applications/${approvedId}/withdraw`, { cookie: program.cookie }));
    expect(await entry("POST /api/applications/{id}/withdraw", approvedId)).toMatchObject({
      actorId: program.userId,
      entityType: "applications",
      organizationId: program.organizationId,
      before: { status: "approved" },
      after: { status: "withdrawn" },
    });
  });

  it("a message sent", async () => {
    const sent = await t.call("POST", "/api/messages", {
      cookie: program.cookie,
      body: { recipientId: facility.userId, subject: "Audit hello", content: "About the rotation" },
    });
    ok(sent, 201);
    expect(await entry("POST /api/messages", sent.json.item.id)).toMatchObject({
      actorId: program.userId,
      entityType: "messages",
    });
  });

  it("learning: a resource added, edited and deleted, a checklist item ticked; a question is not audited", async () => {
    const resource = {
      title: "Audit guide",
      body: "Text",
      category: "clinical_skills",
      kind: "guide",
      durationMinutes: 5,
    };
    const added = await t.call("POST", "/api/learning/resources", { cookie: program.cookie, body: resource });
    ok(added, 201);
    expect(await entry("POST /api/learning/resources", added.json.id)).toMatchObject({
      actorId: program.userId,
      summary: "Added a learning resource",
      entityType: "learning_resource",
      organizationId: program.organizationId,
    });
    const path = `/api/learning/resources/${added.json.id}`;
    ok(await t.call("PUT", path, { cookie: program.cookie, body: { ...resource, title: "Audit guide 2" } }));
    expect(await entry("PUT /api/learning/resources/{id}", added.json.id)).toMatchObject({ actorId: program.userId });
    ok(await t.call("DELETE", path, { cookie: program.cookie }));
    expect(await entry("DELETE /api/learning/resources/{id}", added.json.id)).toMatchObject({
      actorId: program.userId,
    });
    const ticked = await t.call("PUT", "/api/me/student/learning/checklist/uniform", {
      cookie: student.cookie,
      body: { checked: true },
    });
    ok(ticked);
    expect(await entry("PUT /api/me/student/learning/checklist/{item}", "uniform")).toMatchObject({
      actorId: student.userId,
      after: { checked: true },
    });
    const asked = await t.call("POST", "/api/me/student/learning/assistant/chat/completions", {
      cookie: student.cookie,
      body: { messages: [{ role: "user", content: "A private question" }] },
    });
    ok(asked);
    const questions = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "POST /api/me/student/learning/assistant/chat/completions"));
    expect(questions).toEqual([]);
  });

  it("a compliance document uploaded and reviewed (the decision before and after)", async () => {
    const doc = await upload(t, "/api/me/student/compliance/documents", student.cookie, {
      requirementTypeId: "bls",
      issuedOn: dayFromToday(-30),
    });
    ok(doc, 201);
    expect(await entry("POST /api/me/student/compliance/documents", doc.json.id)).toMatchObject({
      actorId: student.userId,
    });
    ok(await t.call("POST", `/api/compliance/documents/${doc.json.id}/approve`, { cookie: program.cookie }));
    expect(await entry("POST /api/compliance/documents/{id}/approve", doc.json.id)).toMatchObject({
      actorId: program.userId,
      entityType: "compliance",
      organizationId: program.organizationId,
      before: { status: "submitted" },
      after: { status: "approved", requirement: "bls" },
    });
  });

  it("the roster: added, edited (changed fields), imported, invited, invitation accepted", async () => {
    const added = await t.call("POST", "/api/students", {
      cookie: program.cookie,
      body: { firstName: "Rosa", lastName: "Roster", email: "rosa.roster@example.edu" },
    });
    ok(added, 201);
    const id = added.json.id as string;
    expect(await entry("POST /api/students", id)).toMatchObject({
      actorId: program.userId,
      entityType: "students",
      organizationId: program.organizationId,
    });

    // An administrator edits under View As: who, as whom, and what changed.
    ok(
      await t.call("PATCH", `/api/students/${id}?program=${program.organizationId}`, {
        cookie: admin.cookie,
        body: { phone: "916-555-0199" },
      }),
    );
    expect(await entry("PATCH /api/students/{id}", id)).toMatchObject({
      actorId: admin.userId,
      actorRole: "admin",
      actingAs: program.organizationId,
      organizationId: program.organizationId,
      before: { phone: null },
      after: { phone: "916-555-0199" },
    });

    const imported = await t.call("POST", "/api/students/import", {
      cookie: program.cookie,
      body: { csv: "first_name,last_name,email\nIvy,Import,ivy.import@example.edu\n" },
    });
    ok(imported);
    expect(await entry("POST /api/students/import")).toMatchObject({
      actorId: program.userId,
      organizationId: program.organizationId,
      after: { added: 1, skipped: 0 },
      summary: "Imported a roster CSV: 1 added, 0 skipped",
    });
    // A check that stores nothing is no change: no entry.
    const preview = await t.call("POST", "/api/students/import/preview", {
      cookie: program.cookie,
      body: { csv: "first_name,last_name,email\nPia,Preview,pia.preview@example.edu\n" },
    });
    ok(preview);
    const previews = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "POST /api/students/import/preview"));
    expect(previews).toEqual([]);

    ok(await t.call("POST", `/api/students/${id}/invite`, { cookie: program.cookie }));
    expect(await entry("POST /api/students/{id}/invite", id)).toMatchObject({ actorId: program.userId });
    const [mail] = await t.mailTo("rosa.roster@example.edu");
    const token = mail.link?.split("/invite/")[1] as string;
    const accepted = await t.call("POST", `/api/invitations/${token}/accept`, {
      body: { password: "Roster-pass-2026" },
    });
    ok(accepted, 201);
    expect(await entry("student.accept_invitation", id)).toMatchObject({
      actorId: accepted.json.userId,
      actorEmail: "rosa.roster@example.edu",
      actorRole: "student",
      entityType: "students",
      organizationId: program.organizationId,
    });
  });

  it("an access request decided and an organization verified", async () => {
    const signUp = await t.call("POST", "/api/accounts/sign-up", {
      body: {
        fullName: "Avery Audit",
        organizationName: "State Board",
        email: "avery.audit@board.test",
        password: "Board-member-2026",
        role: "admin",
      },
      ip: t.nextIp(),
    });
    ok(signUp, 201);
    // Public writes without a viewer are recorded by their handlers: the sign-up itself...
    const signedUp = await entry("account.sign_up");
    expect(signedUp).toMatchObject({
      actorEmail: "avery.audit@board.test",
      entityType: "users",
      summary: "Created an account and asked for administrator access",
    });
    expect(signedUp.actorId).toBe(signedUp.entityId);
    expect(signedUp.actorId).toBeTruthy();
    // ...and a second one with the same email (same answer; the owner is emailed).
    const again = await t.call("POST", "/api/accounts/sign-up", {
      body: {
        fullName: "Someone Else",
        organizationName: "Elsewhere",
        email: "avery.audit@board.test",
        password: "Another-pass-2026",
        role: "program",
      },
      ip: t.nextIp(),
    });
    ok(again, 201);
    expect(await entry("account.sign_up_existing_email")).toMatchObject({
      actorId: null,
      actorEmail: "avery.audit@board.test",
    });
    const [request] = await t.deps.db
      .select({ id: adminAccessRequests.id })
      .from(adminAccessRequests)
      .orderBy(desc(adminAccessRequests.createdAt))
      .limit(1);
    ok(await t.call("POST", `/api/admin/access-requests/${request.id}/approve`, { cookie: superAdmin.cookie }));
    expect(await entry("POST /api/admin/access-requests/{id}/{decision}", request.id)).toMatchObject({
      actorId: superAdmin.userId,
      actorRole: "super_admin",
      entityType: "access-requests",
    });

    const pending = await createProgram(t, { name: "Audit Pending Nursing", verified: false });
    ok(await t.call("POST", `/api/admin/organizations/${pending.id}/verify`, { cookie: admin.cookie }));
    expect(await entry("POST /api/admin/organizations/{id}/{decision}", pending.id)).toMatchObject({
      actorId: admin.userId,
      entityType: "organizations",
    });
  });
});
