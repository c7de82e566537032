import { describe, expect, it } from "vitest";
import { type EditableLine, editedLines, loadOf, ordinal, removeLine, roomFor, swapLine } from "./bulk-lines";

const line = (studentId: string, placementId: string, score = 80): EditableLine => ({
  studentId,
  placementId,
  score,
  rank: 1,
  reason: `${studentId} at ${placementId}`,
});

describe("editing a proposal's lines", () => {
  const lines = [line("ana", "icu"), line("ben", "icu"), line("cy", "peds")];

  it("removes a line and keeps the others in order", () => {
    const edits = removeLine(new Map(), "ben");
    expect(editedLines(lines, edits).map((l) => l.studentId)).toEqual(["ana", "cy"]);
    expect(editedLines(lines, new Map())).toEqual(lines);
  });

  it("swaps only to a placement with room left in this proposal", () => {
    // icu has 2 spots and holds ana and ben: cy cannot go there.
    expect(roomFor("icu", 2, lines, "cy")).toBe(0);
    expect(swapLine(new Map(), lines, line("cy", "icu", 70), 2)).toBeNull();
    // With ben removed, there is room.
    const edits = removeLine(new Map(), "ben");
    const swapped = swapLine(edits, lines, line("cy", "icu", 70), 2);
    expect(swapped).not.toBeNull();
    const now = editedLines(lines, swapped ?? new Map());
    expect(now.map((l) => `${l.studentId}:${l.placementId}`)).toEqual(["ana:icu", "cy:icu"]);
    expect(now[1].swapped).toBe(true);
    expect(loadOf(now).get("icu")).toBe(2);
    // A student's own line does not count against its own room.
    expect(roomFor("icu", 2, lines, "ana")).toBe(1);
  });

  it("says ranks as ordinals", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "101st",
    ]);
  });
});
