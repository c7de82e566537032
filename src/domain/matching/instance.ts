// A bulk-matching problem as the matching algorithms read it (issue 13): students, placements with
// seats left, and the candidate edges between them with the engine's score and the placement's
// priority. Typed arrays in CSR form (a student's edges are contiguous), because both algorithms
// walk one student's candidates at a time and a national-scale run holds about a million edges:
// flat arrays keep that walk in cache and out of the garbage collector. No I/O.
import { sortedByPreference } from "./preference-order";

/** Students 0..S-1, placements 0..P-1. Candidate edges in CSR form: student s owns edges offsets[s]..offsets[s+1]-1. */
export interface MatchingInstance {
  studentCount: number;
  /** Seats left per placement (length P). */
  capacities: Int32Array;
  /** Length S+1. */
  offsets: Int32Array;
  /** Edge -> placement. */
  placements: Int32Array;
  /** Edge -> score 0..100 (the engine's match score; higher is better; may be fractional). */
  scores: Float64Array;
  /** Edge -> the placement's priority for that student (higher = the placement prefers the student); ties broken by lower student index. */
  priorities: Float64Array;
}

/** Student -> placement index or -1 (unassigned). */
export interface Assignment {
  placementOf: Int32Array;
}

export interface CandidateEdge {
  student: number;
  placement: number;
  score: number;
  priority: number;
}

export interface InstanceInput {
  studentCount: number;
  capacities: readonly number[];
  edges: readonly CandidateEdge[];
}

/**
 * Builds a MatchingInstance from plain arrays (what the server has after scoring). Each student's
 * edges come out in its preference order (score descending, ties by lower placement index: see
 * preference-order.ts), whatever the input order. Throws a RangeError on anything the algorithms would silently
 * get wrong: an index out of range, a negative or fractional capacity, a score outside 0..100, a
 * non-finite priority, or the same student–placement pair twice (which of two scores would count?).
 */
export function buildInstance(input: InstanceInput): MatchingInstance {
  const { studentCount, capacities, edges } = input;
  if (!Number.isInteger(studentCount) || studentCount < 0) {
    throw new RangeError(`studentCount must be a non-negative integer, got ${studentCount}`);
  }
  const placementCount = capacities.length;
  const caps = new Int32Array(placementCount);
  for (let j = 0; j < placementCount; j++) {
    const c = capacities[j];
    if (!Number.isInteger(c) || c < 0 || c > 0x7fffffff) {
      throw new RangeError(`capacity of placement ${j} must be a non-negative integer, got ${c}`);
    }
    caps[j] = c;
  }
  // Counting sort by student (then each student's edges into preference order, below).
  const offsets = new Int32Array(studentCount + 1);
  for (let k = 0; k < edges.length; k++) {
    const { student, placement, score, priority } = edges[k];
    if (!Number.isInteger(student) || student < 0 || student >= studentCount) {
      throw new RangeError(`edge ${k}: student ${student} is not in 0..${studentCount - 1}`);
    }
    if (!Number.isInteger(placement) || placement < 0 || placement >= placementCount) {
      throw new RangeError(`edge ${k}: placement ${placement} is not in 0..${placementCount - 1}`);
    }
    if (!(score >= 0 && score <= 100)) throw new RangeError(`edge ${k}: score ${score} is not in 0..100`);
    if (!Number.isFinite(priority)) throw new RangeError(`edge ${k}: priority ${priority} is not a finite number`);
    offsets[student + 1]++;
  }
  for (let s = 0; s < studentCount; s++) offsets[s + 1] += offsets[s];
  const fill = offsets.slice(0, studentCount);
  const placements = new Int32Array(edges.length);
  const scores = new Float64Array(edges.length);
  const priorities = new Float64Array(edges.length);
  for (const { student, placement, score, priority } of edges) {
    const e = fill[student]++;
    placements[e] = placement;
    scores[e] = score;
    priorities[e] = priority;
  }
  // A repeated pair: mark each placement with the last student seen on it.
  const lastStudent = new Int32Array(placementCount).fill(-1);
  for (let s = 0; s < studentCount; s++) {
    for (let e = offsets[s]; e < offsets[s + 1]; e++) {
      if (lastStudent[placements[e]] === s) {
        throw new RangeError(`student ${s} has placement ${placements[e]} as a candidate twice`);
      }
      lastStudent[placements[e]] = s;
    }
  }
  return sortedByPreference({ studentCount, capacities: caps, offsets, placements, scores, priorities });
}

export const placementCount = (inst: MatchingInstance): number => inst.capacities.length;

/**
 * The edge each student is matched along, or -1. If an instance built by hand repeats a pair, the
 * best-scoring of the repeated edges counts (what a maximiser would have taken). -2 marks a student
 * assigned to a placement that is not among its candidates.
 */
export function assignedEdges(inst: MatchingInstance, a: Assignment): Int32Array {
  const { offsets, placements, scores } = inst;
  const out = new Int32Array(inst.studentCount).fill(-1);
  for (let s = 0; s < inst.studentCount; s++) {
    const j = a.placementOf[s];
    if (j < 0) continue;
    let best = -2;
    for (let e = offsets[s]; e < offsets[s + 1]; e++) {
      if (placements[e] === j && (best < 0 || scores[e] > scores[best])) best = e;
    }
    out[s] = best;
  }
  return out;
}

/**
 * Why `a` is not a matching of `inst` (wrong length, a placement out of range or not among the
 * student's candidates, more students than seats), or null when it is one.
 */
export function assignmentProblem(inst: MatchingInstance, a: Assignment): string | null {
  const P = inst.capacities.length;
  if (!(a.placementOf instanceof Int32Array) || a.placementOf.length !== inst.studentCount) {
    return `placementOf must be an Int32Array of length ${inst.studentCount}`;
  }
  const load = new Int32Array(P);
  const edges = assignedEdges(inst, a);
  for (let s = 0; s < inst.studentCount; s++) {
    const j = a.placementOf[s];
    if (j === -1) continue;
    if (j < -1 || j >= P) return `student ${s} is assigned to placement ${j}, which does not exist`;
    if (edges[s] === -2) return `student ${s} is assigned to placement ${j}, which is not one of its candidates`;
    load[j]++;
  }
  for (let j = 0; j < P; j++) {
    if (load[j] > inst.capacities[j]) {
      return `placement ${j} holds ${load[j]} students for ${inst.capacities[j]} seats`;
    }
  }
  return null;
}
