import { type SQL, sql } from "drizzle-orm";
import { assertNever } from "../../../domain/assert-never";
import {
  DEFAULT_DUE_DAYS,
  DEFAULT_SITE_FORM,
  DEFAULT_STUDENT_FORM,
  FINAL_OPENS_DAYS_BEFORE_END,
} from "../../../domain/evaluations";
import type { DbOrTx } from "../../db/client";
import type { Scope } from "../../lib/access";

// Evaluations come into being when their phase opens (issue 17): the daily job opens every due
// one, and each list opens the caller's own before it reads, so nobody waits for the night. One
// INSERT … SELECT … ON CONFLICT DO NOTHING on (application, kind, phase): twenty at once, on any
// number of instances, leave one row each. The questions are a copy of the program's active form
// of the kind, or the built-in default: a later edit of the form never changes them.

/**
 * Rotations that ended longer ago than this get no new evaluations (a program that starts using
 * evaluations is not handed every rotation of past years as overdue, nor mailed about them).
 */
export const OPEN_HORIZON_DAYS = 60;

export const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The applications (a) and placements (p) of the rotations a scope may open evaluations for. */
function rotationsOf(scope: Scope): SQL {
  switch (scope.kind) {
    case "all":
      return sql`true`;
    case "program":
      return sql`a.program_id = ${scope.programId}`;
    case "facility":
      return sql`p.facility_id = ${scope.facilityId}`;
    case "student":
      return sql`a.student_id = ${scope.studentId}`;
    case "preceptor":
      return sql`a.id in (select rp.application_id from rotation_preceptors rp where rp.user_id = ${scope.userId} and rp.facility_id = ${scope.facilityId})`;
    case "none":
      return sql`false`;
    default:
      return assertNever(scope, "scope");
  }
}

/**
 * Opens the evaluations whose phase has opened by `today` (final: 7 days before the rotation's
 * last day; midpoint, when the program asks for it: its middle day), within `scope`. Returns how
 * many were new. The same rule as phaseWindow in src/domain/evaluations.ts.
 */
export async function openDueEvaluations(db: DbOrTx, today: string, scope: Scope = { kind: "all" }): Promise<number> {
  const before = sql.raw(String(FINAL_OPENS_DAYS_BEFORE_END));
  const opens = sql`(case k.phase
      when 'final' then greatest(p.start_date, p.end_date - ${before})
      else p.start_date + (p.end_date - p.start_date) / 2 end)`;
  const result = await db.execute(sql`
    insert into evaluations
      (application_id, student_id, program_id, facility_id, kind, phase, template_id, template_name, questions, due_date)
    select a.id, a.student_id, a.program_id, p.facility_id, k.kind::evaluation_kind, k.phase::evaluation_phase,
           t.id,
           coalesce(t.name, case k.kind when 'student' then ${DEFAULT_STUDENT_FORM.name} else ${DEFAULT_SITE_FORM.name} end),
           coalesce(t.questions, case k.kind
             when 'student' then ${JSON.stringify(DEFAULT_STUDENT_FORM.questions)}::jsonb
             else ${JSON.stringify(DEFAULT_SITE_FORM.questions)}::jsonb end),
           (case k.phase when 'final' then p.end_date else p.start_date + (p.end_date - p.start_date) / 2 end)
             + coalesce(s.due_days, ${DEFAULT_DUE_DAYS}::int)
      from applications a
      join placements p on p.id = a.placement_id
     cross join (values ('student', 'final'), ('site', 'final'), ('student', 'midpoint'), ('site', 'midpoint')) as k(kind, phase)
      left join program_evaluation_settings s on s.program_id = a.program_id
      left join evaluation_templates t
        on t.program_id = a.program_id and t.kind = k.kind::evaluation_kind and t.active
     where a.status = 'approved'
       and (k.phase = 'final' or coalesce(s.midpoint, false))
       and ${opens} <= ${today}::date
       and p.end_date >= ${today}::date - ${OPEN_HORIZON_DAYS}::int
       and ${rotationsOf(scope)}
    on conflict (application_id, kind, phase) do nothing`);
  const r = result as unknown as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}
