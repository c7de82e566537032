import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAccessRequests, userRoles } from "../../db/schema/organizations";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

let t: TestApp;
let superAdmin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await t.createUser("super_admin", { name: "Sue Super" });
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
/** Signs up choosing Administrator, as the /auth page does: an account with a pending access request. */
async function requestAdmin(name = "Avery Admin", organizationName = "State Board of Nursing") {
  seq += 1;
  const email = `requester${seq}-${Date.now()}@board.test`;
  const res = await t.call("POST", "/api/accounts/sign-up", {
    body: { fullName: name, organizationName, email, password: "Board-member-2026", role: "admin" },
    ip: t.nextIp(),
  });
  expect(res.status).toBe(201);
  // The sign-up answer names no account and signs no one in (ADR 006): the session that follows says who it is.
  const cookie = await t.signIn(email, "Board-member-2026");
  const me = await t.call("GET", "/api/accounts/me", { cookie });
  const userId = me.json.user.id as string;
  const [request] = await t.deps.db.select().from(adminAccessRequests).where(eq(adminAccessRequests.userId, userId));
  return { id: request.id, userId, email, cookie };
}

const decide = (id: string, decision: string, cookie = superAdmin.cookie) =>
  t.call("POST", `/api/admin/access-requests/${id}/${decision}`, { cookie });

describe("GET /api/admin/access-requests", () => {
  it("lists requests with who asked, pending first, newest first", async () => {
    const older = await requestAdmin("Olive Older", "County Health");
    const decided = await requestAdmin("Dana Decided", "City Health");
    expect((await decide(decided.id, "deny")).status).toBe(200);
    const newer = await requestAdmin("Nate Newer", "Metro Health");
    const res = await t.call("GET", "/api/admin/access-requests", { cookie: superAdmin.cookie });
    expect(res.status).toBe(200);
    const ids = res.json.items.map((i: { id: string }) => i.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(decided.id));
    expect(res.json.items.find((i: { id: string }) => i.id === older.id)).toMatchObject({
      userId: older.userId,
      email: older.email,
      fullName: "Olive Older",
      organizationName: "County Health",
      status: "pending",
      reviewedAt: null,
    });
    expect(res.json.items.find((i: { id: string }) => i.id === decided.id)).toMatchObject({
      status: "denied",
      reviewedAt: expect.any(String),
    });
    expect(res.json).toMatchObject({ page: 1, pageSize: 20, total: res.json.items.length });
  });

  it("filters by status, searches name, email and organization, and pages", async () => {
    const a = await requestAdmin("Quinn Searchable", "Unique Org Alpha");
    await requestAdmin("Other Person", "Another Org");
    const byName = await t.call("GET", "/api/admin/access-requests?search=searchable", { cookie: superAdmin.cookie });
    expect(byName.json.items.map((i: { id: string }) => i.id)).toEqual([a.id]);
    expect(byName.json.total).toBe(1);
    const byOrg = await t.call("GET", "/api/admin/access-requests?search=org%20alpha", { cookie: superAdmin.cookie });
    expect(byOrg.json.items.map((i: { id: string }) => i.id)).toEqual([a.id]);
    const byEmail = await t.call("GET", `/api/admin/access-requests?search=${encodeURIComponent(a.email)}`, {
      cookie: superAdmin.cookie,
    });
    expect(byEmail.json.items.map((i: { id: string }) => i.id)).toEqual([a.id]);
    // LIKE wildcards in the search are literal characters.
    const wildcard = await t.call("GET", "/api/admin/access-requests?search=%25", { cookie: superAdmin.cookie });
    expect(wildcard.json.total).toBe(0);
    const percent = await requestAdmin("Pat Percent", "100% Care");
    const literal = await t.call("GET", "/api/admin/access-requests?search=100%25", { cookie: superAdmin.cookie });
    expect(literal.json.items.map((i: { id: string }) => i.id)).toEqual([percent.id]);

    const denied = await t.call("GET", "/api/admin/access-requests?status=denied", { cookie: superAdmin.cookie });
    expect(denied.json.items.every((i: { status: string }) => i.status === "denied")).toBe(true);

    const all = await t.call("GET", "/api/admin/access-requests?pageSize=100", { cookie: superAdmin.cookie });
    const page2 = await t.call("GET", "/api/admin/access-requests?page=2&pageSize=2", { cookie: superAdmin.cookie });
    expect(page2.json).toMatchObject({ page: 2, pageSize: 2, total: all.json.total });
    expect(page2.json.items.map((i: { id: string }) => i.id)).toEqual(
      all.json.items.slice(2, 4).map((i: { id: string }) => i.id),
    );
  });

  it("answers 422 naming the field for a bad query", async () => {
    const res = await t.call("GET", "/api/admin/access-requests?status=maybe&pageSize=1000", {
      cookie: superAdmin.cookie,
    });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe("invalid");
    expect(res.json.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["pageSize", "status"]);
  });
});

describe("POST /api/admin/access-requests/{id}/{decision}", () => {
  it("approve grants the admin role, stamps the review and mails the requester", async () => {
    const r = await requestAdmin("Alex Approved");
    const before = await t.call("GET", "/api/accounts/me", { cookie: r.cookie });
    expect(before.json).toMatchObject({ roles: [], role: null, accessRequest: { status: "pending" } });

    const res = await decide(r.id, "approve");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: r.id, status: "approved" });

    const after = await t.call("GET", "/api/accounts/me", { cookie: r.cookie });
    expect(after.json).toMatchObject({ roles: ["admin"], role: "admin", accessRequest: { status: "approved" } });
    const [row] = await t.deps.db.select().from(adminAccessRequests).where(eq(adminAccessRequests.id, r.id));
    expect(row.reviewedBy).toBe(superAdmin.userId);
    expect(row.reviewedAt).toBeInstanceOf(Date);

    await t.drainJobs(); // the mail is queued with the decision (ADR 015)
    const [mail] = await t.mailTo(r.email);
    expect(mail.subject).toBe("Your administrator access was approved");
    expect(mail.text).toContain("Hello Alex Approved");
    expect(mail.link).toBe("http://localhost:3000/auth");
  });

  it("deny grants nothing and mails the requester", async () => {
    const r = await requestAdmin("Devon Denied");
    const res = await decide(r.id, "deny");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: r.id, status: "denied" });
    const after = await t.call("GET", "/api/accounts/me", { cookie: r.cookie });
    expect(after.json).toMatchObject({ roles: [], role: null, accessRequest: { status: "denied" } });
    expect(await t.deps.db.select().from(userRoles).where(eq(userRoles.userId, r.userId))).toHaveLength(0);
    await t.drainJobs();
    const [mail] = await t.mailTo(r.email);
    expect(mail.subject).toBe("Your administrator access request was declined");
    expect(mail.link).toBeNull();
  });

  it("answers 409 when the request was already decided, and changes nothing", async () => {
    const r = await requestAdmin();
    expect((await decide(r.id, "deny")).status).toBe(200);
    for (const decision of ["approve", "deny"]) {
      const again = await decide(r.id, decision);
      expect(again.status).toBe(409);
      expect(again.json.error).toEqual({ code: "conflict", message: "This request was already denied" });
    }
    expect(await t.deps.db.select().from(userRoles).where(eq(userRoles.userId, r.userId))).toHaveLength(0);
    await t.drainJobs();
    expect(await t.mailTo(r.email)).toHaveLength(1);
  });

  it("answers 404 for an unknown request", async () => {
    const res = await decide("7b0c4a34-5c1e-4e1c-9d44-3f1f9e0d8a11", "approve");
    expect(res.status).toBe(404);
    expect(res.json.error).toEqual({ code: "not_found", message: "Access request not found" });
  });

  it("answers 404 for a malformed id, 422 naming the field for a malformed decision", async () => {
    const r = await requestAdmin();
    const badId = await decide("not-a-uuid", "approve");
    expect(badId.status).toBe(404);
    expect(badId.json).toEqual({ error: { code: "not_found", message: "Access request not found" } });
    const badDecision = await decide(r.id, "maybe");
    expect(badDecision.status).toBe(422);
    expect(badDecision.json.error.issues.map((i: { path: string }) => i.path)).toEqual(["decision"]);
    const [row] = await t.deps.db.select().from(adminAccessRequests).where(eq(adminAccessRequests.id, r.id));
    expect(row.status).toBe("pending");
  });

  it("only a super admin decides: 403 for every other role, 401 signed out; the request stays pending", async () => {
    const r = await requestAdmin();
    for (const role of ["admin", "program", "facility", "student", "none"] as const) {
      const u = await t.createUser(role);
      const res = await decide(r.id, "approve", u.cookie);
      expect(res.status, role).toBe(403);
      expect(res.json.error).toEqual({ code: "forbidden", message: "You are not allowed to do this" });
      const list = await t.call("GET", "/api/admin/access-requests", { cookie: u.cookie });
      expect(list.status, role).toBe(403);
    }
    // The requester cannot approve themselves.
    expect((await decide(r.id, "approve", r.cookie)).status).toBe(403);
    const anonymous = await t.call("POST", `/api/admin/access-requests/${r.id}/approve`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error.code).toBe("unauthorized");
    expect((await t.call("GET", "/api/admin/access-requests")).status).toBe(401);
    const [row] = await t.deps.db.select().from(adminAccessRequests).where(eq(adminAccessRequests.id, r.id));
    expect(row.status).toBe("pending");
  });
});

describe("GET /api/admin/mailbox (dev mailbox)", () => {
  it("shows a super admin the mail kept without SMTP, newest first, filtered by recipient", async () => {
    const r = await requestAdmin("Mia Mailbox");
    await decide(r.id, "approve");
    await t.drainJobs();
    const res = await t.call("GET", `/api/admin/mailbox?to=${encodeURIComponent(r.email.toUpperCase())}`, {
      cookie: superAdmin.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.json.items).toHaveLength(1);
    expect(res.json.items[0]).toMatchObject({
      to: r.email,
      subject: "Your administrator access was approved",
      transport: "dev",
    });
    const all = await t.call("GET", "/api/admin/mailbox?limit=200", { cookie: superAdmin.cookie });
    const ids = all.json.items.map((m: { id: number }) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it("is for super admins only", async () => {
    for (const role of ["admin", "program", "facility", "student", "none"] as const) {
      const u = await t.createUser(role);
      const res = await t.call("GET", "/api/admin/mailbox", { cookie: u.cookie });
      expect(res.status, role).toBe(403);
      expect(res.json.error.code).toBe("forbidden");
    }
    expect((await t.call("GET", "/api/admin/mailbox")).status).toBe(401);
  });
});

describe("GET /api/admin/mailbox with SMTP configured", () => {
  let smtp: TestApp;
  beforeAll(async () => {
    smtp = await createTestApp({ env: { SMTP_URL: "smtp://127.0.0.1:2525" } });
  });
  afterAll(async () => {
    await smtp.close();
  });

  it("answers 404: the mail left this system, there is no mailbox to show", async () => {
    const admin = await smtp.createUser("super_admin");
    const res = await smtp.call("GET", "/api/admin/mailbox", { cookie: admin.cookie });
    expect(res.status).toBe(404);
    expect(res.json.error).toEqual({ code: "not_found", message: "Dev mailbox not found" });
  });
});
