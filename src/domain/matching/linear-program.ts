import type { MatchingInstance } from "./instance";

/**
 * The optimal-assignment problem as a plain linear program, for checking our solver against
 * general LP solvers (HiGHS, GLPK) in tests and the bench; the product never solves it this way.
 * One column per edge (0 ≤ x_e ≤ 1, objective: its score, maximised), one row per student
 * (Σ x ≤ 1) then one per placement (Σ x ≤ capacity). The constraint matrix is the incidence matrix
 * of a bipartite graph, totally unimodular, so the LP optimum equals the integer optimum and the
 * solvers need no branching. The matrix is in compressed sparse columns: two 1s per edge.
 */
export interface SparseLinearProgram {
  numCols: number;
  numRows: number;
  /** Objective coefficient per column (to maximise). */
  colCost: Float64Array;
  colLower: Float64Array;
  colUpper: Float64Array;
  /** Upper bound per row: 1 for the S student rows, then each placement's capacity. */
  rowUpper: Float64Array;
  starts: Int32Array;
  indices: Int32Array;
  values: Float64Array;
}

export function toLinearProgram(inst: MatchingInstance): SparseLinearProgram {
  const S = inst.studentCount;
  const P = inst.capacities.length;
  const E = inst.placements.length;
  const starts = new Int32Array(E + 1);
  const indices = new Int32Array(2 * E);
  for (let s = 0; s < S; s++) {
    for (let e = inst.offsets[s]; e < inst.offsets[s + 1]; e++) {
      indices[2 * e] = s;
      indices[2 * e + 1] = S + inst.placements[e];
    }
  }
  for (let e = 0; e <= E; e++) starts[e] = 2 * e;
  const rowUpper = new Float64Array(S + P);
  rowUpper.fill(1, 0, S);
  for (let j = 0; j < P; j++) rowUpper[S + j] = inst.capacities[j];
  return {
    numCols: E,
    numRows: S + P,
    colCost: Float64Array.from(inst.scores),
    colLower: new Float64Array(E),
    colUpper: new Float64Array(E).fill(1),
    rowUpper,
    starts,
    indices,
    values: new Float64Array(2 * E).fill(1),
  };
}
