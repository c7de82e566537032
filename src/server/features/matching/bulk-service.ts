import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import {
  MAX_RUN_PAIRS,
  MAX_RUN_PLACEMENTS,
  MAX_RUN_STUDENTS,
  type MatchRefusalCode,
  type MatchRunRequest,
} from "../../../domain/matching/bulk";
import { scorePlacement } from "../../../domain/matching/scoring";
import type { Db, DbOrTx } from "../../db/client";
import { matchRuns } from "../../db/schema/match-runs";
import { organizations } from "../../db/schema/organizations";
import { assertVerified, type ProgramScope, programScope, type Scope } from "../../lib/access";
import type { Deps, Viewer } from "../../lib/context";
import { AppError, invalid, notFound } from "../../lib/errors";
import { submitLines } from "../applications/submit";
import { MATCHING_RUN } from "./bulk-job";
import { poolFacilities, type RunPlacementRow, selectRunPlacements, selectRunStudents } from "./bulk-select";
import { type RunParams, runView, type StoredResult } from "./bulk-store";
import { loadPool, studentSources } from "./sources";

// Bulk matching for a program (issue 13): preview who and what a run would take, start a run (a
// job of the queue, computed on a worker thread), read it (progress, then the two proposals), a
// student's candidates for a swap, and submit a proposal's lines as applications in one
// transaction. Every run belongs to one program: a coordinator's own (D1), or the program an
// administrator names; a run of another program is "not found".

/** A program's runs are kept a week; starting another deletes the older ones. */
const RUNS_KEPT_DAYS = 7;
/** A run still queued or running after this long is not "under way" any more (its process died). */
const STALE_MINUTES = 10;
const PREVIEW_STUDENTS = 200;

/** The program a request is about: the coordinator's own, or the one an administrator names (422 without). */
async function runProgram(
  db: DbOrTx,
  access: Scope,
  requested: string | undefined,
): Promise<ProgramScope & { kind: "program" }> {
  const scope = programScope(access, requested);
  if (scope.kind === "all")
    throw invalid([{ path: "programId", message: "Choose the program whose students to match" }]);
  if (access.kind === "all") {
    const [org] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.id, scope.programId), eq(organizations.kind, "program")));
    if (!org) throw invalid([{ path: "programId", message: "Unknown program" }]);
  }
  return scope;
}

/** The students and placements a run would take, with the pool filter's facilities. */
export async function previewRun(db: DbOrTx, access: Scope, input: MatchRunRequest) {
  const scope = await runProgram(db, access, input.programId);
  const [studentRows, placementRows, facilities] = await Promise.all([
    selectRunStudents(db, scope.programId, input.students, input.window),
    selectRunPlacements(db, input.pool, input.window),
    poolFacilities(db, input.pool.specialty, input.window),
  ]);
  const byName = studentRows
    .map((s) => ({ ...s, name: `${s.firstName} ${s.lastName}` }))
    .sort(
      (a, b) =>
        a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || (a.id < b.id ? -1 : 1),
    )
    .slice(0, PREVIEW_STUDENTS);
  return {
    students: {
      total: studentRows.length,
      items: byName.map((s) => ({
        id: s.id,
        name: s.name,
        specialtyInterest: s.specialtyInterest,
        complianceStatus: s.complianceStatus,
        gpa: s.gpa,
      })),
    },
    placements: { total: placementRows.length, seats: seatsOf(placementRows) },
    facilities,
  };
}

const seatsOf = (rows: RunPlacementRow[]) => rows.reduce((n, p) => n + Math.max(0, p.capacity - p.slotsFilled), 0);
const count = (n: number) => n.toLocaleString("en-US");

/**
 * Starts a run: chooses its students and placements now, keeps them in the run's row and enqueues
 * its job in the same transaction. 422 naming `students` or `pool` when either is empty or the run
 * is too large; 409 while another run of the program is under way; 403 for a program pending
 * verification (it cannot submit applications yet, D2).
 */
export async function startRun(deps: Deps, viewer: Viewer, access: Scope, input: MatchRunRequest) {
  const { db } = deps;
  const scope = await runProgram(db, access, input.programId);
  if (access.kind === "program") assertVerified(viewer.organization);
  else {
    const [org] = await db
      .select({ name: organizations.name, verificationStatus: organizations.verificationStatus })
      .from(organizations)
      .where(eq(organizations.id, scope.programId));
    assertVerified(org ?? null);
  }
  const [studentRows, placementRows] = await Promise.all([
    selectRunStudents(db, scope.programId, input.students, input.window),
    selectRunPlacements(db, input.pool, input.window),
  ]);
  if (studentRows.length === 0) {
    throw invalid([
      {
        path: "students",
        message:
          "No student to match: no active student of these filters is free of an approved rotation in these dates",
      },
    ]);
  }
  if (studentRows.length > MAX_RUN_STUDENTS) {
    throw invalid([
      { path: "students", message: `At most ${count(MAX_RUN_STUDENTS)} students per run: narrow the students` },
    ]);
  }
  if (placementRows.length === 0) {
    throw invalid([
      { path: "pool", message: "No open placement with a spot left starts in these dates (with these filters)" },
    ]);
  }
  if (placementRows.length > MAX_RUN_PLACEMENTS) {
    throw invalid([
      { path: "pool", message: `At most ${count(MAX_RUN_PLACEMENTS)} placements per run: narrow the placements` },
    ]);
  }
  if (studentRows.length * placementRows.length > MAX_RUN_PAIRS) {
    throw invalid([
      {
        path: "students",
        message: `${count(studentRows.length)} students × ${count(placementRows.length)} placements is more than ${count(MAX_RUN_PAIRS)} pairs: narrow the students or the placements`,
      },
    ]);
  }
  const params: RunParams = {
    request: {
      ...input,
      programId: scope.programId,
      students: { ...input.students, ids: input.students.ids?.length ?? 0 },
    },
    studentIds: studentRows.map((s) => s.id),
    placementIds: placementRows.map((p) => p.id),
    counts: { students: studentRows.length, placements: placementRows.length, seats: seatsOf(placementRows) },
  };
  const row = await db.transaction(async (tx) => {
    // One run under way per program: a second click does not start a second computation.
    const [busy] = await tx
      .select({ id: matchRuns.id })
      .from(matchRuns)
      .where(
        and(
          eq(matchRuns.programId, scope.programId),
          inArray(matchRuns.status, ["queued", "running"]),
          gt(matchRuns.updatedAt, sql`now() - make_interval(mins => ${STALE_MINUTES})`),
        ),
      )
      .for("update");
    if (busy)
      throw new AppError("run_under_way", "A match run of this program is under way: wait for it to finish", 409);
    await tx
      .delete(matchRuns)
      .where(
        and(
          eq(matchRuns.programId, scope.programId),
          lt(matchRuns.createdAt, sql`now() - make_interval(days => ${RUNS_KEPT_DAYS})`),
        ),
      );
    const [created] = await tx
      .insert(matchRuns)
      .values({ programId: scope.programId, createdBy: viewer.userId, params })
      .returning();
    await deps.jobs.enqueue(tx, { kind: MATCHING_RUN, payload: { runId: created.id }, maxAttempts: 2 });
    return created;
  });
  deps.jobs.wake?.();
  return runView(db, row);
}

/** A run of the caller's program (an administrator: any), else 404. */
async function findRun(db: DbOrTx, access: Scope, id: string) {
  const scope = programScope(access);
  const [row] = await db
    .select()
    .from(matchRuns)
    .where(and(eq(matchRuns.id, id), scope.kind === "program" ? eq(matchRuns.programId, scope.programId) : undefined));
  if (!row) throw notFound("Match run");
  return row;
}

export async function getRun(db: DbOrTx, access: Scope, id: string) {
  return runView(db, await findRun(db, access, id));
}

/**
 * A student's candidates in a run's pool, scored now (for a swap): the placements still open with
 * a spot left, that the student has not applied to and may be offered (dates, GPA), best first.
 */
export async function runCandidates(db: Db, access: Scope, id: string, studentId: string) {
  const row = await findRun(db, access, id);
  const params = row.params as RunParams;
  if (!params.studentIds.includes(studentId)) throw notFound("Student");
  const scope: Scope = { kind: "program", programId: row.programId };
  const [sources, pool] = await Promise.all([studentSources(db, scope, studentId), loadPool(db)]);
  const inRun = new Set(params.placementIds);
  const items = pool.placements
    .filter((p) => inRun.has(p.view.id) && !sources.applied.has(p.view.id))
    .map((p) => {
      const scored = scorePlacement(sources.scoring, p.scoring, sources.today, {
        voice: "coordinator",
        requirementNames: pool.requirementNames,
      });
      return { p, scored };
    })
    .filter(({ scored }) => scored.eligible)
    .sort((a, b) => b.scored.score - a.scored.score || (a.p.view.id < b.p.view.id ? -1 : 1))
    .map(({ p, scored }) => ({
      placementId: p.view.id,
      score: scored.score,
      reason: scored.reason,
      spotsLeft: p.view.availableSpots,
    }));
  const name = await studentName(db, row.programId, studentId);
  return { student: { id: studentId, name }, items };
}

async function studentName(db: DbOrTx, programId: string, studentId: string) {
  const rows = (await db.execute(
    sql`select first_name || ' ' || last_name as name from students where id = ${studentId} and program_id = ${programId}`,
  )) as unknown as { rows: { name: string }[] };
  const name = rows.rows[0]?.name;
  if (!name) throw notFound("Student");
  return name;
}

type SubmittedLine = { studentId: string; placementId: string; applicationId: string; name: string };
type RefusedLine = {
  studentId: string;
  placementId: string;
  name: string | null;
  code: MatchRefusalCode;
  reason: string;
};

/**
 * Submits the lines as shown (after the coordinator removed or swapped some) in one transaction,
 * each line submitted or refused with its reason. A line whose student or placement is not the
 * run's is refused (`not_in_run`); the others go through the applications' checks (submitLines).
 */
export async function submitRun(
  deps: Deps,
  viewer: Viewer,
  access: Scope,
  id: string,
  input: { lines: { studentId: string; placementId: string }[]; notes: string | null },
) {
  const row = await findRun(deps.db, access, id);
  if (row.status !== "done") throw new AppError("run_not_done", "This match run has not finished yet", 409);
  if (access.kind === "program") assertVerified(viewer.organization);
  const stored = row.result as StoredResult;
  const studentsOfRun = new Set(stored.students.map((s) => s.id));
  const placementsOfRun = new Set(stored.placements.map((p) => p.id));
  const refusedEarly = new Map<string, RefusedLine>();
  const toSubmit: { studentId: string; placementId: string }[] = [];
  for (const line of input.lines) {
    if (!studentsOfRun.has(line.studentId) || !placementsOfRun.has(line.placementId)) {
      refusedEarly.set(line.studentId, {
        ...line,
        name: null,
        code: "not_in_run",
        reason: studentsOfRun.has(line.studentId)
          ? "This placement is not in the run's pool"
          : "This student is not in the run",
      });
    } else toSubmit.push(line);
  }
  const outcomes =
    toSubmit.length > 0
      ? await submitLines(
          deps,
          viewer.userId,
          { kind: "program", programId: row.programId },
          {
            lines: toSubmit,
            notes: input.notes,
          },
        )
      : [];
  const byStudent = new Map(outcomes.map((o) => [o.studentId, o]));
  const submitted: SubmittedLine[] = [];
  const refused: RefusedLine[] = [];
  for (const line of input.lines) {
    const early = refusedEarly.get(line.studentId);
    if (early) {
      refused.push(early);
      continue;
    }
    const o = byStudent.get(line.studentId);
    if (o && "submitted" in o) {
      submitted.push({ ...line, applicationId: o.submitted.id, name: o.submitted.name });
    } else if (o) {
      refused.push({ ...line, name: o.refused.name, code: o.refused.code, reason: o.refused.reason });
    }
  }
  return { submitted, refused };
}
