import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, signInFailures } from "../../db/schema/auth";
import { createTestApp, type TestApp } from "../../testing/harness";
import { FAILURE_WINDOW_MINUTES, MAX_FAILURES_PER_EMAIL, MAX_FAILURES_PER_IP } from "./sign-in-guard";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const LOCKED = `Too many failed sign-in attempts. Try again in ${FAILURE_WINDOW_MINUTES} minutes or reset your password.`;

const failuresFor = (email: string) => t.deps.db.select().from(signInFailures).where(eq(signInFailures.email, email));

describe("POST /api/auth/sign-in/email", () => {
  it("signs in with the right password: a session cookie that /api/accounts/me accepts", async () => {
    const u = await t.createUser("program", { name: "Pat Program" });
    const res = await t.attemptSignIn(u.email, u.password);
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ email: u.email });
    expect(res.cookie).toContain("session_token");
    const me = await t.call("GET", "/api/accounts/me", { cookie: res.cookie });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ user: { email: u.email, name: "Pat Program" }, role: "program" });
  });

  it("accepts the email in any case", async () => {
    const u = await t.createUser("facility");
    expect((await t.attemptSignIn(u.email.toUpperCase(), u.password)).status).toBe(200);
  });

  it("answers 401 with a message for a wrong password or an unknown email, and sets no session", async () => {
    const u = await t.createUser("facility");
    for (const [email, password] of [
      [u.email, "Wrong-pass-2026"],
      ["nobody@test.dev", "Wrong-pass-2026"],
    ]) {
      const res = await t.attemptSignIn(email, password);
      expect(res.status).toBe(401);
      // Only the envelope (ADR 003): Better Auth's own top-level code and message are mapped into it.
      expect(res.json).toEqual({ error: { code: "invalid_email_or_password", message: "Invalid email or password" } });
      expect(res.cookie).not.toContain("session_token");
    }
  });

  it("records each failed attempt for the email", async () => {
    const u = await t.createUser("program");
    await t.attemptSignIn(u.email, "Wrong-pass-1");
    await t.attemptSignIn(u.email.toUpperCase(), "Wrong-pass-2");
    expect(await failuresFor(u.email)).toHaveLength(2);
  });

  it(`after ${MAX_FAILURES_PER_EMAIL} failed attempts the next one is refused with 429, even with the right password`, async () => {
    const u = await t.createUser("program");
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) {
      // A new address each time: the lockout is per email, not Better Auth's per-address limit.
      expect((await t.attemptSignIn(u.email, `Wrong-pass-${i}`)).status).toBe(401);
    }
    const res = await t.attemptSignIn(u.email, u.password);
    expect(res.status).toBe(429);
    expect(res.json).toEqual({ error: { code: "rate_limited", message: LOCKED } });
    expect(res.headers.get("retry-after")).toBe(String(FAILURE_WINDOW_MINUTES * 60));
    expect(res.cookie).not.toContain("session_token");
    // Another account is not affected.
    const other = await t.createUser("program");
    expect((await t.attemptSignIn(other.email, other.password)).status).toBe(200);
  });

  it("counts failures for an email whatever its case", async () => {
    const u = await t.createUser("facility");
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) {
      await t.attemptSignIn(i % 2 ? u.email.toUpperCase() : u.email, `Wrong-pass-${i}`);
    }
    expect((await t.attemptSignIn(` ${u.email.toUpperCase()} `, u.password)).status).toBe(429);
  });

  it("forgets failures older than the window", async () => {
    const u = await t.createUser("facility");
    const old = new Date(Date.now() - (FAILURE_WINDOW_MINUTES + 1) * 60_000);
    await t.deps.db
      .insert(signInFailures)
      .values(Array.from({ length: MAX_FAILURES_PER_EMAIL }, () => ({ email: u.email, ip: null, createdAt: old })));
    expect((await t.attemptSignIn(u.email, u.password)).status).toBe(200);
  });

  it("a successful sign-in clears the email's failures", async () => {
    const u = await t.createUser("program");
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL - 1; i++) await t.attemptSignIn(u.email, `Wrong-pass-${i}`);
    expect(await failuresFor(u.email)).toHaveLength(MAX_FAILURES_PER_EMAIL - 1);
    expect((await t.attemptSignIn(u.email, u.password)).status).toBe(200);
    expect(await failuresFor(u.email)).toHaveLength(0);
    // A fresh allowance: four more failures still leave the right password working.
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL - 1; i++) await t.attemptSignIn(u.email, `Wrong-pass-${i}`);
    expect((await t.attemptSignIn(u.email, u.password)).status).toBe(200);
  });

  it(`refuses an address after ${MAX_FAILURES_PER_IP} failures from it, for any email`, async () => {
    const u = await t.createUser("program");
    const ip = "203.0.113.7";
    await t.deps.db
      .insert(signInFailures)
      .values(Array.from({ length: MAX_FAILURES_PER_IP }, (_, i) => ({ email: `guess${i}@test.dev`, ip })));
    const res = await t.attemptSignIn(u.email, u.password, ip);
    expect(res.status).toBe(429);
    expect(res.json.error.message).toBe(LOCKED);
    expect((await t.attemptSignIn(u.email, u.password, "203.0.113.8")).status).toBe(200);
  });

  it("also limits sign-in requests per address (60 a minute, so a shared hospital address works), in the envelope", async () => {
    const u = await t.createUser("program");
    const ip = "198.51.100.23";
    for (let i = 0; i < 60; i++) expect((await t.attemptSignIn(u.email, u.password, ip)).status).toBe(200);
    const res = await t.attemptSignIn(u.email, u.password, ip);
    expect(res.status).toBe(429);
    expect(res.json.error).toEqual({ code: "rate_limited", message: "Too many requests. Please try again later." });
    expect(Number(res.headers.get("x-retry-after"))).toBeGreaterThan(0);
    // 61 password checks: generous on a loaded 2-core machine.
  }, 120_000);

  it("answers a body that is not JSON in the envelope, without a 500", async () => {
    const res = await t.call("POST", "/api/auth/sign-in/email", { body: "{not json", ip: t.nextIp() });
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({ code: "malformed", message: "The request body is not valid JSON" });
  });

  it("answers 400 for a missing password without counting it as a failed attempt", async () => {
    const u = await t.createUser("program");
    const res = await t.call("POST", "/api/auth/sign-in/email", { body: { email: u.email }, ip: t.nextIp() });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBeTruthy();
    expect(await failuresFor(u.email)).toHaveLength(0);
  });
});

describe("sessions refresh by themselves", () => {
  const WEEK = 7 * 24 * 60 * 60;

  it("a session used after a day gets a new week, and the browser a new cookie, from any API call", async () => {
    const u = await t.createUser("program");
    // Signed in two days ago.
    const twoDaysAgo = new Date(Date.now() + (WEEK - 2 * 24 * 60 * 60) * 1000);
    await t.deps.db.update(sessions).set({ expiresAt: twoDaysAgo }).where(eq(sessions.userId, u.userId));
    const res = await t.call("GET", "/api/accounts/me", { cookie: u.cookie });
    expect(res.status).toBe(200);
    const refreshed = res.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(refreshed, "a refreshed session cookie").toBeTruthy();
    expect(refreshed).toContain(`Max-Age=${WEEK}`);
    const [row] = await t.deps.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, u.userId));
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + (WEEK - 60) * 1000);
    expect((await t.call("GET", "/api/accounts/me", { cookie: res.cookie })).status).toBe(200);
  });

  it("a fresh session is not rewritten on every call", async () => {
    const u = await t.createUser("program");
    const res = await t.call("GET", "/api/accounts/me", { cookie: u.cookie });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("an expired session is refused", async () => {
    const u = await t.createUser("facility");
    await t.deps.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, u.userId));
    const res = await t.call("GET", "/api/accounts/me", { cookie: u.cookie });
    expect(res.status).toBe(401);
  });
});

describe("sign out", () => {
  it("POST /api/auth/sign-out ends this session only", async () => {
    const u = await t.createUser("facility");
    const other = await t.signIn(u.email, u.password);
    const res = await t.call("POST", "/api/auth/sign-out", { cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    expect(res.headers.getSetCookie().join(";")).toMatch(/session_token=;/);
    expect((await t.call("GET", "/api/accounts/me", { cookie: u.cookie })).status).toBe(401);
    expect((await t.call("GET", "/api/accounts/me", { cookie: other })).status).toBe(200);
  });

  it("POST /api/auth/revoke-sessions signs out every device", async () => {
    const u = await t.createUser("program");
    const second = await t.signIn(u.email, u.password);
    const third = await t.signIn(u.email, u.password);
    const res = await t.call("POST", "/api/auth/revoke-sessions", { cookie: second });
    expect(res.status).toBe(200);
    for (const cookie of [u.cookie, second, third]) {
      expect((await t.call("GET", "/api/accounts/me", { cookie })).status).toBe(401);
    }
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, u.userId))).toHaveLength(0);
  });

  it("POST /api/auth/revoke-sessions needs a session", async () => {
    const res = await t.call("POST", "/api/auth/revoke-sessions", {});
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBeTruthy();
  });

  it("a session of another user is untouched by revoking all of mine", async () => {
    const a = await t.createUser("program");
    const b = await t.createUser("program");
    await t.call("POST", "/api/auth/revoke-sessions", { cookie: a.cookie });
    expect((await t.call("GET", "/api/accounts/me", { cookie: b.cookie })).status).toBe(200);
    expect(
      await t.deps.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, b.userId))),
    ).not.toHaveLength(0);
  });
});
