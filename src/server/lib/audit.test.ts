import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../db/schema/audit";
import { createTestApp, type TestApp, type TestUser } from "../testing/harness";
import { recordAudit } from "./audit";

// Issue 14: the audit trail. Every successful write leaves one entry (who, as whom, what, which
// record, when, from where); sign-ins and failed sign-ins too; reads and refused writes leave none;
// the database refuses to change or delete an entry.

let t: TestApp;
let coordinator: TestUser;
let admin: TestUser;

const newest = async (n = 1) => t.deps.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(n);
const total = async () => (await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  coordinator = await t.createUser("program");
  admin = await t.createUser("admin");
});

afterAll(async () => {
  await t?.close();
});

describe("the audit trail", () => {
  it("records a write: who, what in words, which record, from which address", async () => {
    const res = await t.call("POST", "/api/students", {
      cookie: coordinator.cookie,
      body: { firstName: "Audrey", lastName: "Trail", email: "audrey.trail@example.edu" },
      ip: "203.0.113.7",
    });
    expect(res.status).toBe(201);
    const [entry] = await newest();
    expect(entry).toMatchObject({
      actorId: coordinator.userId,
      actorEmail: coordinator.email,
      actorRole: "program",
      action: "POST /api/students",
      summary: "Add a student to the roster (compliance starts pending)",
      entityType: "students",
      organizationId: coordinator.organizationId,
      ip: "203.0.113.7",
      actingAs: null,
    });
    expect(entry.at.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("names the record a path names, and whom an administrator acts as (View As)", async () => {
    const created = await t.call("POST", "/api/students", {
      cookie: coordinator.cookie,
      body: { firstName: "Vera", lastName: "Viewas", email: "vera.viewas@example.edu" },
    });
    const id = created.json.id as string;
    const res = await t.call("PATCH", `/api/students/${id}?program=${coordinator.organizationId}`, {
      cookie: admin.cookie,
      body: { phone: "916-555-0100" },
    });
    expect(res.status).toBe(200);
    const [entry] = await newest();
    expect(entry).toMatchObject({
      actorId: admin.userId,
      actorRole: "admin",
      actingAs: coordinator.organizationId,
      action: "PATCH /api/students/{id}",
      entityType: "students",
      entityId: id,
    });
  });

  it("keeps an entry whose values carry half a character (the database refuses it in JSON)", async () => {
    // A request may carry a lone surrogate; a handler's before/after may hold what it sent.
    await recordAudit(t.deps.db, {
      action: "test.surrogate",
      summary: "A value with half a character",
      after: { lastName: "Ro\ud800gate" },
      detail: { tried: ["\udc00"] },
    });
    const [entry] = await newest();
    expect(entry.action).toBe("test.surrogate");
    expect(entry.after).toEqual({ lastName: "Ro\uFFFDgate" });
    expect(entry.detail).toEqual({ tried: ["\uFFFD"] });
  });

  it("leaves nothing for a read or a refused write", async () => {
    const before = await total();
    expect((await t.call("GET", "/api/students", { cookie: coordinator.cookie })).status).toBe(200);
    const student = await t.createUser("student");
    const refused = await t.call("POST", "/api/students", {
      cookie: student.cookie,
      body: { firstName: "No", lastName: "Way", email: "no.way@example.edu" },
    });
    expect(refused.status).toBe(403);
    // The student's own sign-in is the only new entry.
    const added = await t.deps.db.select().from(auditLog).where(sql`${auditLog.id} > 0`).orderBy(desc(auditLog.id));
    expect(added.slice(0, (await total()) - before).map((e) => e.action)).toEqual(["auth.sign_in"]);
  });

  it("records sign-ins and failed sign-ins with the email tried, and sign-outs", async () => {
    const failed = await t.attemptSignIn(coordinator.email, "wrong-password-123", "198.51.100.9");
    expect(failed.status).toBe(401);
    const [miss] = await newest();
    expect(miss).toMatchObject({
      action: "auth.sign_in_failed",
      summary: "Failed to sign in",
      actorId: null,
      ip: "198.51.100.9",
    });
    expect(miss.detail).toMatchObject({ email: coordinator.email, status: 401 });

    const cookie = await t.signIn(coordinator.email, coordinator.password);
    const [hit] = await newest();
    expect(hit).toMatchObject({ action: "auth.sign_in", actorId: coordinator.userId, actorEmail: coordinator.email });

    expect((await t.call("POST", "/api/auth/sign-out", { cookie, body: {} })).status).toBe(200);
    const [out] = await newest();
    expect(out).toMatchObject({ action: "auth.sign_out", summary: "Signed out", actorId: coordinator.userId });
  });

  it("cannot be changed or deleted, even by a statement the application sends", async () => {
    const [entry] = await newest();
    const refusal = (p: PromiseLike<unknown>) =>
      Promise.resolve(p).then(
        () => "done",
        (err: { message: string; cause?: { message?: string } }) => err.cause?.message ?? err.message,
      );
    const changed = t.deps.db.update(auditLog).set({ summary: "nothing happened" }).where(eq(auditLog.id, entry.id));
    expect(await refusal(changed)).toMatch(/cannot be changed or deleted/);
    expect(await refusal(t.deps.db.delete(auditLog).where(eq(auditLog.id, entry.id)))).toMatch(
      /cannot be changed or deleted/,
    );
    expect(await refusal(t.deps.db.execute(sql`truncate audit_log`))).toMatch(/cannot be changed or deleted/);
    const [still] = await t.deps.db.select().from(auditLog).where(eq(auditLog.id, entry.id));
    expect(still.summary).toBe(entry.summary);
  });
});
