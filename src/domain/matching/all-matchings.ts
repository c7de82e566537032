import type { MatchingInstance } from "./instance";

/**
 * Every matching of a small instance (each student unassigned or on one of its candidates, no
 * placement over capacity), for the brute-force checks in the tests. Exponential: keep S and the
 * candidate lists tiny (a few thousand matchings).
 */
export function allMatchings(inst: MatchingInstance): Int32Array[] {
  const S = inst.studentCount;
  const load = new Int32Array(inst.capacities.length);
  const current = new Int32Array(S).fill(-1);
  const out: Int32Array[] = [];
  const visit = (s: number) => {
    if (s === S) {
      out.push(current.slice());
      return;
    }
    current[s] = -1;
    visit(s + 1);
    for (let e = inst.offsets[s]; e < inst.offsets[s + 1]; e++) {
      const j = inst.placements[e];
      if (load[j] >= inst.capacities[j]) continue;
      load[j]++;
      current[s] = j;
      visit(s + 1);
      load[j]--;
    }
    current[s] = -1;
  };
  visit(0);
  return out;
}
