import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("POST /api/accounts/sign-up", () => {
  it("creates a program with the user as coordinator, pending verification", async () => {
    const res = await t.call("POST", "/api/accounts/sign-up", {
      body: {
        fullName: "Ann Lee",
        organizationName: "Lakeside Nursing",
        email: "ann@lakeside.test",
        password: "Lake-side-2026",
        role: "program",
      },
    });
    expect(res.status).toBe(201);
    // Signed in by the next step, as the web app does (ADR 006).
    const cookie = await t.signIn("ann@lakeside.test", "Lake-side-2026");
    const me = (await t.call("GET", "/api/accounts/me", { cookie })).json;
    expect(me.role).toBe("program");
    expect(me.organization).toMatchObject({
      kind: "program",
      name: "Lakeside Nursing",
      verificationStatus: "pending",
    });
  });

  it("never grants admin rights: Administrator files an access request", async () => {
    const res = await t.call("POST", "/api/accounts/sign-up", {
      body: {
        fullName: "Bo Admin",
        organizationName: "State Board",
        email: "bo@board.test",
        password: "Board-member-7",
        role: "admin",
      },
    });
    expect(res.status).toBe(201);
    const me = (await t.call("GET", "/api/accounts/me", { cookie: await t.signIn("bo@board.test", "Board-member-7") }))
      .json;
    expect(me.roles).toEqual([]);
    expect(me.accessRequest.status).toBe("pending");
  });

  it("names each invalid field and refuses a common password", async () => {
    const res = await t.call("POST", "/api/accounts/sign-up", {
      body: { fullName: "A", organizationName: "", email: "nope", password: "password1", role: "super_admin" },
    });
    expect(res.status).toBe(422);
    const paths = res.json.error.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(["fullName", "organizationName", "email", "password", "role"]));
  });

  it("answers an email already registered exactly as a new one, and mails its owner instead (ADR 006)", async () => {
    const body = {
      fullName: "Cy Dup",
      organizationName: "Dup Health",
      email: "dup@test.dev",
      password: "Dup-licate-99",
      role: "facility",
    };
    const first = await t.call("POST", "/api/accounts/sign-up", { body });
    expect(first.status).toBe(201);
    const again = await t.call("POST", "/api/accounts/sign-up", { body: { ...body, email: "DUP@test.dev" } });
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    const [mail] = await t.mailTo("dup@test.dev");
    expect(mail.subject).toBe("You already have a Clinical Placement Portal account");
    // The account is the first sign-up's: its password signs in, the second one's does not.
    await t.signIn("dup@test.dev", "Dup-licate-99");
    expect((await t.attemptSignIn("dup@test.dev", "Other-pass-2026")).status).toBe(401);
  });

  it("a new email and a taken one get the same status, body and headers: no session cookie on either", async () => {
    const body = (email: string) => ({
      fullName: "Eve Probe",
      organizationName: "Probe Clinic",
      email,
      password: "Probe-clinic-2026",
      role: "facility",
    });
    await t.createUser("program", { email: "taken@test.dev" });
    const answer = async (email: string) => {
      const res = await t.call("POST", "/api/accounts/sign-up", { body: body(email), ip: t.nextIp() });
      const headers = [...res.headers.keys()].filter((h) => h !== "date").sort();
      return { status: res.status, body: res.json, headers, setCookie: res.headers.has("set-cookie") };
    };
    const fresh = await answer("fresh@test.dev");
    const taken = await answer("taken@test.dev");
    expect(fresh).toEqual(taken);
    expect(fresh).toMatchObject({ status: 201, setCookie: false });
  });

  it("answers 400 in the envelope for a body that is not JSON", async () => {
    const res = await t.call("POST", "/api/accounts/sign-up", { body: "{not json" });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBeTruthy();
  });
});

describe("GET /api/accounts/me", () => {
  it("401 in the envelope when not signed in", async () => {
    const res = await t.call("GET", "/api/accounts/me");
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe("unauthorized");
  });

  it("resolves the role by priority for a user with several roles", async () => {
    const u = await t.createUser("program");
    const { grantRole } = await import("../../lib/access");
    await grantRole(t.deps.db, u.userId, "admin");
    const res = await t.call("GET", "/api/accounts/me", { cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(res.json.role).toBe("admin");
    expect(res.json.roles).toEqual(expect.arrayContaining(["program", "admin"]));
  });
});
