import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInFailures } from "../../db/schema/auth";
import { mailOutbox } from "../../db/schema/mail";
import { createTestApp, TEST_APP_URL, type TestApp, type TestUser } from "../../testing/harness";
import { MAX_FAILURES_PER_EMAIL } from "./sign-in-guard";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ captureLogs: true });
});
afterAll(async () => {
  await t.close();
});

/** Asks for a reset link and reads the mail it sends. */
async function requestReset(email: string) {
  const res = await t.call("POST", "/api/auth/request-password-reset", {
    body: { email, redirectTo: "/reset-password" },
    ip: t.nextIp(),
  });
  return res;
}

/** Follows the mail's link as a browser would: Better Auth redirects to our page with the token. */
async function tokenFromMail(u: TestUser) {
  const [mail] = await t.mailTo(u.email);
  expect(mail, "a reset mail").toBeTruthy();
  const follow = await t.call("GET", mail.link!.slice(TEST_APP_URL.length));
  expect(follow.status).toBe(302);
  const location = new URL(follow.headers.get("location")!, TEST_APP_URL);
  expect(location.pathname).toBe("/reset-password");
  const token = location.searchParams.get("token");
  expect(token).toBeTruthy();
  return token!;
}

describe("password reset by email", () => {
  it("sends a mail with a link, lets the user choose a new password, and ends every old session", async () => {
    const u = await t.createUser("program", { name: "Rita Reset" });
    const otherDevice = await t.signIn(u.email, u.password);

    const res = await requestReset(u.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.json.status).toBe(true);

    const mails = await t.mailTo(u.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe("Reset your Clinical Placement Portal password");
    expect(mail.transport).toBe("dev");
    expect(mail.link).toMatch(
      new RegExp(`^${TEST_APP_URL}/api/auth/reset-password/[^/?]+\\?callbackURL=%2Freset-password$`),
    );
    expect(mail.text).toContain(mail.link);
    expect(mail.text).toContain("Hello Rita Reset");
    expect(mail.html).toContain("Choose a new password");
    // D11: without SMTP the link is written to the log.
    expect(t.logs.some((l) => typeof l.msg === "string" && l.msg.includes(mail.link!))).toBe(true);

    const token = await tokenFromMail(u);
    // Request logs never keep the token of a followed link.
    const requestLines = t.logs.filter((l) => l.msg === "request");
    expect(requestLines.some((l) => l.path === "/api/auth/reset-password/[token]")).toBe(true);
    expect(JSON.stringify(requestLines)).not.toContain(token);
    const reset = await t.call("POST", "/api/auth/reset-password", {
      body: { newPassword: "Brand-new-2026", token },
      ip: t.nextIp(),
    });
    expect(reset.status).toBe(200);
    expect(reset.json).toEqual({ status: true });

    expect((await t.attemptSignIn(u.email, u.password)).status).toBe(401);
    expect((await t.attemptSignIn(u.email, "Brand-new-2026")).status).toBe(200);
    for (const cookie of [u.cookie, otherDevice]) {
      const me = await t.call("GET", "/api/accounts/me", { cookie });
      expect(me.status).toBe(401);
      expect(me.json.error.code).toBe("unauthorized");
    }
  });

  it("a link works once", async () => {
    const u = await t.createUser("facility");
    await requestReset(u.email);
    const token = await tokenFromMail(u);
    expect(
      (await t.call("POST", "/api/auth/reset-password", { body: { newPassword: "First-choice-2026", token } })).status,
    ).toBe(200);
    const again = await t.call("POST", "/api/auth/reset-password", {
      body: { newPassword: "Second-choice-2026", token },
    });
    expect(again.status).toBe(400);
    expect(again.json.error).toMatchObject({ code: "invalid_token", message: "Invalid token" });
    expect((await t.attemptSignIn(u.email, "First-choice-2026")).status).toBe(200);
  });

  it("a link with an unknown token sends the browser back to the page with an error", async () => {
    const res = await t.call("GET", "/api/auth/reset-password/not-a-token?callbackURL=%2Freset-password");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${TEST_APP_URL}/reset-password?error=INVALID_TOKEN`);
  });

  it("refuses a common or short password and keeps the old one", async () => {
    const u = await t.createUser("program");
    await requestReset(u.email);
    const token = await tokenFromMail(u);
    const common = await t.call("POST", "/api/auth/reset-password", { body: { newPassword: "Password123", token } });
    expect(common.status).toBe(400);
    expect(common.json.error.message).toBe("This password is too common. Choose a less guessable one");
    expect(common.json.message).toBeUndefined();
    const short = await t.call("POST", "/api/auth/reset-password", { body: { newPassword: "Ab-1", token } });
    expect(short.status).toBe(400);
    expect(short.json.error.message).toBe("Password must be at least 8 characters");
    const long = await t.call("POST", "/api/auth/reset-password", {
      body: { newPassword: "Ab-1".padEnd(101, "x"), token },
    });
    expect(long.status).toBe(400);
    expect(long.json.error.message).toBe("Password must be at most 100 characters");
    // The refused attempts did not use up the link, and the old password still works.
    expect((await t.attemptSignIn(u.email, u.password)).status).toBe(200);
    expect(
      (await t.call("POST", "/api/auth/reset-password", { body: { newPassword: "Good-choice-2026", token } })).status,
    ).toBe(200);
  });

  it("answers 200 for an unknown email and sends nothing (no account enumeration)", async () => {
    const before = await t.deps.db.select().from(mailOutbox);
    const res = await requestReset("nobody-here@test.dev");
    expect(res.status).toBe(200);
    const known = await t.createUser("program");
    const knownRes = await requestReset(known.email);
    expect(res.json).toEqual(knownRes.json);
    const after = await t.deps.db.select().from(mailOutbox);
    expect(after.length - before.length).toBe(1);
    expect(await t.mailTo("nobody-here@test.dev")).toHaveLength(0);
  });

  it("lifts a sign-in lockout, as the lockout message promises", async () => {
    const u = await t.createUser("facility");
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) await t.attemptSignIn(u.email, `Wrong-pass-${i}`);
    expect((await t.attemptSignIn(u.email, u.password)).status).toBe(429);
    await requestReset(u.email);
    const token = await tokenFromMail(u);
    expect(
      (await t.call("POST", "/api/auth/reset-password", { body: { newPassword: "After-lockout-2026", token } })).status,
    ).toBe(200);
    expect(await t.deps.db.select().from(signInFailures).where(eq(signInFailures.email, u.email))).toHaveLength(0);
    expect((await t.attemptSignIn(u.email, "After-lockout-2026")).status).toBe(200);
  });

  it("refuses a redirect to another site", async () => {
    const u = await t.createUser("program");
    const res = await t.call("POST", "/api/auth/request-password-reset", {
      body: { email: u.email, redirectTo: "https://evil.example/steal" },
      ip: t.nextIp(),
    });
    expect(res.status).toBe(403);
    expect(res.json.error.message).toBeTruthy();
    expect(await t.mailTo(u.email)).toHaveLength(0);
  });
});

describe("change password while signed in", () => {
  it("refuses a common new password with the same message", async () => {
    const u = await t.createUser("program");
    const res = await t.call("POST", "/api/auth/change-password", {
      cookie: u.cookie,
      body: { currentPassword: u.password, newPassword: "iloveyou1" },
      ip: t.nextIp(),
    });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe("This password is too common. Choose a less guessable one");
  });

  it("changes it with the current password", async () => {
    const u = await t.createUser("program");
    const res = await t.call("POST", "/api/auth/change-password", {
      cookie: u.cookie,
      body: { currentPassword: u.password, newPassword: "Changed-pass-2026", revokeOtherSessions: true },
      ip: t.nextIp(),
    });
    expect(res.status).toBe(200);
    expect((await t.attemptSignIn(u.email, "Changed-pass-2026")).status).toBe(200);
    expect((await t.attemptSignIn(u.email, u.password)).status).toBe(401);
  });
});
