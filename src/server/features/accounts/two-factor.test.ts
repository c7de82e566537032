import { createPublicKey, verify } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twoFactors, users } from "../../db/schema/auth";
import { totpUsedCodes } from "../../db/schema/totp-used-codes";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";
import { parseTotpUri, totp, totpFromUri } from "../../testing/totp";
import { TOTP_CODE_USED_MESSAGE } from "./totp-replay-guard";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A Better Auth call from an address of its own (its limit is 3 two-factor requests per 10 s per address). */
const auth = (path: string, body: unknown, cookie?: string) =>
  t.call("POST", `/api/auth${path}`, { body, cookie, ip: t.nextIp() });

const me = (cookie: string) => t.call("GET", "/api/accounts/me", { cookie });

/** The code of the next 30-second step: Better Auth accepts it too (a clock one step ahead). */
const nextCode = (totpURI: string) => totpFromUri(totpURI, Date.now() + 30_000);

/** Enrols a user in TOTP two-factor and confirms it with a code, as the security page does. */
async function enrol(u: TestUser) {
  const enabled = await auth("/two-factor/enable", { password: u.password }, u.cookie);
  expect(enabled.status).toBe(200);
  const { totpURI, backupCodes } = enabled.json as { totpURI: string; backupCodes: string[] };
  const confirmed = await auth("/two-factor/verify-totp", { code: totpFromUri(totpURI) }, u.cookie);
  expect(confirmed.status).toBe(200);
  // Enabling rotates the session: the new cookie replaces the old one.
  return { totpURI, backupCodes, cookie: confirmed.cookie || u.cookie };
}

describe("two-factor authentication (TOTP)", () => {
  it("enrols with the password: a QR code URI for an authenticator app and backup codes", async () => {
    const u = await t.createUser("program", { email: "enrol@test.dev" });
    const res = await auth("/two-factor/enable", { password: u.password }, u.cookie);
    expect(res.status).toBe(200);
    const uri = parseTotpUri(res.json.totpURI);
    expect(uri.issuer).toBe("Clinical Placement Portal");
    expect(uri.label).toContain("enrol@test.dev");
    expect(uri.digits).toBe(6);
    expect(uri.period).toBe(30);
    expect(res.json.backupCodes).toHaveLength(10);
    expect(new Set(res.json.backupCodes).size).toBe(10);
    // Not on until a code confirms it.
    expect((await me(u.cookie)).json.user.twoFactorEnabled).toBe(false);
    expect((await t.attemptSignIn(u.email, u.password)).json.twoFactorRedirect).toBeUndefined();
  });

  it("refuses to enrol with a wrong password or without a session", async () => {
    const u = await t.createUser("facility");
    const wrong = await auth("/two-factor/enable", { password: "Not-my-password-1" }, u.cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.message).toBe("Invalid password");
    expect(await t.deps.db.select().from(twoFactors).where(eq(twoFactors.userId, u.userId))).toHaveLength(0);
    const anonymous = await auth("/two-factor/enable", { password: u.password });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error.code).toBeTruthy();
  });

  it("refuses a wrong confirmation code and stays off", async () => {
    const u = await t.createUser("program");
    const res = await auth("/two-factor/enable", { password: u.password }, u.cookie);
    const { secret } = parseTotpUri(res.json.totpURI);
    const wrongCode = totp(secret, { at: Date.now() - 10 * 60_000 });
    const confirm = await auth("/two-factor/verify-totp", { code: wrongCode }, u.cookie);
    expect(confirm.status).toBe(401);
    expect(confirm.json.error.message).toBe("Invalid code");
    expect((await me(u.cookie)).json.user.twoFactorEnabled).toBe(false);
  });

  it("once confirmed, sign-in asks for a code; a right code gives the session", async () => {
    const u = await t.createUser("program");
    const { totpURI, cookie } = await enrol(u);
    expect((await me(cookie)).json.user.twoFactorEnabled).toBe(true);
    const [row] = await t.deps.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, u.userId));
    expect(row.on).toBe(true);

    const signIn = await t.attemptSignIn(u.email, u.password);
    expect(signIn.status).toBe(200);
    expect(signIn.json).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(signIn.cookie).not.toContain("session_token");
    expect(signIn.cookie).toContain("two_factor");
    // The pending challenge is not a session.
    expect((await me(signIn.cookie)).status).toBe(401);

    const wrong = await auth(
      "/two-factor/verify-totp",
      { code: "000000" === totpFromUri(totpURI) ? "111111" : "000000" },
      signIn.cookie,
    );
    expect(wrong.status).toBe(401);
    expect(wrong.json.error.message).toBe("Invalid code");

    // The confirmation used the current code; the next step's code is accepted too (one step of drift).
    const verified = await auth("/two-factor/verify-totp", { code: nextCode(totpURI) }, signIn.cookie);
    expect(verified.status).toBe(200);
    expect(verified.cookie).toContain("session_token");
    const after = await me(verified.cookie);
    expect(after.status).toBe(200);
    expect(after.json.user.email).toBe(u.email);
  });

  it("a wrong password is still a wrong password for an enrolled user (no code asked)", async () => {
    const u = await t.createUser("facility");
    await enrol(u);
    const res = await t.attemptSignIn(u.email, "Wrong-pass-2026");
    expect(res.status).toBe(401);
    expect(res.json.twoFactorRedirect).toBeUndefined();
  });

  it("ends a sign-in challenge after 5 wrong codes", async () => {
    const u = await t.createUser("program");
    const { totpURI } = await enrol(u);
    const signIn = await t.attemptSignIn(u.email, u.password);
    const bad = totpFromUri(totpURI) === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++)
      expect((await auth("/two-factor/verify-totp", { code: bad }, signIn.cookie)).status).toBe(401);
    const late = await auth("/two-factor/verify-totp", { code: nextCode(totpURI) }, signIn.cookie);
    expect(late.status).toBe(400);
    expect(late.json.error.message).toBe("Too many attempts. Please request a new code.");
    expect(late.cookie).not.toContain("session_token");
  });

  it("a backup code signs in once", async () => {
    const u = await t.createUser("facility");
    const { backupCodes } = await enrol(u);
    const first = await t.attemptSignIn(u.email, u.password);
    const res = await auth("/two-factor/verify-backup-code", { code: backupCodes[0] }, first.cookie);
    expect(res.status).toBe(200);
    expect((await me(res.cookie)).status).toBe(200);

    const second = await t.attemptSignIn(u.email, u.password);
    const reused = await auth("/two-factor/verify-backup-code", { code: backupCodes[0] }, second.cookie);
    expect(reused.status).toBe(401);
    expect(reused.json.error.message).toBe("Invalid backup code");
    const other = await auth("/two-factor/verify-backup-code", { code: backupCodes[1] }, second.cookie);
    expect(other.status).toBe(200);
    expect((await me(other.cookie)).status).toBe(200);
  });

  it("turns off with the password only; then sign-in needs no code", async () => {
    const u = await t.createUser("program");
    const { cookie } = await enrol(u);
    const wrong = await auth("/two-factor/disable", { password: "Not-my-password-1" }, cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.message).toBe("Invalid password");
    expect((await me(cookie)).json.user.twoFactorEnabled).toBe(true);

    const off = await auth("/two-factor/disable", { password: u.password }, cookie);
    expect(off.status).toBe(200);
    expect(off.json).toEqual({ status: true });
    expect((await me(off.cookie)).json.user.twoFactorEnabled).toBe(false);
    expect(await t.deps.db.select().from(twoFactors).where(eq(twoFactors.userId, u.userId))).toHaveLength(0);

    const signIn = await t.attemptSignIn(u.email, u.password);
    expect(signIn.status).toBe(200);
    expect(signIn.json.twoFactorRedirect).toBeUndefined();
    expect(signIn.cookie).toContain("session_token");
  });
});

describe("a TOTP code is accepted once (issue 8, item 13)", () => {
  it("refuses at sign-in the code that confirmed the enrolment", async () => {
    const u = await t.createUser("program");
    const { totpURI } = await enrol(u);
    const signIn = await t.attemptSignIn(u.email, u.password);
    expect(signIn.json.twoFactorRedirect).toBe(true);
    const reused = await auth("/two-factor/verify-totp", { code: totpFromUri(totpURI) }, signIn.cookie);
    expect(reused.status).toBe(401);
    expect(reused.json.error.code).toBe("totp_code_used");
    expect(reused.json.error.message).toBe(TOTP_CODE_USED_MESSAGE);
    expect(reused.cookie).not.toContain("session_token");
    // The challenge is still open: the next code signs in.
    const fresh = await auth("/two-factor/verify-totp", { code: nextCode(totpURI) }, signIn.cookie);
    expect(fresh.status).toBe(200);
    expect((await me(fresh.cookie)).status).toBe(200);
  });

  it("a code that signed in once does not sign in again (a second challenge, same code)", async () => {
    const u = await t.createUser("facility");
    const { totpURI } = await enrol(u);
    const code = nextCode(totpURI);
    const first = await t.attemptSignIn(u.email, u.password);
    const ok = await auth("/two-factor/verify-totp", { code }, first.cookie);
    expect(ok.status).toBe(200);
    const second = await t.attemptSignIn(u.email, u.password);
    const replay = await auth("/two-factor/verify-totp", { code }, second.cookie);
    expect(replay.status).toBe(401);
    expect(replay.json.error.code).toBe("totp_code_used");
    expect(replay.cookie).not.toContain("session_token");
  });

  it("a wrong code is not claimed: it stays an ordinary wrong code, counted by Better Auth", async () => {
    const u = await t.createUser("program");
    const { totpURI } = await enrol(u);
    const signIn = await t.attemptSignIn(u.email, u.password);
    const bad = nextCode(totpURI) === "000000" ? "111111" : "000000";
    for (let i = 0; i < 2; i++) {
      const wrong = await auth("/two-factor/verify-totp", { code: bad }, signIn.cookie);
      expect(wrong.status).toBe(401);
      expect(wrong.json.error.message).toBe("Invalid code");
    }
    expect(await t.deps.db.select().from(totpUsedCodes).where(eq(totpUsedCodes.userId, u.userId))).toHaveLength(1);
  });

  it("10 parallel verifications of one valid code: exactly one signs in", async () => {
    const u = await t.createUser("facility");
    const { totpURI } = await enrol(u);
    const challenges = [];
    for (let i = 0; i < 10; i++) challenges.push(await t.attemptSignIn(u.email, u.password));
    const code = nextCode(totpURI);
    const results = await Promise.all(challenges.map((c) => auth("/two-factor/verify-totp", { code }, c.cookie)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(9);
    for (const r of results.filter((x) => x.status === 401)) expect(r.json.error.code).toBe("totp_code_used");
  });

  it("the confirmation of an enrolment cannot reuse a code either", async () => {
    const u = await t.createUser("program");
    const enabled = await auth("/two-factor/enable", { password: u.password }, u.cookie);
    const { totpURI } = enabled.json as { totpURI: string };
    const code = totpFromUri(totpURI);
    const [a, b] = await Promise.all([
      auth("/two-factor/verify-totp", { code }, u.cookie),
      auth("/two-factor/verify-totp", { code }, u.cookie),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 401]);
  });
});

describe("GET /api/auth/jwks", () => {
  it("publishes the public keys that verify our tokens, without private parts", async () => {
    const res = await t.call("GET", "/api/auth/jwks");
    expect(res.status).toBe(200);
    expect(res.json.keys.length).toBeGreaterThan(0);
    for (const key of res.json.keys) {
      expect(key.kid).toBeTruthy();
      expect(key.kty).toBeTruthy();
      expect(key.d).toBeUndefined();
    }
  });

  it("a signed-in user's token (GET /api/auth/token) is signed by a published key", async () => {
    const u = await t.createUser("facility");
    const res = await t.call("GET", "/api/auth/token", { cookie: u.cookie });
    expect(res.status).toBe(200);
    const [h, p, signature] = (res.json.token as string).split(".");
    const decode = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString());
    const header = decode(h);
    expect(decode(p).sub).toBe(u.userId);
    const jwks = await t.call("GET", "/api/auth/jwks");
    const jwk = jwks.json.keys.find((k: { kid: string }) => k.kid === header.kid);
    expect(jwk, "the token's key is published").toBeTruthy();
    expect(header.alg).toBe("EdDSA");
    const ok = verify(
      null,
      Buffer.from(`${h}.${p}`),
      createPublicKey({ key: jwk, format: "jwk" }),
      Buffer.from(signature, "base64url"),
    );
    expect(ok).toBe(true);
  });
});
