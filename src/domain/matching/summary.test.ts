import { describe, expect, it } from "vitest";
import { buildInstance } from "./instance";
import { summarize } from "./summary";

describe("summarize", () => {
  // Student 0: candidates 90, 80, 70, 60 (placements 0..3); student 1: 50, 50, 50, 40 (a tie for
  // the top three); student 2: one candidate; student 3: none.
  const inst = buildInstance({
    studentCount: 4,
    capacities: [1, 1, 1, 1],
    edges: [
      { student: 0, placement: 0, score: 90, priority: 0 },
      { student: 0, placement: 1, score: 80, priority: 0 },
      { student: 0, placement: 2, score: 70, priority: 0 },
      { student: 0, placement: 3, score: 60, priority: 0 },
      { student: 1, placement: 0, score: 50, priority: 0 },
      { student: 1, placement: 1, score: 50, priority: 0 },
      { student: 1, placement: 2, score: 50, priority: 0 },
      { student: 1, placement: 3, score: 40, priority: 0 },
      { student: 2, placement: 1, score: 30, priority: 0 },
    ],
  });
  const of = (...placementOf: number[]) => ({ placementOf: Int32Array.from(placementOf) });

  it("counts the placed, averages their scores, and the share of all students in a top 3", () => {
    // 0 gets its 4th (60), 1 its tied 1st–3rd (50), 2 its only one (30), 3 nothing.
    expect(summarize(inst, of(3, 2, 1, -1))).toEqual({
      placed: 3,
      averageScore: (60 + 50 + 30) / 3,
      topThreeShare: 2 / 4,
    });
    // 0 gets its 3rd (70), 1 its 4th (40).
    expect(summarize(inst, of(2, 3, -1, -1))).toEqual({ placed: 2, averageScore: 55, topThreeShare: 1 / 4 });
  });

  it("nobody placed, no students", () => {
    expect(summarize(inst, of(-1, -1, -1, -1))).toEqual({ placed: 0, averageScore: 0, topThreeShare: 0 });
    expect(summarize(buildInstance({ studentCount: 0, capacities: [], edges: [] }), of())).toEqual({
      placed: 0,
      averageScore: 0,
      topThreeShare: 0,
    });
  });
});
