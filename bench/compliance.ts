// `npm run bench:compliance` (issue 12): 5,000 students with 15 required items each (75,000
// documents in every state), on the embedded database and on PostgreSQL (when TEST_DATABASE_URL or
// BENCH_DATABASE_URL names a server): the set-based status recompute, and the program compliance
// page's requests through the real app, in process. Prints the median of several runs; asserts
// nothing.
import { sql } from "drizzle-orm";
import { recomputeComplianceStatus } from "../src/server/features/compliance/status-sql";
import { createTestApp, type TestApp } from "../src/server/testing/harness";

const STUDENTS = 5000;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TYPES = [
  "mmr",
  "varicella",
  "hepatitis_b",
  "tdap",
  "influenza",
  "tb_screening",
  "covid19",
  "bls",
  "acls",
  "background_check",
  "drug_screen",
  "hipaa",
  "osha",
  "liability_insurance",
  "orientation",
];
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** Median time of `run`; a run that returns a number times itself (setup excluded). */
async function median(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const own = await run();
    times.push(typeof own === "number" && own >= 0 ? own : performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** One program, its coordinator, 5,000 students and 15 documents each (about 5% missing). */
async function world(t: TestApp) {
  const coordinator = await t.createUser("program");
  const programId = coordinator.organizationId!;
  const db = t.deps.db;
  await db.execute(sql`
    insert into students (program_id, first_name, last_name, email)
    select ${programId}::uuid, 'Student', 'N' || g, 'bench' || g || '@bench.test' from generate_series(1, ${STUDENTS}) g`);
  await db.execute(sql`
    insert into program_requirements (program_id, requirement_type_id)
    select ${programId}::uuid, t from unnest(${`{${TYPES.join(",")}}`}::text[]) t`);
  // Deterministic spread of states: mostly approved, some submitted, rejected, expiring, expired, missing.
  await db.execute(sql`
    insert into compliance_documents (student_id, requirement_type_id, status, issued_on, expires_on,
      file_key, file_name, content_type, size_bytes, sha256)
    select s.id, t.t,
      (case when h % 20 = 1 then 'submitted' when h % 20 = 2 then 'rejected' else 'approved' end)::compliance_document_status,
      current_date - 200, current_date + ((h % 400) - 20),
      'documents/bench/' || t.t || '.pdf', t.t || '.pdf', 'application/pdf', 1024, repeat('0', 64)
    from students s
    cross join unnest(${`{${TYPES.join(",")}}`}::text[]) t(t)
    cross join lateral (select abs(hashtext(s.id::text || t.t)) as h) x
    where s.program_id = ${programId}::uuid and h % 20 <> 3`);
  // As autovacuum would have by now on a live database: the planner knows the tables' sizes.
  await db.execute(sql`analyze students`);
  await db.execute(sql`analyze compliance_documents`);
  await db.execute(sql`analyze program_requirements`);
  const [{ n }] = (
    (await db.execute(sql`select count(*)::int as n from compliance_documents`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  return { coordinator, programId, documents: n };
}

type Figures = Record<string, number>;

async function measure(database: "embedded" | "postgres"): Promise<{ figures: Figures; documents: number }> {
  const saved = process.env.TEST_DATABASE_URL;
  if (database === "embedded") delete process.env.TEST_DATABASE_URL;
  else process.env.TEST_DATABASE_URL = pgUrl;
  const t = await createTestApp();
  if (saved === undefined) delete process.env.TEST_DATABASE_URL;
  else process.env.TEST_DATABASE_URL = saved;
  try {
    const { coordinator, programId, documents } = await world(t);
    const one = (
      (await t.deps.db.execute(sql`select id from students where program_id = ${programId} limit 1`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows[0].id;
    const get = async (path: string) => {
      const res = await t.call("GET", path, { cookie: coordinator.cookie });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text.slice(0, 200)}`);
    };
    const figures: Figures = {};
    let first = 0;
    figures["recompute 5,000 students (first: every status changes)"] = await median(async () => {
      // Back to 'pending' each run, so every run writes every row.
      await t.deps.db.execute(sql`update students set compliance_status = 'pending' where program_id = ${programId}`);
      const started = performance.now();
      first = await recomputeComplianceStatus(t.deps.db, { programId });
      return performance.now() - started;
    });
    figures["recompute 5,000 students (nothing changes)"] = await median(async () => {
      await recomputeComplianceStatus(t.deps.db, { programId });
    });
    figures["recompute one student"] = await median(async () => {
      await recomputeComplianceStatus(t.deps.db, { studentIds: [one] });
    });
    figures["GET /api/compliance/students page 1 (with summary)"] = await median(() =>
      get("/api/compliance/students?page=1"),
    );
    figures["… status=incomplete, expiring within 30 days"] = await median(() =>
      get("/api/compliance/students?page=1&status=incomplete&expiringWithin=30"),
    );
    figures["… sorted by next expiry, page 50"] = await median(() =>
      get("/api/compliance/students?page=50&pageSize=100&sort=nextExpiry"),
    );
    figures["GET /api/compliance/review-queue page 1"] = await median(() => get("/api/compliance/review-queue?page=1"));
    figures["GET /api/students/{id}/compliance"] = await median(() => get(`/api/students/${one}/compliance`));
    figures["CSV export of all 5,000"] = await median(() => get("/api/compliance/students/export.csv"));
    if (first === 0) throw new Error("the recompute changed nothing: the bench world is wrong");
    return { figures, documents };
  } finally {
    await t.close();
  }
}

console.log(
  `machine: ${(await import("node:os")).cpus().length} cores, Node ${process.version}; median of ${RUNS} runs, ms`,
);
const columns: { name: string; result: Awaited<ReturnType<typeof measure>> }[] = [];
columns.push({ name: "embedded (PGlite)", result: await measure("embedded") });
if (pgUrl) columns.push({ name: "PostgreSQL", result: await measure("postgres") });
console.log(`${STUDENTS} students × ${TYPES.length} required items; ${columns[0].result.documents} documents\n`);
console.log(`| step | ${columns.map((c) => c.name).join(" | ")} |`);
console.log(`|---|${columns.map(() => "---:").join("|")}|`);
for (const key of Object.keys(columns[0].result.figures)) {
  console.log(`| ${key} | ${columns.map((c) => c.result.figures[key].toFixed(1)).join(" | ")} |`);
}
