// `npm run bench:bulk-matching` (issue 13): one program's match run at 5,000 students × 500
// placements through the real app, in process, on the embedded database (or PostgreSQL when
// BENCH_DATABASE_URL / TEST_DATABASE_URL names a server): the request that starts it, the job
// (reading, scoring and solving on a worker thread, saving), the answer with both proposals, and
// how long the server's other requests wait meanwhile (GET /api/health in a loop while the run
// computes). Prints figures; asserts nothing.

import { cpus } from "node:os";
import { sql } from "drizzle-orm";
import { NURSING_SPECIALTIES } from "../src/domain/specialties";
import { createTestApp } from "../src/server/testing/harness";

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 5000);
const PLACEMENTS = Number(process.env.BENCH_PLACEMENTS ?? 500);
const FACILITIES = 50;
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!pgUrl) delete process.env.TEST_DATABASE_URL;
else process.env.TEST_DATABASE_URL = pgUrl;

const specialties = `{${NURSING_SPECIALTIES.map((s) => `"${s}"`).join(",")}}`;

async function main() {
  const t = await createTestApp();
  const db = t.deps.db;
  const coordinator = await t.createUser("program");
  const programId = coordinator.organizationId as string;
  const seedStarted = performance.now();
  await db.execute(sql`
    insert into students (program_id, first_name, last_name, email, gpa, specialty_interest, created_at)
    select ${programId}::uuid, 'Student', 'N' || g, 'bulk' || g || '@bench.test',
      round((2.5 + (abs(hashtext('gpa' || g)) % 150) / 100.0)::numeric, 2),
      (${specialties}::text[])[1 + abs(hashtext('sp' || g)) % ${NURSING_SPECIALTIES.length}],
      now() - make_interval(mins => g)
    from generate_series(1, ${STUDENTS}) g`);
  await db.execute(sql`
    insert into program_requirements (program_id, requirement_type_id) values (${programId}::uuid, 'bls'), (${programId}::uuid, 'tdap')`);
  await db.execute(sql`
    insert into compliance_documents (student_id, requirement_type_id, status, issued_on, expires_on,
      file_key, file_name, content_type, size_bytes, sha256)
    select s.id, t, 'approved', current_date - 100, current_date + 700, 'documents/bench/' || t || '.pdf',
      t || '.pdf', 'application/pdf', 1024, repeat('0', 64)
    from students s cross join unnest('{bls,tdap}'::text[]) t
    where s.program_id = ${programId}::uuid and abs(hashtext(s.id::text || t)) % 5 <> 0`);
  await db.execute(sql`
    insert into organizations (kind, name, city, state, verification_status)
    select 'facility', 'Bench Hospital ' || g, 'City ' || (g % 20), 'CA', 'verified'
    from generate_series(1, ${FACILITIES}) g`);
  await db.execute(sql`
    insert into placements (facility_id, title, specialty, start_date, end_date, duration_weeks, capacity, status)
    select f.id, 'Rotation ' || g, (${specialties}::text[])[1 + g % ${NURSING_SPECIALTIES.length}],
      current_date + 30 + (g % 60), current_date + 86 + (g % 60), 8, 1 + g % 10, 'active'
    from generate_series(1, ${PLACEMENTS}) g
    join lateral (select id from organizations where kind = 'facility' and name = 'Bench Hospital ' || (1 + g % ${FACILITIES})) f on true`);
  await db.execute(sql`analyze`);
  const seedMs = performance.now() - seedStarted;

  const window = {
    from: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
    to: new Date(Date.now() + 100 * 86_400_000).toISOString().slice(0, 10),
  };
  const body = { window, pool: { city: "City" } };
  let started = performance.now();
  const start = await t.call("POST", "/api/matching/runs", { cookie: coordinator.cookie, body });
  const startMs = performance.now() - started;
  if (start.status !== 202) throw new Error(`start: ${start.status} ${start.text}`);
  const runId = start.json.id as string;

  // The job on this instance, while another request loops: how long does it wait?
  started = performance.now();
  let running = true;
  const job = t.drainJobs().finally(() => {
    running = false;
  });
  const waits: number[] = [];
  const phases = new Map<string, number>();
  while (running) {
    const asked = performance.now();
    await t.call("GET", "/api/health");
    waits.push(performance.now() - asked);
    const poll = await t.call("GET", `/api/matching/runs/${runId}`, { cookie: coordinator.cookie });
    if (poll.json?.phase && !phases.has(poll.json.phase)) phases.set(poll.json.phase, performance.now() - started);
    await new Promise((r) => setTimeout(r, 20));
  }
  await job;
  const jobMs = performance.now() - started;
  started = performance.now();
  const done = await t.call("GET", `/api/matching/runs/${runId}`, { cookie: coordinator.cookie });
  const readMs = performance.now() - started;
  const r = done.json.result;
  waits.sort((a, b) => a - b);
  const q = (p: number) => waits[Math.min(waits.length - 1, Math.floor(p * waits.length))] ?? 0;
  const fmt = (ms: number) => `${Math.round(ms).toLocaleString("en-US")} ms`;
  console.log(
    `bulk matching, ${pgUrl ? "PostgreSQL" : "embedded PGlite"}, ${cpus()[0]?.model ?? "?"} × ${cpus().length}, Node ${process.version}`,
  );
  console.log(`| figure | value |\n|---|---|`);
  console.log(
    `| students × placements (seats) | ${done.json.counts.students} × ${done.json.counts.placements} (${done.json.counts.seats}) |`,
  );
  console.log(`| candidate pairs scored | ${r.pairs.toLocaleString("en-US")} |`);
  console.log(`| seed (not part of the run) | ${fmt(seedMs)} |`);
  console.log(`| POST /api/matching/runs (choose students and placements, queue) | ${fmt(startMs)} |`);
  console.log(`| job: read, score, solve both, check, reasons, save | ${fmt(jobMs)} |`);
  console.log(`| phases first seen at | ${[...phases].map(([p, ms]) => `${p} ${fmt(ms)}`).join(", ")} |`);
  console.log(
    `| GET /api/matching/runs/{id} with both proposals (${(done.text.length / 1e6).toFixed(1)} MB) | ${fmt(readMs)} |`,
  );
  console.log(
    `| GET /api/health during the job: p50 / p95 / max (${waits.length} calls) | ${fmt(q(0.5))} / ${fmt(q(0.95))} / ${fmt(waits.at(-1) ?? 0)} |`,
  );
  for (const kind of ["optimal", "stable"] as const) {
    const p = r[kind];
    console.log(
      `| ${kind}: placed, average score, top-3 share, total, check | ${p.placed}, ${p.averageScore.toFixed(1)}, ${(p.topThreeShare * 100).toFixed(0)}%, ${p.totalScore}, ${p.check.ok ? "ok" : p.check.detail} |`,
    );
  }
  await t.close();
}

await main();
