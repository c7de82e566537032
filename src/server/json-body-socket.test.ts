import http from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BODY_LIMIT } from "./lib/http-security";
import { createTestApp, type TestApp, type TestUser } from "./testing/harness";

// Issue 11: on the Node server a JSON body is read straight from the socket's stream (no web
// Request, stream or clone per write). Through a real server, every guard that read it before still
// holds: the size limits (declared and chunked), the NUL guard naming the field, malformed JSON,
// and Better Auth, which still reads its raw request.

let t: TestApp;
let base: string;
let server: ReturnType<typeof serve>;
let admin: TestUser;
let student: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  base = await new Promise<string>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
      resolve(`http://127.0.0.1:${info.port}`),
    );
  });
  admin = await t.createUser("admin");
  student = await t.createUser("student");
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await t?.close();
});

/** A raw request: `chunked` sends the body without a content-length, in pieces. */
function send(
  path: string,
  body: string | Buffer,
  opts: { cookie?: string; chunked?: boolean; type?: string } = {},
  // biome-ignore lint/suspicious/noExplicitAny: the answers checked are JSON of several shapes
): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, base);
    const bytes = typeof body === "string" ? Buffer.from(body) : body;
    const req = http.request(url, {
      method: "POST",
      headers: {
        "content-type": opts.type ?? "application/json",
        origin: t.deps.env.appUrl,
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
        ...(opts.chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(bytes.length) }),
      },
    });
    req.on("response", (res) => {
      let text = "";
      res.on("data", (d) => {
        text += d;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null }));
    });
    req.on("error", reject);
    if (opts.chunked) {
      for (let i = 0; i < bytes.length; i += 4096) req.write(bytes.subarray(i, i + 4096));
      req.end();
    } else req.end(bytes);
  });
}

const message = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ recipientId: student.userId, subject: "Über the socket ✓", content: "Plain text", ...extra });

describe("JSON bodies read from the socket (a real server)", () => {
  it("stores what was sent, whole (non-ASCII text, a byte-order mark, a chunked body)", async () => {
    const plain = await send("/api/messages", message(), { cookie: admin.cookie });
    expect(plain.status, JSON.stringify(plain.json)).toBe(201);
    expect(plain.json.item.subject).toBe("Über the socket ✓");
    const bom = await send("/api/messages", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(message())]), {
      cookie: admin.cookie,
    });
    expect(bom.status, JSON.stringify(bom.json)).toBe(201);
    const long = "x".repeat(9_000);
    const chunked = await send("/api/messages", message({ content: long }), { cookie: admin.cookie, chunked: true });
    expect(chunked.status, JSON.stringify(chunked.json)).toBe(201);
    const read = await t.call("GET", `/api/messages/${chunked.json.item.id}`, { cookie: student.cookie });
    expect(read.json.content).toBe(long);
  });

  it("refuses a body over the limit, declared or chunked, with 413 in the one envelope", async () => {
    const huge = message({ content: "y".repeat(DEFAULT_BODY_LIMIT + 10) });
    const declared = await send("/api/messages", huge, { cookie: admin.cookie });
    expect(declared.status).toBe(413);
    expect(declared.json.error.code).toBe("too_large");
    const chunked = await send("/api/messages", huge, { cookie: admin.cookie, chunked: true });
    expect(chunked.status).toBe(413);
    expect(chunked.json.error.code).toBe("too_large");
  });

  it("refuses NUL characters naming the field, and malformed JSON without a 500", async () => {
    const nul = await send("/api/messages", message({ subject: "a\u0000b" }), { cookie: admin.cookie });
    expect(nul.status).toBe(422);
    expect(nul.json.error.issues.map((i: { path: string }) => i.path)).toContain("subject");
    const broken = await send("/api/messages", '{"recipientId": ', { cookie: admin.cookie });
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.status).toBeLessThan(500);
  });

  it("leaves Better Auth its raw request: signing in over the socket works", async () => {
    const res = await send("/api/auth/sign-in/email", JSON.stringify({ email: admin.email, password: admin.password }));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.user.email).toBe(admin.email);
  });

  it("takes twenty writes at once, each stored once", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send("/api/messages", message({ subject: `At once ${i}` }), { cookie: admin.cookie }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(results.map((r) => r.json.item.id)).size).toBe(20);
  });

  // A cross-site request is refused by its headers: its body (up to the limit) is never read.
  it("refuses a cross-site JSON write before its body arrives (403, the body never sent)", async () => {
    const answer = await new Promise<{ status: number; json: { error: { code: string } } }>((resolve, reject) => {
      const req = http.request(new URL("/api/messages", base), {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: "https://attacker.example",
          cookie: admin.cookie,
          "content-length": String(DEFAULT_BODY_LIMIT),
        },
      });
      req.on("response", (res) => {
        let text = "";
        res.on("data", (d) => {
          text += d;
        });
        res.on("end", () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) });
        });
      });
      req.on("error", (err) => (req.destroyed ? undefined : reject(err)));
      // Headers only: the declared body is never written.
      req.flushHeaders();
    });
    expect(answer.status).toBe(403);
    expect(answer.json.error.code).toBe("cross_site_refused");
  }, 15_000);
});
