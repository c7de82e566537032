import { describe, expect, it } from "vitest";
import { inPreferenceOrder } from "./preference-order";
import { assignmentScale, largeInstance, seededRandom } from "./random-instances";

describe("seeded instances", () => {
  it("the same seed gives the same numbers", () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const xs = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it("the assignment shape: placements, seats and candidates as asked, rank lists, reproducible", () => {
    for (const segmented of [true, false]) {
      const inst = assignmentScale(1000, segmented);
      expect(inst.studentCount).toBe(1000);
      expect(inst.capacities.length).toBe(200);
      expect(inst.capacities.reduce((a, b) => a + b, 0)).toBe(1250);
      expect(Math.min(...inst.capacities)).toBeGreaterThanOrEqual(1);
      expect(inst.placements.length).toBe(30_000);
      expect(inPreferenceOrder(inst)).toBe(true);
      expect(inst.scores.every((x) => x >= 0 && x <= 100)).toBe(true);
      expect([...assignmentScale(1000, segmented).scores]).toEqual([...inst.scores]);
    }
  });

  it("candidate counts stay within the asked range", () => {
    const inst = largeInstance({
      students: 300,
      placements: 100,
      seats: 250,
      minCandidates: 12,
      maxCandidates: 30,
      seed: 1,
      segmented: true,
    });
    for (let s = 0; s < inst.studentCount; s++) {
      const n = inst.offsets[s + 1] - inst.offsets[s];
      expect(n).toBeGreaterThanOrEqual(12);
      expect(n).toBeLessThanOrEqual(30);
      expect(new Set(inst.placements.subarray(inst.offsets[s], inst.offsets[s + 1])).size).toBe(n);
    }
  });
});
