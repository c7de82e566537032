import { type SQL, sql } from "drizzle-orm";
import type { CompletionState, RotationPhase } from "../../../domain/rotation-records";
import type { DbOrTx } from "../../db/client";
import type { ProgramScope } from "../../lib/access";
import { likePattern, offsetOf } from "../../lib/pagination";
import { requiredHoursSql } from "../hours/required-hours";

// The program's completion across its students (issue 17): one row per approved rotation with its
// approved hours against the requirement, evaluations submitted of expected, and whether a
// preceptor is assigned. One statement answers a page: the rotations' aggregates (lateral
// subqueries on hour_logs_application_idx and evaluations_rotation_uq), the page, its total, the
// counts at the top and the facilities to filter by.

export const COMPLETION_SORTS = ["endDate", "startDate", "student", "hours"] as const;
export type CompletionSort = (typeof COMPLETION_SORTS)[number];

export type CompletionFilter = {
  search?: string;
  status?: RotationPhase;
  facilityId?: string;
  completion?: CompletionState;
  sort?: CompletionSort;
  order?: "asc" | "desc";
};

export type CompletionRow = {
  id: string;
  studentId: string;
  studentName: string;
  email: string;
  placement: string;
  specialty: string;
  department: string | null;
  facilityId: string;
  facilityName: string;
  startDate: string;
  endDate: string;
  status: RotationPhase;
  approvedMinutes: number;
  pendingMinutes: number;
  requiredHours: number | null;
  evaluationsSubmitted: number;
  evaluationsExpected: number;
  preceptorAssigned: boolean;
  complete: boolean;
};

export type CompletionCounts = {
  total: number;
  endedComplete: number;
  endedIncomplete: number;
  current: number;
  upcoming: number;
};

/** The program's approved rotations with their figures (every one the scope may see). */
function rotationsCte(scope: ProgramScope): SQL {
  const own = scope.kind === "program" ? sql`and a.program_id = ${scope.programId}` : sql``;
  return sql`with r as (
    select a.id, s.id as "studentId", trim(s.first_name || ' ' || s.last_name) as "studentName",
      s.last_name, s.first_name, s.email, p.title as placement, p.specialty, d.name as department,
      f.id as "facilityId", f.name as "facilityName",
      to_char(p.start_date, 'YYYY-MM-DD') as "startDate", to_char(p.end_date, 'YYYY-MM-DD') as "endDate",
      case when p.end_date < current_date then 'ended' when p.start_date > current_date then 'upcoming'
        else 'current' end as status,
      coalesce(h.approved, 0)::int as "approvedMinutes", coalesce(h.pending, 0)::int as "pendingMinutes",
      ${requiredHoursSql(sql`a.id`)} as "requiredHours",
      coalesce(e.submitted, 0)::int as "evaluationsSubmitted",
      -- The final's two, and every other evaluation opened for it: a program asking for midpoints
      -- has them opened at each rotation's midpoint (the evaluations' daily job), so a rotation that
      -- ended before the program asked is not held to midpoints it was never given.
      greatest(2, coalesce(e.opened, 0))::int as "evaluationsExpected",
      exists (select 1 from rotation_preceptors rp where rp.application_id = a.id) as "preceptorAssigned"
    from applications a
    join students s on s.id = a.student_id
    join placements p on p.id = a.placement_id
    join organizations f on f.id = p.facility_id
    left join departments d on d.id = p.department_id
    left join lateral (
      select sum(hl.minutes) filter (where hl.status = 'approved') as approved,
        sum(hl.minutes) filter (where hl.status = 'submitted') as pending
      from hour_logs hl where hl.application_id = a.id) h on true
    left join lateral (
      select count(*) filter (where ev.status = 'submitted') as submitted, count(*) as opened
      from evaluations ev where ev.application_id = a.id) e on true
    where a.status = 'approved' ${own}
  ), c as (
    select r.*, (("requiredHours" is null or "approvedMinutes" >= "requiredHours" * 60)
      and "evaluationsSubmitted" >= "evaluationsExpected") as complete
    from r
  )`;
}

function filterSql(f: CompletionFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.status) parts.push(sql`status = ${f.status}`);
  if (f.facilityId) parts.push(sql`"facilityId" = ${f.facilityId}`);
  if (f.completion) parts.push(f.completion === "complete" ? sql`complete` : sql`not complete`);
  if (f.search) {
    const term = likePattern(f.search);
    parts.push(
      sql`("studentName" ilike ${term} or email ilike ${term} or placement ilike ${term} or "facilityName" ilike ${term})`,
    );
  }
  return sql.join(parts, sql` and `);
}

function orderSql(f: CompletionFilter): SQL {
  const dir = f.order === "asc" ? sql`asc` : f.order === "desc" ? sql`desc` : null;
  switch (f.sort ?? "endDate") {
    case "student":
      return sql`last_name ${dir ?? sql`asc`}, first_name ${dir ?? sql`asc`}, "endDate" desc, id`;
    case "startDate":
      return sql`"startDate" ${dir ?? sql`desc`}, last_name, first_name, id`;
    case "hours":
      return sql`"approvedMinutes" ${dir ?? sql`desc`}, last_name, first_name, id`;
    default:
      return sql`"endDate" ${dir ?? sql`desc`}, last_name, first_name, id`;
  }
}

const ROW_KEYS = `id, "studentId", "studentName", email, placement, specialty, department, "facilityId",
  "facilityName", "startDate", "endDate", status, "approvedMinutes", "pendingMinutes", "requiredHours",
  "evaluationsSubmitted", "evaluationsExpected", "preceptorAssigned", complete`;

type Result<T> = { rows: T[] };

/** One page of the program's rotations, its total, the counts at the top and the facilities to filter by. */
export async function listCompletion(
  db: DbOrTx,
  scope: ProgramScope,
  q: CompletionFilter & { page: number; pageSize: number },
) {
  const res = (await db.execute(sql`${rotationsCte(scope)}, f as (select * from c where ${filterSql(q)})
    select
      (select count(*) from f)::int as "matching",
      (select coalesce(json_agg(x), '[]'::json) from (
        select ${sql.raw(ROW_KEYS)} from f order by ${orderSql(q)} limit ${q.pageSize} offset ${offsetOf(q)}
      ) x) as items,
      (select coalesce(json_agg(o order by o.name), '[]'::json) from (
        select distinct "facilityId" as id, "facilityName" as name from c
      ) o) as facilities,
      count(*)::int as total,
      (count(*) filter (where status = 'ended' and complete))::int as "endedComplete",
      (count(*) filter (where status = 'ended' and not complete))::int as "endedIncomplete",
      (count(*) filter (where status = 'current'))::int as current,
      (count(*) filter (where status = 'upcoming'))::int as upcoming
    from c`)) as unknown as Result<{
    matching: number;
    items: CompletionRow[];
    facilities: { id: string; name: string }[];
    total: number;
    endedComplete: number;
    endedIncomplete: number;
    current: number;
    upcoming: number;
  }>;
  const row = res.rows[0];
  return {
    items: row.items,
    total: row.matching,
    page: q.page,
    pageSize: q.pageSize,
    counts: {
      total: row.total,
      endedComplete: row.endedComplete,
      endedIncomplete: row.endedIncomplete,
      current: row.current,
      upcoming: row.upcoming,
    } satisfies CompletionCounts,
    facilities: row.facilities,
  };
}

export const COMPLETION_CSV_HEADER = [
  "Student",
  "Email",
  "Placement",
  "Specialty",
  "Facility",
  "Department",
  "Start date",
  "End date",
  "Status",
  "Approved hours",
  "Pending hours",
  "Required hours",
  "Evaluations submitted",
  "Evaluations expected",
  "Preceptor assigned",
  "Complete",
];

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** Every rotation the filters match (no paging), as CSV rows. */
export async function exportCompletion(db: DbOrTx, scope: ProgramScope, f: CompletionFilter) {
  const res = (await db.execute(sql`${rotationsCte(scope)}
    select ${sql.raw(ROW_KEYS)} from c where ${filterSql(f)} order by ${orderSql(f)} limit 50000`)) as unknown as Result<
    CompletionRow & { approvedMinutes: number }
  >;
  return res.rows.map((r) => [
    r.studentName,
    r.email,
    r.placement,
    r.specialty,
    r.facilityName,
    r.department ?? "",
    r.startDate,
    r.endDate,
    r.status,
    hours(r.approvedMinutes),
    hours(r.pendingMinutes),
    r.requiredHours ?? "",
    r.evaluationsSubmitted,
    r.evaluationsExpected,
    r.preceptorAssigned ? "yes" : "no",
    r.complete ? "yes" : "no",
  ]);
}
