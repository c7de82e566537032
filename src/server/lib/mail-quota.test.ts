import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_UP_RECEIVED } from "../../domain/auth";
import { mailQuotaEvents } from "../db/schema/mail";
import { createTestApp, type TestApp } from "../testing/harness";
import { CLIENT_LIMIT, RECIPIENT_LIMITS, TOO_MANY_MAIL_REQUESTS } from "./mail-quota";

// Issue 8, item 6: security mail (password reset, student sign-up code, "you already have an
// account") is limited per recipient and per client address, and no answer tells whether an
// account exists. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (the parallel cases).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const PER_15_MIN = RECIPIENT_LIMITS[0].max;
const email = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}@quota.test`;

const requestReset = (to: string, ip = t.nextIp()) =>
  t.call("POST", "/api/auth/request-password-reset", { body: { email: to, redirectTo: "/reset-password" }, ip });
const requestCode = (to: string, ip = t.nextIp()) =>
  t.call("POST", "/api/accounts/student-sign-up", { body: { email: to, fullName: "Sam Student" }, ip });
const signUp = (to: string, ip = t.nextIp()) =>
  t.call("POST", "/api/accounts/sign-up", {
    body: {
      fullName: "Quinn Quota",
      organizationName: "Quota Health",
      email: to,
      password: "Quota-check-2026",
      role: "facility",
    },
    ip,
  });

describe("per recipient: at most 3 security mails in 15 minutes, whatever the client address", () => {
  it("25 password resets for one account from 25 addresses: all answered alike, 3 mails", async () => {
    const u = await t.createUser("program");
    const answers = [];
    for (let i = 0; i < 25; i++) answers.push(await requestReset(u.email));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.json).toEqual(answers[0].json);
    }
    expect(await t.mailTo(u.email)).toHaveLength(PER_15_MIN);
  });

  it("25 student sign-up code requests for one email from 25 addresses: all 202, 3 mails", async () => {
    const to = email("code");
    const answers = [];
    for (let i = 0; i < 25; i++) answers.push(await requestCode(to));
    for (const a of answers) {
      expect(a.status).toBe(202);
      expect(a.json).toEqual(answers[0].json);
    }
    expect(await t.mailTo(to)).toHaveLength(PER_15_MIN);
  });

  it("25 sign-ups with an existing account's email: 3 'you already have an account' mails", async () => {
    const u = await t.createUser("facility");
    for (let i = 0; i < 25; i++) expect((await signUp(u.email)).status).toBe(201);
    const mails = await t.mailTo(u.email);
    expect(mails).toHaveLength(PER_15_MIN);
    expect(mails[0].subject).toBe("You already have a Clinical Placement Portal account");
  });

  it("the flows share one budget per recipient, and it comes back as the window slides", async () => {
    const u = await t.createUser("program");
    await requestReset(u.email);
    await signUp(u.email);
    await requestCode(u.email);
    await requestReset(u.email);
    expect(await t.mailTo(u.email)).toHaveLength(PER_15_MIN);
    // 16 minutes later (moved back in the database): one more may go.
    await t.deps.db
      .update(mailQuotaEvents)
      .set({ createdAt: sql`${mailQuotaEvents.createdAt} - interval '16 minutes'` })
      .where(sql`${mailQuotaEvents.key} = ${`to:${u.email.toLowerCase()}`}`);
    await requestReset(u.email);
    expect(await t.mailTo(u.email)).toHaveLength(PER_15_MIN + 1);
  });

  it("at most 10 a day", async () => {
    const u = await t.createUser("program");
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < PER_15_MIN; i++) await requestReset(u.email);
      await t.deps.db
        .update(mailQuotaEvents)
        .set({ createdAt: sql`${mailQuotaEvents.createdAt} - interval '16 minutes'` })
        .where(sql`${mailQuotaEvents.key} = ${`to:${u.email.toLowerCase()}`}`);
    }
    expect(await t.mailTo(u.email)).toHaveLength(RECIPIENT_LIMITS[1].max);
  });
});

describe("per client address: at most 20 requests an hour to the flows that mail", () => {
  it("the 21st from one address is refused with 429 in the envelope, on every such route; another address goes on", async () => {
    const ip = t.nextIp();
    for (let i = 0; i < CLIENT_LIMIT.max; i++) {
      const res = i % 2 === 0 ? await requestCode(email("client"), ip) : await signUp(email("client"), ip);
      expect(res.status, `request ${i + 1}`).toBeLessThan(300);
    }
    const code = await requestCode(email("client"), ip);
    expect(code.status).toBe(429);
    expect(code.json.error).toEqual({ code: "rate_limited", message: TOO_MANY_MAIL_REQUESTS });
    const up = await signUp(email("client"), ip);
    expect(up.status).toBe(429);
    expect(up.json.error.code).toBe("rate_limited");
    const reset = await requestReset(email("client"), ip);
    expect(reset.status).toBe(429);
    expect(reset.json.error).toMatchObject({ code: "rate_limited", message: TOO_MANY_MAIL_REQUESTS });
    expect((await requestCode(email("client"))).status).toBe(202);
  });
});

describe("no answer tells whether an account exists", () => {
  it("sign-up: a new email and a taken one get the same status and body; the owner is mailed", async () => {
    const owner = await t.createUser("program");
    const fresh = await signUp(email("fresh"));
    const taken = await signUp(owner.email.toUpperCase());
    expect(taken.status).toBe(fresh.status);
    expect(taken.json).toEqual(fresh.json);
    expect(fresh.json).toEqual({ message: SIGN_UP_RECEIVED });
    expect((await t.mailTo(owner.email))[0].text).toContain("Forgot password?");
  });

  it("forgot password: an unknown email and a known one get the same status and body", async () => {
    const known = await t.createUser("facility");
    const a = await requestReset(known.email);
    const b = await requestReset(email("nobody"));
    expect(b.status).toBe(a.status);
    expect(b.json).toEqual(a.json);
  });

  it("student sign-up: an email with an account and a stranger get the same status and body", async () => {
    const account = await t.createUser("program");
    const a = await requestCode(account.email);
    const b = await requestCode(email("stranger"));
    expect(b.status).toBe(a.status);
    expect(b.json).toEqual(a.json);
  });
});

describe("concurrency (PostgreSQL with TEST_DATABASE_URL)", () => {
  it("20 parallel resets for one account from 20 addresses send exactly 3 mails", async () => {
    const u = await t.createUser("program");
    const answers = await Promise.all(Array.from({ length: 20 }, () => requestReset(u.email)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(await t.mailTo(u.email)).toHaveLength(PER_15_MIN);
  });

  it("30 parallel code requests from one address: exactly 20 accepted, 10 refused", async () => {
    const ip = t.nextIp();
    const answers = await Promise.all(Array.from({ length: 30 }, () => requestCode(email("race"), ip)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(CLIENT_LIMIT.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - CLIENT_LIMIT.max);
  });

  it("10 parallel sign-ups with one new email: all answered alike, one account", async () => {
    const to = email("twin");
    const answers = await Promise.all(Array.from({ length: 10 }, () => signUp(to)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    for (const a of answers) expect(a.json).toEqual({ message: SIGN_UP_RECEIVED });
    // None signs in (ADR 006); the one account takes the password typed.
    expect(answers.filter((a) => a.headers.has("set-cookie"))).toEqual([]);
    const accounts = await t.deps.db.execute(sql`select id from users where email = ${to}`);
    expect((accounts as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    await t.signIn(to, "Quota-check-2026");
  });
});
