import { describe, expect, it } from "vitest";
import { assignedEdges, assignmentProblem, buildInstance } from "./instance";

describe("buildInstance", () => {
  it("lays the edges out by student (CSR), each student's in preference order (score desc, then lower placement)", () => {
    const inst = buildInstance({
      studentCount: 3,
      capacities: [2, 0, 1],
      edges: [
        { student: 2, placement: 0, score: 10, priority: 1 },
        { student: 0, placement: 2, score: 55.5, priority: 3 },
        { student: 2, placement: 2, score: 20, priority: 2 },
        { student: 0, placement: 1, score: 100, priority: -1 },
        { student: 1, placement: 2, score: 70, priority: 0 },
        { student: 1, placement: 0, score: 70, priority: 9 },
      ],
    });
    expect(inst.studentCount).toBe(3);
    expect([...inst.capacities]).toEqual([2, 0, 1]);
    expect([...inst.offsets]).toEqual([0, 2, 4, 6]);
    expect([...inst.placements]).toEqual([1, 2, 0, 2, 2, 0]);
    expect([...inst.scores]).toEqual([100, 55.5, 70, 70, 20, 10]);
    expect([...inst.priorities]).toEqual([-1, 3, 9, 0, 2, 1]);
    expect(inst.capacities).toBeInstanceOf(Int32Array);
    expect(inst.scores).toBeInstanceOf(Float64Array);
  });

  it("refuses what the algorithms would get wrong", () => {
    const edge = { student: 0, placement: 0, score: 50, priority: 0 };
    const build = (over: object, capacities = [1], studentCount = 1) =>
      buildInstance({ studentCount, capacities, edges: [{ ...edge, ...over }] });
    expect(() => build({ student: 1 })).toThrow(/student 1/);
    expect(() => build({ placement: -1 })).toThrow(/placement -1/);
    expect(() => build({ score: 100.5 })).toThrow(/score/);
    expect(() => build({ score: Number.NaN })).toThrow(/score/);
    expect(() => build({ priority: Number.POSITIVE_INFINITY })).toThrow(/priority/);
    expect(() => build({}, [1.5])).toThrow(/capacity/);
    expect(() => build({}, [-1])).toThrow(/capacity/);
    expect(() => build({}, [1], -1)).toThrow(/studentCount/);
    expect(() => buildInstance({ studentCount: 1, capacities: [1], edges: [edge, { ...edge, score: 60 }] })).toThrow(
      /twice/,
    );
  });
});

describe("assignmentProblem", () => {
  const inst = buildInstance({
    studentCount: 3,
    capacities: [1, 2],
    edges: [
      { student: 0, placement: 0, score: 50, priority: 0 },
      { student: 1, placement: 0, score: 50, priority: 0 },
      { student: 1, placement: 1, score: 50, priority: 0 },
      { student: 2, placement: 1, score: 50, priority: 0 },
    ],
  });
  const of = (...placementOf: number[]) => ({ placementOf: Int32Array.from(placementOf) });
  it("accepts a matching and says what is wrong with anything else", () => {
    expect(assignmentProblem(inst, of(0, 1, 1))).toBeNull();
    expect(assignmentProblem(inst, of(-1, -1, -1))).toBeNull();
    expect(assignmentProblem(inst, of(0, 0, -1))).toMatch(/placement 0 holds 2 students for 1 seats/);
    expect(assignmentProblem(inst, of(1, -1, -1))).toMatch(/not one of its candidates/);
    expect(assignmentProblem(inst, of(2, -1, -1))).toMatch(/does not exist/);
    expect(assignmentProblem(inst, of(-1, -1))).toMatch(/length 3/);
    expect([...assignedEdges(inst, of(0, 1, -1))]).toEqual([0, 2, -1]);
  });
});
