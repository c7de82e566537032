import { sql } from "drizzle-orm";
import { addDays } from "../../../domain/calendar";
import { type CapacityQuery, weekRange } from "../../../domain/calendar-capacity";
import type { Db } from "../../db/client";
import type { Scope } from "../../lib/access";
import { targetFacility } from "../departments/service";

// The facility's capacity by department and week (issue 15), in one statement.
//
// Each department's seats on each day are summed over the placements running that day: `taken` =
// approved students (applications still approved: a withdrawal frees the seat), `promised` = the
// seats the placements hold as departments/service.ts counts them (an active placement its
// capacity, a closed one its approved students, a draft none). A week's figure is its busiest day,
// never the sum of its days or of successive rotations: two rotations of 6 that follow each other
// within a week hold 6, not 12.
//
// Rather than a row per placement and day, the seats change only where a placement starts or the
// day after it ends: a running sum over those change days (window functions) gives each level and
// the days it holds, and a week's busiest day is the highest level touching it. The weeks come from
// generate_series; the work grows with the placements, not with placements × days.

type Row = {
  id: string;
  name: string;
  specialty: string;
  capacity: number;
  week: number;
  taken: number;
  promised: number;
};

/** Departments × weeks of the facility the scope names (a coordinator's own; an admin's `facilityId`). */
export async function facilityCapacity(db: Db, scope: Scope, q: CapacityQuery) {
  // A coordinator's own facility whatever the browser sent (D1); an admin must name one (422), a
  // program, student or nobody gets 403 from facilityScope inside.
  const facility = await targetFacility(db, scope, q.facilityId);
  const today = (
    (await db.execute(sql`select to_char(current_date, 'YYYY-MM-DD') as today`)) as unknown as {
      rows: { today: string }[];
    }
  ).rows[0].today;
  const weeks = weekRange(q.from ?? today, q.weeks);
  const from = weeks[0].start;
  const to = weeks[weeks.length - 1].end;
  const result = (await db.execute(sql`
    with weeks as (
      select w as week, ${from}::date + 7 * w as first_day, ${from}::date + 7 * w + 6 as last_day
      from generate_series(0, ${weeks.length - 1}) as w
    ),
    running as (
      select p.department_id, p.start_date, p.end_date,
        (select count(*) from applications a where a.placement_id = p.id and a.status = 'approved')::int as approved,
        (case p.status when 'active' then p.capacity when 'closed' then p.slots_filled else 0 end)::int as held
      from placements p
      join departments dp on dp.id = p.department_id
      where dp.facility_id = ${facility.id} and p.status <> 'draft'
        and p.start_date <= ${to}::date and p.end_date >= ${from}::date
    ),
    changes as (
      select department_id, day, sum(taken)::int as taken, sum(promised)::int as promised from (
        select department_id, start_date as day, approved as taken, held as promised from running
        union all
        select department_id, end_date + 1, -approved, -held from running
      ) as d
      group by department_id, day
    ),
    levels as (
      select department_id, day,
        sum(taken) over (partition by department_id order by day) as taken,
        sum(promised) over (partition by department_id order by day) as promised,
        lead(day) over (partition by department_id order by day) as next_day
      from changes
    ),
    weekly as (
      select l.department_id, wk.week, max(l.taken)::int as taken, max(l.promised)::int as promised
      from levels l
      join weeks wk on l.day <= wk.last_day and (l.next_day is null or l.next_day > wk.first_day)
      group by l.department_id, wk.week
    )
    select dp.id, dp.name, dp.specialty, dp.capacity, wk.week,
      coalesce(w.taken, 0)::int as taken, coalesce(w.promised, 0)::int as promised
    from departments dp
    cross join weeks wk
    left join weekly w on w.department_id = dp.id and w.week = wk.week
    where dp.facility_id = ${facility.id}
    order by dp.name, dp.id, wk.week`)) as unknown as { rows: Row[] };

  const departments: {
    id: string;
    name: string;
    specialty: string;
    capacity: number;
    weeks: { start: string; taken: number; promised: number; capacity: number }[];
  }[] = [];
  for (const row of result.rows) {
    let d = departments.at(-1);
    if (d?.id !== row.id) {
      d = { id: row.id, name: row.name, specialty: row.specialty, capacity: row.capacity, weeks: [] };
      departments.push(d);
    }
    d.weeks.push({ start: weeks[row.week].start, taken: row.taken, promised: row.promised, capacity: row.capacity });
  }
  return {
    facilityId: facility.id,
    facilityName: facility.name,
    today,
    from,
    to,
    previousFrom: addDays(from, -7 * weeks.length),
    nextFrom: addDays(from, 7 * weeks.length),
    weeks,
    departments,
  };
}
