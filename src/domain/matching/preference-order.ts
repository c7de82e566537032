import type { MatchingInstance } from "./instance";

// A student's preference order over its candidates: score descending, ties by lower placement
// index (so the order, and every matching built from it, never depends on the order the edges
// came in). buildInstance lays each student's edges out in this order (a rank list, as students
// submit them in a residency match), so deferred acceptance finds them in order and sorts nothing.

/** Edge e comes before edge f in the student's order. */
const before = (scores: Float64Array, placements: Int32Array, e: number, f: number) =>
  scores[e] > scores[f] || (scores[e] === scores[f] && placements[e] < placements[f]);

/** Every student's edges are already in its preference order (one pass, no allocation). */
export function inPreferenceOrder(inst: MatchingInstance): boolean {
  const { offsets, placements, scores } = inst;
  for (let s = 0; s < inst.studentCount; s++) {
    for (let e = offsets[s] + 1; e < offsets[s + 1]; e++) {
      if (!before(scores, placements, e - 1, e)) return false;
    }
  }
  return true;
}

/**
 * For each student, its edge indices in preference order (positions offsets[s]..offsets[s+1]-1).
 * Insertion sort per student on a small local copy of the scores: rank lists hold 12–30 edges,
 * where it beats a general sort and allocates nothing per student; on a list already in order it
 * is one comparison per edge.
 */
export function preferencePermutation(inst: MatchingInstance): Int32Array {
  const { offsets, placements, scores } = inst;
  const order = new Int32Array(placements.length);
  let longest = 0;
  for (let s = 0; s < inst.studentCount; s++) longest = Math.max(longest, offsets[s + 1] - offsets[s]);
  const keyScore = new Float64Array(longest);
  for (let s = 0; s < inst.studentCount; s++) {
    const start = offsets[s];
    const n = offsets[s + 1] - start;
    for (let i = 0; i < n; i++) {
      const e = start + i;
      const score = scores[e];
      let k = i - 1;
      while (k >= 0) {
        const ks = keyScore[k];
        // Equal scores: the lower placement first (looked up only on a tie).
        if (ks > score || (ks === score && placements[order[start + k]] < placements[e])) break;
        keyScore[k + 1] = ks;
        order[start + k + 1] = order[start + k];
        k--;
      }
      keyScore[k + 1] = score;
      order[start + k + 1] = e;
    }
  }
  return order;
}

/** The same instance with each student's edges in preference order (itself when they already are). */
export function sortedByPreference(inst: MatchingInstance): MatchingInstance {
  if (inPreferenceOrder(inst)) return inst;
  const order = preferencePermutation(inst);
  const E = order.length;
  const placements = new Int32Array(E);
  const scores = new Float64Array(E);
  const priorities = new Float64Array(E);
  for (let i = 0; i < E; i++) {
    const e = order[i];
    placements[i] = inst.placements[e];
    scores[i] = inst.scores[e];
    priorities[i] = inst.priorities[e];
  }
  return { ...inst, placements, scores, priorities };
}
