import { gunzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStudent } from "../factories/students";
import { uniqueTag } from "../factories/unique";
import { seedDemoWorld } from "../seed/seed";
import { createTestApp, type TestApp } from "../testing/harness";
import { acceptsGzip, CACHED_READS, COMPRESS_FROM_BYTES, createReadCache } from "./read-cache";
import { READS } from "./read-cache-routes";

// ADR 027: the hot reads' answers kept per instance. Two instances on one database (as behind a
// load balancer): `a` keeps answers, `b` does not (it writes, and its logged statements tell which
// tables each route reads). Announcements arrive on PGlite with the statement and on PostgreSQL
// milliseconds after commit: `eventually` waits for them, never for a fixed time.

async function eventually<T>(read: () => Promise<T> | T, done: (v: T) => boolean): Promise<T> {
  let last = await read();
  for (let i = 0; i < 200 && !done(last); i += 1) {
    await new Promise((r) => setTimeout(r, 20));
    last = await read();
  }
  return last;
}

const PASSWORD = "Demo-2026!";
type As = "program" | "facility" | "student" | "admin";
/** A request for each cached read (every branch whose statements differ), as the demo world's users. */
const REQUESTS: Record<keyof typeof READS, { as: As; paths: string[] }> = {
  unreadCount: { as: "program", paths: ["/api/messages/unread-count"] },
  messages: {
    as: "program",
    paths: ["/api/messages?box=inbox&page=1&pageSize=20", "/api/messages?box=sent&search=a", "/api/messages"],
  },
  placements: {
    as: "program",
    paths: ["/api/placements?search=Medical&page=1", "/api/placements", "/api/placements?includeFull=true"],
  },
  students: { as: "program", paths: ["/api/students?page=1", "/api/students?search=a&page=1"] },
  programDashboard: { as: "program", paths: ["/api/analytics/program-dashboard"] },
  facilityDashboard: { as: "facility", paths: ["/api/analytics/facility-dashboard"] },
  studentDashboard: { as: "student", paths: ["/api/me/student/dashboard"] },
  adminOrganizations: {
    as: "admin",
    paths: ["/api/admin/organizations?kind=facility&page=1", "/api/admin/organizations?kind=program&search=a"],
  },
};

let a: TestApp;
let b: TestApp;
const cookies = {} as Record<As, string>;
let captured: string[] | null = null;
const restore: (() => void)[] = [];

/** Every SQL text either driver runs while `captured` is set. */
function captureStatements() {
  const wrap = (proto: Record<string, unknown>, method: string) => {
    const original = proto[method] as (...args: unknown[]) => unknown;
    proto[method] = function (this: unknown, ...args: unknown[]) {
      const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string } | null)?.text;
      if (captured && typeof text === "string") captured.push(text);
      return original.apply(this, args);
    };
    restore.push(() => {
      proto[method] = original;
    });
  };
  wrap(PGlite.prototype as unknown as Record<string, unknown>, "query");
  wrap(PGlite.prototype as unknown as Record<string, unknown>, "exec");
  wrap(pg.Client.prototype as unknown as Record<string, unknown>, "query");
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

beforeAll(async () => {
  a = await createTestApp({ env: { READ_CACHE_MS: "60000" } });
  // The second instance keeps the viewer (so a logged request runs its route's statements only).
  b = await createTestApp({
    sameDatabaseAs: { database: a.database, databaseUrl: a.databaseUrl, secret: a.secret, dataDir: a.dataDir },
    env: { VIEWER_CACHE_MS: "60000" },
  });
  await Promise.all([a.deps.realtime.ready, b.deps.realtime.ready]);
  await seedDemoWorld(a.deps);
  for (const as of ["program", "facility", "student", "admin"] as const)
    cookies[as] = await a.signIn(`${as}@demo.test`, PASSWORD);
  captureStatements();
}, 240_000);

afterAll(async () => {
  for (const r of restore) r();
  await b?.close();
  await a?.close();
});

describe("the declarations", () => {
  it("every cached read has a request here, and every declared table has its announcing trigger", async () => {
    expect([...CACHED_READS.keys()].sort()).toEqual(
      Object.values(READS)
        .map((r) => r.name)
        .sort(),
    );
    const triggers = rowsOf<{ table: string }>(
      await a.deps.db.execute(
        sql`select c.relname as "table" from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname = c.relname || '_read_cache_changed'`,
      ),
    ).map((r) => r.table);
    for (const spec of CACHED_READS.values())
      for (const table of spec.tables) expect(triggers, `${spec.name}: trigger on ${table}`).toContain(table);
  });

  it("each route's declared tables cover every table its statements read (a logged run)", async () => {
    const tables = new Set(
      rowsOf<{ name: string }>(
        await a.deps.db.execute(sql`select tablename as name from pg_tables where schemaname = 'public'`),
      ).map((r) => r.name),
    );
    const uncovered: string[] = [];
    for (const [key, request] of Object.entries(REQUESTS) as [keyof typeof READS, { as: As; paths: string[] }][]) {
      const spec = READS[key];
      const read = new Set<string>();
      for (const path of request.paths) {
        // Once to keep the viewer on b, then logged: only the route's own statements.
        expect((await b.call("GET", path, { cookie: cookies[request.as] })).status, path).toBe(200);
        captured = [];
        const res = await b.call("GET", path, { cookie: cookies[request.as] });
        const statements = captured;
        captured = null;
        expect(res.status, path).toBe(200);
        expect(statements.length, `${path} ran its statements`).toBeGreaterThan(0);
        for (const text of statements)
          for (const m of text.toLowerCase().matchAll(/\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)"?(?!\s*\()/g))
            if (tables.has(m[1])) read.add(m[1]);
      }
      for (const table of read)
        if (!(spec.tables as readonly string[]).includes(table)) uncovered.push(`${spec.name} reads ${table}`);
    }
    expect(uncovered).toEqual([]);
  });
});

describe("answers kept on one instance", () => {
  const get = (app: TestApp, as: As, path: string) => app.call("GET", path, { cookie: cookies[as] });

  it("a change to any declared table, made in SQL by anyone, drops the route's kept answers", async () => {
    for (const [key, request] of Object.entries(REQUESTS) as [keyof typeof READS, { as: As; paths: string[] }][]) {
      const spec = READS[key];
      for (const table of spec.tables) {
        const path = request.paths[0];
        expect((await get(a, request.as, path)).status).toBe(200);
        const before = a.deps.readCache.stats();
        expect((await get(a, request.as, path)).status).toBe(200);
        expect(a.deps.readCache.stats().hits, `${spec.name} kept its answer`).toBe(before.hits + 1);
        // A statement on the table (through the other instance's connection): announced, whatever it changed.
        await b.deps.db.execute(
          sql.raw(`update ${table} set ${await firstColumn(table)} = ${await firstColumn(table)} where false`),
        );
        const kept = await eventually(
          () => a.deps.readCache.keptFor(spec.name),
          (n) => n === 0,
        );
        expect(kept, `${spec.name}: a change to ${table} dropped its answers`).toBe(0);
        const misses = a.deps.readCache.stats().misses;
        expect((await get(a, request.as, path)).status).toBe(200);
        expect(a.deps.readCache.stats().misses, `${spec.name} read afresh after ${table} changed`).toBe(misses + 1);
      }
    }
  });

  it("a message sent through another instance is counted by the next read after its announcement", async () => {
    const me = await a.call("GET", "/api/accounts/me", { cookie: cookies.program });
    const unread = async () => (await get(a, "program", "/api/messages/unread-count")).json.unread as number;
    const was = await unread();
    expect(await unread()).toBe(was); // kept
    const sent = await b.call("POST", "/api/messages", {
      cookie: cookies.admin,
      body: { recipientId: me.json.user.id, subject: "Kept answers", content: "Is this counted?" },
    });
    expect(sent.status).toBe(201);
    expect(await eventually(unread, (n) => n === was + 1)).toBe(was + 1);
  });

  it("an organization renamed directly in SQL shows in the next read after its announcement", async () => {
    const path = "/api/admin/organizations?kind=facility&page=1&pageSize=100";
    const list = async () => (await get(a, "admin", path)).json.items as { id: string; name: string }[];
    const [first] = await list();
    await list(); // kept
    await b.deps.db.execute(sql`update organizations set name = name || ' (renamed)' where id = ${first.id}`);
    const after = await eventually(list, (items) => items.some((o) => o.name.endsWith("(renamed)")));
    expect(after.find((o) => o.id === first.id)?.name).toMatch(/\(renamed\)$/);
  });

  it("a write handled by this instance is read back at once by the next read (no waiting)", async () => {
    const list = async () => (await get(a, "program", "/api/students?page=1&pageSize=100&search=Kept")).json;
    const was = (await list()).total as number;
    await list(); // kept
    const created = await a.call("POST", "/api/students", {
      cookie: cookies.program,
      body: { firstName: "Kept", lastName: "Answer", email: `kept.answer.${uniqueTag()}@test.dev` },
    });
    expect(created.status, created.text).toBe(201);
    expect((await list()).total).toBe(was + 1);
  });
});

describe("kept answers compressed", () => {
  const raw = (path: string, acceptEncoding?: string) =>
    a.app.request(path, {
      headers: { cookie: cookies.program, ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
    });

  it("goes out gzip-compressed to a client that takes it: the same JSON once inflated, and much smaller", async () => {
    const path = "/api/placements?search=Medical&page=1&pageSize=20";
    const plain = await (await raw(path)).text(); // read (and kept)
    expect(plain.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    const res = await raw(path, "gzip, deflate, br, zstd");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toBe("accept-encoding");
    expect(res.headers.get("content-type")).toBe("application/json");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(gunzipSync(bytes).toString("utf8")).toBe(plain);
    expect(bytes.length).toBeLessThan(plain.length / 3);
    // Twice: the compressed bytes are made once and served again.
    const again = Buffer.from(await (await raw(path, "gzip")).arrayBuffer());
    expect(again.equals(bytes)).toBe(true);
    // Refused, or not asked for: as it is.
    for (const refused of ["gzip;q=0", "br", undefined]) {
      const r = await raw(path, refused);
      expect(r.headers.get("content-encoding")).toBeNull();
      expect(await r.text()).toBe(plain);
    }
  });

  it("a small answer goes out as it is", async () => {
    const path = "/api/messages/unread-count";
    const plain = await (await raw(path)).text();
    expect(plain.length).toBeLessThan(COMPRESS_FROM_BYTES);
    const res = await raw(path, "gzip");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await res.text()).toBe(plain);
  });
});

describe("scope in the key", () => {
  it("two programs never get each other's kept answers, and a caller without the role is refused first", async () => {
    const one = await a.createUser("program");
    const two = await a.createUser("program");
    const s1 = await createStudent(a.deps.db, one.organizationId!, { firstName: "Only", lastName: "One" });
    const s2 = await createStudent(a.deps.db, two.organizationId!, { firstName: "Only", lastName: "Two" });
    const names = async (cookie: string) =>
      ((await a.call("GET", "/api/students?page=1", { cookie })).json.items as { id: string }[]).map((s) => s.id);
    for (let i = 0; i < 3; i += 1) {
      expect(await names(one.cookie)).toEqual([s1.id]);
      expect(await names(two.cookie)).toEqual([s2.id]);
    }
    expect(a.deps.readCache.keptFor(READS.students.name)).toBeGreaterThanOrEqual(2);
    // The guard runs before any kept answer is looked at.
    const facility = await a.createUser("facility");
    expect((await a.call("GET", "/api/students?page=1", { cookie: facility.cookie })).status).toBe(403);
    expect((await a.call("GET", "/api/students?page=1")).status).toBe(401);
  });
});

describe("the cache's own rules", () => {
  const fake = (hearing: boolean) => {
    let announce: (table: string) => void = () => {};
    return {
      changes: {
        onTableChange: (l: (table: string) => void) => {
          announce = l;
          return () => {};
        },
        hearsTableChanges: () => hearing,
      },
      announce: (table: string) => announce(table),
    };
  };
  const name = READS.unreadCount.name;

  it("keeps nothing while the LISTEN connection is down, or with a bound of 0", () => {
    for (const [hearing, ms] of [
      [false, 60_000],
      [true, 0],
    ] as const) {
      const f = fake(hearing);
      const cache = createReadCache({ ms, changes: f.changes });
      cache.put(name, "k", "{}", cache.generation());
      expect(cache.get(name, "k")).toBeNull();
    }
  });

  it("takes gzip only when the Accept-Encoding header does not refuse it", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1.0, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("gzip; q=0.000")).toBe(false);
    expect(acceptsGzip("br, deflate")).toBe(false);
    expect(acceptsGzip("x-gzip-not, identity")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  it("never keeps an answer read before an announcement or a local write", () => {
    const f = fake(true);
    const cache = createReadCache({ ms: 60_000, changes: f.changes });
    let since = cache.generation();
    f.announce("messages");
    cache.put(name, "k", "{}", since);
    expect(cache.get(name, "k")).toBeNull();
    since = cache.generation();
    cache.dropAll();
    cache.put(name, "k", "{}", since);
    expect(cache.get(name, "k")).toBeNull();
    since = cache.generation();
    cache.put(name, "k", '{"kept":true}', since);
    expect(new TextDecoder().decode(cache.get(name, "k")?.body)).toBe('{"kept":true}');
    f.announce("placements"); // not a table of this route: kept
    expect(new TextDecoder().decode(cache.get(name, "k")?.body)).toBe('{"kept":true}');
    f.announce("*");
    expect(cache.get(name, "k")).toBeNull();
  });
});

const columns = new Map<string, string>();
async function firstColumn(table: string): Promise<string> {
  if (!columns.has(table)) {
    const [row] = rowsOf<{ name: string }>(
      await a.deps.db.execute(
        sql`select column_name as name from information_schema.columns where table_schema = 'public' and table_name = ${table} order by ordinal_position limit 1`,
      ),
    );
    columns.set(table, row.name);
  }
  return columns.get(table)!;
}
