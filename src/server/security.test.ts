import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROSTER_MAX_ROWS, ROSTER_TOO_LARGE } from "../domain/roster";
import { applications } from "./db/schema/applications";
import { auditLog } from "./db/schema/audit";
import { signInFailures } from "./db/schema/auth";
import { organizations } from "./db/schema/organizations";
import { placements } from "./db/schema/placements";
import { students } from "./db/schema/students";
import { createApplication } from "./factories/applications";
import { createPlacement } from "./factories/placements";
import { MAX_FAILURES_PER_EMAIL, MAX_FAILURES_PER_IP } from "./features/accounts/sign-in-guard";
import { resolveClientAddress } from "./lib/client-address";
import { createStudent } from "./testing/factories";
import { createTestApp, socketFrom, TEST_APP_URL, type TestApp } from "./testing/harness";

// Issue 8: the security review's holes, each proved closed through the real app and database.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A raw request with full control of headers and body (the harness's `call` always sends JSON). */
async function raw(
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: BodyInit; ip?: string } = {},
  app = t.app,
) {
  const res = await app.request(path, { method, headers: init.headers, body: init.body }, socketFrom(init.ip));
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answers
  return { status: res.status, json: json as any, headers: res.headers };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "content-type": "application/x-www-form-urlencoded", origin: TEST_APP_URL };
const failuresOf = (email: string) => t.deps.db.select().from(signInFailures).where(eq(signInFailures.email, email));

describe("1. the sign-in lockout holds for every body encoding and under parallel guesses", () => {
  it("a form-encoded sign-in is refused (415) and never evaluated, even with the right password", async () => {
    const u = await t.createUser("program");
    const res = await raw("POST", "/api/auth/sign-in/email", {
      headers: FORM,
      body: form({ email: u.email, password: u.password }),
      ip: t.nextIp(),
    });
    expect(res.status).toBe(415);
    expect(res.json.error.code).toBe("unsupported_media_type");
    expect(res.headers.getSetCookie().join(";")).not.toContain("session_token");
  });

  it("a locked account stays locked over a form body, multipart, text/plain or no content type", async () => {
    const u = await t.createUser("facility");
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) await t.attemptSignIn(u.email, `Wrong-pass-${i}`);
    expect((await t.attemptSignIn(u.email, u.password)).status).toBe(429);
    const multipart = new FormData();
    multipart.set("email", u.email);
    multipart.set("password", u.password);
    const attempts: { headers: Record<string, string>; body: BodyInit }[] = [
      { headers: FORM, body: form({ email: u.email, password: u.password }) },
      { headers: { origin: TEST_APP_URL }, body: multipart },
      { headers: { origin: TEST_APP_URL, "content-type": "text/plain" }, body: JSON.stringify(u) },
      { headers: { origin: TEST_APP_URL, "content-type": "application/json" }, body: `{"email":` },
    ];
    for (const a of attempts) {
      const res = await raw("POST", "/api/auth/sign-in/email", { ...a, ip: t.nextIp() });
      expect(res.status, JSON.stringify(res.json)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.headers.getSetCookie().join(";")).not.toContain("session_token");
    }
  });

  it("every wrong guess is counted, whatever X-Forwarded-For says", async () => {
    const u = await t.createUser("program");
    const ip = t.nextIp();
    for (let i = 0; i < 3; i++) {
      await t.call("POST", "/api/auth/sign-in/email", {
        body: { email: u.email, password: `Wrong-${i}-pass` },
        ip,
        headers: { "x-forwarded-for": `203.0.113.${i + 1}` },
      });
    }
    const rows = await failuresOf(u.email);
    expect(rows).toHaveLength(3);
    // Counted on the socket's address: the header is not believed without TRUST_PROXY.
    expect(new Set(rows.map((r) => r.ip))).toEqual(new Set([ip]));
  });

  it(`40 parallel wrong guesses: no more than ${MAX_FAILURES_PER_EMAIL} are evaluated, the rest are refused`, async () => {
    const u = await t.createUser("program");
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => t.attemptSignIn(u.email, `Wrong-guess-${i}`)),
    );
    expect(results.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    // A second burst after the first: still no more than the limit evaluated in the window.
    const more = await Promise.all(Array.from({ length: 40 }, (_, i) => t.attemptSignIn(u.email, `Again-${i}-x`)));
    const evaluated = [...results, ...more].filter((r) => r.status === 401).length;
    expect(evaluated).toBeLessThanOrEqual(MAX_FAILURES_PER_EMAIL);
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) await t.attemptSignIn(u.email, `One-by-one-${i}`);
    // Now the limit is reached: the right password is refused too.
    expect((await t.attemptSignIn(u.email, u.password)).status).toBe(429);
    expect((await failuresOf(u.email)).length).toBe(MAX_FAILURES_PER_EMAIL);
  });
});

describe("3. limits key on the real client address (TRUST_PROXY)", () => {
  it("resolves the socket address unless proxies are trusted, then the hop our proxy appended", () => {
    expect(resolveClientAddress("10.0.0.9", "1.2.3.4", 0)).toBe("10.0.0.9");
    expect(resolveClientAddress("::ffff:10.0.0.9", null, 0)).toBe("10.0.0.9");
    // One proxy: it appended the address it saw; what the client wrote before that is ignored.
    expect(resolveClientAddress("10.0.0.1", "6.6.6.6, 198.51.100.7", 1)).toBe("198.51.100.7");
    expect(resolveClientAddress("10.0.0.1", "6.6.6.6, 198.51.100.7, 10.0.0.2", 2)).toBe("198.51.100.7");
    expect(resolveClientAddress("10.0.0.1", "not-an-address", 1)).toBe("10.0.0.1");
    expect(resolveClientAddress(undefined, null, 0)).toBe("unknown");
  });

  it("junk sign-ins from one address lock that address only: an admin elsewhere still signs in", async () => {
    const attacker = t.nextIp();
    for (let i = 0; i <= MAX_FAILURES_PER_IP; i++) {
      await t.call("POST", "/api/auth/sign-in/email", {
        body: { email: `junk-${i}@nowhere.test`, password: "Wrong-pass-2026" },
        ip: attacker,
        headers: { "x-forwarded-for": `198.51.100.${i + 1}` },
      });
    }
    const admin = await t.createUser("admin");
    // The attacker's address is locked whatever header it sends...
    expect(
      (
        await t.call("POST", "/api/auth/sign-in/email", {
          body: { email: admin.email, password: admin.password },
          ip: attacker,
          headers: { "x-forwarded-for": "192.0.2.44" },
        })
      ).status,
    ).toBe(429);
    // ...and everyone else signs in.
    expect((await t.attemptSignIn(admin.email, admin.password, t.nextIp())).status).toBe(200);
  });

  it("password reset requests from different clients are not one site-wide bucket", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await t.call("POST", "/api/auth/request-password-reset", {
        body: { email: `someone-${i}@nowhere.test`, redirectTo: "/reset-password" },
        ip: t.nextIp(),
      });
      statuses.push(res.status);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
  });

  it("behind one trusted proxy, the address the proxy appended is the client's", async () => {
    const p = await createTestApp({ env: { TRUST_PROXY: "1" } });
    try {
      const u = await p.createUser("program");
      const proxy = "10.9.9.9";
      await p.call("POST", "/api/auth/sign-in/email", {
        body: { email: u.email, password: "Wrong-pass-2026" },
        ip: proxy,
        headers: { "x-forwarded-for": "6.6.6.6, 198.51.100.20" },
      });
      const rows = await p.deps.db.select().from(signInFailures).where(eq(signInFailures.email, u.email));
      expect(rows.map((r) => r.ip)).toEqual(["198.51.100.20"]);
    } finally {
      await p.close();
    }
  });
});

describe("3b. the address our code stamps cannot be forged by sending its header", () => {
  it("a client's own x-portal-client-address is ignored: on Better Auth's routes and on ours", async () => {
    const u = await t.createUser("program");
    const forged = { "x-portal-client-address": "192.0.2.99" };
    // A Better Auth route: the failure is counted against the socket's address.
    await t.call("POST", "/api/auth/sign-in/email", {
      body: { email: u.email, password: "Wrong-pass-2026" },
      ip: "198.51.100.77",
      headers: forged,
    });
    const failures = await t.deps.db.select().from(signInFailures).where(eq(signInFailures.email, u.email));
    expect(failures.map((r) => r.ip)).toEqual(["198.51.100.77"]);
    // One of ours (issue 11: the header is written on Better Auth's routes only): the audit entry of
    // a write records the socket's address, not the header.
    const sent = await t.call("POST", "/api/students", {
      cookie: u.cookie,
      body: { firstName: "Forged", lastName: "Header", email: `forged.header.${u.userId}@test.dev` },
      ip: "198.51.100.78",
      headers: forged,
    });
    expect(sent.status).toBe(201);
    const [entry] = await t.deps.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(eq(auditLog.actorId, u.userId))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(entry?.ip).toBe("198.51.100.78");
  });
});

describe("5. a rejected organization loses access at once, on every route, for every open session", () => {
  it("a facility rejected after it was verified can no longer decide, read applicants, or anything else", async () => {
    const facility = await t.createUser("facility", { name: "Rita Rejected" });
    const program = await t.createUser("program");
    const admin = await t.createUser("admin");
    const placement = await createPlacement(t.deps.db, facility.organizationId!, { capacity: 3 });
    const student = await createStudent(t, program.organizationId!, { gpa: "3.90" });
    const app = await createApplication(t.deps.db, student, placement.id);

    // Before: the facility reads its applicants.
    expect((await t.call("GET", "/api/facility/applications", { cookie: facility.cookie })).status).toBe(200);

    const rejected = await t.call("POST", `/api/admin/organizations/${facility.organizationId}/reject`, {
      cookie: admin.cookie,
    });
    expect(rejected.status).toBe(200);

    // The same open session, at once:
    const approve = await t.call("POST", `/api/facility/applications/${app.id}/approve`, {
      cookie: facility.cookie,
      body: {},
    });
    expect(approve.status).toBe(403);
    expect(approve.json.error.code).toBe("organization_rejected");
    const [row] = await t.deps.db.select().from(applications).where(eq(applications.id, app.id));
    expect(row.status).toBe("pending");
    for (const path of [
      "/api/facility/applications",
      `/api/facility/applications/${app.id}`,
      "/api/facility/placements",
      "/api/facility/placed-students",
      "/api/facility/departments",
      "/api/analytics/facility-dashboard",
      "/api/messages",
      "/api/messages/recipients",
    ]) {
      const res = await t.call("GET", path, { cookie: facility.cookie });
      expect(res.status, path).toBe(403);
      expect(JSON.stringify(res.json)).not.toContain(student.email);
    }
    // Who-am-I still answers, so the app can say why.
    const me = await t.call("GET", "/api/accounts/me", { cookie: facility.cookie });
    expect(me.status).toBe(200);
    expect(me.json.organization.verificationStatus).toBe("rejected");

    // Verified again: access returns.
    await t.call("POST", `/api/admin/organizations/${facility.organizationId}/verify`, { cookie: admin.cookie });
    expect((await t.call("GET", "/api/facility/applications", { cookie: facility.cookie })).status).toBe(200);
  });

  it("a rejected program's coordinator cannot read or change its students", async () => {
    const program = await t.createUser("program");
    const admin = await t.createUser("admin");
    const student = await createStudent(t, program.organizationId!);
    await t.call("POST", `/api/admin/organizations/${program.organizationId}/reject`, { cookie: admin.cookie });
    for (const [method, path] of [
      ["GET", "/api/students"],
      ["GET", `/api/students/${student.id}`],
      ["POST", `/api/students/${student.id}/withdraw`],
      ["GET", "/api/applications"],
      ["GET", "/api/placements"],
    ] as const) {
      const res = await t.call(method, path, { cookie: program.cookie });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    const [row] = await t.deps.db.select().from(students).where(eq(students.id, student.id));
    expect(row.enrollmentStatus).toBe("active");
  });
});

describe("9. cross-site requests and form bodies are refused", () => {
  it("a state-changing request with another site's Origin changes nothing (403)", async () => {
    const facility = await t.createUser("facility");
    const placement = await createPlacement(t.deps.db, facility.organizationId!, { status: "active" });
    for (const headers of [
      { origin: "http://evil.example", "content-type": "application/json", cookie: facility.cookie } as Record<
        string,
        string
      >,
      { "sec-fetch-site": "cross-site", "content-type": "application/json", cookie: facility.cookie },
    ]) {
      const res = await raw("POST", `/api/facility/placements/${placement.id}/close`, { headers, body: "{}" });
      expect(res.status).toBe(403);
      expect(res.json.error.code).toBe("cross_site_refused");
    }
    const [row] = await t.deps.db.select().from(placements).where(eq(placements.id, placement.id));
    expect(row.status).toBe("active");
  });

  it("a form body (what another site's HTML form can send) is refused with 415 on our routes", async () => {
    const program = await t.createUser("program");
    const student = await createStudent(t, program.organizationId!);
    const res = await raw("POST", `/api/students/${student.id}/withdraw`, {
      headers: { ...FORM, cookie: program.cookie },
      body: form({ reason: "x" }),
    });
    expect(res.status).toBe(415);
    const [row] = await t.deps.db.select().from(students).where(eq(students.id, student.id));
    expect(row.enrollmentStatus).toBe("active");
  });

  it("the portal's own pages (same Origin) and non-browser clients (no Origin) still work", async () => {
    const program = await t.createUser("program");
    const student = await createStudent(t, program.organizationId!);
    const same = await raw("POST", `/api/students/${student.id}/withdraw`, {
      headers: { origin: TEST_APP_URL, "sec-fetch-site": "same-origin", cookie: program.cookie },
    });
    expect(same.status).toBe(200);
    const other = await createStudent(t, program.organizationId!);
    const script = await raw("POST", `/api/students/${other.id}/withdraw`, { headers: { cookie: program.cookie } });
    expect(script.status).toBe(200);
  });

  it("an admin's verify from another site is refused and the organization stays pending", async () => {
    const admin = await t.createUser("admin");
    const org = await t.createOrganization("program", undefined, false);
    const res = await raw("POST", `/api/admin/organizations/${org.id}/verify`, {
      headers: { origin: "http://evil.example", cookie: admin.cookie },
    });
    expect(res.status).toBe(403);
    const [row] = await t.deps.db.select().from(organizations).where(eq(organizations.id, org.id));
    expect(row.verificationStatus).toBe("pending");
  });
});

describe("10. security headers", () => {
  it("every API answer carries CSP, frame, sniffing and referrer headers, and no-store", async () => {
    const u = await t.createUser("program");
    for (const [path, cookie] of [
      ["/api/health", undefined],
      ["/api/accounts/me", u.cookie],
      ["/api/students", u.cookie],
      ["/api/nothing-here", undefined],
    ] as const) {
      const res = await t.call("GET", path, { cookie });
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("cache-control")).toBe("no-store");
      // Plain http here: no HSTS.
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("HSTS is sent when the portal is served over https", async () => {
    const s = await createTestApp({ env: { APP_URL: "https://portal.example.org" } });
    try {
      const res = await s.call("GET", "/api/health");
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    } finally {
      await s.close();
    }
  });
});

describe("12. body limits keep one account from stalling the server", () => {
  it("a body over the default limit is refused with 413 before anything reads it", async () => {
    const u = await t.createUser("program");
    const res = await t.call("POST", "/api/messages", {
      cookie: u.cookie,
      body: { recipientId: u.userId, subject: "big", content: "x".repeat(300 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe("too_large");
  });

  it("a 100 MB body is refused at once, also on Better Auth's routes", async () => {
    const huge = "x".repeat(100 * 1024 * 1024);
    const res = await raw("POST", "/api/auth/sign-in/email", {
      headers: { "content-type": "application/json", origin: TEST_APP_URL },
      body: `{"email":"a@b.test","password":"${huge}"}`,
      ip: t.nextIp(),
    });
    expect(res.status).toBe(413);
  });

  it(`a roster file is capped at ${ROSTER_MAX_ROWS.toLocaleString("en-US")} rows and 4 MB, with a clear reason`, async () => {
    const u = await t.createUser("program", {
      organizationId: (await t.createOrganization("program", undefined, false)).id,
    });
    const rows = Array.from({ length: ROSTER_MAX_ROWS + 1 }, (_, i) => `A,B,s${i}@x.test`).join("\n");
    const tooMany = await t.call("POST", "/api/students/import", {
      cookie: u.cookie,
      body: { csv: `first_name,last_name,email\n${rows}\n` },
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.json.error.issues[0]).toMatchObject({ path: "csv" });
    expect(tooMany.json.error.message).toContain("at most 10,000 students");
    const tooBig = await t.call("POST", "/api/students/import/preview", {
      cookie: u.cookie,
      body: { csv: `first_name,last_name,email\n${"A,B,c@x.test,".padEnd(5 * 1024 * 1024, "z")}` },
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.error.message).toBe(ROSTER_TOO_LARGE);
    expect(await t.deps.db.select().from(students).where(eq(students.programId, u.organizationId!))).toEqual([]);
  });
});
