import { type SQL, sql } from "drizzle-orm";
import {
  DEFAULT_RANGE_DAYS,
  REGIONAL_TRENDS,
  TOP_PERFORMERS,
  WEEKLY_UP_TO_DAYS,
} from "../../../domain/admin-analytics";
import { placementRate, rate } from "../../../domain/dashboard";
import type { DbOrTx } from "../../db/client";

// The administrator's platform overview and analytics (issue 14). Each figure is one SQL aggregate
// over the whole platform (admins see everything, D1 is enforced by the routes' guard); the service
// only turns counts into rates with the same rules as the dashboards (src/domain/dashboard).

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const TREND_DAYS = 30;
/** Counted in the last 30 days, and in the 30 days before those. */
const trendOf = (column: SQL, where: SQL = sql`true`) => sql`
  (count(*) filter (where ${where} and ${column} >= now() - interval '${sql.raw(String(TREND_DAYS))} days'))::int as last30,
  (count(*) filter (where ${where} and ${column} >= now() - interval '${sql.raw(String(2 * TREND_DAYS))} days'
    and ${column} < now() - interval '${sql.raw(String(TREND_DAYS))} days'))::int as previous30`;

type Counted = { value: number; last30: number; previous30: number };
const stat = (r: Counted) => ({ value: r.value, trend: { last30Days: r.last30, previous30Days: r.previous30 } });

/** Median days from submission to decision, one decimal, over decided applications `a`. */
const medianDecisionDays = sql`round((percentile_cont(0.5) within group (order by extract(epoch from a.reviewed_at - a.submitted_at))
  filter (where a.status in ('approved', 'rejected') and a.reviewed_at is not null) / 86400)::numeric, 1)::float8`;

/** `/dashboard/admin`: four stat cards, top performers and regional market trends. */
export async function adminOverview(db: DbOrTx) {
  const [orgs, studentFigures, applicationFigures, facilities, programs, regions] = await Promise.all([
    // Verified organizations; the trend counts those that joined (created) in each window.
    rows<{ kind: "program" | "facility"; value: number; last30: number; previous30: number }>(
      db,
      sql`
      select kind, count(*)::int as value, ${trendOf(sql`created_at`)}
      from organizations where verification_status = 'verified' group by kind`,
    ),
    rows<Counted>(
      db,
      sql`
      select count(*)::int as value, ${trendOf(sql`created_at`)}
      from students where enrollment_status = 'active'`,
    ),
    rows<Counted>(
      db,
      sql`
      select count(*)::int as value, ${trendOf(sql`submitted_at`)} from applications`,
    ),
    // Facilities by placements filled (approved applications), then by the fastest median decision.
    rows<{ id: string; name: string; state: string | null; filled: number; medianDays: number | null }>(
      db,
      sql`
      select f.id, f.name, f.state,
        (count(*) filter (where a.status = 'approved'))::int as filled,
        ${medianDecisionDays} as "medianDays"
      from applications a
      join placements p on p.id = a.placement_id
      join organizations f on f.id = p.facility_id
      group by f.id, f.name, f.state
      having count(*) filter (where a.status = 'approved') > 0
      order by filled desc, "medianDays" asc nulls last, f.name
      limit ${TOP_PERFORMERS}`,
    ),
    // Programs by placement rate as on the program dashboard: active students with an approved
    // rotation / active students.
    rows<{ id: string; name: string; state: string | null; placed: number; students: number }>(
      db,
      sql`
      select o.id, o.name, o.state,
        (count(*) filter (where exists (
          select 1 from applications a where a.student_id = s.id and a.status = 'approved')))::int as placed,
        count(*)::int as students
      from students s join organizations o on o.id = s.program_id
      where s.enrollment_status = 'active'
      group by o.id, o.name, o.state
      order by (count(*) filter (where exists (
          select 1 from applications a where a.student_id = s.id and a.status = 'approved')))::float8 / count(*) desc,
        students desc, o.name
      limit ${TOP_PERFORMERS}`,
    ),
    // Demand (pending applications) versus supply (open seats) of published rotations not over.
    rows<{ state: string | null; specialty: string; pending: number; openSeats: number }>(
      db,
      sql`
      select f.state, p.specialty,
        coalesce(sum(d.pending), 0)::int as pending,
        sum(p.capacity - p.slots_filled)::int as "openSeats"
      from placements p
      join organizations f on f.id = p.facility_id
      cross join lateral (
        select count(*) as pending from applications a where a.placement_id = p.id and a.status = 'pending') d
      where p.status = 'active' and p.end_date >= current_date
      group by f.state, p.specialty
      order by (coalesce(sum(d.pending), 0))::float8 / greatest(sum(p.capacity - p.slots_filled), 1) desc,
        pending desc, f.state, p.specialty
      limit ${REGIONAL_TRENDS}`,
    ),
  ]);
  const org = (kind: "program" | "facility") =>
    stat(orgs.find((o) => o.kind === kind) ?? { value: 0, last30: 0, previous30: 0 });
  return {
    stats: {
      programs: org("program"),
      facilities: org("facility"),
      students: stat(studentFigures[0]),
      applications: stat(applicationFigures[0]),
    },
    topFacilities: facilities,
    topPrograms: programs.map((p) => ({ ...p, placementRate: placementRate(p.placed, p.students) })),
    regionalTrends: regions.map((r) => ({
      ...r,
      // null when no seat is open: demand with no supply at all, not a ratio.
      applicationsPerSeat: r.openSeats > 0 ? Math.round((r.pending / r.openSeats) * 100) / 100 : null,
    })),
  };
}
export type AdminOverview = Awaited<ReturnType<typeof adminOverview>>;

// ---------------------------------------------------------------------------------------------
// Analytics charts

export type AnalyticsFilters = { from?: string; to?: string; state?: string; specialty?: string };
export type ResolvedFilters = { from: string; to: string; state: string | null; specialty: string | null };

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The range the charts cover: the given days, or the last DEFAULT_RANGE_DAYS up to today (UTC). */
export function resolveFilters(f: AnalyticsFilters, now = new Date()): ResolvedFilters {
  const to = f.to ?? (f.from && f.from > isoDay(now) ? f.from : isoDay(now));
  const from = f.from ?? isoDay(new Date(Date.parse(to) - DEFAULT_RANGE_DAYS * 86_400_000));
  return { from, to, state: f.state ?? null, specialty: f.specialty ?? null };
}

/** Submitted within [from, to] (whole UTC days). */
const submittedIn = (f: ResolvedFilters) =>
  sql`a.submitted_at >= (${f.from}::date)::timestamp at time zone 'UTC' and a.submitted_at < (${f.to}::date + 1)::timestamp at time zone 'UTC'`;
const facilityFilters = (f: ResolvedFilters) =>
  sql`(${f.state}::text is null or f.state = ${f.state}) and (${f.specialty}::text is null or p.specialty = ${f.specialty})`;

/** (a) Applications over time by status, per week or month (by the range's length). */
export async function applicationsOverTime(db: DbOrTx, f: ResolvedFilters) {
  const days = (Date.parse(f.to) - Date.parse(f.from)) / 86_400_000;
  const bucket: "week" | "month" = days <= WEEKLY_UP_TO_DAYS ? "week" : "month";
  const items = await rows<{
    period: string;
    pending: number;
    approved: number;
    rejected: number;
    withdrawn: number;
    total: number;
  }>(
    db,
    sql`
    select to_char(date_trunc(${bucket}, a.submitted_at at time zone 'UTC'), 'YYYY-MM-DD') as period,
      (count(*) filter (where a.status = 'pending'))::int as pending,
      (count(*) filter (where a.status = 'approved'))::int as approved,
      (count(*) filter (where a.status = 'rejected'))::int as rejected,
      (count(*) filter (where a.status = 'withdrawn'))::int as withdrawn,
      count(*)::int as total
    from applications a
    join placements p on p.id = a.placement_id
    join organizations f on f.id = p.facility_id
    where ${submittedIn(f)} and ${facilityFilters(f)}
    group by 1 order by 1`,
  );
  return { filters: f, bucket, items };
}

/** (b) Acceptance rate and median time to decision by facility. */
export async function facilityDecisions(db: DbOrTx, f: ResolvedFilters) {
  const items = await rows<{
    facilityId: string;
    facility: string;
    state: string | null;
    applications: number;
    decided: number;
    approved: number;
    medianDays: number | null;
  }>(
    db,
    sql`
    select f.id as "facilityId", f.name as facility, f.state,
      count(*)::int as applications,
      (count(*) filter (where a.status in ('approved', 'rejected')))::int as decided,
      (count(*) filter (where a.status = 'approved'))::int as approved,
      ${medianDecisionDays} as "medianDays"
    from applications a
    join placements p on p.id = a.placement_id
    join organizations f on f.id = p.facility_id
    where ${submittedIn(f)} and ${facilityFilters(f)}
    group by f.id, f.name, f.state
    order by f.name, f.id`,
  );
  return { filters: f, items: items.map((r) => ({ ...r, acceptanceRate: rate(r.approved, r.decided) })) };
}

/** Per rotation starting in the range (published or closed): seats and applications by status. */
const perRotation = (f: ResolvedFilters) => sql`
  select p.specialty, f.state, p.capacity,
    (count(a.id) filter (where a.status = 'approved'))::int as approved,
    (count(a.id) filter (where a.status = 'pending'))::int as pending,
    (count(a.id) filter (where a.status = 'rejected'))::int as rejected,
    (count(a.id) filter (where a.status <> 'withdrawn'))::int as applications
  from placements p
  join organizations f on f.id = p.facility_id
  left join applications a on a.placement_id = p.id
  where p.status <> 'draft' and p.start_date between ${f.from}::date and ${f.to}::date and ${facilityFilters(f)}
  group by p.id, p.specialty, f.state, p.capacity`;

/** (c) Seat utilization (approved / capacity) by specialty and state. */
export async function seatUtilization(db: DbOrTx, f: ResolvedFilters) {
  const items = await rows<{
    specialty: string;
    state: string | null;
    rotations: number;
    capacity: number;
    approved: number;
  }>(
    db,
    sql`
      select specialty, state, count(*)::int as rotations, sum(capacity)::int as capacity, sum(approved)::int as approved
      from (${perRotation(f)}) r
      group by specialty, state
      order by specialty, state nulls last`,
  );
  return { filters: f, items: items.map((r) => ({ ...r, utilization: rate(r.approved, r.capacity) })) };
}

/**
 * (d) Unmet demand: applications without a seat, by specialty and state (ANALYTICS_DEFINITIONS);
 * per rotation the rule of pendingBeyondCapacity() in src/domain/admin-analytics.
 */
export async function unmetDemand(db: DbOrTx, f: ResolvedFilters) {
  const items = await rows<{
    specialty: string;
    state: string | null;
    applications: number;
    notSelected: number;
    pendingBeyondCapacity: number;
    unmet: number;
  }>(
    db,
    sql`
      select specialty, state, sum(applications)::int as applications,
        sum(rejected)::int as "notSelected",
        sum(greatest(0, pending - greatest(0, capacity - approved)))::int as "pendingBeyondCapacity",
        sum(rejected + greatest(0, pending - greatest(0, capacity - approved)))::int as unmet
      from (${perRotation(f)}) r
      group by specialty, state
      order by unmet desc, specialty, state nulls last`,
  );
  return { filters: f, items };
}

/** (e) Compliance rates by program: compliant / active students. */
export async function complianceByProgram(db: DbOrTx, f: ResolvedFilters) {
  const items = await rows<{
    programId: string;
    program: string;
    state: string | null;
    students: number;
    compliant: number;
  }>(
    db,
    sql`
      select o.id as "programId", o.name as program, o.state,
        count(*)::int as students,
        (count(*) filter (where s.compliance_status = 'compliant'))::int as compliant
      from students s join organizations o on o.id = s.program_id
      where s.enrollment_status = 'active'
        and s.created_at < (${f.to}::date + 1)::timestamp at time zone 'UTC'
        and (${f.state}::text is null or o.state = ${f.state})
        and (${f.specialty}::text is null or s.specialty_interest = ${f.specialty})
      group by o.id, o.name, o.state
      order by o.name, o.id`,
  );
  return { filters: f, items: items.map((r) => ({ ...r, complianceRate: rate(r.compliant, r.students) })) };
}

/** The filters' choices: states where organizations are, specialties of rotations and students. */
export async function analyticsFilterOptions(db: DbOrTx) {
  const [states, specialties] = await Promise.all([
    rows<{ state: string }>(
      db,
      sql`select distinct state from organizations where state is not null and state <> '' order by state`,
    ),
    rows<{ specialty: string }>(
      db,
      sql`
      select specialty from placements union select specialty_interest from students
      where specialty_interest is not null and specialty_interest <> '' order by 1`,
    ),
  ]);
  return { states: states.map((r) => r.state), specialties: specialties.map((r) => r.specialty) };
}
