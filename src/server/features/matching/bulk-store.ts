import { and, eq, inArray } from "drizzle-orm";
import { type MatchRunRequest, PRIORITY_RULE, type RunPhase, type RunStatus } from "../../../domain/matching/bulk";
import type { DbOrTx } from "../../db/client";
import type { matchRuns } from "../../db/schema/match-runs";
import { organizations } from "../../db/schema/organizations";
import { placements } from "../../db/schema/placements";
import { students } from "../../db/schema/students";
import type { ProposalResult } from "./bulk-compute";

// What a match run keeps in its row (params when it starts, result when done), and the run as the
// API answers it: lines by student and placement id, with the students' names and the
// placements' details read with the run's program scope.

export type RunParams = {
  request: Omit<MatchRunRequest, "students"> & { students: Omit<MatchRunRequest["students"], "ids"> & { ids: number } };
  /** In roster order. */
  studentIds: string[];
  /** Soonest first. */
  placementIds: string[];
  counts: { students: number; placements: number; seats: number };
};

export type StoredResult = {
  today: string;
  pairs: number;
  /** The students scored (a student withdrawn since the run was asked for is left out), with their candidates. */
  students: { id: string; candidates: number }[];
  /** The placements scored (one filled or closed since is left out), with their spots left then. */
  placements: { id: string; spotsLeft: number }[];
  optimal: ProposalResult;
  stable: ProposalResult;
};

type RunRow = typeof matchRuns.$inferSelect;

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** The run as GET /api/matching/runs/{id} answers it. */
export async function runView(db: DbOrTx, row: RunRow) {
  const params = row.params as RunParams;
  const stored = row.status === "done" ? (row.result as StoredResult | null) : null;
  return {
    id: row.id,
    programId: row.programId,
    status: row.status as RunStatus,
    phase: row.phase as RunPhase,
    percent: row.percent,
    error: row.error,
    createdAt: iso(row.createdAt) as string,
    finishedAt: iso(row.finishedAt),
    window: params.request.window,
    counts: params.counts,
    result: stored ? await resultView(db, row.programId, stored) : null,
  };
}

async function resultView(db: DbOrTx, programId: string, r: StoredResult) {
  const studentIds = r.students.map((s) => s.id);
  const placementIds = r.placements.map((p) => p.id);
  const [studentRows, placementRows] = await Promise.all([
    studentIds.length === 0
      ? []
      : db
          .select({
            id: students.id,
            firstName: students.firstName,
            lastName: students.lastName,
            specialtyInterest: students.specialtyInterest,
            gpa: students.gpa,
          })
          .from(students)
          // The run's own program only (D1): its students, whatever the stored ids say.
          .where(and(eq(students.programId, programId), inArray(students.id, studentIds))),
    placementIds.length === 0
      ? []
      : db
          .select({
            id: placements.id,
            title: placements.title,
            specialty: placements.specialty,
            startDate: placements.startDate,
            endDate: placements.endDate,
            facilityId: organizations.id,
            facilityName: organizations.name,
            city: organizations.city,
            state: organizations.state,
          })
          .from(placements)
          .innerJoin(organizations, eq(organizations.id, placements.facilityId))
          .where(inArray(placements.id, placementIds)),
  ]);
  const studentOf = new Map(studentRows.map((s) => [s.id, s]));
  const placementOf = new Map(placementRows.map((p) => [p.id, p]));
  const proposal = (p: ProposalResult) => ({
    placed: p.placed,
    averageScore: p.averageScore,
    topThreeShare: p.topThreeShare,
    totalScore: p.totalScore,
    check: p.check,
    lines: p.lines
      .filter((l) => studentOf.has(r.students[l.s]?.id ?? "") && placementOf.has(r.placements[l.p]?.id ?? ""))
      .map((l) => ({
        studentId: r.students[l.s].id,
        placementId: r.placements[l.p].id,
        score: l.score,
        rank: l.rank,
        reason: l.reason,
      })),
  });
  return {
    today: r.today,
    pairs: r.pairs,
    priorityRule: PRIORITY_RULE,
    students: r.students.flatMap((s) => {
      const row = studentOf.get(s.id);
      return row
        ? [
            {
              id: s.id,
              name: `${row.firstName} ${row.lastName}`,
              specialtyInterest: row.specialtyInterest,
              gpa: row.gpa === null ? null : Number(row.gpa),
              candidates: s.candidates,
            },
          ]
        : [];
    }),
    placements: r.placements.flatMap((p) => {
      const row = placementOf.get(p.id);
      return row
        ? [
            {
              id: p.id,
              title: row.title,
              specialty: row.specialty,
              startDate: row.startDate,
              endDate: row.endDate,
              spotsLeft: p.spotsLeft,
              facility: { id: row.facilityId, name: row.facilityName, city: row.city, state: row.state },
            },
          ]
        : [];
    }),
    optimal: proposal(r.optimal),
    stable: proposal(r.stable),
  };
}
