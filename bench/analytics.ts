// `npm run bench:analytics` (issue 14): 100,000 applications over 2 years (200 facilities in 10
// states, 20 programs, 5,000 students, 4,000 rotations), bulk-inserted in SQL, then each admin
// analytics query (the overview and the five charts, over the whole 2 years and filtered) timed on
// the embedded database and on PostgreSQL (when TEST_DATABASE_URL or BENCH_DATABASE_URL names a
// server). Prints the median of several runs as a table; asserts nothing. Aim: each under 200 ms.
import { cpus } from "node:os";
import { sql } from "drizzle-orm";
import { NURSING_SPECIALTIES } from "../src/domain/specialties";
import {
  adminOverview,
  applicationsOverTime,
  complianceByProgram,
  facilityDecisions,
  resolveFilters,
  seatUtilization,
  unmetDemand,
} from "../src/server/features/analytics/admin-service";
import { createTestApp, type TestApp } from "../src/server/testing/harness";

const APPLICATIONS = 100_000;
const STUDENTS = 5000;
const ROTATIONS = 4000;
const FACILITIES = 200;
const PROGRAMS = 20;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const STATES = ["IL", "OR", "TX", "NC", "AZ", "NE", "WI", "WA", "CO", "MN"];
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const specialties = `{${NURSING_SPECIALTIES.map((s) => `"${s}"`).join(",")}}`;
const states = `{${STATES.join(",")}}`;

async function median(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** The bench world, in set-based SQL: every row from generate_series, spread by hashes. */
async function world(t: TestApp) {
  const db = t.deps.db;
  await db.execute(sql`
    insert into organizations (kind, name, state, verification_status, verified_at, created_at)
    select 'facility', 'Bench Facility ' || g, (${states}::text[])[1 + g % ${STATES.length}], 'verified', now(),
      now() - make_interval(days => g * 3)
    from generate_series(1, ${FACILITIES}) g`);
  await db.execute(sql`
    insert into organizations (kind, name, state, verification_status, verified_at, created_at)
    select 'program', 'Bench Program ' || g, (${states}::text[])[1 + g % ${STATES.length}], 'verified', now(),
      now() - make_interval(days => g * 20)
    from generate_series(1, ${PROGRAMS}) g`);
  await db.execute(sql`
    insert into students (program_id, first_name, last_name, email, specialty_interest, compliance_status, created_at)
    select o.id, 'Student', 'N' || g, 'analytics' || g || '@bench.test',
      (${specialties}::text[])[1 + abs(hashtext('sp' || g)) % ${NURSING_SPECIALTIES.length}],
      (array['compliant', 'compliant', 'pending', 'incomplete'])[1 + abs(hashtext('c' || g)) % 4]::compliance_status,
      now() - make_interval(days => abs(hashtext('sc' || g)) % 800)
    from generate_series(0, ${STUDENTS - 1}) g
    join (select id, row_number() over (order by id) - 1 as i from organizations where kind = 'program') o
      on o.i = g % ${PROGRAMS}`);
  // Rotations starting over the 2 years (and a few months after), capacity 2 to 10.
  await db.execute(sql`
    insert into placements (facility_id, title, specialty, start_date, end_date, duration_weeks, capacity, status)
    select f.id, 'Rotation ' || g, (${specialties}::text[])[1 + abs(hashtext('ps' || g)) % ${NURSING_SPECIALTIES.length}],
      current_date - 700 + (g % 820), current_date - 700 + (g % 820) + 56, 8, 2 + g % 9,
      (case when g % 25 = 0 then 'draft' else 'active' end)::placement_status
    from generate_series(0, ${ROTATIONS - 1}) g
    join (select id, row_number() over (order by id) - 1 as i from organizations where kind = 'facility') f
      on f.i = g % ${FACILITIES}`);
  // 100,000 applications: student g % 5,000 applies to 20 distinct rotations (no duplicate pair),
  // submitted over the last 730 days; decided ones a day to 3 weeks later.
  await db.execute(sql`
    insert into applications (student_id, placement_id, program_id, status, submitted_at, reviewed_at)
    select s.id, p.id, s.program_id, x.status,
      now() - make_interval(mins => x.age_minutes),
      case when x.status in ('approved', 'rejected')
        then now() - make_interval(mins => x.age_minutes) + make_interval(hours => 24 + abs(hashtext('r' || g)) % 480) end
    from generate_series(0, ${APPLICATIONS - 1}) g
    cross join lateral (select
      (array['pending', 'approved', 'approved', 'rejected', 'rejected', 'withdrawn'])[1 + abs(hashtext('st' || g)) % 6]::application_status as status,
      abs(hashtext('age' || g)) % (730 * 1440) as age_minutes) x
    join (select id, program_id, row_number() over (order by id) - 1 as i from students) s on s.i = g % ${STUDENTS}
    join (select id, row_number() over (order by id) - 1 as i from placements) p
      on p.i = ((g / ${STUDENTS}) + (g % ${STUDENTS}) * 37) % ${ROTATIONS}`);
  for (const table of ["organizations", "students", "placements", "applications"]) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
  const [{ n }] = (
    (await db.execute(sql`select count(*)::int as n from applications`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  return n;
}

async function measure(database: "embedded" | "postgres") {
  const saved = process.env.TEST_DATABASE_URL;
  if (database === "embedded") delete process.env.TEST_DATABASE_URL;
  else process.env.TEST_DATABASE_URL = pgUrl;
  const t = await createTestApp();
  if (saved === undefined) delete process.env.TEST_DATABASE_URL;
  else process.env.TEST_DATABASE_URL = saved;
  try {
    const started = performance.now();
    const applications = await world(t);
    const seedMs = performance.now() - started;
    const db = t.deps.db;
    const today = new Date().toISOString().slice(0, 10);
    const twoYears = new Date(Date.now() - 730 * 86_400_000).toISOString().slice(0, 10);
    const all = resolveFilters({ from: twoYears, to: today });
    const narrowed = resolveFilters({ from: twoYears, to: today, state: "TX", specialty: "Pediatrics" });
    const lastQuarter = resolveFilters({ from: new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10) });
    const figures: Record<string, number> = {};
    figures["overview (4 figures, top performers, regional trends)"] = await median(() => adminOverview(db));
    figures["applications over time, 2 years monthly"] = await median(() => applicationsOverTime(db, all));
    figures["… last 90 days weekly"] = await median(() => applicationsOverTime(db, lastQuarter));
    figures["… TX, Pediatrics (over time)"] = await median(() => applicationsOverTime(db, narrowed));
    figures["acceptance and time to decision by facility"] = await median(() => facilityDecisions(db, all));
    figures["… TX, Pediatrics (facilities)"] = await median(() => facilityDecisions(db, narrowed));
    figures["seat utilization by specialty and state"] = await median(() => seatUtilization(db, all));
    figures["… TX, Pediatrics (seats)"] = await median(() => seatUtilization(db, narrowed));
    figures["unmet demand by specialty and state"] = await median(() => unmetDemand(db, all));
    figures["compliance rates by program"] = await median(() => complianceByProgram(db, all));
    return { figures, applications, seedMs };
  } finally {
    await t.close();
  }
}

console.log(`machine: ${cpus().length} cores, Node ${process.version}; median of ${RUNS} runs, ms`);
const columns: { name: string; result: Awaited<ReturnType<typeof measure>> }[] = [];
columns.push({ name: "embedded (PGlite)", result: await measure("embedded") });
if (pgUrl) columns.push({ name: "PostgreSQL", result: await measure("postgres") });
console.log(
  `${columns[0].result.applications.toLocaleString("en-US")} applications over 2 years; ${STUDENTS} students, ${ROTATIONS} rotations, ${FACILITIES} facilities in ${STATES.length} states, ${PROGRAMS} programs; world built in ${columns.map((c) => `${(c.result.seedMs / 1000).toFixed(1)} s (${c.name})`).join(", ")}\n`,
);
console.log(`| query | ${columns.map((c) => c.name).join(" | ")} |`);
console.log(`|---|${columns.map(() => "---:").join("|")}|`);
for (const key of Object.keys(columns[0].result.figures)) {
  console.log(`| ${key} | ${columns.map((c) => c.result.figures[key].toFixed(1)).join(" | ")} |`);
}
