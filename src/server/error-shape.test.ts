import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestRole, type TestUser } from "./testing/harness";

// ADR 003: the envelope `{ error: { code, message, issues? } }` is the only error shape under /api,
// Better Auth's /api/auth/* included. This walks the OpenAPI document and calls every route signed
// out, with a malformed id, with an unknown id and with a bad body, as every role; each 4xx body must
// be exactly the envelope, and each status it answers must be declared with the Error schema.
// A malformed id in a path is 404 everywhere, like an id nobody has.

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is read as plain JSON
type Json = any;
type Operation = { method: string; path: string; op: Json };
type Call = Awaited<ReturnType<TestApp["call"]>>;

let t: TestApp;
let users: (TestUser & { role: TestRole })[];
let doc: Json;
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp();
  const program = await t.createUser("program");
  users = [
    { ...program, role: "program" },
    { ...(await t.createUser("facility")), role: "facility" },
    { ...(await t.createUser("student", { organizationId: program.organizationId! })), role: "student" },
    { ...(await t.createUser("admin")), role: "admin" },
  ];
  doc = (await t.call("GET", "/api/openapi.json")).json;
  operations = Object.entries<Json>(doc.paths).flatMap(([path, item]) =>
    Object.entries<Json>(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** Exactly `{ error: { code, message, issues? } }`, nothing beside it. */
function expectEnvelope(res: Call, label: string) {
  expect(res.headers.get("content-type"), label).toMatch(/^application\/json/);
  expect(Object.keys(res.json ?? {}), label).toEqual(["error"]);
  const { code, message, issues, ...rest } = res.json.error;
  expect(rest, label).toEqual({});
  expect(typeof code === "string" && code.length > 0, `${label}: code`).toBe(true);
  expect(typeof message === "string" && message.length > 0, `${label}: message`).toBe(true);
  if (issues !== undefined) {
    expect(Array.isArray(issues), `${label}: issues`).toBe(true);
    for (const i of issues) expect(Object.keys(i).sort(), `${label}: issue`).toEqual(["message", "path"]);
  }
}

/** A value the parameter's schema accepts. */
const validValue = (p: Json) =>
  String(p.schema?.enum?.[0] ?? (/date$/i.test(p.name) || p.schema?.format === "date" ? "2030-01-01" : "x"));

/**
 * The path with `{id}` replaced by `id`, any other path parameter and each required query parameter
 * by a value its schema accepts (so the id is what the request gets wrong).
 */
function pathWith(o: Operation, id: string) {
  const params: Json[] = o.op.parameters ?? [];
  const path = o.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === "id") return id;
    return encodeURIComponent(validValue(params.find((x) => x.in === "path" && x.name === name) ?? {}));
  });
  const query = new URLSearchParams(
    params.filter((p) => p.in === "query" && p.required).map((p) => [p.name, validValue(p)]),
  );
  return query.size > 0 ? `${path}?${query}` : path;
}

const declaresErrorSchema = (o: Operation, status: number) =>
  o.op.responses?.[String(status)]?.content?.["application/json"]?.schema?.$ref === "#/components/schemas/Error";

/** The route's 4xx answer is the envelope, and the status is declared with the Error schema. */
function check(o: Operation, res: Call, label: string) {
  if (res.status < 400) return;
  expectEnvelope(res, label);
  // 429 (rate limits) and the request pipeline's refusals (413, 415: ADR 007) sit in front of every route.
  if (![413, 415, 429].includes(res.status)) {
    expect(declaresErrorSchema(o, res.status), `${label}: ${res.status} declared with the Error schema`).toBe(true);
  }
}

describe("the error envelope is the only error shape", () => {
  it("the OpenAPI document lists the API's routes", () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it("every declared 4xx response uses the Error schema", () => {
    const wrong = operations.flatMap((o) =>
      Object.keys(o.op.responses ?? {})
        .filter((s) => s.startsWith("4") && !declaresErrorSchema(o, Number(s)))
        .map((s) => `${o.method} ${o.path} ${s}`),
    );
    expect(wrong).toEqual([]);
  });

  it("signed out: 401 in the envelope, except on public routes", async () => {
    for (const o of operations) {
      const label = `${o.method} ${o.path} signed out`;
      const res = await t.call(o.method, pathWith(o, randomUUID()), {
        body: o.op.requestBody ? {} : undefined,
      });
      check(o, res, label);
    }
  });

  it("a malformed id in the path is 404 '… not found' on every route, for every role", async () => {
    const withId = operations.filter((o) => o.path.includes("{id}"));
    expect(withId.length).toBeGreaterThan(15);
    for (const o of withId) {
      for (const u of users) {
        const label = `${o.method} ${o.path} as ${u.role} with a malformed id`;
        const res = await t.call(o.method, pathWith(o, "not-a-uuid"), {
          cookie: u.cookie,
          body: o.op.requestBody ? {} : undefined,
        });
        check(o, res, label);
        // Past the role check (403 for a role the route is not for), a malformed id is a record nobody has.
        if (res.status !== 403) {
          expect(res.status, label).toBe(404);
          expect(res.json.error.code, label).toMatch(/not_found|no_student_record/);
          expect(res.json.error.message, label).toMatch(/not found|no student record|roster/i);
        }
      }
    }
  });

  it("an unknown id, an empty or wrong-typed body: every 4xx is the envelope, declared", async () => {
    for (const o of operations) {
      if (o.path.startsWith("/api/events")) continue; // a stream for a signed-in caller
      for (const u of users) {
        const bodies = o.op.requestBody ? [{}, "[]", '"text"'] : [undefined];
        for (const body of bodies) {
          const label = `${o.method} ${o.path} as ${u.role} body ${JSON.stringify(body)}`;
          check(o, await t.call(o.method, pathWith(o, randomUUID()), { cookie: u.cookie, body }), label);
        }
      }
    }
  }, 120_000);

  it("an unknown /api route and a body that is not JSON answer the envelope", async () => {
    expectEnvelope(await t.call("GET", "/api/no-such-route"), "unknown route");
    const [u] = users;
    expectEnvelope(await t.call("POST", "/api/messages", { cookie: u.cookie, body: "{not json" }), "not JSON");
  });

  it("Better Auth's errors (/api/auth/*) carry the envelope and nothing else", async () => {
    expectEnvelope(await t.call("GET", "/api/auth/nope"), "unknown auth route");
    expectEnvelope(await t.attemptSignIn("nobody@test.dev", "Wrong-pass-2026"), "wrong password");
    expectEnvelope(await t.call("POST", "/api/auth/sign-in/email", { body: { email: "x" } }), "bad sign-in body");
    expectEnvelope(
      await t.call("POST", "/api/auth/reset-password", { body: { newPassword: "Password123", token: "nope" } }),
      "reset with a bad token",
    );
    expectEnvelope(await t.call("POST", "/api/auth/two-factor/verify-totp", { body: { code: "000000" } }), "2FA");
  });
});
