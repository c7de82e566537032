import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "../testing/harness";
import { authStoragesEnabled } from "./auth-context-hooks";

// Issue 11: Better Auth's AsyncLocalStorage (and with it Node's process-wide async hook, a cost on
// every promise of every request) is on only while a Better Auth call runs.

describe("Better Auth's context hooks", () => {
  let t: TestApp;
  let users: TestUser[];

  beforeAll(async () => {
    t = await createTestApp();
    users = [];
    for (let i = 0; i < 4; i++) users.push(await t.createUser("program"));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("are off once a sign-in has answered, and the session it made works", async () => {
    const [u] = users;
    const cookie = await t.signIn(u!.email, u!.password);
    expect(authStoragesEnabled()).toBe(false);
    const me = await t.call("GET", "/api/accounts/me", { cookie });
    expect(me.status).toBe(200);
    expect(me.json.user.email).toBe(u!.email);
    // Better Auth's own session endpoint (its context again), then off again.
    const session = await t.call("GET", "/api/auth/get-session", { cookie });
    expect(session.status).toBe(200);
    expect(session.json.user.email).toBe(u!.email);
    expect(authStoragesEnabled()).toBe(false);
  });

  it("keep every call's context while others start and end around it (twenty at once)", async () => {
    const attempts = Array.from({ length: 20 }, (_, i) => {
      const u = users[i % users.length]!;
      // Every fifth one a wrong password: refused calls end around the others too.
      return i % 5 === 4 ? t.attemptSignIn(u.email, "Wrong-Pass-2026!") : t.attemptSignIn(u.email, u.password);
    });
    const answers = await Promise.all(attempts);
    answers.forEach((res, i) => {
      if (i % 5 === 4) expect(res.status).toBe(401);
      else {
        expect(res.status).toBe(200);
        expect(res.cookie).toMatch(/session_token=/);
      }
    });
    expect(authStoragesEnabled()).toBe(false);
    // Each new session reads its own user, and signs out through Better Auth, all at once.
    const signedIn = answers.map((res, i) => ({ res, u: users[i % users.length]! })).filter((_, i) => i % 5 !== 4);
    const reads = await Promise.all(
      signedIn.map(({ res }) => t.call("GET", "/api/auth/get-session", { cookie: res.cookie })),
    );
    expect(reads.map((read) => read.json.user.email)).toEqual(signedIn.map(({ u }) => u.email));
    const outs = await Promise.all(
      signedIn.map(({ res }) => t.call("POST", "/api/auth/sign-out", { cookie: res.cookie, body: {} })),
    );
    for (const out of outs) expect(out.status).toBe(200);
    const after = await t.call("GET", "/api/accounts/me", { cookie: signedIn[0]!.res.cookie });
    expect(after.status).toBe(401);
    expect(authStoragesEnabled()).toBe(false);
  });
});
