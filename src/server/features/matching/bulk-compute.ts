import { placementPriority, type ReadinessDocuments, readinessShare } from "../../../domain/matching/bulk";
import type { Assignment, MatchingInstance } from "../../../domain/matching/instance";
import { checkOptimality, optimalAssignment } from "../../../domain/matching/optimal";
import {
  INELIGIBLE,
  matchScore,
  type PreparedPlacement,
  type PreparedStudent,
  preparePlacement,
  prepareStudent,
  type ScoringPlacement,
  type ScoringStudent,
  scorePlacement,
} from "../../../domain/matching/scoring";
import { deferredAcceptance, findBlockingPair } from "../../../domain/matching/stable";
import { summarize } from "../../../domain/matching/summary";

// A bulk match run's computation (issue 13), pure and synchronous: it runs in a worker thread
// (bulk-worker.ts) so that scoring millions of pairs and solving never hold the server's event
// loop. Every (student, placement) pair of the run is scored by the engine (scoring.ts); the
// eligible ones become the candidate edges of one instance, on which both the optimal solver and
// deferred acceptance run; each proposal comes back with its figures, its check (the optimality
// certificate, or the search for a blocking pair) and a reason for each line.

export type ComputeStudent = {
  id: string;
  scoring: ScoringStudent;
  /** 0 for the student who joined the roster first: the last key of the placements' priority. */
  rosterOrder: number;
  /** Placements the student already applied to (pending, approved or not selected): not candidates. */
  applied: readonly string[];
};

export type ComputePlacement = { id: string; scoring: ScoringPlacement };

export type ComputeInput = {
  /** YYYY-MM-DD: the database's day the run is judged on. */
  today: string;
  students: ComputeStudent[];
  placements: ComputePlacement[];
  /** Requirement type id → name, for the readiness sentence of a reason. */
  requirementNames: [string, string][];
};

export type ProposalLine = {
  /** Index into the run's students. */
  s: number;
  /** Index into the run's placements. */
  p: number;
  score: number;
  /** 1 when no candidate of the student scores more; 2 when one does... */
  rank: number;
  reason: string;
};

export type ProposalResult = {
  placed: number;
  averageScore: number;
  topThreeShare: number;
  totalScore: number;
  /** Optimal: the certificate (dual prices) checked; stable: no blocking pair found. */
  check: { ok: boolean; detail: string | null };
  lines: ProposalLine[];
};

export type ComputeOutput = {
  /** Candidate pairs (eligible, not applied before) scored into the instance. */
  pairs: number;
  /** Candidates per student, in the run's student order. */
  candidates: number[];
  optimal: ProposalResult;
  stable: ProposalResult;
};

export type Progress = (phase: "scoring" | "optimal" | "stable" | "checking" | "reasons", percent: number) => void;

/** Where each phase sits in the run's percent (loading before, saving after, are the server's). */
export const PHASE_SPAN = {
  scoring: [10, 55],
  optimal: [55, 80],
  stable: [80, 86],
  checking: [86, 92],
  reasons: [92, 98],
} as const;

const SCORE_LEVELS = 101;

/**
 * Scores every pair and builds the instance directly in CSR form, each student's edges already in
 * preference order (score descending, ties by lower placement index: a counting sort over the 101
 * integer scores), so neither algorithm sorts and no per-edge object is allocated.
 */
export function buildRunInstance(
  input: ComputeInput,
  progress: Progress = () => {},
): {
  inst: MatchingInstance;
  students: PreparedStudent[];
  placements: PreparedPlacement[];
} {
  const S = input.students.length;
  const P = input.placements.length;
  const today = input.today;
  const placements = input.placements.map((p) => preparePlacement(p.scoring));
  const index = new Map(input.placements.map((p, j) => [p.id, j]));
  const capacities = new Int32Array(P);
  const required: string[][] = [];
  for (let j = 0; j < P; j++) {
    const p = input.placements[j].scoring;
    capacities[j] = Math.max(0, p.capacity - p.slotsFilled);
    required.push([]);
  }

  let size = Math.min(S * P, 1 << 20);
  let placementOfEdge = new Int32Array(size);
  let scores = new Float64Array(size);
  let priorities = new Float64Array(size);
  const offsets = new Int32Array(S + 1);
  const rowScore = new Int32Array(P);
  const counts = new Int32Array(SCORE_LEVELS + 1);
  const excluded = new Uint8Array(P);
  const prepared: PreparedStudent[] = [];
  let edges = 0;
  const every = Math.max(1, Math.floor(S / 50));

  for (let s = 0; s < S; s++) {
    const student = input.students[s];
    const ps = prepareStudent(student.scoring);
    prepared.push(ps);
    for (const id of student.applied) {
      const j = index.get(id);
      if (j !== undefined) excluded[j] = 1;
    }
    counts.fill(0);
    let n = 0;
    for (let j = 0; j < P; j++) {
      const score = excluded[j] ? INELIGIBLE : matchScore(ps, placements[j], today);
      rowScore[j] = score;
      if (score >= 0) {
        counts[SCORE_LEVELS - score]++;
        n++;
      }
    }
    for (const id of student.applied) {
      const j = index.get(id);
      if (j !== undefined) excluded[j] = 0;
    }
    if (edges + n > size) {
      while (edges + n > size) size *= 2;
      placementOfEdge = grow(placementOfEdge, new Int32Array(size));
      scores = grow(scores, new Float64Array(size));
      priorities = grow(priorities, new Float64Array(size));
    }
    // Positions by score descending (counts indexed by 101 − score), placements ascending within.
    let at = edges;
    for (let k = 0; k <= SCORE_LEVELS; k++) {
      const c = counts[k];
      counts[k] = at;
      at += c;
    }
    const documents: ReadinessDocuments = new Map(student.scoring.documents.map((d) => [d.requirementTypeId, d]));
    const own = student.scoring.programRequirementTypeIds;
    for (let j = 0; j < P; j++) {
      const score = rowScore[j];
      if (score < 0) continue;
      const e = counts[SCORE_LEVELS - score]++;
      placementOfEdge[e] = j;
      scores[e] = score;
      const p = input.placements[j].scoring;
      const needs = required[j];
      needs.length = 0;
      for (const id of own) needs.push(id);
      for (const id of p.requirementTypeIds) if (!own.includes(id)) needs.push(id);
      priorities[e] = placementPriority({
        readiness: readinessShare(documents, needs, today, p.endDate),
        gpa: student.scoring.gpa,
        rosterOrder: student.rosterOrder,
      });
    }
    edges += n;
    offsets[s + 1] = edges;
    if (s % every === 0) progress("scoring", Math.round((s / Math.max(1, S)) * 100));
  }
  progress("scoring", 100);
  return {
    inst: {
      studentCount: S,
      capacities,
      offsets,
      placements: placementOfEdge.slice(0, edges),
      scores: scores.slice(0, edges),
      priorities: priorities.slice(0, edges),
    },
    students: prepared,
    placements,
  };
}

function grow<T extends Int32Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/** The run: both proposals, checked, with their figures and each line's reason. */
export function computeProposals(input: ComputeInput, progress: Progress = () => {}): ComputeOutput {
  const { inst, students, placements } = buildRunInstance(input, progress);
  const S = inst.studentCount;
  progress("optimal", 0);
  const optimal = optimalAssignment(inst);
  progress("optimal", 100);
  progress("stable", 0);
  const stable = deferredAcceptance(inst);
  progress("stable", 100);
  progress("checking", 0);
  const certificate = checkOptimality(inst, optimal);
  progress("checking", 50);
  const blocking = findBlockingPair(inst, stable);
  progress("checking", 100);

  const names = new Map(input.requirementNames);
  const reasons = new Map<number, string>();
  const total = S * 2;
  let done = 0;
  const reasonOf = (s: number, p: number) => {
    const key = s * input.placements.length + p;
    let reason = reasons.get(key);
    if (reason === undefined) {
      reason = scorePlacement(students[s], placements[p], input.today, {
        voice: "coordinator",
        requirementNames: names,
      }).reason;
      reasons.set(key, reason);
    }
    return reason;
  };
  const lines = (a: Assignment): ProposalLine[] => {
    const out: ProposalLine[] = [];
    for (let s = 0; s < S; s++) {
      done++;
      const p = a.placementOf[s];
      if (p < 0) continue;
      let score = -1;
      for (let e = inst.offsets[s]; e < inst.offsets[s + 1]; e++) {
        if (inst.placements[e] === p) {
          score = inst.scores[e];
          break;
        }
      }
      let rank = 1;
      for (let e = inst.offsets[s]; e < inst.offsets[s + 1]; e++) if (inst.scores[e] > score) rank++;
      out.push({ s, p, score, rank, reason: reasonOf(s, p) });
      if (done % 500 === 0) progress("reasons", Math.round((done / total) * 100));
    }
    return out;
  };
  const proposal = (a: Assignment, check: ProposalResult["check"]): ProposalResult => {
    const figures = summarize(inst, a);
    const ls = lines(a);
    return {
      placed: figures.placed,
      averageScore: figures.averageScore,
      topThreeShare: figures.topThreeShare,
      totalScore: ls.reduce((sum, l) => sum + l.score, 0),
      check,
      lines: ls,
    };
  };
  const result: ComputeOutput = {
    pairs: inst.placements.length,
    candidates: Array.from({ length: S }, (_, s) => inst.offsets[s + 1] - inst.offsets[s]),
    optimal: proposal(optimal, certificate.ok ? { ok: true, detail: null } : { ok: false, detail: certificate.reason }),
    stable: proposal(
      stable,
      blocking
        ? {
            ok: false,
            detail: `${input.students[blocking.student].id} and ${input.placements[blocking.placement].id} would rather have each other`,
          }
        : { ok: true, detail: null },
    ),
  };
  progress("reasons", 100);
  return result;
}
