import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/harness";

// The web app's session check on every page: a signed-out visitor is not an error (no 401 for the
// browser to log), while the protected routes still refuse them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("GET /api/accounts/session", () => {
  it("signed out: 200 with a null session; GET /api/accounts/me is still 401", async () => {
    const res = await t.call("GET", "/api/accounts/session");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ me: null });
    expect((await t.call("GET", "/api/accounts/me")).status).toBe(401);
    expect((await t.call("GET", "/api/facility/applications")).status).toBe(401);
  });

  it("signed in: the same answer as GET /api/accounts/me", async () => {
    const u = await t.createUser("program", { name: "Sue Session" });
    const res = await t.call("GET", "/api/accounts/session", { cookie: u.cookie });
    expect(res.status).toBe(200);
    const me = await t.call("GET", "/api/accounts/me", { cookie: u.cookie });
    expect(res.json).toEqual({ me: me.json });
    expect(res.json.me.user.id).toBe(u.userId);
  });
});
