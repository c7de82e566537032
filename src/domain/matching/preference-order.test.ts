import { describe, expect, it } from "vitest";
import { inPreferenceOrder, sortedByPreference } from "./preference-order";
import { randomSmallInstance, seededRandom } from "./random-instances";

describe("preference order", () => {
  it("sorts each student's edges by score descending, ties by lower placement, carrying the edge's data", () => {
    const inst = {
      studentCount: 2,
      capacities: new Int32Array(4),
      offsets: Int32Array.from([0, 4, 5]),
      placements: Int32Array.from([3, 1, 2, 0, 2]),
      scores: Float64Array.from([10, 50, 50, 70, 5]),
      priorities: Float64Array.from([0.3, 0.1, 0.2, 0.0, 0.5]),
    };
    expect(inPreferenceOrder(inst)).toBe(false);
    const sorted = sortedByPreference(inst);
    expect([...sorted.placements]).toEqual([0, 1, 2, 3, 2]);
    expect([...sorted.scores]).toEqual([70, 50, 50, 10, 5]);
    expect([...sorted.priorities]).toEqual([0.0, 0.1, 0.2, 0.3, 0.5]);
    expect(inPreferenceOrder(sorted)).toBe(true);
    expect(sortedByPreference(sorted)).toBe(sorted); // already in order: the same object, nothing copied
  });

  it("agrees with a plain sort on random instances", () => {
    const rand = seededRandom(1321);
    for (let i = 0; i < 100; i++) {
      const inst = randomSmallInstance(rand, {
        maxStudents: 20,
        maxPlacements: 30,
        maxCapacity: 2,
        tiedScores: i % 2 === 0,
      });
      const sorted = sortedByPreference(inst);
      for (let s = 0; s < inst.studentCount; s++) {
        const range = [...Array(inst.offsets[s + 1] - inst.offsets[s]).keys()].map((k) => inst.offsets[s] + k);
        const expected = range
          .map((e) => [inst.scores[e], inst.placements[e]])
          .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
        expect(range.map((e) => [sorted.scores[e], sorted.placements[e]])).toEqual(expected);
      }
    }
  });
});
