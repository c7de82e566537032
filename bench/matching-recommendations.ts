// Row 4 of `npm run bench:matching` (issue 13): recommendations for one student among 5,000 active
// placements, p50 and p95 over 1,000 calls. The demo world on the embedded database, topped up to
// 5,000 active placements (copies of the demo placements in other cities, specialties and weeks),
// measured two ways: the engine alone (prepare the student, score every placement, the top 10 with
// their reasons) and the whole request through the real app with the placement pool kept but the
// student's answer dropped before every call (what a student sees after any change of theirs).
import { eq, sql } from "drizzle-orm";
import {
  INELIGIBLE,
  matchScore,
  preparePlacement,
  prepareStudent,
  scorePlacement,
} from "../src/domain/matching/scoring";
import { createApp } from "../src/server/app";
import { openDatabase } from "../src/server/db/client";
import { users } from "../src/server/db/schema/auth";
import { placements } from "../src/server/db/schema/placements";
import { studentUsers } from "../src/server/db/schema/students";
import { readEnv } from "../src/server/env";
import { matchingState } from "../src/server/features/matching/recommendations";
import { loadPool, studentSources } from "../src/server/features/matching/sources";
import { createLogger } from "../src/server/lib/logger";
import { seedDemoWorld } from "../src/server/seed/seed";
import type { Row } from "./matching";

const CALLS = 1_000;
const POOL = 5_000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const figures = (times: number[]) => {
  const s = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(s, 0.5).toFixed(2)} ms, p95 ${percentile(s, 0.95).toFixed(2)} ms`;
};

export async function recommendationsSection(): Promise<Row[]> {
  const env = readEnv({
    LOG_LEVEL: "silent",
    APP_URL: "http://localhost:3000",
    NODE_ENV: "production",
    RECOMMENDATIONS_CACHE_MS: "600000",
  });
  const database = await openDatabase({ dataDir: null });
  await database.migrate();
  const { app, deps } = createApp({ env, database, log: createLogger("silent"), secret: "x".repeat(40) });
  await seedDemoWorld(deps);
  await deps.realtime.ready;

  // Top up to POOL active placements: copies of the demo ones, spread over the coming year.
  const [{ active }] = await deps.db
    .select({ active: sql<number>`count(*)::int` })
    .from(placements)
    .where(eq(placements.status, "active"));
  // Counted as the pool counts (open for applications, spots left), so the pool is exactly POOL.
  const missing = POOL - (await loadPool(deps.db)).placements.length;
  if (missing > 0) {
    await deps.db.execute(sql`
      insert into placements (facility_id, department_id, title, specialty, description, requirements, start_date,
        end_date, duration_weeks, capacity, slots_filled, status, allow_late_joiners, min_gpa)
      select p.facility_id, p.department_id, p.title || ' #' || g.n, p.specialty, p.description, p.requirements,
        current_date + ((g.n % 300) + 14), current_date + ((g.n % 300) + 14) + 7 * p.duration_weeks,
        p.duration_weeks, greatest(p.capacity, 2), 0, 'active', p.allow_late_joiners, p.min_gpa
      from generate_series(1, ${missing}) as g(n)
      join lateral (select * from placements where status = 'active' order by id offset (g.n % ${active}) limit 1) p on true`);
  }

  const [who] = await deps.db
    .select({ studentId: studentUsers.studentId })
    .from(studentUsers)
    .innerJoin(users, eq(users.id, studentUsers.userId))
    .where(eq(users.email, "student@demo.test"));
  const studentId = who.studentId;

  // 1. The engine alone, on the pool and the student's sources as the server loads them.
  const pool = await loadPool(deps.db);
  const prepared = pool.placements.map((p) => preparePlacement(p.scoring));
  const sources = await studentSources(deps.db, { kind: "all" }, studentId);
  const engine = () => {
    const student = prepareStudent(sources.scoring);
    const scored: { index: number; score: number }[] = [];
    for (let i = 0; i < prepared.length; i++) {
      const score = matchScore(student, prepared[i], sources.today);
      if (score !== INELIGIBLE) scored.push({ index: i, score });
    }
    scored.sort((a, b) => b.score - a.score || a.index - b.index);
    return scored.slice(0, 10).map(({ index }) => scorePlacement(student, prepared[index], sources.today));
  };
  const engineTimes: number[] = [];
  let top = 0;
  for (let i = 0; i < 50; i++) engine();
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    top = engine().length;
    engineTimes.push(performance.now() - started);
  }

  // 2. The request through the app: the student's answer dropped before each call, the pool kept.
  const signIn = await app.request("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://localhost:3000" },
    body: JSON.stringify({ email: "student@demo.test", password: "Demo-2026!" }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { cache } = matchingState(deps);
  const call = async () => {
    cache.drop(studentId);
    const res = await app.request("/api/me/student/recommendations", { headers: { cookie } });
    if (!res.ok) throw new Error(`recommendations: ${res.status} ${await res.text()}`);
    return (await res.json()) as { items: unknown[] };
  };
  for (let i = 0; i < 20; i++) await call();
  const apiTimes: number[] = [];
  let items = 0;
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    items = (await call()).items.length;
    apiTimes.push(performance.now() - started);
  }
  await database.close();

  return [
    {
      row: "4",
      measure: `recommendations for one student among ${pool.placements.length.toLocaleString("en-US")} active placements, the engine alone (prepare, score all, top 10 with reasons), ${CALLS.toLocaleString("en-US")} calls`,
      ours: figures(engineTimes),
      check: `${top} recommended`,
    },
    {
      row: "4",
      measure: `… the whole request, GET /api/me/student/recommendations in process on the embedded database (pool kept, the student's answer dropped before each call), ${CALLS.toLocaleString("en-US")} calls`,
      ours: figures(apiTimes),
      check: `${items} recommended`,
    },
  ];
}
