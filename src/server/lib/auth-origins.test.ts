import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/harness";
import { trustedOriginsFor } from "./auth";

// Issue 9: signing in at http://127.0.0.1:3000 failed with "Invalid origin" because only APP_URL's
// origin was trusted. In development the addresses the server answers on are trusted too.

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

async function signInFrom(env: Record<string, string>, origin: string) {
  const t = await createTestApp({ env });
  apps.push(t);
  const u = await t.createUser("program");
  const host = new URL(origin).host;
  return t.call("POST", "/api/auth/sign-in/email", {
    body: { email: u.email, password: u.password },
    headers: { origin, host },
  });
}

describe("trusted origins of the sign-in", () => {
  it("lists the loopback addresses of the port in development only", () => {
    expect(trustedOriginsFor("http://localhost:3000", false, 3000)).toEqual([
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
    ]);
    expect(trustedOriginsFor("https://portal.example.org", true, 3000)).toEqual(["https://portal.example.org"]);
  });

  it("development: a sign-in from http://127.0.0.1:3000 succeeds; another origin is refused", async () => {
    const env = { NODE_ENV: "development", PORT: "3000" };
    const ok = await signInFrom(env, "http://127.0.0.1:3000");
    expect(ok.status).toBe(200);
    expect(ok.cookie).toBeTruthy();
    const evil = await signInFrom(env, "http://evil.example:3000");
    expect(evil.status).toBe(403);
  });

  it("production: only APP_URL's origin", async () => {
    const res = await signInFrom({ NODE_ENV: "production", PORT: "3000" }, "http://127.0.0.1:3000");
    expect(res.status).toBe(403);
  });
});
