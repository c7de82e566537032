import { and, desc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LAST_SUPER_ADMIN } from "../../../domain/admin-accounts";
import { auditLog } from "../../db/schema/audit";
import { userRoles } from "../../db/schema/organizations";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

// Administrator accounts (issue 14): "Add Admin" for super admins only, the list of admins and
// super admins, and rights changes that never remove the last super admin.

let t: TestApp;
let superAdmin: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await t.createUser("super_admin", { name: "Zed Super" });
  admin = await t.createUser("admin", { name: "Abe Admin" });
}, 60_000);
afterAll(async () => {
  await t.close();
});

const add = (body: unknown, cookie = superAdmin.cookie) => t.call("POST", "/api/admin/admins", { cookie, body });
const list = (query = "", cookie = admin.cookie) => t.call("GET", `/api/admin/admins?${query}`, { cookie });
const change = (id: string, action: string, cookie = superAdmin.cookie) =>
  t.call("POST", `/api/admin/admins/${id}/${action}`, { cookie });
const valid = (email: string) => ({
  email,
  password: "Placement-2026!",
  fullName: "Nora Newadmin",
  organizationName: "State Board of Nursing",
});
const rolesOf = async (userId: string) =>
  (await t.deps.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)))
    .map((r) => r.role)
    .sort();
const lastAudit = async (action: string) =>
  (await t.deps.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];

describe("POST /api/admin/admins (Add Admin)", () => {
  it("creates the account with the role admin; the new admin signs in and reads the admin pages", async () => {
    const res = await add(valid("Nora.New@Test.dev"));
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(String),
      email: "nora.new@test.dev",
      fullName: "Nora Newadmin",
      organizationName: "State Board of Nursing",
      role: "admin",
    });
    expect(await rolesOf(res.json.id)).toEqual(["admin"]);
    const cookie = await t.signIn("nora.new@test.dev", "Placement-2026!");
    const me = await t.call("GET", "/api/accounts/me", { cookie });
    expect(me.json).toMatchObject({
      role: "admin",
      profile: { fullName: "Nora Newadmin", organizationName: "State Board of Nursing" },
    });
    expect((await list("", cookie)).status).toBe(200);
    // ...but cannot add admins.
    expect((await add(valid("nora-next@test.dev"), cookie)).status).toBe(403);

    const entry = await lastAudit("POST /api/admin/admins");
    expect(entry).toMatchObject({
      actorId: superAdmin.userId,
      summary: "Added administrator nora.new@test.dev",
      entityId: res.json.id,
      before: { roles: [] },
      after: { roles: ["admin"] },
    });
    await t.drainJobs();
    const [mail] = await t.mailTo("nora.new@test.dev");
    expect(mail.subject).toBe("You are now an administrator of the Clinical Placement Portal");
    expect(mail.text).not.toContain("Placement-2026!");
  });

  it("answers 422 with the spec's messages, naming each field", async () => {
    const res = await add({ email: "not-an-email", password: "short", fullName: "A", organizationName: "" });
    expect(res.status).toBe(422);
    expect(res.json.error.issues).toEqual(
      expect.arrayContaining([
        { path: "email", message: "Invalid email address" },
        { path: "password", message: "Password must be at least 8 characters" },
        { path: "fullName", message: "Full name is required" },
        { path: "organizationName", message: "Organization name is required" },
      ]),
    );
    const empty = await add({ email: "", password: "", fullName: "", organizationName: "" });
    expect(empty.json.error.issues).toEqual([
      { path: "email", message: "Invalid email address" },
      { path: "password", message: "Password must be at least 8 characters" },
      { path: "fullName", message: "Full name is required" },
      { path: "organizationName", message: "Organization name is required" },
    ]);
    const long = await add({ ...valid(`${"a".repeat(250)}@test.dev`), password: "x".repeat(101) });
    expect(long.json.error.issues).toEqual(
      expect.arrayContaining([
        { path: "email", message: "Email must be at most 255 characters" },
        { path: "password", message: "Password must be at most 100 characters" },
      ]),
    );
    const common = await add({ ...valid("common-pass@test.dev"), password: "password123" });
    expect(common.json.error.issues).toEqual([
      { path: "password", message: "This password is too common. Choose a less guessable one" },
    ]);
  });

  it("answers 409 for an email that has an account, changing nothing", async () => {
    const res = await add(valid(admin.email.toUpperCase()));
    expect(res.status).toBe(409);
    expect(res.json.error).toEqual({
      code: "conflict",
      message: `An account with the email ${admin.email} already exists`,
    });
    expect(await rolesOf(admin.userId)).toEqual(["admin"]);
  });

  it("refuses admins and every other role (403) and signed-out callers (401)", async () => {
    for (const role of ["admin", "program", "facility", "student", "none"] as const) {
      const u = role === "admin" ? admin : await t.createUser(role);
      expect((await add(valid(`x-${role}@test.dev`), u.cookie)).status, role).toBe(403);
      expect((await change(admin.userId, "make-super-admin", u.cookie)).status, role).toBe(403);
      if (role !== "admin") expect((await list("", u.cookie)).status, role).toBe(403);
    }
    expect((await add(valid("signed-out@test.dev"), "")).status).toBe(401);
    expect((await list("", "")).status).toBe(401);
    expect((await change(admin.userId, "remove-admin", "")).status).toBe(401);
    expect((await t.call("GET", "/api/admin/admins/export.csv", { cookie: "" })).status).toBe(401);
  });
});

describe("the same Add Admin twenty times at once", () => {
  it("creates one account; the others get 409, never a 500", async () => {
    const email = "twenty-at-once@test.dev";
    const results = await Promise.all(Array.from({ length: 20 }, () => add(valid(email))));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const listed = await list(`search=${encodeURIComponent(email)}`);
    expect(listed.json.items.map((u: { email: string }) => u.email)).toEqual([email]);
  });
});

describe("GET /api/admin/admins", () => {
  it("lists admins and super admins, super admins first, searchable and paged, with CSV", async () => {
    const res = await list("search=test.dev&pageSize=100");
    expect(res.status).toBe(200);
    const emails = res.json.items.map((i: { email: string }) => i.email);
    expect(emails).toContain(admin.email);
    expect(res.json.items[0]).toMatchObject({ email: superAdmin.email, role: "super_admin", fullName: "Zed Super" });
    expect(res.json.items.find((i: { email: string }) => i.email === admin.email)).toMatchObject({ role: "admin" });
    // Program, facility and student users are not administrators.
    expect(emails.some((e: string) => e.startsWith("program-"))).toBe(false);
    expect(res.json.superAdmins).toBe(1);

    const byName = await list("search=abe%20admin");
    expect(byName.json.items.map((i: { email: string }) => i.email)).toEqual([admin.email]);
    expect(byName.json.total).toBe(1);
    expect((await list("search=%25")).json.total).toBe(0);
    const page2 = await list("page=2&pageSize=1");
    expect(page2.json).toMatchObject({ page: 2, pageSize: 1, total: res.json.total });
    expect(page2.json.items[0].email).toBe(res.json.items[1].email);
    expect((await list("pageSize=500")).status).toBe(422);

    const csv = await t.call("GET", "/api/admin/admins/export.csv?search=abe%20admin", { cookie: admin.cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = csv.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Name,Email,Organization,Role,Administrator since");
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toContain(`Abe Admin,${admin.email},`);
  });
});

describe("POST /api/admin/admins/{id}/{action}", () => {
  it("makes a super admin, takes it back, removes admin rights: audited, mailed, effective at once", async () => {
    const person = await t.createUser("admin", { name: "Rita Rights" });
    const made = await change(person.userId, "make-super-admin");
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect(made.json).toMatchObject({ before: ["admin"], after: ["admin", "super_admin"] });
    expect(await rolesOf(person.userId)).toEqual(["admin", "super_admin"]);
    // At once: the new super admin may add admins.
    expect((await add(valid("rita-added@test.dev"), person.cookie)).status).toBe(201);
    expect((await change(person.userId, "make-super-admin")).status).toBe(409);

    const back = await change(person.userId, "remove-super-admin");
    expect(back.json).toMatchObject({ before: ["admin", "super_admin"], after: ["admin"] });
    expect((await add(valid("rita-added2@test.dev"), person.cookie)).status).toBe(403);
    expect((await change(person.userId, "remove-super-admin")).json.error.message).toBe(
      "Rita Rights is not a super admin",
    );

    const removed = await change(person.userId, "remove-admin");
    expect(removed.json).toMatchObject({ before: ["admin"], after: [] });
    expect(await rolesOf(person.userId)).toEqual([]);
    // Their admin access ends at once.
    expect((await list("", person.cookie)).status).toBe(403);
    expect((await change(person.userId, "remove-admin")).status).toBe(404);

    expect(await lastAudit("POST /api/admin/admins/{id}/{action}")).toMatchObject({
      actorId: superAdmin.userId,
      summary: `Removed administrator rights of ${person.email}`,
      entityId: person.userId,
      before: { roles: ["admin"] },
      after: { roles: [] },
    });
    await t.drainJobs();
    // Queued jobs run in no promised order: the three mails, whichever went first.
    const subjects = (await t.mailTo(person.email)).map((m) => m.subject).sort();
    expect(subjects).toEqual([
      "You are now a super admin",
      "Your administrator rights were removed",
      "Your super admin rights were removed",
    ]);
  });

  it("never removes the last super admin (409), by themselves or anyone", async () => {
    const [supers] = await Promise.all([
      t.deps.db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, "super_admin")),
    ]);
    expect(supers.map((s) => s.userId)).toEqual([superAdmin.userId]);
    for (const action of ["remove-super-admin", "remove-admin"]) {
      const res = await change(superAdmin.userId, action);
      expect(res.status).toBe(409);
      expect(res.json.error).toEqual({ code: "conflict", message: LAST_SUPER_ADMIN });
    }
    expect(await rolesOf(superAdmin.userId)).toEqual(["super_admin"]);
  });

  it("answers 404 for someone who is not an administrator and 422 for an unknown action", async () => {
    const program = await t.createUser("program");
    expect((await change(program.userId, "remove-admin")).status).toBe(404);
    expect((await change(program.userId, "make-super-admin")).status).toBe(404);
    expect((await change("no-such-user", "remove-admin")).status).toBe(404);
    expect((await change(admin.userId, "promote")).status).toBe(422);
    expect(await rolesOf(program.userId)).toEqual(["program"]);
  });
});

describe("concurrent removals of super admins", () => {
  it("20 concurrent requests by the last two super admins removing each other leave exactly one", async () => {
    const c = await createTestApp();
    try {
      const a = await c.createUser("super_admin");
      const b = await c.createUser("super_admin");
      const actors: string[] = [];
      const requests = Array.from({ length: 20 }, (_, i) => {
        const [actor, target] = i % 2 === 0 ? [a, b] : [b, a];
        actors.push(actor.userId);
        const action = i % 4 < 2 ? "remove-admin" : "remove-super-admin";
        return c.call("POST", `/api/admin/admins/${target.userId}/${action}`, { cookie: actor.cookie });
      });
      const statuses = (await Promise.all(requests)).map((r) => r.status);
      expect(statuses.every((s) => [200, 403, 404, 409].includes(s))).toBe(true);
      // One of them took the other's super admin rights; the survivor may then also have removed
      // the other's admin rights (a second 200), but every success is the survivor's.
      const succeeded = new Set(actors.filter((_, i) => statuses[i] === 200));
      expect(succeeded.size).toBe(1);
      const left = await c.deps.db
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .where(and(eq(userRoles.role, "super_admin"), inArray(userRoles.userId, [a.userId, b.userId])));
      expect(left).toHaveLength(1);
      expect([...succeeded]).toEqual([left[0].userId]);
    } finally {
      await c.close();
    }
  }, 60_000);
});
