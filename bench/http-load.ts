// `npm run bench`: the API's hot reads and writes under load, side by side with a bare Hono app
// measured in the same run, on the embedded database and on PostgreSQL (when TEST_DATABASE_URL or
// BENCH_DATABASE_URL names a server). Each server runs as `npm start` runs it (its own process,
// production build, demo world); autocannon drives it from this process. Prints figures; asserts
// nothing. Loopback only, bounded in time (BENCH_SECONDS per row, default 6).
import { type ChildProcess, spawn } from "node:child_process";
import type { EventEmitter } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { defaultConcurrency } from "../src/server/env";
import { type CpuGroups, cpuBetween, cpuSnapshot } from "./cpu-split";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const READ_CONNECTIONS = 100;
const WRITE_CONNECTIONS = 50;
const PASSWORD = "Demo-2026!";
/** What Chromium sends with every request. */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
// BENCH_INSTANCES: PostgreSQL server processes (default: as `npm start` chooses, src/server/env.ts).
const instances = Number(process.env.BENCH_INSTANCES ?? 0);

/** `cpu`: milliseconds of CPU per answered request in the measured run, by group (bench/cpu-split.ts). */
type Row = { title: string; rps: number; p50: number; p99: number; errors: number; cpu?: CpuGroups };
/** The server under load: its process tree is the "portal" group of the CPU split. */
let serverPid: number | undefined;
type Server = { url: string; child: ChildProcess; cleanup: () => Promise<void> };

function waitForLine(child: ChildProcess, pattern: RegExp, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = "";
    const onData = (d: Buffer) => {
      out += d.toString();
      if (pattern.test(out)) {
        child.stdout?.off("data", onData);
        child.stdout?.resume();
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`${what} exited (${code}) before it was ready:\n${out.slice(-2000)}`)));
  });
}

async function startBare(port: number): Promise<Server> {
  const child = spawn(process.execPath, [path.join(root, "bench/bare-hono.mjs"), String(port)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await waitForLine(child, /ready/, "bare Hono");
  return { url: `http://127.0.0.1:${port}`, child, cleanup: async () => {} };
}

async function startPortal(
  port: number,
  database: "embedded" | "postgres",
  processes: number,
  socketDir: string | null = null,
): Promise<Server> {
  const dir = mkdtempSync(path.join(tmpdir(), "cpp-bench-"));
  let dbName: string | null = null;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dir,
    DEMO_DATA: "true",
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    WEB_CONCURRENCY: String(processes),
  };
  delete env.DATABASE_URL;
  if (database === "postgres") {
    dbName = `cpp_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName}`);
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(pgUrl!);
    u.pathname = `/${dbName}`;
    // The same server over its Unix socket: `?host=` names the socket's directory (node-postgres).
    if (socketDir) u.searchParams.set("host", socketDir);
    env.DATABASE_URL = u.toString();
  }
  // BENCH_NODE_ARGS: extra node flags for the portal (say --cpu-prof --cpu-prof-dir=/tmp/prof).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, "scripts/start.mjs")], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  await waitForLine(child, /is running at/, "the portal");
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    cleanup: async () => {
      rmSync(dir, { recursive: true, force: true });
      if (dbName) {
        const admin = new pg.Client({ connectionString: pgUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
    },
  };
}

async function stop(server: Server) {
  const exited = new Promise((r) => server.child.once("exit", r));
  server.child.kill("SIGTERM");
  await exited;
  await server.cleanup();
}

async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

type LoadOptions = {
  headers?: Record<string, string>;
  connections?: number;
  method?: "GET" | "POST";
  body?: () => string;
  /** A path per request (writes that each act on their own record). */
  path?: () => string;
  /** Every answer's status and body, warm-up included (`measured` false). */
  onBody?: (status: number, body: string, measured: boolean) => void;
};

/**
 * BENCH_WARMUP: seconds of the same load before each row is measured, default 2: JIT, kept answers,
 * pools, and each process's first write (the audit trail's route summaries are read once). A
 * write's warm-up acts on records of its own: the generators hand out distinct ones throughout.
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);

/**
 * BENCH_TRACE: a folder; each row writes there one CSV line per measured answer (milliseconds since
 * the measurement began, latency in ms, status), to see whether slow answers come in bursts (a pause
 * of the whole server) or spread out (some requests served later than others).
 */
const TRACE_DIR = process.env.BENCH_TRACE;

const progress = (line: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);

/** Why writes were refused (status and error code, with counts), printed under the table. */
const refusals = new Map<string, number>();

/** The value at quantile `q` of ascending `sorted` (nearest rank). */
const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/**
 * One row: ONE load of WARMUP + SECONDS on the same connections, measured only after the warm-up.
 * Two separate runs (a warm-up, then the measurement) left the warm-up's last requests running on
 * the server when the measurement opened its connections: for a moment twice the row's
 * connections were in flight, and the measurement's first answers waited behind them (a write row's
 * p99 rose by 50-60 ms from its first half second alone; BENCH_TRACE showed it).
 */
async function load(base: string, title: string, url: string, opts: LoadOptions = {}): Promise<Row> {
  const { body, path: nextPath } = opts;
  const connections = opts.connections ?? READ_CONNECTIONS;
  let measuring = false;
  let measuredFrom = 0;
  // Latencies of the measured window's 2xx answers (as autocannon's own figures count them), in ms,
  // printed rounded as autocannon printed them.
  const latencies: number[] = [];
  const trace: string[] = ["at_ms,latency_ms,status"];
  let answered = 0;
  let errors = 0;
  // Writes: every refusal's status and code is counted (warm-up included), so an error in the
  // table comes with its reason.
  const onBody =
    opts.method === "POST"
      ? (status: number, b: string) => {
          if (status >= 300) {
            let code = "";
            try {
              code = (JSON.parse(b) as { error?: { code?: string; message?: string } }).error?.message ?? "";
            } catch {}
            const key = `${title}: ${status} ${code.slice(0, 120)}`;
            refusals.set(key, (refusals.get(key) ?? 0) + 1);
          }
          opts.onBody?.(status, b, measuring);
        }
      : opts.onBody && ((status: number, b: string) => opts.onBody?.(status, b, measuring));
  const perRequest = body || nextPath;
  const run = autocannon({
    url: `${base}${url}`,
    connections,
    duration: WARMUP + SECONDS,
    method: opts.method ?? "GET",
    headers: {
      ...(opts.headers ?? {}),
      ...(opts.method === "POST" ? { "content-type": "application/json", origin: base } : {}),
    },
    ...(perRequest || onBody
      ? {
          requests: [
            {
              setupRequest: (req: object) => ({
                ...req,
                ...(body ? { body: body() } : {}),
                ...(nextPath ? { path: nextPath() } : {}),
              }),
              ...(onBody ? { onResponse: (status: number, b: string) => onBody(status, b) } : {}),
            },
          ],
        }
      : {}),
  });
  // Without a callback autocannon answers its tracker, an EventEmitter that is also a promise (its
  // types name only the promise).
  const tracker = run as unknown as EventEmitter;
  tracker.on("response", (_client: unknown, status: number, _bytes: number, latency: number) => {
    if (!measuring) return;
    answered++;
    if (status >= 200 && status < 300) latencies.push(latency);
    else errors++;
    if (TRACE_DIR) trace.push(`${Math.round(performance.now() - measuredFrom)},${latency.toFixed(1)},${status}`);
  });
  tracker.on("reqError", () => {
    if (measuring) errors++;
  });
  // Progress on stderr (the table is printed once every column is measured, about 12 minutes in a
  // full run); a profiler can also cut its window on these lines.
  progress(`${title}: warming up ${WARMUP} s`);
  let before: ReturnType<typeof cpuSnapshot> | null = null;
  const opened = setTimeout(() => {
    measuring = true;
    measuredFrom = performance.now();
    before = cpuSnapshot(serverPid);
    progress(`${title}: measuring ${SECONDS} s`);
  }, WARMUP * 1000);
  await run;
  clearTimeout(opened);
  measuring = false;
  const seconds = (performance.now() - measuredFrom) / 1000;
  const used = before ? cpuBetween(before, cpuSnapshot(serverPid)) : null;
  progress(`${title}: done`);
  if (TRACE_DIR) {
    mkdirSync(TRACE_DIR, { recursive: true });
    const file = `${title
      .replace(/[^\w]+/g, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase()}.csv`;
    writeFileSync(path.join(TRACE_DIR, file), `${trace.join("\n")}\n`);
  }
  latencies.sort((a, b) => a - b);
  const count = Math.max(1, answered);
  return {
    title,
    rps: answered / seconds,
    p50: Math.round(quantile(latencies, 0.5)),
    p99: Math.round(quantile(latencies, 0.99)),
    errors,
    ...(used
      ? { cpu: { portal: used.portal / count, postgres: used.postgres / count, bench: used.bench / count } }
      : {}),
  };
}

/** BENCH_ROWS: a pattern of the row titles to measure (the others are skipped); all by default. */
const wanted = (title: string) => !process.env.BENCH_ROWS || new RegExp(process.env.BENCH_ROWS).test(title);

async function portalRows(base: string): Promise<Row[]> {
  const program = await signIn(base, "program@demo.test");
  const facility = await signIn(base, "facility@demo.test");
  const student = await signIn(base, "student@demo.test");
  const admin = await signIn(base, "admin@demo.test");
  const rows: Row[] = [];
  // Reads ask as a browser does: every browser sends Accept-Encoding (kept answers over 1 kB go out
  // gzip-compressed, ADR 027); one row asks without it, to show what compression is worth.
  const read = async (title: string, url: string, cookie?: string, opts: { compressed?: boolean } = {}) => {
    const headers: Record<string, string> = cookie ? { cookie } : {};
    if (opts.compressed !== false) headers["accept-encoding"] = BROWSER_ACCEPT_ENCODING;
    if (wanted(title)) rows.push(await load(base, title, url, { headers }));
  };
  await read("GET /api/health (public)", "/api/health");
  await read("GET / (landing page HTML)", "/");
  await read("GET /api/accounts/me", "/api/accounts/me", program);
  await read("GET /api/messages/unread-count", "/api/messages/unread-count", program);
  await read("GET /api/messages?box=inbox", "/api/messages?box=inbox&page=1&pageSize=20", program);
  await read("GET /api/placements?search=", "/api/placements?search=Medical&page=1", program);
  await read(
    "GET /api/placements?search= (without Accept-Encoding)",
    "/api/placements?search=Medical&page=1",
    program,
    { compressed: false },
  );
  await read("GET /api/students page 1", "/api/students?page=1", program);
  await read("GET program dashboard", "/api/analytics/program-dashboard", program);
  await read("GET facility dashboard", "/api/analytics/facility-dashboard", facility);
  await read("GET student dashboard", "/api/me/student/dashboard", student);
  await read("GET admin organizations", "/api/admin/organizations?kind=facility&page=1", admin);
  // Writes: a program coordinator sends messages to a facility coordinator (each one stored).
  const recipients = (await (
    await fetch(`${base}/api/messages/recipients?limit=1`, { headers: { cookie: program } })
  ).json()) as { items: { id: string }[] };
  const to = recipients.items[0]?.id;
  let n = 0;
  if (wanted("POST /api/messages (write)"))
    rows.push(
      await load(base, "POST /api/messages (write)", "/api/messages", {
        method: "POST",
        connections: WRITE_CONNECTIONS,
        headers: { cookie: program },
        body: () => JSON.stringify({ recipientId: to, subject: `Bench ${++n}`, content: "Load test message" }),
      }),
    );
  if (wanted("POST /api/applications (apply, write)") || wanted(CONTENDED_TITLE))
    rows.push(...(await applyAndApprove(base, program, facility)));
  return rows;
}

/** A third of them apply to the contended placements: more than their approvals reach in a row. */
const BENCH_STUDENTS = 36_000;
/** Units whose placements take the contended approvals, two placements of 500 seats each. */
const CONTENDED_UNITS = 12;
const CONTENDED_TITLE = `POST …/approve (decision, write; ${CONTENDED_UNITS * 2} placements)`;
/** The most rows one roster file takes (the import's own limit). */
const IMPORT_ROWS = 10_000;
/** Units (departments) whose placements take the spread-out approvals, three placements each. */
const SPREAD_UNITS = 15;
const json = async <T>(res: Response, what: string): Promise<T> => {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

/**
 * The loop's writes: the program applies for one student at a time (36,000 fresh students), then
 * the facility approves those applications one at a time. Each request is a real, distinct write;
 * the rows count refusals as errors. Two approval rows:
 * - contended: every approval in 24 placements of 12 units (two each), so each waits for the
 *   placement's and the unit's row locks (D8: seats are counted one approval at a time); 24, not
 *   fewer, so that the 12,000 seats (500 a placement, 1,000 a unit at most) outlast the row's 8 s
 *   (six placements' 3,000 ran out once approvals passed 400 a second; ten placements' 5,000 once
 *   they passed 800 on 2026-11-29: the rest were refused as decided);
 * - spread: approvals across 45 placements of 15 units, as when many coordinators decide at once.
 * A third of the students apply to the contended placements, the rest to the spread ones.
 */
async function applyAndApprove(base: string, program: string, facility: string): Promise<Row[]> {
  const post = (url: string, cookie: string, body: unknown) =>
    fetch(`${base}${url}`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: base },
      body: JSON.stringify(body),
    });
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  // Units of 1,000 seats (the most a unit takes): two 500-seat or three 300-seat placements.
  const unit = async (name: string) =>
    json<{ id: string }>(
      await post("/api/facility/departments", facility, { name, specialty: "Medical-Surgical", capacity: 1000 }),
      "department",
    );
  const placementIn = async (departmentId: string, title: string, capacity = 500) =>
    (
      await json<{ id: string }>(
        await post("/api/facility/placements", facility, {
          title,
          specialty: "Medical-Surgical",
          departmentId,
          startDate: day(60),
          endDate: day(100),
          capacity,
          status: "active",
        }),
        "placement",
      )
    ).id;
  const contended: string[] = [];
  for (let u = 1; u <= CONTENDED_UNITS; u++) {
    const { id } = await unit(`Bench unit ${u}`);
    for (const n of [1, 2]) contended.push(await placementIn(id, `Bench rotation ${u}.${n}`));
  }
  const spread: string[] = [];
  for (let u = 0; u < SPREAD_UNITS; u++) {
    const { id } = await unit(`Bench spread unit ${u + 1}`);
    for (const n of [1, 2, 3]) spread.push(await placementIn(id, `Bench spread rotation ${u + 1}.${n}`, 300));
  }
  for (let from = 0; from < BENCH_STUDENTS; from += IMPORT_ROWS) {
    const csv = ["first_name,last_name,email,specialty_interest"];
    for (let i = from; i < Math.min(BENCH_STUDENTS, from + IMPORT_ROWS); i++)
      csv.push(`Bench,Student${i},bench.student${i}@bench.test,Medical-Surgical`);
    await json(await post("/api/students/import", program, { csv: csv.join("\n") }), "roster import");
  }
  const studentIds: string[] = [];
  for (let page = 1; studentIds.length < BENCH_STUDENTS; page++) {
    const res = await fetch(`${base}/api/students?search=bench.student&pageSize=100&page=${page}`, {
      headers: { cookie: program },
    });
    const got = await json<{ items: { id: string }[] }>(res, "students");
    if (got.items.length === 0) break;
    studentIds.push(...got.items.map((s) => s.id));
  }
  const contendedSet = new Set(contended);
  const placementOf = (i: number) =>
    i % 3 === 0 ? contended[(i / 3) % contended.length]! : spread[(i - 1 - Math.floor(i / 3)) % spread.length]!;
  let next = 0;
  let refused = 0;
  const applied: { id: string; placementId: string }[] = [];
  const apply = await load(base, "POST /api/applications (apply, write)", "/api/applications", {
    method: "POST",
    connections: WRITE_CONNECTIONS,
    headers: { cookie: program },
    body: () => {
      const i = next++ % studentIds.length;
      return JSON.stringify({ placementId: placementOf(i), studentIds: [studentIds[i]] });
    },
    onBody: (status, body, measured) => {
      // 200: every student refused (nothing written): counted with the errors of the measured run.
      if (status === 200 && measured) refused += 1;
      if (status !== 201) return;
      const answer = JSON.parse(body) as { placement: { id: string }; submitted: { id: string }[] };
      const got = answer.submitted[0];
      if (got) applied.push({ id: got.id, placementId: answer.placement.id });
    },
  });
  // The students the timed rows did not reach apply too, 100 to a request (untimed): every
  // approval below decides an application of its own.
  const rest = new Map<string, string[]>();
  for (let i = next; i < studentIds.length; i++)
    rest.set(placementOf(i), [...(rest.get(placementOf(i)) ?? []), studentIds[i]!]);
  for (const [placementId, ids] of rest) {
    for (let k = 0; k < ids.length; k += 100) {
      const answer = await json<{ submitted: { id: string }[] }>(
        await post("/api/applications", program, { placementId, studentIds: ids.slice(k, k + 100) }),
        "applications",
      );
      for (const a of answer.submitted) applied.push({ id: a.id, placementId });
    }
  }
  // Taken in turn from each placement, so none fills up (a full one refuses: counted as errors).
  const inTurn = (list: { id: string; placementId: string }[]) => {
    const by = new Map<string, string[]>();
    for (const a of list) by.set(a.placementId, [...(by.get(a.placementId) ?? []), a.id]);
    const queues = [...by.values()];
    const out: string[] = [];
    for (let k = 0; out.length < list.length; k++) for (const q of queues) if (k < q.length) out.push(q[k]!);
    return out;
  };
  const approveRow = async (title: string, ids: string[]) => {
    let decided = 0;
    return load(base, title, "/api/facility/applications", {
      method: "POST",
      connections: WRITE_CONNECTIONS,
      headers: { cookie: facility },
      path: () => `/api/facility/applications/${ids[decided++ % ids.length]}/approve`,
      body: () => JSON.stringify({ confirmNotReady: true }),
    });
  };
  const rows: Row[] = [{ ...apply, errors: apply.errors + refused }];
  rows.push(await approveRow(CONTENDED_TITLE, inTurn(applied.filter((a) => contendedSet.has(a.placementId)))));
  rows.push(
    await approveRow(
      "POST …/approve (decision, write; 45 placements)",
      inTurn(applied.filter((a) => !contendedSet.has(a.placementId))),
    ),
  );
  return rows;
}

const fmt = (n: number) => String(Math.round(n));
type Column = { name: string; bare: Row; rows: Row[] };
function printTable(columns: Column[]) {
  console.log(
    `\n| request | ${columns.map((c) => `${c.name}: req/s · p50 · p99 ms · errors · share of bare`).join(" | ")} |`,
  );
  console.log(`|---|${columns.map(() => "---").join("|")}|`);
  console.log(
    `| bare Hono, constant JSON (measured before the column) | ${columns.map(({ bare }) => `${fmt(bare.rps)} · ${bare.p50} · ${bare.p99} · ${bare.errors} · 100%`).join(" | ")} |`,
  );
  for (let i = 0; i < columns[0].rows.length; i++) {
    const cells = columns.map((c) => {
      const r = c.rows[i];
      return `${fmt(r.rps)} · ${r.p50} · ${r.p99} · ${r.errors} · ${((100 * r.rps) / c.bare.rps).toFixed(1)}%`;
    });
    console.log(`| ${columns[0].rows[i].title} | ${cells.join(" | ")} |`);
  }
  if (!columns.some((c) => c.rows.some((r) => r.cpu))) return;
  // Where each request's CPU went: the cores are shared, so a write's cost in PostgreSQL and in the
  // load generator limits the portal's throughput as much as its own.
  console.log(
    `\n| CPU ms per request | ${columns.map((c) => `${c.name}: portal · PostgreSQL · load generator`).join(" | ")} |`,
  );
  console.log(`|---|${columns.map(() => "---").join("|")}|`);
  const ms = (v: number) => v.toFixed(2);
  for (let i = 0; i < columns[0].rows.length; i++) {
    const cells = columns.map(({ rows }) => {
      const cpu = rows[i]?.cpu;
      return cpu ? `${ms(cpu.portal)} · ${ms(cpu.postgres)} · ${ms(cpu.bench)}` : "n/a";
    });
    console.log(`| ${columns[0].rows[i].title} | ${cells.join(" | ")} |`);
  }
}

console.log(
  `machine: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? "unknown CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
console.log(`reads at ${READ_CONNECTIONS} connections, writes at ${WRITE_CONNECTIONS}, ${SECONDS} s each`);
// BENCH_PORT: the bare app's port, the portal's is the next one (default 3390).
const benchPort = Number(process.env.BENCH_PORT ?? 3390);
/** The baseline, measured again before each column: a busier minute shows in both. */
async function measureBare(): Promise<Row> {
  const bareServer = await startBare(benchPort);
  serverPid = bareServer.child.pid;
  try {
    return await load(bareServer.url, "bare Hono", "/");
  } finally {
    await stop(bareServer);
  }
}

// The columns: the embedded database; PostgreSQL as `npm start` runs it (one process per core, at
// most 4, or BENCH_INSTANCES); and PostgreSQL on one process when that default is more than one.
// BENCH_DATABASES=embedded, postgres, postgres-1 or postgres-socket measures one column only.
const pgProcesses = instances || defaultConcurrency(pgUrl ?? "postgres://");
// BENCH_PG_SOCKET_DIR: where a PostgreSQL on this host keeps its Unix socket (default
// /var/run/postgresql); when it is there, the portal is also measured connected through it, as a
// portal on the database's own host would be configured (README: Configuration).
const socketDir = process.env.BENCH_PG_SOCKET_DIR ?? "/var/run/postgresql";
const pgPort = pgUrl ? new URL(pgUrl).port || "5432" : "5432";
const localPg = pgUrl ? ["127.0.0.1", "localhost", "[::1]"].includes(new URL(pgUrl).hostname) : false;
const hasSocket = localPg && existsSync(path.join(socketDir, `.s.PGSQL.${pgPort}`));
const plan: {
  key: string;
  database: "embedded" | "postgres";
  processes: number;
  name: string;
  socket?: boolean;
}[] = [
  { key: "embedded", database: "embedded", processes: 1, name: "embedded (PGlite)" },
  {
    key: "postgres",
    database: "postgres",
    processes: pgProcesses,
    name: `PostgreSQL 15, ${pgProcesses} process${pgProcesses === 1 ? "" : "es"}`,
  },
  ...(pgProcesses > 1
    ? [{ key: "postgres-1", database: "postgres" as const, processes: 1, name: "PostgreSQL 15, 1 process" }]
    : []),
  ...(hasSocket
    ? [
        {
          key: "postgres-socket",
          database: "postgres" as const,
          processes: pgProcesses,
          name: `PostgreSQL 15, ${pgProcesses} process${pgProcesses === 1 ? "" : "es"}, Unix socket`,
          socket: true,
        },
      ]
    : []),
];
const columns: Column[] = [];
const only = process.env.BENCH_DATABASES;
for (const column of plan) {
  if (only && only !== column.key) continue;
  if (column.database === "postgres" && !pgUrl) {
    console.log("PostgreSQL: skipped (set TEST_DATABASE_URL or BENCH_DATABASE_URL)");
    continue;
  }
  const bare = await measureBare();
  const server = await startPortal(benchPort + 1, column.database, column.processes, column.socket ? socketDir : null);
  serverPid = server.child.pid;
  try {
    columns.push({ name: column.name, bare, rows: await portalRows(server.url) });
  } finally {
    await stop(server);
  }
}
printTable(columns);
if (refusals.size > 0) {
  console.log("\nrefused writes (warm-up included):");
  for (const [key, n] of refusals) console.log(`- ${key} (${n})`);
}
