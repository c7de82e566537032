import { describe, expect, it } from "vitest";
import { allMatchings } from "./all-matchings";
import { type Assignment, assignmentProblem, buildInstance, type MatchingInstance } from "./instance";
import { randomSmallInstance, seededRandom } from "./random-instances";
import { deferredAcceptance, findBlockingPair } from "./stable";

// Independent of stable.ts: the definitions, written the slow and obvious way.
const edgeOf = (inst: MatchingInstance, s: number, j: number) => {
  for (let e = inst.offsets[s]; e < inst.offsets[s + 1]; e++) if (inst.placements[e] === j) return e;
  return -1;
};
/** Student s strictly prefers placement j (edge e) to its assignment `own` (-1: unassigned). */
const studentPrefers = (inst: MatchingInstance, s: number, e: number, own: number) => {
  if (own < 0) return true;
  const f = edgeOf(inst, s, own);
  return inst.scores[e] > inst.scores[f] || (inst.scores[e] === inst.scores[f] && inst.placements[e] < own);
};
/** Placement of edge e (student s) ranks s above student t (edge f). */
const placementPrefers = (inst: MatchingInstance, s: number, e: number, t: number, f: number) =>
  inst.priorities[e] > inst.priorities[f] || (inst.priorities[e] === inst.priorities[f] && s < t);

function isStable(inst: MatchingInstance, placementOf: Int32Array): boolean {
  for (let s = 0; s < inst.studentCount; s++) {
    for (let e = inst.offsets[s]; e < inst.offsets[s + 1]; e++) {
      const j = inst.placements[e];
      if (j === placementOf[s] || !studentPrefers(inst, s, e, placementOf[s]) || inst.capacities[j] === 0) continue;
      const held = [...placementOf.keys()].filter((t) => placementOf[t] === j);
      if (held.length < inst.capacities[j]) return false;
      if (held.some((t) => placementPrefers(inst, s, e, t, edgeOf(inst, t, j)))) return false;
    }
  }
  return true;
}

const expectMatching = (inst: MatchingInstance, a: Assignment) => {
  expect(a.placementOf).toBeInstanceOf(Int32Array);
  expect(a.placementOf.length).toBe(inst.studentCount);
  expect(assignmentProblem(inst, a)).toBeNull(); // candidates only, capacity held
};

describe("deferredAcceptance", () => {
  it("is stable, within capacity and one placement per student on 600 random instances", () => {
    const rand = seededRandom(1301);
    for (let i = 0; i < 600; i++) {
      const inst = randomSmallInstance(rand, {
        maxStudents: 40,
        maxPlacements: 12,
        maxCapacity: 4,
        tiedScores: i % 2 === 0,
      });
      const a = deferredAcceptance(inst);
      expectMatching(inst, a);
      expect(findBlockingPair(inst, a)).toBeNull();
      expect(isStable(inst, a.placementOf)).toBe(true);
    }
  });

  it("gives every student its best stable partner (brute force over all matchings of 300 small instances)", () => {
    const rand = seededRandom(1302);
    let stableSeen = 0;
    for (let i = 0; i < 300; i++) {
      const inst = randomSmallInstance(rand, {
        maxStudents: 5,
        maxPlacements: 3,
        maxCapacity: 2,
        tiedScores: i % 3 === 0,
      });
      const da = deferredAcceptance(inst).placementOf;
      const stable = allMatchings(inst).filter((m) => isStable(inst, m));
      expect(stable.some((m) => m.every((j, s) => j === da[s]))).toBe(true);
      stableSeen += stable.length;
      for (const m of stable) {
        for (let s = 0; s < inst.studentCount; s++) {
          if (m[s] === da[s] || m[s] < 0) continue;
          // Another stable matching never gives s something it prefers to its DA partner.
          expect(studentPrefers(inst, s, edgeOf(inst, s, m[s]), da[s])).toBe(false);
        }
      }
    }
    expect(stableSeen).toBeGreaterThan(300); // some instances have several stable matchings
  });

  it("a textbook example: the student-optimal matching, not the placement-optimal one", () => {
    // Student 0 wants A then B, student 1 wants B then A; A prefers student 1, B prefers student 0.
    // Both {0→A, 1→B} and {0→B, 1→A} are stable; students proposing get the first. (A=0, B=1.)
    const inst = buildInstance({
      studentCount: 3,
      capacities: [1, 1],
      edges: [
        { student: 0, placement: 0, score: 90, priority: 1 },
        { student: 0, placement: 1, score: 80, priority: 3 },
        { student: 1, placement: 1, score: 90, priority: 2 },
        { student: 1, placement: 0, score: 70, priority: 2 },
        { student: 2, placement: 1, score: 60, priority: 1 },
      ],
    });
    expect([...deferredAcceptance(inst).placementOf]).toEqual([0, 1, -1]);
    expect(isStable(inst, Int32Array.from([1, 0, -1]))).toBe(true);
  });

  it("breaks ties: a student by lower placement index, a placement by lower student index", () => {
    const inst = buildInstance({
      studentCount: 2,
      capacities: [1, 1],
      edges: [
        { student: 0, placement: 1, score: 50, priority: 5 },
        { student: 0, placement: 0, score: 50, priority: 5 },
        { student: 1, placement: 0, score: 50, priority: 5 },
      ],
    });
    // Student 0 proposes to placement 0 first (lower index) and wins the tie against student 1.
    expect([...deferredAcceptance(inst).placementOf]).toEqual([0, -1]);
  });

  it("does not depend on the order of the edges", () => {
    const rand = seededRandom(1303);
    for (let i = 0; i < 50; i++) {
      const inst = randomSmallInstance(rand, { maxStudents: 30, maxPlacements: 8, maxCapacity: 3, tiedScores: true });
      const edges = [];
      for (let s = 0; s < inst.studentCount; s++) {
        for (let e = inst.offsets[s]; e < inst.offsets[s + 1]; e++) {
          edges.push({
            student: s,
            placement: inst.placements[e],
            score: inst.scores[e],
            priority: inst.priorities[e],
          });
        }
      }
      edges.reverse();
      const reversed = buildInstance({ studentCount: inst.studentCount, capacities: [...inst.capacities], edges });
      expect([...deferredAcceptance(reversed).placementOf]).toEqual([...deferredAcceptance(inst).placementOf]);
    }
  });

  it("edge cases: no students, no edges, zero capacity, one candidate", () => {
    expect(deferredAcceptance(buildInstance({ studentCount: 0, capacities: [2], edges: [] })).placementOf.length).toBe(
      0,
    );
    expect([...deferredAcceptance(buildInstance({ studentCount: 2, capacities: [], edges: [] })).placementOf]).toEqual([
      -1, -1,
    ]);
    const inst = buildInstance({
      studentCount: 3,
      capacities: [0, 2],
      edges: [
        { student: 0, placement: 0, score: 100, priority: 1 },
        { student: 1, placement: 0, score: 100, priority: 1 },
        { student: 1, placement: 1, score: 10, priority: 1 },
        { student: 2, placement: 1, score: 10, priority: 0 },
      ],
    });
    expect([...deferredAcceptance(inst).placementOf]).toEqual([-1, 1, 1]);
  });
});

describe("findBlockingPair", () => {
  it("agrees with the definition on every matching of 150 small instances, and names a real blocking pair", () => {
    const rand = seededRandom(1304);
    for (let i = 0; i < 150; i++) {
      const inst = randomSmallInstance(rand, {
        maxStudents: 5,
        maxPlacements: 3,
        maxCapacity: 2,
        tiedScores: i % 2 === 0,
      });
      for (const m of allMatchings(inst)) {
        const pair = findBlockingPair(inst, { placementOf: m });
        expect(pair === null).toBe(isStable(inst, m));
        if (pair) {
          const e = edgeOf(inst, pair.student, pair.placement);
          expect(e).toBeGreaterThanOrEqual(0);
          expect(studentPrefers(inst, pair.student, e, m[pair.student])).toBe(true);
        }
      }
    }
  });

  it("finds the pair in a hand-made unstable matching", () => {
    const inst = buildInstance({
      studentCount: 2,
      capacities: [1, 1],
      edges: [
        { student: 0, placement: 0, score: 90, priority: 2 },
        { student: 0, placement: 1, score: 50, priority: 1 },
        { student: 1, placement: 0, score: 80, priority: 1 },
      ],
    });
    // Student 0 would rather have placement 0, which prefers student 0 to student 1.
    expect(findBlockingPair(inst, { placementOf: Int32Array.from([1, 0]) })).toEqual({ student: 0, placement: 0 });
    // A free seat blocks too: student 1 unassigned, placement 0 empty.
    expect(findBlockingPair(inst, { placementOf: Int32Array.from([1, -1]) })).toEqual({ student: 0, placement: 0 });
  });

  it("refuses what is not a matching", () => {
    const inst = buildInstance({
      studentCount: 2,
      capacities: [1],
      edges: [
        { student: 0, placement: 0, score: 90, priority: 2 },
        { student: 1, placement: 0, score: 80, priority: 1 },
      ],
    });
    expect(() => findBlockingPair(inst, { placementOf: Int32Array.from([0, 0]) })).toThrow(/2 students for 1 seats/);
    expect(() => findBlockingPair(inst, { placementOf: Int32Array.from([1, -1]) })).toThrow(/does not exist/);
  });
});
