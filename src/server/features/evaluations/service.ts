import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import {
  DEFAULT_EVALUATION_SETTINGS,
  defaultForm,
  EVALUATION_KINDS,
  type EvaluationAnswer,
  type EvaluationKind,
  type EvaluationPhase,
  type EvaluationQuestion,
  type EvaluationStatus,
  SITE_SUMMARY_MINIMUM,
  SITE_SUMMARY_WITHHELD,
  summarizeSiteEvaluations,
  validateAnswers,
} from "../../../domain/evaluations";
import type { Db, DbOrTx } from "../../db/client";
import { organizations } from "../../db/schema/organizations";
import { evaluations as e, programEvaluationSettings, evaluationTemplates as t } from "../../db/schema/rotations";
import { students } from "../../db/schema/students";
import { type FacilityScope, type ProgramScope, type RotationScope, type Scope, scopeWhere } from "../../lib/access";
import { conflict, invalid, notFound } from "../../lib/errors";
import { likePattern, offsetOf } from "../../lib/pagination";
import { isUniqueViolation } from "../../lib/pg-errors";
import { openDueEvaluations, todayUtc } from "./open";
import { author, selectEvaluations, statusSql, toListItem, visibleTo } from "./queries";

// Evaluations (issue 17): the program's completion across its students, the preceptor's (and the
// facility coordinator's) evaluations of students, the student's of the site, the facility's
// anonymous summary, and the program's settings and forms. Another organization's evaluation, or
// one of a rotation not assigned to the preceptor, is 404 (D1).

export const EVALUATION_SORTS = ["dueDate", "student", "submittedAt"] as const;
export type EvaluationSort = (typeof EVALUATION_SORTS)[number];

export type EvaluationFilter = {
  kind?: EvaluationKind;
  phase?: EvaluationPhase;
  status?: EvaluationStatus;
  search?: string;
};
export type EvaluationListQuery = EvaluationFilter & {
  page: number;
  pageSize: number;
  sort?: EvaluationSort;
  order?: "asc" | "desc";
};

function filterWhere(scope: Scope, f: EvaluationFilter, today: string): SQL | undefined {
  const term = f.search ? likePattern(f.search) : null;
  return and(
    visibleTo(scope),
    f.kind ? eq(e.kind, f.kind) : undefined,
    f.phase ? eq(e.phase, f.phase) : undefined,
    f.status ? sql`${statusSql(today)} = ${f.status}` : undefined,
    term
      ? or(
          ilike(sql`${students.firstName} || ' ' || ${students.lastName}`, term),
          ilike(students.email, term),
          sql`exists (select 1 from applications ap join placements pp on pp.id = ap.placement_id
                       where ap.id = ${e.applicationId} and pp.title ilike ${term})`,
        )
      : undefined,
  );
}

const SORTS = (sort: EvaluationSort | undefined) =>
  sort === "student" ? [students.lastName, students.firstName] : sort === "submittedAt" ? [e.submittedAt] : [e.dueDate];

async function list(db: Db, scope: Scope, q: EvaluationListQuery) {
  const today = todayUtc();
  await openDueEvaluations(db, today, scope);
  const where = filterWhere(scope, q, today);
  const dir = q.order === "desc" ? desc : asc;
  const [rows, [total], counts] = await Promise.all([
    selectEvaluations(db, today)
      .where(where)
      .orderBy(...SORTS(q.sort).map((c) => dir(c)), asc(e.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(e).innerJoin(students, eq(students.id, e.studentId)).where(where),
    db
      .select({ status: statusSql(today), n: sql<number>`count(*)::int` })
      .from(e)
      .where(and(visibleTo(scope), q.kind ? eq(e.kind, q.kind) : undefined))
      // By position: the status expression carries the day as a parameter.
      .groupBy(sql`1`),
  ]);
  const byStatus: Record<EvaluationStatus, number> = { not_open: 0, open: 0, due_soon: 0, overdue: 0, submitted: 0 };
  for (const c of counts) byStatus[c.status] = c.n;
  return { items: rows.map(toListItem), total: total.n, page: q.page, pageSize: q.pageSize, byStatus };
}

/** The program's completion across its students (administrators: every program or the one named). */
export const listProgramEvaluations = (db: Db, scope: ProgramScope, q: EvaluationListQuery) => list(db, scope, q);

/** The evaluations of students a preceptor (assigned rotations) or a facility coordinator may fill. */
export const listSupervisedEvaluations = (db: Db, scope: RotationScope, q: EvaluationListQuery) =>
  list(db, scope, { ...q, kind: "student" });

export const EVALUATION_CSV_HEADER = [
  "Student",
  "Rotation",
  "Facility",
  "Rotation start",
  "Rotation end",
  "Kind",
  "Phase",
  "Due",
  "Status",
  "Submitted at",
  "Form",
];

export async function exportProgramEvaluations(db: Db, scope: ProgramScope, f: EvaluationFilter) {
  const today = todayUtc();
  await openDueEvaluations(db, today, scope);
  const rows = await selectEvaluations(db, today)
    .where(filterWhere(scope, f, today))
    .orderBy(asc(e.dueDate), asc(students.lastName), asc(e.id))
    .limit(50_000);
  return rows
    .map(toListItem)
    .map((r) => [
      r.student.name,
      r.rotation.title,
      r.facility.name,
      r.rotation.startDate,
      r.rotation.endDate,
      r.kind === "student" ? "Student (by preceptor)" : "Site (by student)",
      r.phase,
      r.dueDate,
      r.status,
      r.submittedAt ?? "",
      r.formName,
    ]);
}

/** One evaluation with its questions and answers, or 404 for one the caller may not see. */
export async function getEvaluation(db: DbOrTx, scope: Scope, id: string, extra?: SQL) {
  const today = todayUtc();
  const [row] = await selectEvaluations(db, today)
    .leftJoin(author, eq(author.id, e.submittedBy))
    .where(and(eq(e.id, id), visibleTo(scope), extra));
  if (!row) throw notFound("Evaluation");
  const [more] = await db
    .select({ questions: e.questions, answers: e.answers, authorName: author.name })
    .from(e)
    .leftJoin(author, eq(author.id, e.submittedBy))
    .where(eq(e.id, id));
  return {
    ...toListItem(row),
    questions: more.questions,
    answers: more.answers ?? [],
    submittedBy: more.authorName ?? null,
  };
}
export type EvaluationDetail = Awaited<ReturnType<typeof getEvaluation>>;

/**
 * Submits the answers once: validated against the evaluation's own questions (422 naming each),
 * then one conditional UPDATE (pending → submitted): of twenty identical submits one wins and
 * nineteen get 409.
 */
async function submit(
  db: Db,
  scope: Scope,
  id: string,
  userId: string,
  answers: EvaluationAnswer[],
  kind: EvaluationKind,
) {
  const [row] = await db
    .select({ id: e.id, status: e.status, questions: e.questions })
    .from(e)
    .where(and(eq(e.id, id), visibleTo(scope), eq(e.kind, kind)));
  if (!row) throw notFound("Evaluation");
  if (row.status === "submitted") throw conflict("This evaluation was already submitted");
  const checked = validateAnswers(row.questions, answers);
  if (!checked.ok) throw invalid(checked.issues, checked.issues.map((i) => i.message).join("; "));
  const done = await db
    .update(e)
    .set({
      status: "submitted",
      answers: checked.answers,
      submittedBy: userId,
      submittedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(e.id, id), eq(e.status, "pending")))
    .returning({ id: e.id });
  if (done.length === 0) throw conflict("This evaluation was already submitted");
  return getEvaluation(db, scope, id);
}

/** A preceptor (or the facility's coordinator, or an administrator) evaluates the student. */
export const submitStudentEvaluation = (
  db: Db,
  scope: RotationScope,
  id: string,
  userId: string,
  answers: EvaluationAnswer[],
) => submit(db, scope, id, userId, answers, "student");

// ---- The student's own ----------------------------------------------------------------------------

/**
 * The student's evaluations: those of the site to complete (or completed), and the evaluations of
 * them by their preceptors once submitted, never one still pending.
 */
export async function listMyEvaluations(db: Db, scope: Extract<Scope, { kind: "student" }>) {
  const today = todayUtc();
  await openDueEvaluations(db, today, scope);
  const rows = await selectEvaluations(db, today)
    .leftJoin(author, eq(author.id, e.submittedBy))
    .where(and(eq(e.studentId, scope.studentId), or(eq(e.kind, "site"), eq(e.status, "submitted"))))
    .orderBy(asc(e.kind), desc(e.dueDate), asc(e.id));
  const details = await db
    .select({ id: e.id, questions: e.questions, answers: e.answers, authorName: author.name })
    .from(e)
    .leftJoin(author, eq(author.id, e.submittedBy))
    .where(and(eq(e.studentId, scope.studentId), or(eq(e.kind, "site"), eq(e.status, "submitted"))));
  const byId = new Map(details.map((d) => [d.id, d]));
  const items = rows.map((r) => {
    const d = byId.get(r.id);
    return {
      ...toListItem(r),
      questions: d?.questions ?? [],
      answers: d?.answers ?? [],
      // The student's own site evaluation is theirs; the author of theirs is their preceptor.
      submittedBy: r.kind === "student" ? (d?.authorName ?? null) : null,
    };
  });
  return { items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) };
}

export async function submitSiteEvaluation(
  db: Db,
  scope: Extract<Scope, { kind: "student" }>,
  id: string,
  userId: string,
  answers: EvaluationAnswer[],
) {
  await submit(db, scope, id, userId, answers, "site");
  const mine = await listMyEvaluations(db, scope);
  const found = mine.items.find((i) => i.id === id);
  if (!found) throw notFound("Evaluation");
  return found;
}

// ---- The facility's anonymous summary ----------------------------------------------------------

/**
 * The site evaluations about a facility, only aggregated: averages per question and the comments,
 * without names, ids or dates, and nothing at all below five submitted.
 */
export async function siteSummary(db: Db, scope: FacilityScope) {
  if (scope.kind !== "facility") throw invalid([{ path: "facilityId", message: "Choose a facility" }]);
  const rows = await db
    .select({ questions: e.questions, answers: e.answers })
    .from(e)
    .where(and(eq(e.facilityId, scope.facilityId), eq(e.kind, "site"), eq(e.status, "submitted")));
  const submitted = rows.length;
  if (submitted < SITE_SUMMARY_MINIMUM) {
    return {
      submitted,
      minimum: SITE_SUMMARY_MINIMUM,
      shown: false,
      message: SITE_SUMMARY_WITHHELD,
      questions: [],
      comments: [],
    };
  }
  const summary = summarizeSiteEvaluations(rows.map((r) => ({ questions: r.questions, answers: r.answers ?? [] })));
  return { submitted, minimum: SITE_SUMMARY_MINIMUM, shown: true, message: null, ...summary };
}

// ---- Settings -------------------------------------------------------------------------------------

function ownProgram(scope: ProgramScope): string {
  if (scope.kind !== "program") throw invalid([{ path: "programId", message: "Choose a program" }]);
  return scope.programId;
}

/** Before a write: the program an administrator named exists (422 naming programId otherwise). */
async function writableProgram(db: DbOrTx, scope: ProgramScope): Promise<string> {
  const programId = ownProgram(scope);
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, programId), eq(organizations.kind, "program")));
  if (!org) throw invalid([{ path: "programId", message: "Unknown program" }]);
  return programId;
}

export async function getSettings(db: DbOrTx, scope: ProgramScope) {
  const programId = ownProgram(scope);
  const [row] = await db
    .select({ midpoint: programEvaluationSettings.midpoint, dueDays: programEvaluationSettings.dueDays })
    .from(programEvaluationSettings)
    .where(eq(programEvaluationSettings.programId, programId));
  return { programId, ...(row ?? DEFAULT_EVALUATION_SETTINGS) };
}

export async function saveSettings(
  db: Db,
  scope: ProgramScope,
  userId: string,
  input: { midpoint: boolean; dueDays: number },
) {
  await writableProgram(db, scope);
  const before = await getSettings(db, scope);
  await db
    .insert(programEvaluationSettings)
    .values({ programId: before.programId, midpoint: input.midpoint, dueDays: input.dueDays, updatedBy: userId })
    .onConflictDoUpdate({
      target: programEvaluationSettings.programId,
      set: { midpoint: input.midpoint, dueDays: input.dueDays, updatedBy: userId, updatedAt: new Date() },
    });
  return { before, after: await getSettings(db, scope) };
}

// ---- Forms ----------------------------------------------------------------------------------------

const formColumns = {
  id: t.id,
  programId: t.programId,
  kind: t.kind,
  name: t.name,
  questions: t.questions,
  active: t.active,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
  inUse: sql<number>`(select count(*)::int from evaluations ev where ev.template_id = "evaluation_templates"."id")`,
};
type FormRow = { [K in keyof typeof formColumns]: unknown } & {
  id: string;
  programId: string;
  kind: EvaluationKind;
  name: string;
  questions: EvaluationQuestion[];
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
  inUse: number;
};
const toForm = (r: FormRow) => ({
  id: r.id,
  programId: r.programId,
  kind: r.kind,
  name: r.name,
  questions: r.questions,
  active: r.active,
  inUse: r.inUse,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
export type EvaluationFormRecord = ReturnType<typeof toForm>;

const formsVisibleTo = (scope: Scope) => scopeWhere(scope, { program: t.programId });

/** The program's forms of each kind, and the built-in defaults (in use while no form of the kind is active). */
export async function listForms(db: Db, scope: ProgramScope) {
  const programId = ownProgram(scope);
  const rows = (await db
    .select(formColumns)
    .from(t)
    .where(eq(t.programId, programId))
    .orderBy(asc(t.kind), desc(t.active), asc(t.name), desc(t.createdAt))) as FormRow[];
  const items = rows.map(toForm);
  const defaults = Object.fromEntries(
    EVALUATION_KINDS.map((kind) => [
      kind,
      { ...defaultForm(kind), active: !items.some((f) => f.kind === kind && f.active) },
    ]),
  ) as Record<EvaluationKind, { name: string; questions: EvaluationQuestion[]; active: boolean }>;
  return { programId, items, defaults };
}

export async function getForm(db: DbOrTx, scope: Scope, id: string) {
  const [row] = (await db
    .select(formColumns)
    .from(t)
    .where(and(eq(t.id, id), formsVisibleTo(scope)))) as FormRow[];
  if (!row) throw notFound("Form");
  return toForm(row);
}

function activeTaken(err: unknown): never {
  if (isUniqueViolation(err, "evaluation_templates_active_uq")) {
    throw conflict("Another form of this kind was made active at the same time: reload and try again");
  }
  throw err;
}

type FormInput = { name: string; questions: EvaluationQuestion[] };

/** A new form of the program; made active (the previous active form of its kind set aside) when asked. */
export async function createForm(
  db: Db,
  scope: ProgramScope,
  userId: string,
  input: FormInput & { kind: EvaluationKind; active?: boolean },
) {
  const programId = await writableProgram(db, scope);
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      if (input.active) {
        await tx
          .update(t)
          .set({ active: false, updatedAt: new Date() })
          .where(and(eq(t.programId, programId), eq(t.kind, input.kind), eq(t.active, true)));
      }
      const [row] = await tx
        .insert(t)
        .values({
          programId,
          kind: input.kind,
          name: input.name,
          questions: input.questions,
          active: input.active ?? false,
          createdBy: userId,
        })
        .returning({ id: t.id });
      return row.id;
    });
  } catch (err) {
    activeTaken(err);
  }
  return getForm(db, scope, id);
}

/**
 * Edits a form. A form some evaluation was given is not changed: the edit becomes a new form (the
 * copy takes over as the active one if the original was), so evaluations keep their questions.
 */
export async function updateForm(db: Db, scope: Scope, id: string, userId: string, input: FormInput) {
  const before = await getForm(db, scope, id);
  let nextId = id;
  try {
    nextId = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ id: t.id, active: t.active })
        .from(t)
        .where(and(eq(t.id, id), formsVisibleTo(scope)))
        .for("update");
      if (!current) throw notFound("Form");
      const [{ n }] = await tx.select({ n: count() }).from(e).where(eq(e.templateId, id));
      if (n === 0) {
        await tx
          .update(t)
          .set({ name: input.name, questions: input.questions, updatedAt: new Date() })
          .where(eq(t.id, id));
        return id;
      }
      if (current.active) await tx.update(t).set({ active: false, updatedAt: new Date() }).where(eq(t.id, id));
      const [copy] = await tx
        .insert(t)
        .values({
          programId: before.programId,
          kind: before.kind,
          name: input.name,
          questions: input.questions,
          active: current.active,
          createdBy: userId,
        })
        .returning({ id: t.id });
      return copy.id;
    });
  } catch (err) {
    activeTaken(err);
  }
  const after = await getForm(db, scope, nextId);
  return { before, after, copied: nextId !== id };
}

/** Makes the form the program's active one of its kind (`active: false`: back to the default). */
export async function setFormActive(db: Db, scope: Scope, id: string, active: boolean) {
  const before = await getForm(db, scope, id);
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ id: t.id })
        .from(t)
        .where(and(eq(t.id, id), formsVisibleTo(scope)))
        .for("update");
      if (!current) throw notFound("Form");
      if (active) {
        await tx
          .update(t)
          .set({ active: false, updatedAt: new Date() })
          .where(and(eq(t.programId, before.programId), eq(t.kind, before.kind), eq(t.active, true)));
      }
      await tx.update(t).set({ active, updatedAt: new Date() }).where(eq(t.id, id));
    });
  } catch (err) {
    activeTaken(err);
  }
  return { before, after: await getForm(db, scope, id) };
}
