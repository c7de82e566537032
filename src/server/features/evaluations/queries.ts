import { and, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { assertNever } from "../../../domain/assert-never";
import { DUE_SOON_DAYS, type EvaluationStatus } from "../../../domain/evaluations";
import type { DbOrTx } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { users } from "../../db/schema/auth";
import { organizations } from "../../db/schema/organizations";
import { placements } from "../../db/schema/placements";
import { evaluations as e } from "../../db/schema/rotations";
import { students } from "../../db/schema/students";
import { type Scope, scopeWhere } from "../../lib/access";

// The pieces every evaluation query shares: who may see which evaluation, the status word derived
// in SQL (the same rule as evaluationStatus in src/domain/evaluations.ts), the joined names.

export const programOrg = alias(organizations, "evaluation_program");
export const facilityOrg = alias(organizations, "evaluation_facility");
export const author = alias(users, "evaluation_author");

/**
 * Who sees an evaluation: its program (both kinds, with names), its facility's coordinators and
 * the rotation's preceptors the evaluation of the student only (never a site evaluation one by
 * one), the student their own (the route narrows further), administrators all.
 */
export function visibleTo(scope: Scope): SQL | undefined {
  const where = scopeWhere(scope, {
    program: e.programId,
    facility: e.facilityId,
    student: e.studentId,
    rotation: e.applicationId,
  });
  return siteEvaluationsWithheld(scope) ? and(where, eq(e.kind, "student")) : where;
}

/** The students' evaluations of a site, one by one, are for the program: never the facility's side. */
export function siteEvaluationsWithheld(scope: Scope): boolean {
  switch (scope.kind) {
    case "all":
    case "program":
    case "student":
      return false;
    case "facility":
    case "preceptor":
    case "none":
      return true;
    default:
      return assertNever(scope, "scope");
  }
}

/** The status word of a row on `today` (rows exist only once open: never "not_open"). */
export const statusSql = (today: string) => sql<EvaluationStatus>`(case
  when ${e.status} = 'submitted' then 'submitted'
  when ${e.dueDate} < ${today}::date then 'overdue'
  when ${e.dueDate} - ${today}::date <= ${sql.raw(String(DUE_SOON_DAYS))} then 'due_soon'
  else 'open' end)`;

export const listColumns = (today: string) => ({
  id: e.id,
  kind: e.kind,
  phase: e.phase,
  status: statusSql(today),
  dueDate: e.dueDate,
  submittedAt: e.submittedAt,
  templateName: e.templateName,
  applicationId: e.applicationId,
  studentId: e.studentId,
  studentFirst: students.firstName,
  studentLast: students.lastName,
  placementTitle: placements.title,
  startDate: placements.startDate,
  endDate: placements.endDate,
  programId: e.programId,
  programName: programOrg.name,
  facilityId: e.facilityId,
  facilityName: facilityOrg.name,
});

/** Evaluations with the student, the rotation and both organizations; callers add where, order, paging. */
export const selectEvaluations = (db: DbOrTx, today: string) =>
  db
    .select(listColumns(today))
    .from(e)
    .innerJoin(students, eq(students.id, e.studentId))
    .innerJoin(applications, eq(applications.id, e.applicationId))
    .innerJoin(placements, eq(placements.id, applications.placementId))
    .innerJoin(programOrg, eq(programOrg.id, e.programId))
    .innerJoin(facilityOrg, eq(facilityOrg.id, e.facilityId));

type Row = Awaited<ReturnType<ReturnType<typeof selectEvaluations>["where"]>>[number];

/** The API's shape of one evaluation in a list. */
export function toListItem(r: Row) {
  return {
    id: r.id,
    kind: r.kind,
    phase: r.phase,
    status: r.status,
    dueDate: r.dueDate,
    submittedAt: r.submittedAt?.toISOString() ?? null,
    formName: r.templateName,
    student: { id: r.studentId, name: `${r.studentFirst} ${r.studentLast}` },
    rotation: { id: r.applicationId, title: r.placementTitle, startDate: r.startDate, endDate: r.endDate },
    program: { id: r.programId, name: r.programName },
    facility: { id: r.facilityId, name: r.facilityName },
  };
}
export type EvaluationListItem = ReturnType<typeof toListItem>;
