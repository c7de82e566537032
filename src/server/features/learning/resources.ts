import { and, asc, count, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { ResourceValues } from "../../../domain/learning";
import type { Db, DbOrTx } from "../../db/client";
import { learningProgress, learningResources } from "../../db/schema/learning";
import { organizations } from "../../db/schema/organizations";
import { students } from "../../db/schema/students";
import { programScope, type Scope, type StudentScope } from "../../lib/access";
import type { Viewer } from "../../lib/context";
import { AppError, invalid, notFound } from "../../lib/errors";
import { likePattern, offsetOf } from "../../lib/pagination";

// The Learning Center's library (issue 16). Shared resources (no program) are curated by the
// platform's administrators and seen by every student; a program's own are seen by its students
// and coordinators only. Another program's resource is reported exactly like an unknown one (D1).

export type ResourceQuery = {
  page: number;
  pageSize: number;
  search?: string;
  category?: string;
  specialty?: string;
  programId?: string;
};

/** The student's program (their roster entry's), for the resources they may see. */
export async function programOfStudent(db: DbOrTx, studentId: string): Promise<string> {
  const [row] = await db.select({ programId: students.programId }).from(students).where(eq(students.id, studentId));
  if (!row) throw notFound("Student");
  return row.programId;
}

/** Shared resources and the program's own. */
const visibleToProgram = (programId: string) =>
  or(isNull(learningResources.programId), eq(learningResources.programId, programId));

/** Who may read which resources: a student and a coordinator their program's and the shared ones; admins all. */
async function readableWhere(db: DbOrTx, scope: Scope, requestedProgramId?: string): Promise<SQL | undefined> {
  if (scope.kind === "student") return visibleToProgram(await programOfStudent(db, scope.studentId));
  const narrowed = programScope(scope, requestedProgramId);
  return narrowed.kind === "program" ? visibleToProgram(narrowed.programId) : undefined;
}

function filters(q: ResourceQuery): SQL[] {
  const out: SQL[] = [];
  if (q.category) out.push(eq(learningResources.category, q.category));
  if (q.specialty) out.push(sql`${q.specialty} = any(${learningResources.specialties})`);
  if (q.search) {
    const p = likePattern(q.search);
    out.push(
      sql`(${learningResources.title} ilike ${p} or ${learningResources.summary} ilike ${p} or ${learningResources.body} ilike ${p} or array_to_string(${learningResources.specialties}, ' ') ilike ${p})`,
    );
  }
  return out;
}

const cardColumns = {
  id: learningResources.id,
  programId: learningResources.programId,
  programName: organizations.name,
  title: learningResources.title,
  summary: learningResources.summary,
  category: learningResources.category,
  kind: learningResources.kind,
  durationMinutes: learningResources.durationMinutes,
  specialties: learningResources.specialties,
  url: learningResources.url,
  file: sql<{
    name: string;
    contentType: string;
    size: number;
  } | null>`case when ${learningResources.fileKey} is null then null else json_build_object('name', ${learningResources.fileName}, 'contentType', ${learningResources.fileType}, 'size', ${learningResources.fileSize}) end`,
  updatedAt: learningResources.updatedAt,
};

const toCard = <T extends { updatedAt: Date; completedAt?: Date | string | null }>(r: T) => ({
  ...r,
  updatedAt: r.updatedAt.toISOString(),
  completedAt: r.completedAt == null ? null : new Date(r.completedAt).toISOString(),
});

// Required first, then by category and title: what a student must read comes first.
const order = [
  asc(sql`case ${learningResources.kind} when 'required' then 0 else 1 end`),
  asc(learningResources.category),
  asc(learningResources.title),
  asc(learningResources.id),
];

/** A page of the library as a student sees it, each with their "done" mark; counts by category in SQL. */
export async function listForStudent(db: Db, scope: StudentScope, q: ResourceQuery) {
  const programId = await programOfStudent(db, scope.studentId);
  const where = and(visibleToProgram(programId), ...filters(q));
  const done = and(
    eq(learningProgress.resourceId, learningResources.id),
    eq(learningProgress.studentId, scope.studentId),
  );
  const [rows, [total], [progress]] = await Promise.all([
    db
      .select({ ...cardColumns, completedAt: learningProgress.completedAt })
      .from(learningResources)
      .leftJoin(organizations, eq(organizations.id, learningResources.programId))
      .leftJoin(learningProgress, done)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(learningResources).where(where),
    db
      .select({ all: count(), done: sql<number>`count(${learningProgress.resourceId})::int` })
      .from(learningResources)
      .leftJoin(learningProgress, done)
      .where(visibleToProgram(programId)),
  ]);
  return {
    items: rows.map(toCard),
    total: total.n,
    page: q.page,
    pageSize: q.pageSize,
    progress: { done: progress.done, total: progress.all },
  };
}

/** A page of the library for coordinators (their program's and the shared) and administrators (all). */
export async function listForCoordinator(db: Db, scope: Scope, q: ResourceQuery) {
  const where = and(await readableWhere(db, scope, q.programId), ...filters(q));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...cardColumns,
        completedBy: sql<number>`(select count(*) from learning_progress lp where lp.resource_id = "learning_resources"."id")::int`,
      })
      .from(learningResources)
      .leftJoin(organizations, eq(organizations.id, learningResources.programId))
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(learningResources).where(where),
  ]);
  return { items: rows.map(toCard), total: total.n, page: q.page, pageSize: q.pageSize };
}

/** One resource with its text, if the caller may read it (404 otherwise); a student's "done" mark. */
export async function readResource(db: Db, scope: Scope, id: string) {
  const studentId = scope.kind === "student" ? scope.studentId : null;
  const [row] = await db
    .select({
      ...cardColumns,
      body: learningResources.body,
      completedAt: studentId
        ? sql<Date | null>`(select completed_at from learning_progress lp where lp.resource_id = "learning_resources"."id" and lp.student_id = ${studentId})`
        : sql<null>`null`,
    })
    .from(learningResources)
    .leftJoin(organizations, eq(organizations.id, learningResources.programId))
    .where(and(eq(learningResources.id, id), await readableWhere(db, scope)));
  if (!row) throw notFound("Resource");
  return toCard(row);
}

/** The student's "mark as done" (or not). */
export async function markResource(db: Db, scope: StudentScope, id: string, done: boolean) {
  await readResource(db, scope, id);
  if (done) {
    await db
      .insert(learningProgress)
      .values({ studentId: scope.studentId, resourceId: id })
      .onConflictDoNothing({ target: [learningProgress.studentId, learningProgress.resourceId] });
  } else {
    await db
      .delete(learningProgress)
      .where(and(eq(learningProgress.studentId, scope.studentId), eq(learningProgress.resourceId, id)));
  }
  return readResource(db, scope, id);
}

// ---------------------------------------------------------------------------------------------
// Writes: coordinators their program's resources, administrators the shared ones (or a program's).

export const SHARED_RESOURCE_MESSAGE = "Shared resources are curated by the platform's administrators";

/** The program a new resource goes to: a coordinator's own; an admin's named one or none (shared). */
async function targetProgram(db: Db, scope: Scope, requested?: string | null): Promise<string | null> {
  const narrowed = programScope(scope, requested);
  if (narrowed.kind === "all") return null;
  if (scope.kind === "all") {
    const [org] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.id, narrowed.programId), eq(organizations.kind, "program")));
    if (!org) throw invalid([{ path: "programId", message: "Unknown program" }]);
  }
  return narrowed.programId;
}

/** A resource the caller may change: 404 when they may not read it, 403 for a coordinator on a shared one. */
export async function writable(db: Db, scope: Scope, id: string) {
  const narrowed = programScope(scope);
  const [row] = await db
    .select({ id: learningResources.id, programId: learningResources.programId })
    .from(learningResources)
    .where(
      and(eq(learningResources.id, id), narrowed.kind === "program" ? visibleToProgram(narrowed.programId) : undefined),
    );
  if (!row) throw notFound("Resource");
  if (narrowed.kind === "program" && row.programId === null) {
    throw new AppError("forbidden", SHARED_RESOURCE_MESSAGE, 403);
  }
  return row;
}

export async function createResource(
  db: Db,
  scope: Scope,
  viewer: Viewer,
  input: ResourceValues & { programId?: string | null },
) {
  const programId = await targetProgram(db, scope, input.programId);
  const [{ id }] = await db
    .insert(learningResources)
    .values({
      programId,
      title: input.title,
      summary: input.summary,
      body: input.body,
      category: input.category,
      kind: input.kind,
      durationMinutes: input.durationMinutes,
      specialties: input.specialties,
      url: input.url,
      createdBy: viewer.userId,
    })
    .returning({ id: learningResources.id });
  return readResource(db, { kind: "all" }, id);
}

export async function updateResource(db: Db, scope: Scope, id: string, input: ResourceValues) {
  await writable(db, scope, id);
  await db
    .update(learningResources)
    .set({
      title: input.title,
      summary: input.summary,
      body: input.body,
      category: input.category,
      kind: input.kind,
      durationMinutes: input.durationMinutes,
      specialties: input.specialties,
      url: input.url,
      updatedAt: new Date(),
    })
    .where(eq(learningResources.id, id));
  return readResource(db, { kind: "all" }, id);
}

export async function deleteResource(db: Db, scope: Scope, id: string) {
  await writable(db, scope, id);
  const [gone] = await db
    .delete(learningResources)
    .where(eq(learningResources.id, id))
    .returning({ fileKey: learningResources.fileKey });
  // The caller removes the stored file once the row is gone (resource-file.ts).
  return { id, deleted: true as const, fileKey: gone?.fileKey ?? null };
}

/** Every resource a student may read, with its text: the assistant's library. */
export async function libraryOfStudent(db: Db, studentId: string) {
  const programId = await programOfStudent(db, studentId);
  return db
    .select({
      id: learningResources.id,
      title: learningResources.title,
      summary: learningResources.summary,
      body: learningResources.body,
      specialties: learningResources.specialties,
      category: learningResources.category,
    })
    .from(learningResources)
    .where(visibleToProgram(programId));
}
