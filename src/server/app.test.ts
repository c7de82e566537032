import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./testing/harness";

describe("the error envelope under /api", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers an unknown /api path with a JSON 404 naming it", async () => {
    for (const [method, path] of [
      ["GET", "/api/nope"],
      ["POST", "/api/accounts/nope"],
      ["DELETE", "/api/accounts/me"],
      ["PUT", "/api/auth/sign-in/email"],
    ]) {
      const res = await t.call(method, path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.json).toEqual({ error: { code: "not_found", message: `No API route ${method} ${path}` } });
    }
  });

  it("maps Better Auth's errors into the envelope, and nothing else (ADR 003)", async () => {
    const unknown = await t.call("GET", "/api/auth/nope");
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: { code: "not_found", message: "Not Found" } });
    const wrong = await t.attemptSignIn("nobody@test.dev", "Wrong-pass-2026");
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({
      error: { code: "invalid_email_or_password", message: "Invalid email or password" },
    });
  });

  it("answers 400 for a body that is not JSON and 415 for another content type", async () => {
    const bad = await t.call("POST", "/api/accounts/sign-up", { body: "{not json" });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ error: { code: "malformed", message: "The request body is not valid JSON" } });
    const plain = await t.call("POST", "/api/accounts/sign-up", {
      body: "{}",
      headers: { "content-type": "text/plain" },
    });
    expect(plain.status).toBe(415);
    expect(plain.json.error.code).toBe("unsupported_media_type");
  });

  it("refuses a cookie-carrying auth request from another origin (CSRF)", async () => {
    const u = await t.createUser("program");
    for (const origin of ["https://evil.example", ""]) {
      const res = await t.call("POST", "/api/auth/sign-out", { cookie: u.cookie, headers: { origin } });
      expect(res.status, origin).toBe(403);
      expect(res.json.error.code).toBe("cross_site_refused");
    }
    expect((await t.call("GET", "/api/accounts/me", { cookie: u.cookie })).status).toBe(200);
  });

  it("gives every response a request id", async () => {
    const res = await t.call("GET", "/api/health");
    expect(res.headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
  });

  it("serves the OpenAPI document and its reference UI", async () => {
    const doc = await t.call("GET", "/api/openapi.json");
    expect(doc.status).toBe(200);
    expect(doc.json.openapi).toBe("3.1.0");
    expect(Object.keys(doc.json.paths)).toEqual(
      expect.arrayContaining(["/api/health", "/api/accounts/me", "/api/admin/access-requests"]),
    );
    const ui = await t.call("GET", "/api/docs");
    expect(ui.status).toBe(200);
    expect(ui.text).toContain("/api/openapi.json");
    expect(ui.text).toContain("/api/docs/scalar.js");
    const script = await t.call("GET", "/api/docs/scalar.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/javascript/);
  });
});

describe("an unexpected failure (the database is gone)", () => {
  let t: TestApp;
  let cookie: string;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ captureLogs: true });
    const u = await t.createUser("program");
    cookie = u.cookie;
    token = decodeURIComponent(cookie.split("session_token=")[1].split(";")[0]).split(".")[0];
    await t.database.close();
  });
  afterAll(async () => {
    await t.close();
  });

  const internal = /^Something went wrong on our side \(request ([\w-]+)\)\. Please try again\.$/;

  it("answers 500 in the envelope with the request id, and no stack, query or driver message", async () => {
    for (const [method, path, body] of [
      ["GET", "/api/accounts/me", undefined],
      ["GET", "/api/messages/unread-count", undefined],
      [
        "POST",
        "/api/accounts/sign-up",
        {
          fullName: "Ann Lee",
          organizationName: "Lakeside",
          email: "ann2@lakeside.test",
          password: "Lake-side-2026",
          role: "program",
        },
      ],
    ] as const) {
      const res = await t.call(method, path, { cookie, body });
      expect(res.status, path).toBe(500);
      expect(Object.keys(res.json)).toEqual(["error"]);
      expect(res.json.error.code).toBe("internal");
      const match = internal.exec(res.json.error.message);
      expect(match, res.json.error.message).toBeTruthy();
      expect(match?.[1]).toBe(res.headers.get("x-request-id"));
      expect(res.text).not.toMatch(/stack|at .*\.ts|Failed query|select |PGlite|ECONNREFUSED|pool/i);
    }
  });

  it("answers a failing sign-in the same way", async () => {
    const res = await t.attemptSignIn("someone@test.dev", "Some-pass-2026");
    expect(res.status).toBe(500);
    expect(res.json.error.code).toBe("internal");
    expect(res.text).not.toMatch(/Failed query|select |PGlite/i);
  });

  it("answers a failing Better Auth endpoint without its internals", async () => {
    const res = await t.call("GET", "/api/auth/get-session", { cookie });
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(res.json.error.code).toBe("internal");
    expect(res.text).not.toMatch(/Failed query|select |PGlite|sessions/i);
  });

  it("logs the failure with its request id, but never the query's parameters (session tokens)", async () => {
    const res = await t.call("GET", "/api/accounts/me", { cookie });
    const requestId = res.headers.get("x-request-id");
    const line = t.logs.find((l) => l.msg === "unhandled error" && l.requestId === requestId);
    expect(line, "an error log line for the request").toBeTruthy();
    // The cause is there for whoever reads the log (drizzle's "Failed query", or the driver's own
    // message where the session is read without drizzle), the session token never.
    expect((line as { err?: { message?: string } }).err?.message ?? "").toMatch(/Failed query|closed|end on the pool/);
    expect(JSON.stringify(t.logs)).not.toContain(token);
  });
});
