import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placementRate } from "../../../domain/dashboard";
import { seedDemoWorld } from "../../seed/seed";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

// The platform overview on the demo world: each figure equals a direct SQL count, written here
// independently of the service's queries.

let t: TestApp;
let admin: TestUser;
// biome-ignore lint/suspicious/noExplicitAny: the response as JSON
let overview: any;

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.deps.db.execute(query)) as unknown as { rows: T[] }).rows;
}
async function one(query: SQL): Promise<number> {
  const [row] = await rows<{ n: number | string }>(query);
  return Number(row.n);
}
const recent = (column: SQL) => sql`${column} >= now() - interval '30 days'`;
const earlier = (column: SQL) =>
  sql`${column} >= now() - interval '60 days' and ${column} < now() - interval '30 days'`;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoWorld(t.deps);
  // The admin is created after the seed: it adds no organization, student or application.
  admin = await t.createUser("admin");
  const res = await t.call("GET", "/api/analytics/admin/overview", { cookie: admin.cookie });
  expect(res.status).toBe(200);
  overview = res.json;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe("GET /api/analytics/admin/overview on the demo world", () => {
  it("counts verified programs and facilities, with their trends", async () => {
    for (const kind of ["program", "facility"] as const) {
      const where = sql`kind = ${kind} and verification_status = 'verified'`;
      const stat = overview.stats[kind === "program" ? "programs" : "facilities"];
      expect(stat.value).toBe(await one(sql`select count(*) as n from organizations where ${where}`));
      expect(stat.value).toBeGreaterThan(0);
      expect(stat.trend).toEqual({
        last30Days: await one(
          sql`select count(*) as n from organizations where ${where} and ${recent(sql`created_at`)}`,
        ),
        previous30Days: await one(
          sql`select count(*) as n from organizations where ${where} and ${earlier(sql`created_at`)}`,
        ),
      });
    }
  });

  it("counts active students and all applications, with their trends", async () => {
    const active = sql`enrollment_status = 'active'`;
    expect(overview.stats.students).toEqual({
      value: await one(sql`select count(*) as n from students where ${active}`),
      trend: {
        last30Days: await one(sql`select count(*) as n from students where ${active} and ${recent(sql`created_at`)}`),
        previous30Days: await one(
          sql`select count(*) as n from students where ${active} and ${earlier(sql`created_at`)}`,
        ),
      },
    });
    expect(overview.stats.applications).toEqual({
      value: await one(sql`select count(*) as n from applications`),
      trend: {
        last30Days: await one(sql`select count(*) as n from applications where ${recent(sql`submitted_at`)}`),
        previous30Days: await one(sql`select count(*) as n from applications where ${earlier(sql`submitted_at`)}`),
      },
    });
    expect(overview.stats.applications.trend.last30Days).toBeGreaterThan(0);
  });

  it("ranks facilities by placements filled, with their median time to decision", async () => {
    expect(overview.topFacilities.length).toBeGreaterThan(0);
    const filledBy = await rows<{ id: string; filled: number }>(sql`
      select p.facility_id as id, count(*)::int as filled from applications a
      join placements p on p.id = a.placement_id where a.status = 'approved' group by 1 order by 2 desc`);
    expect(overview.topFacilities[0].filled).toBe(filledBy[0].filled);
    for (const f of overview.topFacilities) {
      expect(f.filled).toBe(filledBy.find((r) => r.id === f.id)?.filled);
      const days = (
        await rows<{ d: number }>(sql`
          select extract(epoch from a.reviewed_at - a.submitted_at)::float8 / 86400 as d from applications a
          join placements p on p.id = a.placement_id
          where p.facility_id = ${f.id} and a.status in ('approved', 'rejected') and a.reviewed_at is not null
          order by 1`)
      ).map((r) => Number(r.d));
      const mid = days.length / 2;
      const median = days.length % 2 ? days[Math.floor(mid)] : (days[mid - 1] + days[mid]) / 2;
      expect(f.medianDays).toBeCloseTo(median, 1);
    }
  });

  it("ranks programs by placement rate as the program dashboard defines it", async () => {
    const byProgram = await rows<{ id: string; placed: number; students: number }>(sql`
      select s.program_id as id, count(*)::int as students,
        count(*) filter (where s.id in (select student_id from applications where status = 'approved'))::int as placed
      from students s where s.enrollment_status = 'active' group by 1`);
    const best = Math.max(...byProgram.map((p) => p.placed / p.students));
    expect(overview.topPrograms[0].placed / overview.topPrograms[0].students).toBeCloseTo(best, 6);
    for (const p of overview.topPrograms) {
      const direct = byProgram.find((r) => r.id === p.id);
      expect({ placed: p.placed, students: p.students }).toEqual({
        placed: direct?.placed,
        students: direct?.students,
      });
      expect(p.placementRate).toBe(placementRate(p.placed, p.students));
    }
  });

  it("shows demand versus supply by state and specialty", async () => {
    expect(overview.regionalTrends.length).toBeGreaterThan(0);
    for (const r of overview.regionalTrends) {
      const [direct] = await rows<{ pending: number; seats: number }>(sql`
        select
          (select count(*) from applications a join placements p on p.id = a.placement_id
            join organizations f on f.id = p.facility_id
            where a.status = 'pending' and p.status = 'active' and p.end_date >= current_date
              and f.state is not distinct from ${r.state} and p.specialty = ${r.specialty})::int as pending,
          (select sum(p.capacity - p.slots_filled) from placements p join organizations f on f.id = p.facility_id
            where p.status = 'active' and p.end_date >= current_date
              and f.state is not distinct from ${r.state} and p.specialty = ${r.specialty})::int as seats`);
      expect({ pending: r.pending, openSeats: r.openSeats }).toEqual({
        pending: direct.pending,
        openSeats: direct.seats,
      });
    }
  });
});
