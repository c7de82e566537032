import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "./context";
import { APP_CSP, securityHeaders } from "./http-security";

// Issue 11: under @hono/node-server the security headers go into the answer's plain header object
// (plain-response.ts); app.request in the other tests takes the web Headers path (security.test.ts
// holds it to the same rules). Here a small app is served for real.

const app = new Hono<AppEnv>();
app.use("*", async (c, next) => {
  c.set("requestId", "req-1");
  await next();
});
app.use("*", securityHeaders({ https: true }));
app.get("/api/thing", (c) => c.json({ ok: true }));
app.get("/api/framed", (c) => c.json({ ok: true }, 200, { "x-frame-options": "SAMEORIGIN" }));
app.get("/api/private", (c) => c.body("file", 200, { "cache-control": "private, no-store" }));
app.get("/page", (c) => c.html("<p>hi</p>"));
app.get("/text", (c) => c.text("plain"));

let server: ReturnType<typeof serve>;
let base = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
      base = `http://127.0.0.1:${info.port}`;
      resolve();
    });
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const COMMON = {
  "content-security-policy": APP_CSP,
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-opener-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "x-request-id": "req-1",
};
const EXPECTED: Record<string, Record<string, string>> = {
  "/api/thing": { "content-type": "application/json", "x-frame-options": "DENY", "cache-control": "no-store" },
  "/api/framed": { "content-type": "application/json", "x-frame-options": "SAMEORIGIN", "cache-control": "no-store" },
  "/api/private": { "x-frame-options": "DENY", "cache-control": "private, no-store" },
  "/page": { "content-type": "text/html; charset=UTF-8", "x-frame-options": "DENY", "cache-control": "no-cache" },
  "/text": { "content-type": "text/plain; charset=UTF-8", "x-frame-options": "DENY" },
};

describe("security headers on the node server's fast path (the answer's plain header object)", () => {
  for (const [path, expected] of Object.entries(EXPECTED)) {
    it(`${path}: every security header, once, with the route's own words kept`, async () => {
      const served = await fetch(`${base}${path}`);
      for (const [name, value] of Object.entries({ ...COMMON, ...expected }))
        expect(served.headers.get(name), name).toBe(value);
      if (!path.startsWith("/api/") && path !== "/page") expect(served.headers.get("cache-control")).toBeNull();
    });
  }
});
