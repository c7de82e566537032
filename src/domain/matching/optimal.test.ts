import loadHighs from "highs";
import { beforeAll, describe, expect, it } from "vitest";
import { allMatchings } from "./all-matchings";
import { assignedEdges, assignmentProblem, buildInstance, type MatchingInstance } from "./instance";
import { toLinearProgram } from "./linear-program";
import { checkOptimality, type OptimalResult, optimalAssignment } from "./optimal";
import { assignmentScale, randomSmallInstance, seededRandom } from "./random-instances";

type Highs = Awaited<ReturnType<typeof loadHighs>>;
let highs: Highs;
beforeAll(async () => {
  highs = await loadHighs();
});

/** The LP optimum by HiGHS (the LP's optimum is integral: see linear-program.ts). */
function highsOptimum(inst: MatchingInstance): number {
  const lp = toLinearProgram(inst);
  return highs.withModel(
    {
      numCols: lp.numCols,
      numRows: lp.numRows,
      sense: highs.constants.objectiveSense.maximize,
      colCost: lp.colCost,
      colLower: lp.colLower,
      colUpper: lp.colUpper,
      rowLower: new Float64Array(lp.numRows).fill(-highs.infinity),
      rowUpper: lp.rowUpper,
      matrix: {
        format: "csc",
        numRows: lp.numRows,
        numCols: lp.numCols,
        starts: lp.starts,
        indices: lp.indices,
        values: lp.values,
      },
    },
    (model) => {
      model.options.set({ output_flag: false });
      model.run();
      const status = model.getModelStatus();
      if (status === highs.constants.modelStatus.empty) return 0; // no edges: nothing to choose
      expect(status).toBe(highs.constants.modelStatus.optimal);
      return model.getObjectiveValue();
    },
  );
}

const score = (inst: MatchingInstance, placementOf: Int32Array) =>
  [...assignedEdges(inst, { placementOf })].reduce((sum, e) => sum + (e >= 0 ? inst.scores[e] : 0), 0);

const expectOptimalAndCertified = (inst: MatchingInstance, r: OptimalResult) => {
  expect(assignmentProblem(inst, r)).toBeNull(); // candidates only, one per student, capacity held
  expect(checkOptimality(inst, r)).toEqual({ ok: true });
  expect(r.total).toBeCloseTo(score(inst, r.placementOf), 9);
};

describe("optimalAssignment", () => {
  it("reaches HiGHS's objective on 200 random small instances, with its certificate accepted", () => {
    const rand = seededRandom(1311);
    for (let i = 0; i < 200; i++) {
      const inst = randomSmallInstance(rand, {
        maxStudents: 40,
        maxPlacements: 12,
        maxCapacity: 4,
        tiedScores: i % 4 === 0,
      });
      const r = optimalAssignment(inst);
      expectOptimalAndCertified(inst, r);
      expect(Math.abs(r.total - highsOptimum(inst))).toBeLessThan(1e-6 * Math.max(1, r.total));
    }
  });

  it("reaches the brute-force maximum over all matchings of 300 tiny instances", () => {
    const rand = seededRandom(1312);
    for (let i = 0; i < 300; i++) {
      const inst = randomSmallInstance(rand, {
        maxStudents: 6,
        maxPlacements: 3,
        maxCapacity: 2,
        tiedScores: i % 2 === 0,
      });
      const r = optimalAssignment(inst);
      expectOptimalAndCertified(inst, r);
      const best = Math.max(...allMatchings(inst).map((m) => score(inst, m)));
      expect(r.total).toBeCloseTo(best, 9);
    }
  });

  it("reaches HiGHS's objective on 1,000-student instances of the bench's shapes (30,000 edges)", () => {
    for (const segmented of [true, false]) {
      const inst = assignmentScale(1000, segmented);
      const r = optimalAssignment(inst);
      expectOptimalAndCertified(inst, r);
      expect(Math.abs(r.total - highsOptimum(inst))).toBeLessThan(1e-6 * r.total);
    }
  });

  it("edge cases: no students, no edges, zero capacity, one candidate, ties", () => {
    const empty = buildInstance({ studentCount: 0, capacities: [], edges: [] });
    expect(optimalAssignment(empty).total).toBe(0);
    expectOptimalAndCertified(empty, optimalAssignment(empty));

    const noEdges = buildInstance({ studentCount: 3, capacities: [1, 2], edges: [] });
    const r0 = optimalAssignment(noEdges);
    expect([...r0.placementOf]).toEqual([-1, -1, -1]);
    expectOptimalAndCertified(noEdges, r0);

    const zero = buildInstance({
      studentCount: 2,
      capacities: [0, 1],
      edges: [
        { student: 0, placement: 0, score: 100, priority: 0 },
        { student: 1, placement: 0, score: 90, priority: 0 },
        { student: 1, placement: 1, score: 10, priority: 0 },
      ],
    });
    const r1 = optimalAssignment(zero);
    expect([...r1.placementOf]).toEqual([-1, 1]);
    expect(r1.total).toBe(10);
    expectOptimalAndCertified(zero, r1);

    const oneCandidate = buildInstance({
      studentCount: 2,
      capacities: [1, 1],
      edges: [
        { student: 0, placement: 0, score: 60, priority: 0 },
        { student: 0, placement: 1, score: 55, priority: 0 },
        { student: 1, placement: 0, score: 50, priority: 0 },
      ],
    });
    // Greedy would give student 0 its 60 and leave student 1 out (60); the optimum is 55 + 50.
    const r2 = optimalAssignment(oneCandidate);
    expect([...r2.placementOf]).toEqual([1, 0]);
    expect(r2.total).toBe(105);
    expectOptimalAndCertified(oneCandidate, r2);

    const ties = buildInstance({
      studentCount: 4,
      capacities: [2, 1],
      edges: [0, 1, 2, 3].flatMap((student) => [
        { student, placement: 0, score: 50, priority: 0 },
        { student, placement: 1, score: 50, priority: 0 },
      ]),
    });
    const r3 = optimalAssignment(ties);
    expect(r3.total).toBe(150);
    expectOptimalAndCertified(ties, r3);

    const zeroScore = buildInstance({
      studentCount: 1,
      capacities: [1],
      edges: [{ student: 0, placement: 0, score: 0, priority: 0 }],
    });
    expectOptimalAndCertified(zeroScore, optimalAssignment(zeroScore));
  });

  it("works with fractional scores", () => {
    const inst = buildInstance({
      studentCount: 3,
      capacities: [1, 1],
      edges: [
        { student: 0, placement: 0, score: 0.1, priority: 0 },
        { student: 0, placement: 1, score: 0.2, priority: 0 },
        { student: 1, placement: 0, score: 0.3, priority: 0 },
        { student: 1, placement: 1, score: 1 / 3, priority: 0 },
        { student: 2, placement: 1, score: 2 / 3, priority: 0 },
      ],
    });
    const r = optimalAssignment(inst);
    expect([...r.placementOf]).toEqual([-1, 0, 1]);
    expect(r.total).toBeCloseTo(0.3 + 2 / 3, 12);
    expectOptimalAndCertified(inst, r);
  });
});

describe("checkOptimality rejects a tampered result", () => {
  // Two students, two placements with one seat each; the optimum crosses over (0→1, 1→0: 90 + 80).
  const inst = buildInstance({
    studentCount: 3,
    capacities: [1, 1],
    edges: [
      { student: 0, placement: 0, score: 100, priority: 0 },
      { student: 0, placement: 1, score: 90, priority: 0 },
      { student: 1, placement: 0, score: 80, priority: 0 },
      { student: 1, placement: 1, score: 10, priority: 0 },
      { student: 2, placement: 1, score: 5, priority: 0 },
    ],
  });
  const good = () => {
    const r = optimalAssignment(inst);
    return {
      ...r,
      placementOf: r.placementOf.slice(),
      studentDual: r.studentDual.slice(),
      placementPrice: r.placementPrice.slice(),
    };
  };
  const rejected = (r: OptimalResult) => {
    const verdict = checkOptimality(inst, r);
    expect(verdict.ok).toBe(false);
    return verdict.ok ? "" : verdict.reason;
  };

  it("accepts the untouched result", () => {
    const r = good();
    expect([...r.placementOf]).toEqual([1, 0, -1]);
    expect(r.total).toBe(170);
    expect(checkOptimality(inst, r)).toEqual({ ok: true });
  });

  it("two lines swapped (total left as is, or recomputed)", () => {
    const r = good();
    r.placementOf[0] = 0;
    r.placementOf[1] = 1;
    expect(rejected(r)).toMatch(/total/);
    r.total = 110;
    expect(rejected(r)).toMatch(/u \+ p|duality gap/);
  });

  it("capacity broken, a non-candidate, a wrong length", () => {
    const r = good();
    r.placementOf[2] = 1;
    expect(rejected(r)).toMatch(/2 students for 1 seats/);
    const r2 = good();
    r2.placementOf[2] = 0;
    expect(rejected(r2)).toMatch(/not one of its candidates/);
    expect(rejected({ ...good(), placementOf: new Int32Array(2) })).toMatch(/length 3/);
  });

  it("wrong duals: infeasible, negative, not complementary, a gap", () => {
    const r = good();
    r.placementPrice[0] -= 1;
    expect(rejected(r)).toMatch(/< score/);

    const r2 = good();
    r2.studentDual[2] = -1;
    expect(rejected(r2)).toMatch(/not ≥ 0/);

    const r3 = good();
    r3.studentDual[0] += 1; // still feasible, but no longer tight on 0's line
    expect(rejected(r3)).toMatch(/exceeds its score/);

    const r4 = good();
    r4.studentDual[2] = 1; // student 2 is unassigned
    expect(rejected(r4)).toMatch(/unassigned/);

    const r5 = good();
    r5.total += 1;
    expect(rejected(r5)).toMatch(/total/);

    const r6 = good();
    r6.studentDual = new Float64Array(1);
    expect(rejected(r6)).toMatch(/studentDual/);
  });

  it("a price on a placement with a seat left", () => {
    const roomy = buildInstance({
      studentCount: 1,
      capacities: [2],
      edges: [{ student: 0, placement: 0, score: 40, priority: 0 }],
    });
    const r = optimalAssignment(roomy);
    expect(checkOptimality(roomy, r)).toEqual({ ok: true });
    const tampered = { ...r, studentDual: Float64Array.from([30]), placementPrice: Float64Array.from([10]) };
    const verdict = checkOptimality(roomy, tampered);
    expect(verdict.ok).toBe(false);
    expect(verdict.ok ? "" : verdict.reason).toMatch(/seat left/);
  });
});
