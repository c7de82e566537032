import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/harness";
import { createOrPromoteSuperAdmin } from "./super-admin";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("createOrPromoteSuperAdmin", () => {
  it("creates a super admin who can sign in", async () => {
    const res = await createOrPromoteSuperAdmin(t.deps, {
      email: "Root@Portal.test",
      password: "Long-enough-1",
      name: "Rita Root",
    });
    expect(res).toMatchObject({ ok: true, outcome: "created", email: "root@portal.test" });
    const cookie = await t.signIn("root@portal.test", "Long-enough-1");
    const me = await t.call("GET", "/api/accounts/me", { cookie });
    expect(me.json.role).toBe("super_admin");
    expect(me.json.user.name).toBe("Rita Root");
    expect(me.json.profile.organizationName).toBe("Clinical Placement Portal");
  });

  it("promotes an existing account without touching its password", async () => {
    const existing = await t.createUser("none", { email: "later@portal.test", password: "Original-pass-9" });
    const res = await createOrPromoteSuperAdmin(t.deps, { email: "later@portal.test", password: "Other-pass-77" });
    expect(res).toMatchObject({ ok: true, outcome: "promoted", userId: existing.userId });
    const cookie = await t.signIn("later@portal.test", "Original-pass-9");
    const me = await t.call("GET", "/api/accounts/me", { cookie });
    expect(me.json.roles).toContain("super_admin");

    const again = await createOrPromoteSuperAdmin(t.deps, { email: "LATER@portal.test" });
    expect(again).toMatchObject({ ok: true, outcome: "already" });
  });

  it("names the field that is wrong", async () => {
    expect(await createOrPromoteSuperAdmin(t.deps, { email: "not-an-email", password: "Long-enough-1" })).toEqual({
      ok: false,
      field: "email",
      message: "Invalid email address",
    });
    expect(await createOrPromoteSuperAdmin(t.deps, { email: "short@portal.test", password: "short" })).toEqual({
      ok: false,
      field: "password",
      message: "Password must be at least 8 characters",
    });
    expect(
      await createOrPromoteSuperAdmin(t.deps, { email: "common@portal.test", password: "password1" }),
    ).toMatchObject({
      ok: false,
      field: "password",
    });
    expect(await createOrPromoteSuperAdmin(t.deps, { email: "nopass@portal.test" })).toMatchObject({
      ok: false,
      field: "password",
    });
  });
});
