import { type Assignment, assignedEdges, type MatchingInstance } from "./instance";

export interface MatchingSummary {
  /** Students with a placement. */
  placed: number;
  /** Mean score of the placed students' placements (0 when nobody is placed). */
  averageScore: number;
  /**
   * Share (0..1) of all the students in the run placed in one of their top 3: fewer than three of
   * their candidates score strictly higher than the placement they got (so a tie for third counts).
   * Over all students, not only the placed ones, so a proposal that places fewer does not look better.
   */
  topThreeShare: number;
}

/** The figures shown above each proposal (optimal and stable side by side). */
export function summarize(inst: MatchingInstance, a: Assignment): MatchingSummary {
  const { offsets, scores } = inst;
  const edges = assignedEdges(inst, a);
  let placed = 0;
  let total = 0;
  let topThree = 0;
  for (let s = 0; s < inst.studentCount; s++) {
    const own = edges[s];
    if (own < 0) continue;
    placed++;
    total += scores[own];
    let better = 0;
    for (let e = offsets[s]; e < offsets[s + 1]; e++) if (scores[e] > scores[own]) better++;
    if (better < 3) topThree++;
  }
  return {
    placed,
    averageScore: placed === 0 ? 0 : total / placed,
    topThreeShare: inst.studentCount === 0 ? 0 : topThree / inst.studentCount,
  };
}
