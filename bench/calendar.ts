// `npm run bench:calendar` (issue 15): a program with 5,000 approved rotations (one per student,
// spread over the feed's 460 days at 1,000 placements of 40 facilities), application deadlines,
// a compliance expiry per student and 20 weekly series of its own events; beside it a baseline
// program of 50 rotations built the same way. Times the month query (listCalendarEvents for one
// month, in process) and the feed (GET /api/calendar/feeds/<token>.ics through the app, as a
// calendar app asks for it) on the embedded database and on PostgreSQL (when TEST_DATABASE_URL or
// BENCH_DATABASE_URL names a server; a throwaway database). Median of 5 runs with min and max;
// asserts nothing.
// First: schemas made before zod-openapi extends zod have no .openapi (the feature's schemas need it).
import "@hono/zod-openapi";
import { cpus, totalmem } from "node:os";
import { sql } from "drizzle-orm";
import type { CalendarQuery } from "../src/domain/calendar";
import { FEED_DAYS_AHEAD, FEED_DAYS_BACK, icsFor } from "../src/server/features/calendar/feeds";
import { listCalendarEvents } from "../src/server/features/calendar/service";
import { createTestApp, type TestApp } from "../src/server/testing/harness";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BIG = 5000;
const SMALL = 50;
const FACILITIES = 40;
const PLACEMENTS = 1000;
const SERIES = 20;
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

type Timing = { median: number; min: number; max: number };

async function timed(run: () => Promise<unknown>): Promise<Timing> {
  await run(); // warm: plans, caches and the JIT, as a live server has them
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], min: times[0], max: times[times.length - 1] };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Facilities, departments and placements everyone's rotations are at (set-based SQL). */
async function marketplace(t: TestApp) {
  const db = t.deps.db;
  await db.execute(sql`
    insert into organizations (kind, name, city, state, verification_status, verified_at)
    select 'facility', 'Bench Hospital ' || g, 'Columbus', 'OH', 'verified', now() from generate_series(1, ${FACILITIES}) g`);
  await db.execute(sql`
    insert into departments (facility_id, name, specialty, capacity)
    select o.id, 'Unit ' || d, 'Medical-Surgical', 40
    from organizations o cross join generate_series(1, 5) d where o.kind = 'facility' and o.name like 'Bench Hospital %'`);
  // Eight-week rotations starting every day from 60 days back to 400 ahead; half with a deadline a month before.
  await db.execute(sql`
    insert into placements (facility_id, department_id, title, specialty, description, start_date, end_date,
      duration_weeks, capacity, status, application_deadline)
    select d.facility_id, d.id, 'Rotation ' || g, 'Medical-Surgical', 'Bench rotation',
      current_date - 60 + (g * 7) % 460, current_date - 60 + (g * 7) % 460 + 55, 8, 10, 'active',
      case when g % 2 = 0 then current_date - 90 + (g * 7) % 460 end
    from generate_series(0, ${PLACEMENTS - 1}) g
    join (select id, facility_id, row_number() over (order by id) - 1 as i from departments
      where name like 'Unit %' and facility_id in (select id from organizations where name like 'Bench Hospital %')) d
      on d.i = g % (${FACILITIES} * 5)`);
}

/** A program with `n` students, each with one approved rotation and one BLS card expiring in the window. */
async function program(t: TestApp, n: number, tag: string) {
  const coordinator = await t.createUser("program");
  const programId = coordinator.organizationId!;
  const db = t.deps.db;
  await db.execute(sql`
    insert into students (program_id, first_name, last_name, email)
    select ${programId}::uuid, 'Student', ${tag} || g, ${tag} || g || '@bench.test' from generate_series(1, ${n}) g`);
  await db.execute(sql`
    insert into applications (student_id, placement_id, program_id, status, submitted_at, reviewed_at)
    select s.id, p.id, s.program_id, 'approved', now() - interval '30 days', now() - interval '20 days'
    from (select id, program_id, row_number() over (order by id) - 1 as i from students where program_id = ${programId}::uuid) s
    join (select id, row_number() over (order by id) - 1 as i from placements where title like 'Rotation %') p
      on p.i = (s.i * 7919) % ${PLACEMENTS}`);
  await db.execute(sql`
    insert into compliance_documents (student_id, requirement_type_id, status, issued_on, expires_on,
      file_key, file_name, content_type, size_bytes, sha256, reviewed_at)
    select s.id, 'bls', 'approved', current_date - 400, current_date - 60 + abs(hashtext(s.id::text)) % 460,
      'documents/bench/bls.pdf', 'bls.pdf', 'application/pdf', 1024, repeat('0', 64), now() - interval '10 days'
    from students s where s.program_id = ${programId}::uuid`);
  // Weekly orientation series for the program's students, 20 occurrences each, 9:00 in Chicago.
  await db.execute(sql`
    insert into calendar_events (organization_id, title, category, starts_at, ends_at, time_zone, recurrence,
      last_ends_at, audience)
    select ${programId}::uuid, 'Skills lab ' || g, 'orientation',
      (current_date - 30 + g * 7)::timestamp + interval '15 hours',
      (current_date - 30 + g * 7)::timestamp + interval '17 hours', 'America/Chicago', 'FREQ=WEEKLY;COUNT=20',
      (current_date - 30 + g * 7 + 19 * 7)::timestamp + interval '17 hours', 'students'
    from generate_series(1, ${n === BIG ? SERIES : 2}) g`);
  return { coordinator, programId };
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
    await marketplace(t);
    const big = await program(t, BIG, "big");
    const small = await program(t, SMALL, "small");
    for (const table of ["organizations", "departments", "placements", "students", "applications"]) {
      await t.deps.db.execute(sql.raw(`analyze ${table}`));
    }
    await t.deps.db.execute(sql`analyze compliance_documents`);
    await t.deps.db.execute(sql`analyze calendar_events`);
    const seedMs = performance.now() - started;

    // The month a month from now: rotations starting, running and ending in it.
    const first = day(30).slice(0, 8);
    const month: CalendarQuery = {
      from: `${first}01`,
      to: day(30).slice(0, 8) + String(new Date(Date.UTC(+first.slice(0, 4), +first.slice(5, 7), 0)).getUTCDate()),
      kinds: undefined,
      studentId: undefined,
      facilityId: undefined,
      departmentId: undefined,
      programId: undefined,
      specialty: undefined,
    };
    const rows: { name: string; timing: Timing; size: string }[] = [];
    for (const [label, p] of [
      [`${BIG.toLocaleString("en-US")} rotations`, big],
      [`${SMALL} rotations (baseline)`, small],
    ] as const) {
      const scope = { kind: "program" as const, programId: p.programId };
      const events = await listCalendarEvents(t.deps.db, scope, month);
      rows.push({
        name: `month query, ${label}`,
        timing: await timed(() => listCalendarEvents(t.deps.db, scope, month)),
        size: `${events.length.toLocaleString("en-US")} events`,
      });
      // The feed's two halves, in process: its events (460 days) and their iCalendar text.
      const feedRange = { ...month, from: day(-FEED_DAYS_BACK), to: day(FEED_DAYS_AHEAD) };
      const feedEvents = await listCalendarEvents(t.deps.db, scope, feedRange);
      rows.push({
        name: `… its events (listCalendarEvents, 460 days)`,
        timing: await timed(() => listCalendarEvents(t.deps.db, scope, feedRange)),
        size: `${feedEvents.length.toLocaleString("en-US")} events`,
      });
      const ics = { appUrl: t.deps.env.appUrl, name: "Bench", scope };
      rows.push({
        name: "… its iCalendar text (ical-generator)",
        timing: await timed(() => icsFor(t.deps.db, feedEvents, ics)),
        size: "",
      });
      const created = await t.call("POST", "/api/calendar/feeds", { cookie: p.coordinator.cookie, body: {} });
      if (created.status !== 201) throw new Error(`feed not created: ${created.status} ${created.text}`);
      const path = new URL(created.json.url).pathname;
      const ip = t.nextIp();
      const once = await t.call("GET", path, { ip });
      if (once.status !== 200) throw new Error(`feed not read: ${once.status} ${once.text.slice(0, 200)}`);
      const vevents = once.text.match(/BEGIN:VEVENT/g)?.length ?? 0;
      rows.push({
        name: `feed (.ics, 460 days), ${label}`,
        timing: await timed(async () => {
          const res = await t.call("GET", path, { ip });
          if (res.status !== 200) throw new Error(`feed answered ${res.status}`);
        }),
        size: `${vevents.toLocaleString("en-US")} VEVENTs, ${(Buffer.byteLength(once.text) / 1024).toFixed(0)} kB`,
      });
    }
    return { rows, seedMs };
  } finally {
    await t.close();
  }
}

console.log(
  `machine: ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), ${(totalmem() / 2 ** 30).toFixed(1)} GB, Node ${process.version}; median of ${RUNS} runs after one warm-up, min–max, ms`,
);
const columns: { name: string; result: Awaited<ReturnType<typeof measure>> }[] = [];
columns.push({ name: "embedded (PGlite)", result: await measure("embedded") });
if (pgUrl) columns.push({ name: "PostgreSQL", result: await measure("postgres") });
console.log(
  `world: ${FACILITIES} facilities, ${PLACEMENTS.toLocaleString("en-US")} placements; a program of ${BIG.toLocaleString("en-US")} students (one approved rotation and one expiring card each, ${SERIES} weekly series) and one of ${SMALL}; built in ${columns.map((c) => `${(c.result.seedMs / 1000).toFixed(1)} s (${c.name})`).join(", ")}\n`,
);
console.log(`| measure | size | ${columns.map((c) => c.name).join(" | ")} |`);
console.log(`|---|---|${columns.map(() => "---:").join("|")}|`);
for (const [i, row] of columns[0].result.rows.entries()) {
  const cells = columns.map((c) => {
    const { median, min, max } = c.result.rows[i].timing;
    return `${median.toFixed(1)} (${min.toFixed(1)}–${max.toFixed(1)})`;
  });
  console.log(`| ${row.name} | ${row.size} | ${cells.join(" | ")} |`);
}
