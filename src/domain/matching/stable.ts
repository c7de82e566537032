import { type Assignment, assignedEdges, assignmentProblem, type MatchingInstance } from "./instance";
import { sortedByPreference } from "./preference-order";

// Student-proposing deferred acceptance (Gale–Shapley with capacities, as in the residency match).
// Students rank their candidates by score (ties: lower placement index); placements rank students
// by priority (ties: lower student index). Both orders are strict, so the student-optimal stable
// matching is unique and the result does not depend on the order in which students propose.
//
// Layout, for speed at national scale (45,000 students, a million edges):
// - rank lists are the instance's own arrays: buildInstance lays each student's edges out in
//   preference order, so proposals read memory in sequence and nothing is sorted or copied here
//   (an instance in another order is sorted first, by insertion per student);
// - each placement keeps the students it holds in a min-heap of its own, laid out in one shared
//   array (placement j owns slots slotStart[j]..slotStart[j]+capacity-1), with the priority beside
//   the student; the root (the worst student held) is mirrored in two dense per-placement arrays,
//   so the common case, a full placement turning a newcomer down, touches no heap at all. No
//   object, Map or per-placement array is ever allocated;
// - free students wait on an Int32Array stack; a rejected student resumes from where its list
//   stopped (each edge is proposed along at most once: O(E log capacity) in all).

/** a is worse than b for the placement: lower priority, or equal priority and higher student index. */
const worse = (pa: number, sa: number, pb: number, sb: number) => pa < pb || (pa === pb && sa > sb);

export function deferredAcceptance(inst: MatchingInstance): Assignment {
  // Rank lists: a student proposes along its edges in order, reading memory in sequence. Instances
  // from buildInstance are in this order already (checked in one pass); others are sorted here.
  const { capacities, offsets, placements, priorities } = sortedByPreference(inst);
  const P = capacities.length;
  const slotStart = new Int32Array(P + 1);
  for (let j = 0; j < P; j++) slotStart[j + 1] = slotStart[j] + Math.max(0, capacities[j]);
  const placementOf = new Int32Array(inst.studentCount).fill(-1);
  propose(inst.studentCount, offsets, placements, priorities, capacities, slotStart, placementOf);
  return { placementOf };
}

/**
 * The proposals, in a function of its own that takes only typed arrays and numbers: V8 optimises
 * it once, whole, instead of on-stack-replacing a loop inside a function that also builds objects.
 */
function propose(
  S: number,
  offsets: Int32Array,
  rankedPlacement: Int32Array,
  rankedPriority: Float64Array,
  capacities: Int32Array,
  slotStart: Int32Array,
  placementOf: Int32Array,
): void {
  const P = capacities.length;
  const heldStudent = new Int32Array(slotStart[P]);
  const heldPriority = new Float64Array(slotStart[P]);
  const load = new Int32Array(P);
  // Each full placement's worst student held (its heap's root), dense: most proposals are
  // rejections, decided here without touching the heaps.
  const worstPriority = new Float64Array(P);
  const worstStudent = new Int32Array(P);
  const next = offsets.slice(0, S);
  const free = new Int32Array(S);
  let top = 0;
  for (let s = S - 1; s >= 0; s--) free[top++] = s;

  while (top > 0) {
    const s = free[--top];
    let ptr = next[s];
    const end = offsets[s + 1];
    while (ptr < end) {
      const j = rankedPlacement[ptr];
      const pr = rankedPriority[ptr];
      ptr++;
      const cap = capacities[j];
      const n = load[j];
      if (n >= cap) {
        // Full (or no seat at all): the newcomer must beat the worst student held.
        if (cap <= 0 || !worse(worstPriority[j], worstStudent[j], pr, s)) continue;
        const base = slotStart[j];
        const out = heldStudent[base];
        // Replace the root and sift the newcomer down j's heap.
        let i = 0;
        for (;;) {
          const left = 2 * i + 1;
          if (left >= cap) break;
          let child = left;
          const right = left + 1;
          if (
            right < cap &&
            worse(
              heldPriority[base + right],
              heldStudent[base + right],
              heldPriority[base + left],
              heldStudent[base + left],
            )
          ) {
            child = right;
          }
          const cp = heldPriority[base + child];
          const cs = heldStudent[base + child];
          if (!worse(cp, cs, pr, s)) break;
          heldPriority[base + i] = cp;
          heldStudent[base + i] = cs;
          i = child;
        }
        heldPriority[base + i] = pr;
        heldStudent[base + i] = s;
        worstPriority[j] = heldPriority[base];
        worstStudent[j] = heldStudent[base];
        placementOf[s] = j;
        placementOf[out] = -1;
        free[top++] = out;
        break;
      }
      // A free seat: sift the newcomer up from the end of j's heap.
      const base = slotStart[j];
      let i = n;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        const pp = heldPriority[base + parent];
        const ps = heldStudent[base + parent];
        if (!worse(pr, s, pp, ps)) break;
        heldPriority[base + i] = pp;
        heldStudent[base + i] = ps;
        i = parent;
      }
      heldPriority[base + i] = pr;
      heldStudent[base + i] = s;
      load[j] = n + 1;
      if (n + 1 === cap) {
        worstPriority[j] = heldPriority[base];
        worstStudent[j] = heldStudent[base];
      }
      placementOf[s] = j;
      break;
    }
    next[s] = ptr;
  }
}

/**
 * A student and a placement that would both rather have each other than what `a` gives them (the
 * student prefers the placement to its own, by score then lower placement index; the placement
 * has a free seat or holds a student it ranks lower), or null when `a` is stable. Scans students
 * in index order and returns the first pair found. Throws when `a` is not a matching of `inst`
 * (see assignmentProblem): stability is not defined for it.
 */
export function findBlockingPair(inst: MatchingInstance, a: Assignment): { student: number; placement: number } | null {
  const problem = assignmentProblem(inst, a);
  if (problem) throw new RangeError(`not a matching: ${problem}`);
  const S = inst.studentCount;
  const { capacities, offsets, placements, scores, priorities } = inst;
  const P = capacities.length;
  const edgeOf = assignedEdges(inst, a);

  // The worst student each placement holds, and how many it holds.
  const load = new Int32Array(P);
  const worstPriority = new Float64Array(P);
  const worstStudent = new Int32Array(P).fill(-1);
  for (let s = 0; s < S; s++) {
    const e = edgeOf[s];
    if (e < 0) continue;
    const j = placements[e];
    load[j]++;
    if (worstStudent[j] < 0 || worse(priorities[e], s, worstPriority[j], worstStudent[j])) {
      worstPriority[j] = priorities[e];
      worstStudent[j] = s;
    }
  }

  for (let s = 0; s < S; s++) {
    const own = edgeOf[s];
    for (let e = offsets[s]; e < offsets[s + 1]; e++) {
      const j = placements[e];
      if (own >= 0) {
        const ownPlacement = placements[own];
        if (j === ownPlacement) continue;
        if (!(scores[e] > scores[own] || (scores[e] === scores[own] && j < ownPlacement))) continue;
      }
      if (capacities[j] <= 0) continue;
      if (load[j] < capacities[j] || worse(worstPriority[j], worstStudent[j], priorities[e], s)) {
        return { student: s, placement: j };
      }
    }
  }
  return null;
}
