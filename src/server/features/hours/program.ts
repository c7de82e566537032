import { and, eq, type SQL, sql } from "drizzle-orm";
import { formatHours, percentComplete } from "../../../domain/hours";
import type { Db } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { organizations } from "../../db/schema/organizations";
import { programHourRequirements } from "../../db/schema/rotations";
import { type ProgramScope, scopeWhere } from "../../lib/access";
import { invalid } from "../../lib/errors";
import { likePattern, offsetOf } from "../../lib/pagination";
import { requiredHoursSql } from "./required-hours";

// The program's view of the hours (issue 17): per student, the approved, pending and returned hours
// of their approved rotations against what the program requires, in one statement per page; the
// CSV has one row per student and rotation; the requirements per specialty and a default.

export type TotalsFilter = { search?: string; specialty?: string; below?: boolean };

/** The program's approved rotations with each one's hours by status and its requirement. */
function rotationTotals(scope: ProgramScope, f: TotalsFilter): SQL {
  const own = scopeWhere(scope, { program: applications.programId }) ?? sql`true`;
  return sql`
    select ${applications.id} as rotation_id, ${applications.studentId} as student_id,
           p.title, p.specialty, to_char(p.start_date, 'YYYY-MM-DD') as start_date,
           to_char(p.end_date, 'YYYY-MM-DD') as end_date, f.name as facility_name,
           ${requiredHoursSql(applications.id)} as required_hours,
           coalesce(h.approved, 0)::int as approved, coalesce(h.pending, 0)::int as pending,
           coalesce(h.returned, 0)::int as returned
      from ${applications}
      join placements p on p.id = ${applications.placementId}
      join organizations f on f.id = p.facility_id
      left join (
        select application_id,
               sum(minutes) filter (where status = 'approved') as approved,
               sum(minutes) filter (where status = 'submitted') as pending,
               sum(minutes) filter (where status = 'returned') as returned
          from hour_logs group by application_id
      ) h on h.application_id = ${applications.id}
     where ${applications.status} = 'approved' and ${own}
       ${f.specialty ? sql`and lower(p.specialty) = lower(${f.specialty})` : sql``}`;
}

function studentWhere(f: TotalsFilter): SQL {
  const term = f.search ? likePattern(f.search) : null;
  return sql`true
    ${term ? sql`and (s.first_name || ' ' || s.last_name ilike ${term} or s.email ilike ${term})` : sql``}
    ${f.below ? sql`and t.required is not null and t.approved < t.required * 60` : sql``}`;
}

type TotalsRow = {
  student_id: string;
  name: string;
  email: string;
  rotations: number;
  approved: number;
  pending: number;
  returned: number;
  required: number | null;
  total: number;
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** One page of students with their totals (one statement: rotations, sums and the count). */
export async function programTotals(db: Db, scope: ProgramScope, q: TotalsFilter & { page: number; pageSize: number }) {
  const result = await db.execute(sql`
    with r as (${rotationTotals(scope, q)}),
    t as (
      select student_id, count(*)::int as rotations, sum(approved)::int as approved,
             sum(pending)::int as pending, sum(returned)::int as returned, sum(required_hours)::int as required
        from r group by student_id
    )
    select s.id as student_id, s.first_name || ' ' || s.last_name as name, s.email,
           t.rotations, t.approved, t.pending, t.returned, t.required, count(*) over ()::int as total
      from t join students s on s.id = t.student_id
     where ${studentWhere(q)}
     order by s.last_name, s.first_name, s.id
     limit ${q.pageSize} offset ${offsetOf(q)}`);
  const rows = rowsOf<TotalsRow>(result);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.page > 1) {
    // Past the last page: the count still says how many there are.
    const counted = await db.execute(sql`
      with r as (${rotationTotals(scope, q)}),
      t as (select student_id, sum(approved)::int as approved, sum(required_hours)::int as required from r group by student_id)
      select count(*)::int as n from t join students s on s.id = t.student_id where ${studentWhere(q)}`);
    total = rowsOf<{ n: number }>(counted)[0]?.n ?? 0;
  }
  return {
    items: rows.map((r) => ({
      student: { id: r.student_id, name: r.name, email: r.email },
      rotations: r.rotations,
      approvedMinutes: r.approved,
      pendingMinutes: r.pending,
      returnedMinutes: r.returned,
      requiredHours: r.required,
      percent: percentComplete(r.approved, r.required),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export const PROGRAM_CSV_HEADER = [
  "Student",
  "Email",
  "Rotation",
  "Specialty",
  "Facility",
  "Start date",
  "End date",
  "Approved hours",
  "Pending hours",
  "Returned hours",
  "Required hours",
];

type CsvRow = {
  name: string;
  email: string;
  title: string;
  specialty: string;
  facility_name: string;
  start_date: string;
  end_date: string;
  approved: number;
  pending: number;
  returned: number;
  required_hours: number | null;
};

/** One row per student and rotation, the filters applied (one statement). */
export async function exportProgramTotals(db: Db, scope: ProgramScope, f: TotalsFilter) {
  const result = await db.execute(sql`
    with r as (${rotationTotals(scope, f)}),
    t as (
      select student_id, sum(approved)::int as approved, sum(required_hours)::int as required
        from r group by student_id
    )
    select s.first_name || ' ' || s.last_name as name, s.email, r.title, r.specialty, r.facility_name,
           r.start_date, r.end_date, r.approved, r.pending, r.returned, r.required_hours
      from r join t on t.student_id = r.student_id join students s on s.id = r.student_id
     where ${studentWhere(f)}
     order by s.last_name, s.first_name, s.id, r.start_date, r.rotation_id
     limit 50000`);
  return rowsOf<CsvRow>(result).map((r) => [
    r.name,
    r.email,
    r.title,
    r.specialty,
    r.facility_name,
    r.start_date,
    r.end_date,
    formatHours(r.approved),
    formatHours(r.pending),
    formatHours(r.returned),
    r.required_hours ?? "",
  ]);
}

/**
 * The program a requirement read or write is for: a coordinator's own, an administrator names one
 * (an id that is no program: 422 naming the field).
 */
export async function requirementProgram(db: Db, scope: ProgramScope): Promise<string> {
  if (scope.kind !== "program") throw invalid([{ path: "programId", message: "Choose a program" }]);
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, scope.programId), eq(organizations.kind, "program")));
  if (!org) throw invalid([{ path: "programId", message: "Unknown program" }]);
  return org.id;
}

export async function getRequirements(db: Db, programId: string) {
  const rows = await db
    .select({ specialty: programHourRequirements.specialty, hours: programHourRequirements.hours })
    .from(programHourRequirements)
    .where(eq(programHourRequirements.programId, programId))
    .orderBy(programHourRequirements.specialty);
  return { programId, requirements: rows };
}

/**
 * Replaces the program's requirements with `rows` (in one transaction under the program's lock, so
 * concurrent saves leave one of them whole).
 */
export async function setRequirements(
  db: Db,
  programId: string,
  userId: string,
  rows: { specialty: string; hours: number }[],
) {
  const before = await getRequirements(db, programId);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('hour_requirements'), hashtext(${programId}))`);
    await tx.delete(programHourRequirements).where(eq(programHourRequirements.programId, programId));
    if (rows.length > 0) {
      await tx
        .insert(programHourRequirements)
        .values(rows.map((r) => ({ programId, specialty: r.specialty.trim(), hours: r.hours, updatedBy: userId })));
    }
  });
  return { before, after: await getRequirements(db, programId) };
}
