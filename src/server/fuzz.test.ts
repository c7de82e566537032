import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApplication } from "./factories/applications";
import { createDepartment, createPlacement } from "./factories/placements";
import { createTestApp, TEST_APP_URL, type TestApp, type TestRole, type TestUser } from "./testing/harness";

// Fuzzing every operation of the OpenAPI document, for each role, with hostile input: NUL bytes,
// extreme dates, 100 kB strings, wrong types, malformed and mistyped bodies (issue 8). No answer
// may be a 5xx, and every JSON error keeps the one envelope (DESIGN.md, Errors). Failures are
// collected and reported together (method, path, role, input).
//
// Inputs are generated one hostile value at a time on top of a valid request (real ids of records
// the role may see), so each one reaches the service rather than the first validation error.
// A role the route refuses (401/403 on the first few inputs) gets only those few, and so do the
// signed-in roles on a public route (it reads no role); super_admin gets the inputs admin gets.

type Who = "anonymous" | Exclude<TestRole, "none">;
const WHO: Who[] = ["anonymous", "program", "facility", "student", "admin", "super_admin"];

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema and bodies are walked generically
type Json = any;
type Param = { name: string; in: "path" | "query" | "header" | "cookie"; schema: Json; required?: boolean };
type Operation = { method: string; path: string; params: Param[]; bodySchema: Json | null; bodyRequired: boolean };

/** One request: path and query already filled, the body as sent (text) with its content type. */
type Input = {
  label: string;
  params: Record<string, string>;
  query: [string, string][];
  body?: { text: string; type: string | null } | null;
};

const NUL = "nul\u0000byte";
const HUGE = "x".repeat(100_000);
const EXTREME_DATES = ["0000-01-01", "9999-12-31", "275760-09-13", "2026-02-30", "1899-12-31", "-001000-01-01"];
const ODD_STRINGS: [string, string][] = [
  ["NUL byte", NUL],
  ["100 kB string", HUGE],
  ["LIKE metacharacters", "%_\\"],
  ["trailing backslash", "abc\\"],
  ["control characters", "a\u0001\u0008\u001b\u007f\u0085b"],
  ["lone surrogate", "\ud800x"],
];
const WRONG_TYPES: [string, unknown][] = [
  ["number", 12345],
  ["null", null],
  ["object", { a: 1 }],
  ["array", ["a", 1]],
];
const ODD_NUMBERS: [string, unknown][] = [
  ["huge number", 1e308],
  ["negative", -1],
  ["fraction", 1.5],
  ["beyond int64", 1e20],
  ["numeric string overflow", "1e309"],
  ["not a number", "abc"],
];
/** Every query parameter gets these; then the ones of its kind (free text, number, id, date, enum). */
const ODD_QUERY: [string, string][] = [
  ["NUL byte", NUL],
  ["100 kB value", HUGE],
  ["empty", ""],
];
const ODD_QUERY_TEXT: [string, string][] = [
  ["LIKE metacharacters", "%_\\"],
  ["trailing backslash", "abc\\"],
  ["control characters", "a\u0001\u001b\u007fb"],
];
const ODD_QUERY_NUMBER: [string, string][] = [
  ["not a number", "abc"],
  ["negative", "-1"],
  ["zero", "0"],
  ["fraction", "1.5"],
  ["overflow", "1e309"],
  ["beyond int64", "99999999999999999999"],
  ["beyond safe integer", "9007199254740993"],
];
const ODD_PATH: [string, string][] = [
  ["NUL byte", NUL],
  ["not a uuid", "not-a-uuid"],
  ["10 kB segment", "x".repeat(10_000)],
  ["LIKE metacharacters", "%_\\"],
  ["nil uuid", "00000000-0000-0000-0000-000000000000"],
  ["unicode", "é✓"],
];

const isDateField = (name: string, schema: Json) =>
  schema?.format === "date" || /(^|[a-z])(date|Date)$|^startFrom$|^endBy$/.test(name);

let t: TestApp;
let users: Record<Exclude<TestRole, "none">, TestUser>;
/** Real ids the requests use (the roles' own records), so inputs reach the services. */
let ids: Record<string, string>;
let operations: Operation[];
let ipSeq = 0;

beforeAll(async () => {
  t = await createTestApp();
  const program = await t.createUser("program");
  const facility = await t.createUser("facility");
  // The student is on the program user's roster, so the program's routes see their records.
  const student = await t.createUser("student", { organizationId: program.organizationId! });
  users = {
    program,
    facility,
    student,
    preceptor: await t.createUser("preceptor", { organizationId: facility.organizationId! }),
    admin: await t.createUser("admin"),
    super_admin: await t.createUser("super_admin"),
  };
  const db = t.deps.db;
  const department = await createDepartment(db, facility.organizationId!);
  const placement = await createPlacement(db, facility.organizationId!, { departmentId: department.id });
  const application = await createApplication(
    db,
    { id: student.studentId!, programId: program.organizationId! },
    placement.id,
  );
  const experience = await t.call("POST", "/api/me/student/experiences", {
    cookie: student.cookie,
    body: { kind: "work", organization: "Corner Clinic", title: "Receptionist", startDate: "2023-01-01" },
  });
  const message = await t.call("POST", "/api/messages", {
    cookie: program.cookie,
    body: { recipientId: student.userId, subject: "Hello", content: "Welcome" },
  });
  const pendingOrg = await t.createOrganization("program", undefined, false);
  ids = {
    placement: placement.id,
    department: department.id,
    application: application.id,
    student: student.studentId!,
    experience: experience.json?.id ?? randomUUID(),
    message: message.json?.id ?? randomUUID(),
    organization: pendingOrg.id,
    facility: facility.organizationId!,
    program: program.organizationId!,
    user: student.userId,
  };
  const doc = (await t.call("GET", "/api/openapi.json")).json;
  operations = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(item)) {
      const schema = op.requestBody?.content?.["application/json"]?.schema ?? null;
      operations.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []) as Param[],
        bodySchema: schema ? resolve(doc, schema) : null,
        bodyRequired: Boolean(op.requestBody?.required),
      });
    }
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
});

function resolve(doc: Json, schema: Json, depth = 0): Json {
  if (depth > 10 || !schema || typeof schema !== "object") return schema;
  if (typeof schema.$ref === "string") {
    const name = schema.$ref.split("/").pop();
    return resolve(doc, doc.components.schemas[name], depth + 1);
  }
  if (Array.isArray(schema)) return schema.map((s) => resolve(doc, s, depth + 1));
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) out[k] = typeof v === "object" ? resolve(doc, v, depth + 1) : v;
  return out;
}

/** The id a path or body field takes: the record of that kind the roles work with. */
function idFor(path: string, name: string): string {
  if (name === "placementId") return ids.placement;
  if (name === "departmentId") return ids.department;
  if (name === "facilityId") return ids.facility;
  if (name === "programId") return ids.program;
  if (name === "recipientId") return ids.user;
  if (name === "studentIds" || name === "studentId") return ids.student;
  const table: [RegExp, string][] = [
    [/^\/api\/messages\//, ids.message],
    [/^\/api\/admin\/organizations\//, ids.organization],
    [/^\/api\/admin\/access-requests\//, randomUUID()],
    [/^\/api\/(facility\/)?placements\//, ids.placement],
    [/^\/api\/facility\/departments\//, ids.department],
    [/\/applications\//, ids.application],
    [/^\/api\/students\//, ids.student],
    [/^\/api\/me\/student\/experiences\//, ids.experience],
  ];
  return table.find(([re]) => re.test(path))?.[1] ?? randomUUID();
}

let emailSeq = 0;
/** A valid value for a field, from its name and schema. */
function validValue(path: string, name: string, schema: Json): unknown {
  const s = schema ?? {};
  if (s.enum) return s.enum[0];
  if (s.anyOf || s.oneOf) {
    const options = (s.anyOf ?? s.oneOf) as Json[];
    const pick = options.find((o) => o.type === "number" || o.type === "integer") ?? options[0];
    return validValue(path, name, pick);
  }
  const type = Array.isArray(s.type) ? s.type.find((x: string) => x !== "null") : s.type;
  if (type === "array") return [validValue(path, name, s.items)];
  if (type === "object") return validObject(path, s);
  if (type === "number" || type === "integer") return s.minimum ?? 4;
  if (type === "boolean") return true;
  if (/Id$|^id$|Ids$/.test(name) || s.format === "uuid") return idFor(path, name);
  if (/email/i.test(name) || s.format === "email") return `fuzz-${++emailSeq}-${randomUUID().slice(0, 8)}@test.dev`;
  if (/password/i.test(name)) return "Fuzz-Passphrase-2026!";
  if (name === "code") return "123456";
  if (name === "csv") return "firstName,lastName,email\nFuzz,Student,fuzz-roster@test.dev\n";
  if (name === "endDate") return "2027-03-01";
  if (isDateField(name, s)) return "2027-01-04";
  if (name === "capacity") return 4;
  return "Fuzz value";
}

function validObject(path: string, schema: Json): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries<Json>(schema?.properties ?? {})) out[name] = validValue(path, name, prop);
  return out;
}

const json = (value: unknown) => ({ text: JSON.stringify(value), type: "application/json" });

/** Hostile values for one body field. */
function fieldVariants(name: string, schema: Json): [string, unknown][] {
  const type = Array.isArray(schema?.type) ? schema.type.find((x: string) => x !== "null") : schema?.type;
  const out: [string, unknown][] = [...WRONG_TYPES];
  const numeric =
    type === "number" || type === "integer" || (schema?.anyOf ?? []).some((o: Json) => o.type === "number");
  if (schema?.enum) out.push(["NUL byte", NUL], ["not in the enum", "zzz"]);
  else if (numeric) out.push(["NUL byte", NUL], ["100 kB string", HUGE], ...ODD_NUMBERS);
  else if (schema?.format === "uuid" || /Id$/.test(name))
    out.push(
      ["NUL byte", NUL],
      ["100 kB string", HUGE],
      ["not a uuid", "not-a-uuid"],
      ["nil uuid", "00000000-0000-0000-0000-000000000000"],
    );
  else if (isDateField(name, schema))
    out.push(
      ["NUL byte", NUL],
      ["100 kB string", HUGE],
      ...EXTREME_DATES.map((d): [string, unknown] => [`date ${d}`, d]),
    );
  else if (type === "string" || schema?.anyOf) out.push(...ODD_STRINGS);
  if (type === "array") {
    out.push(...ODD_STRINGS.map(([label, v]): [string, unknown] => [`item: ${label}`, [v]]));
    out.push(["10,000 items", Array.from({ length: 10_000 }, () => "x")]);
  }
  return out;
}

/** Every input for one operation: the gate inputs first (sent to every role), then the rest. */
function inputsFor(op: Operation): { gate: Input[]; rest: Input[] } {
  const pathParams = op.params.filter((p) => p.in === "path");
  const queryParams = op.params.filter((p) => p.in === "query");
  const baseParams = Object.fromEntries(pathParams.map((p) => [p.name, String(validValue(op.path, p.name, p.schema))]));
  const baseQuery: [string, string][] = [];
  const baseBody = op.bodySchema ? validObject(op.path, op.bodySchema) : undefined;
  const body = baseBody === undefined ? undefined : json(baseBody);
  const base = (label: string, o: Partial<Input> = {}): Input => ({
    label,
    params: baseParams,
    query: baseQuery,
    body,
    ...o,
  });

  const gate: Input[] = [base("valid request")];
  const rest: Input[] = [];
  for (const p of pathParams) {
    for (const [label, value] of ODD_PATH) {
      (label === "NUL byte" ? gate : rest).push(
        base(`path ${p.name}: ${label}`, { params: { ...baseParams, [p.name]: value } }),
      );
    }
  }
  for (const p of queryParams) {
    const values = [...ODD_QUERY];
    const kind = p.schema?.type;
    if (p.schema?.enum) values.push(["not in the enum", "zzz"]);
    else if (kind === "integer" || kind === "number") values.push(...ODD_QUERY_NUMBER);
    else if (p.schema?.format === "uuid")
      values.push(["not a uuid", "not-a-uuid"], ["nil uuid", "00000000-0000-0000-0000-000000000000"]);
    else if (isDateField(p.name, p.schema))
      values.push(...EXTREME_DATES.map((d): [string, string] => [`date ${d}`, d]));
    else values.push(...ODD_QUERY_TEXT);
    for (const [label, value] of values)
      (label === "NUL byte" ? gate : rest).push(base(`query ${p.name}: ${label}`, { query: [[p.name, value]] }));
    rest.push(
      base(`query ${p.name}: repeated`, {
        query: [
          [p.name, "a"],
          [p.name, "b"],
        ],
      }),
    );
  }
  if (queryParams.length > 0) gate.push(base("query: NUL in an unknown parameter name", { query: [["q\u0000", "x"]] }));

  const method = op.method;
  if (method !== "GET") {
    gate.push(base("body: malformed JSON", { body: { text: '{"a": ', type: "application/json" } }));
    gate.push(base("body: raw NUL byte in JSON", { body: { text: '{"a": "x\u0000y"}', type: "application/json" } }));
    rest.push(base("body: empty with JSON content type", { body: { text: "", type: "application/json" } }));
    rest.push(base("body: none", { body: null }));
    rest.push(base("body: JSON array", { body: json([]) }));
    rest.push(base("body: JSON null", { body: json(null) }));
    rest.push(base("body: JSON string", { body: json("x") }));
    rest.push(
      base("body: 20,000 nested arrays", {
        body: { text: `${"[".repeat(20_000)}${"]".repeat(20_000)}`, type: "application/json" },
      }),
    );
    const sample = baseBody ?? { a: "b" };
    rest.push(base("body: text/plain", { body: { text: JSON.stringify(sample), type: "text/plain" } }));
    rest.push(base("body: no content type", { body: { text: JSON.stringify(sample), type: null } }));
    const form = new URLSearchParams(Object.entries(sample).map(([k, v]) => [k, String(v)]));
    rest.push(
      base("body: form-urlencoded", { body: { text: form.toString(), type: "application/x-www-form-urlencoded" } }),
    );
    rest.push(
      base("body: form-urlencoded with NUL", {
        body: { text: `${form.toString()}&x=%00`, type: "application/x-www-form-urlencoded" },
      }),
    );
    rest.push(
      base("body: multipart", {
        body: {
          text: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\u0000y\r\n--b--\r\n',
          type: "multipart/form-data; boundary=b",
        },
      }),
    );
    rest.push(
      base("body: JSON with a wrong charset", {
        body: { text: JSON.stringify(sample), type: "application/json; charset=utf-16" },
      }),
    );
  }
  if (baseBody) {
    for (const [name, schema] of Object.entries<Json>(op.bodySchema?.properties ?? {})) {
      for (const [label, value] of fieldVariants(name, schema)) {
        (label === "NUL byte" ? gate : rest).push(
          base(`body ${name}: ${label}`, { body: json({ ...baseBody, [name]: value }) }),
        );
      }
    }
    rest.push(base("body: NUL in a key", { body: json({ ...baseBody, "k\u0000": "v" }) }));
    rest.push(base("body: every field missing", { body: json({}) }));
  }
  return { gate, rest };
}

type Failure = { method: string; path: string; who: string; input: string; status: number; body: string };

async function send(op: { method: string; path: string }, input: Input, cookie: string | undefined) {
  let path = op.path.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(input.params[name] ?? ""));
  if (input.query.length > 0)
    path += `?${input.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&")}`;
  const headers: Record<string, string> = { origin: TEST_APP_URL, "sec-fetch-site": "same-origin" };
  if (cookie) headers.cookie = cookie;
  if (input.body?.type) headers["content-type"] = input.body.type;
  ipSeq += 1;
  const ip = `10.77.${Math.floor(ipSeq / 250) % 250}.${(ipSeq % 250) + 1}`;
  const res = await t.app.request(
    path,
    { method: op.method, headers, body: input.body ? input.body.text : undefined },
    { incoming: { socket: { remoteAddress: ip } } },
  );
  const text = await res.text();
  return { status: res.status, text, type: res.headers.get("content-type") ?? "" };
}

/** Checks one answer; returns a failure or null. */
function judge(
  op: { method: string; path: string },
  who: string,
  input: Input,
  res: { status: number; text: string; type: string },
): Failure | null {
  const fail = () => ({
    method: op.method,
    path: op.path,
    who,
    input: input.label,
    status: res.status,
    body: res.text.slice(0, 200),
  });
  if (res.status >= 500) return fail();
  if (res.status >= 400 && res.type.includes("json")) {
    try {
      const body = JSON.parse(res.text);
      if (typeof body?.error?.code !== "string" || typeof body?.error?.message !== "string") return fail();
    } catch {
      return fail();
    }
  }
  return null;
}

/** Runs `tasks` with at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, run: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await run(items[next++]);
    }),
  );
}

const report = (failures: Failure[]) =>
  failures.map((f) => `${f.method} ${f.path} as ${f.who}, ${f.input}: ${f.status} ${f.body}`).join("\n");

describe("fuzzing every API operation for each role", () => {
  it("answers no 5xx, and every JSON error in the envelope", async () => {
    const failures: Failure[] = [];
    let sent = 0;
    // Destructive operations last, so the records stay for the others.
    const destructive = (op: Operation) =>
      op.method === "DELETE" || /withdraw|approve|reject|decision|close|accept/.test(op.path);
    const ordered = [...operations.filter((op) => !destructive(op)), ...operations.filter(destructive)];
    await pool(ordered, 4, async (op) => {
      if (op.path === "/api/events") return; // a stream: covered by its own tests
      const { gate, rest } = inputsFor(op);
      let publicRoute = false;
      for (const who of WHO) {
        const cookie = who === "anonymous" ? undefined : users[who].cookie;
        let refused = true;
        for (const input of gate) {
          const res = await send(op, input, cookie);
          sent += 1;
          // The valid request tells whether the role may call the route (the guard refuses NUL first).
          if (input === gate[0] && res.status !== 401 && res.status !== 403) refused = false;
          const failure = judge(op, who, input, res);
          if (failure) failures.push(failure);
        }
        if (refused) continue;
        // A public route reads no role: signed-in callers get the gate inputs, anonymous gets all.
        if (who !== "anonymous" && publicRoute) continue;
        if (who === "anonymous") publicRoute = true;
        for (const input of rest) {
          const res = await send(op, input, cookie);
          sent += 1;
          const failure = judge(op, who, input, res);
          if (failure) failures.push(failure);
        }
      }
    });
    expect(sent).toBeGreaterThan(1000);
    expect(failures, `${failures.length} failures:\n${report(failures)}`).toEqual([]);
  }, 180_000);
});

describe("fuzzing the Better Auth routes the app uses", () => {
  const AUTH_OPS: { method: string; path: string; body?: Record<string, unknown>; query?: [string, string][] }[] = [
    {
      method: "POST",
      path: "/api/auth/sign-in/email",
      body: { email: "fuzz-signin@test.dev", password: "Wrong-pass-2026", rememberMe: true },
    },
    {
      method: "POST",
      path: "/api/auth/request-password-reset",
      body: { email: "fuzz-reset@test.dev", redirectTo: "/reset-password" },
    },
    {
      method: "POST",
      path: "/api/auth/reset-password",
      body: { newPassword: "Fuzz-Passphrase-2026!", token: "not-a-real-token" },
    },
    { method: "GET", path: "/api/auth/reset-password/{token}", query: [["callbackURL", "/reset-password"]] },
    { method: "POST", path: "/api/auth/two-factor/verify-totp", body: { code: "123456", trustDevice: false } },
    { method: "POST", path: "/api/auth/two-factor/verify-backup-code", body: { code: "abcde-fghij" } },
    { method: "GET", path: "/api/auth/get-session" },
  ];

  it("answers no 5xx, and every JSON error in the envelope", async () => {
    const failures: Failure[] = [];
    const schemaOf = (v: unknown): Json =>
      typeof v === "number" ? { type: "number" } : typeof v === "boolean" ? { type: "boolean" } : { type: "string" };
    await pool(AUTH_OPS, 2, async (spec) => {
      const op: Operation = {
        method: spec.method,
        path: spec.path,
        params: [
          ...(spec.path.includes("{token}")
            ? [{ name: "token", in: "path" as const, schema: { type: "string" } }]
            : []),
          ...(spec.query ?? []).map(([name]) => ({ name, in: "query" as const, schema: { type: "string" } })),
        ],
        bodySchema: spec.body
          ? {
              type: "object",
              properties: Object.fromEntries(Object.entries(spec.body).map(([k, v]) => [k, schemaOf(v)])),
            }
          : null,
        bodyRequired: Boolean(spec.body),
      };
      const { gate, rest } = inputsFor(op);
      // Valid-looking values come from the spec, not the generator.
      const fix = (input: Input): Input => {
        const params = { ...input.params };
        if ("token" in params && params.token.length === 36) params.token = "not-a-real-token";
        let body = input.body;
        // A fresh email each time, so the sign-in lockout (5 failures per email) does not answer for the route.
        const specBody =
          spec.body && "email" in spec.body ? { ...spec.body, email: `fuzz-${++emailSeq}@test.dev` } : spec.body;
        if (specBody && input.body?.type === "application/json" && input.label.startsWith("body ")) {
          const parsed = JSON.parse(input.body.text);
          const field = input.label.slice(5).split(":")[0];
          body = json({ ...specBody, [field]: parsed[field] });
        } else if (specBody && input.label === "valid request") body = json(specBody);
        const query = input.query.length ? input.query : (spec.query ?? []);
        return { ...input, params, query, body };
      };
      for (const who of ["anonymous", "student"] as const) {
        const cookie = who === "anonymous" ? undefined : users.student.cookie;
        for (const input of [...gate, ...rest].map(fix)) {
          const res = await send(op, input, cookie);
          const failure = judge(op, who, input, res);
          if (failure) failures.push(failure);
        }
      }
    });
    expect(failures, `${failures.length} failures:\n${report(failures)}`).toEqual([]);
  }, 120_000);
});
