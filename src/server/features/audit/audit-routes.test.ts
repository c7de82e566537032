import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_APP_URL, type TestApp, type TestUser } from "../../testing/harness";

// Issue 14: administrators browse, filter, export and watch the audit trail; nobody else can.

let t: TestApp;
let admin: TestUser;
let superAdmin: TestUser;
let program: TestUser;
let facility: TestUser;
let student: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser("admin", { name: "Ada Auditor" });
  superAdmin = await t.createUser("super_admin");
  program = await t.createUser("program");
  facility = await t.createUser("facility");
  student = await t.createUser("student");
});
afterAll(async () => {
  await t?.close();
});

const get = (query: string, cookie = admin.cookie) => t.call("GET", `/api/admin/audit${query}`, { cookie });
type Item = { id: number; action: string; actorEmail: string | null; summary: string; detail: Record<string, unknown> };
const items = (res: { json: { items: Item[] } }) => res.json.items;

describe("who may read the audit trail", () => {
  for (const path of ["", "/actions", "/export.csv"]) {
    it(`GET /api/admin/audit${path}: admins and super admins; 403 for others; 401 signed out`, async () => {
      expect((await get(path, admin.cookie)).status).toBe(200);
      expect((await get(path, superAdmin.cookie)).status).toBe(200);
      for (const other of [program, facility, student]) expect((await get(path, other.cookie)).status).toBe(403);
      expect((await t.call("GET", `/api/admin/audit${path}`)).status).toBe(401);
    });
  }

  it("GET /api/admin/audit/stream: 403 for others, 401 signed out", async () => {
    for (const other of [program, facility, student])
      expect((await t.call("GET", "/api/admin/audit/stream", { cookie: other.cookie })).status).toBe(403);
    expect((await t.call("GET", "/api/admin/audit/stream")).status).toBe(401);
  });
});

describe("GET /api/admin/audit", () => {
  it("lists newest first with the actor's name, and pages", async () => {
    const created = await t.call("POST", "/api/students", {
      cookie: program.cookie,
      body: { firstName: "Lina", lastName: "Ledger", email: "lina.ledger@example.edu" },
    });
    expect(created.status).toBe(201);
    const res = await get("?pageSize=2");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ page: 1, pageSize: 2 });
    expect(res.json.total).toBeGreaterThanOrEqual(6); // five sign-ins and the student
    const [first, second] = items(res);
    expect(first).toMatchObject({
      action: "POST /api/students",
      actorEmail: program.email,
      actorName: "Test program",
      actorRole: "program",
      entityType: "students",
      organizationId: program.organizationId,
    });
    expect(first.id).toBeGreaterThan(second.id);
    const page2 = await get("?pageSize=2&page=2");
    expect(items(page2)[0].id).toBeLessThan(second.id);
  });

  it("filters by actor (email or id), action (exact or prefix), entity, organization", async () => {
    const byEmail = await get(`?actor=${encodeURIComponent(program.email.toUpperCase())}`);
    expect(items(byEmail).length).toBeGreaterThanOrEqual(2);
    expect(items(byEmail).every((i) => i.actorEmail === program.email)).toBe(true);
    const byId = await get(`?actor=${program.userId}`);
    expect(byId.json.total).toBe(byEmail.json.total);

    const signIns = await get("?action=auth.sign_in&pageSize=100");
    expect(items(signIns).every((i) => i.action === "auth.sign_in")).toBe(true);
    expect(items(signIns).map((i) => i.actorEmail)).toContain(admin.email);
    const auth = await get("?action=auth.&pageSize=100");
    expect(items(auth).every((i) => i.action.startsWith("auth."))).toBe(true);
    expect(items(auth).some((i) => i.action.startsWith("POST"))).toBe(false);
    expect((await get("?action=auth.*")).json.total).toBe(auth.json.total);
    // "auth" alone is an exact action nobody recorded.
    expect((await get("?action=auth")).json.total).toBe(0);

    const students = await get("?entityType=students");
    expect(items(students).every((i) => i.action === "POST /api/students")).toBe(true);
    const org = await get(`?organizationId=${program.organizationId}`);
    expect(org.json.total).toBeGreaterThanOrEqual(1);
    expect((await get(`?organizationId=${facility.organizationId}`)).json.total).toBe(0);
    const mine = items(await get(`?entityType=users&entityId=${admin.userId}`));
    expect(mine.map((i) => i.action)).toEqual(["auth.sign_in"]);
    // A creation names the record it made.
    const made = items(students)[0] as Item & { entityId: string };
    expect(made.entityId).toMatch(/^[0-9a-f-]{36}$/);
    expect(items(await get(`?entityType=students&entityId=${made.entityId}`)).map((i) => i.id)).toEqual([made.id]);
  });

  it("keeps failed sign-ins with the email tried, and searches it (LIKE characters literal)", async () => {
    const failed = await t.call("POST", "/api/auth/sign-in/email", {
      body: { email: "no_such_person@example.org", password: "wrong-password-1" },
    });
    expect(failed.status).toBe(401);
    const res = await get("?failedSignIns=true");
    expect(items(res)[0]).toMatchObject({ action: "auth.sign_in_failed", actorEmail: null });
    expect(items(res)[0].detail.email).toBe("no_such_person@example.org");
    expect(items(res).every((i) => i.action === "auth.sign_in_failed")).toBe(true);

    expect(items(await get("?search=no_such_p")).map((i) => i.action)).toEqual(["auth.sign_in_failed"]);
    // % and _ are literal: as wildcards these would match the email tried.
    expect((await get("?search=no%25such")).json.total).toBe(0);
    expect((await get("?search=such_person%40example_org")).json.total).toBe(0);
    // The summary and the actor's email are searched too.
    expect((await get(`?search=${encodeURIComponent("roster (compliance")}`)).json.total).toBeGreaterThanOrEqual(1);
    expect((await get(`?search=${encodeURIComponent(program.email)}`)).json.total).toBeGreaterThanOrEqual(2);
  });

  it("filters by date range; a bare 'to' date includes its whole day", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const all = (await get("")).json.total;
    expect((await get(`?from=${today}&to=${today}`)).json.total).toBe(all);
    expect((await get("?to=2000-01-01")).json.total).toBe(0);
    expect((await get(`?from=${new Date(Date.now() + 3_600_000).toISOString()}`)).json.total).toBe(0);
  });

  it("answers 422 naming the field for bad input", async () => {
    const cases: [string, string][] = [
      ["?from=yesterday", "from"],
      ["?to=2026-13-45", "to"],
      ["?from=2026-02-01&to=2026-01-01", "to"],
      ["?organizationId=nope", "organizationId"],
      ["?failedSignIns=maybe", "failedSignIns"],
      ["?page=0", "page"],
      ["?pageSize=1000", "pageSize"],
      [`?search=${"x".repeat(101)}`, "search"],
    ];
    for (const [query, field] of cases) {
      const res = await get(query);
      expect(res.status, query).toBe(422);
      expect(
        res.json.error.issues.map((i: { path: string }) => i.path),
        query,
      ).toContain(field);
    }
    expect((await get("/export.csv?from=nope")).status).toBe(422);
  });
});

describe("GET /api/admin/audit/actions", () => {
  it("lists each recorded action once, alphabetically", async () => {
    const res = await get("/actions");
    const actions: string[] = res.json.items;
    expect(actions).toContain("auth.sign_in");
    expect(actions).toContain("POST /api/students");
    expect(new Set(actions).size).toBe(actions.length);
    expect([...actions].sort()).toEqual(actions);
  });
});

describe("GET /api/admin/audit/export.csv", () => {
  it("streams every matching entry (thousands), newest first, formula-safe", async () => {
    const N = 4321;
    await t.deps.db.execute(sql`
      insert into audit_log (action, summary, actor_email, entity_type, entity_id, at, detail)
      select 'test.bulk', case when g = ${N} then '=HYPERLINK("x")' else 'Bulk entry ' || g end,
             'bulk@example.org', 'students', 'e' || g, now() - (g * interval '1 second'), '{"n": 1}'::jsonb
      from generate_series(1, ${N}) g`);
    const res = await t.app.request("/api/admin/audit/export.csv?action=test.bulk", {
      headers: { cookie: admin.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM, for Excel
    const text = new TextDecoder().decode(bytes);
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "id,at,actor_email,actor_name,actor_role,acting_as,action,summary,entity_type,entity_id,organization_id,organization_name,ip,before,after,detail",
    );
    expect(lines).toHaveLength(N + 1);
    // Newest (the last inserted) first.
    expect(lines[1]).toContain(`,e${N},`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[N]).toContain(",e1,");
    expect(new Set(lines.slice(1).map((l) => l.split(",")[0])).size).toBe(N);
    expect(lines[2]).toContain('"{""n"":1}"');

    // The filters apply to the export as to the list.
    const none = await t.app.request("/api/admin/audit/export.csv?action=test.bulk&to=2000-01-01", {
      headers: { cookie: admin.cookie },
    });
    expect((await none.text()).trimEnd().split("\r\n")).toHaveLength(1);
  });
});

describe("GET /api/admin/audit/stream", () => {
  it("sends each new entry to an administrator as it is recorded", async () => {
    const server = await new Promise<{ url: string; close: () => Promise<void> }>((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
        resolve({
          url: `http://127.0.0.1:${info.port}`,
          close: () =>
            new Promise((r) => {
              (s as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
              s.close(() => r());
            }),
        }),
      );
    });
    const controller = new AbortController();
    try {
      const res = await fetch(`${server.url}/api/admin/audit/stream`, {
        headers: { cookie: superAdmin.cookie },
        signal: controller.signal,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      const readUntil = async (needle: string) => {
        const deadline = Date.now() + 30_000;
        while (!buffer.includes(needle) && Date.now() < deadline) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
        }
        return buffer.includes(needle);
      };
      expect(await readUntil("event: ready")).toBe(true);

      const created = await t.call("POST", "/api/students", {
        cookie: program.cookie,
        body: { firstName: "Stella", lastName: "Stream", email: "stella.stream@example.edu" },
      });
      expect(created.status).toBe(201);
      expect(await readUntil(created.json.id)).toBe(true);
      const block = buffer.split("\n\n").find((b) => b.includes(created.json.id))!;
      expect(block).toContain("event: entry");
      const entry = JSON.parse(
        block
          .split("\n")
          .find((l) => l.startsWith("data:"))!
          .slice(5),
      );
      expect(entry).toMatchObject({
        action: "POST /api/students",
        actorEmail: program.email,
        entityType: "students",
        entityId: created.json.id,
        organizationId: program.organizationId,
      });
      expect(block).toContain(`id: ${entry.id}`);
      await reader.cancel().catch(() => undefined);
    } finally {
      controller.abort();
      await server.close();
    }
  });
});

void TEST_APP_URL;
