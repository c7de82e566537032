import { type AnyColumn, type SQL, sql } from "drizzle-orm";

// The clinical hours a rotation requires (issue 17): the program's requirement for the rotation's
// specialty, else the program's default (the row with specialty ''), else none (null). One SQL
// expression, so that a list computes it per row inside its own statement (no N+1); the hours
// pages and the rotation record use the same rule.

/**
 * The required hours (an integer, or null when the program requires none) of the rotation whose
 * application id is `applicationId` (a column of the outer query, or any SQL yielding the id).
 */
export function requiredHoursSql(applicationId: AnyColumn | SQL): SQL<number | null> {
  return sql<number | null>`(select rq.hours
     from program_hour_requirements rq
     join applications rq_a on rq_a.program_id = rq.program_id
     join placements rq_p on rq_p.id = rq_a.placement_id
    where rq_a.id = ${applicationId}
      and (lower(rq.specialty) = lower(rq_p.specialty) or rq.specialty = '')
    order by (rq.specialty = '') asc
    limit 1)`;
}
