// A proposal's lines as the coordinator edits them before submitting (issue 13): removed lines
// drop out, swapped lines take another candidate placement of the same student, and a swap only
// goes to a placement with room left: its spots minus the lines of this proposal already on it.

export type EditableLine = {
  studentId: string;
  placementId: string;
  score: number;
  /** 1 for the student's best candidate; null once swapped to a candidate scored now. */
  rank: number | null;
  reason: string;
  swapped?: boolean;
};

/** What the coordinator changed: by student, the new line, or null for a removed one. */
export type LineEdits = ReadonlyMap<string, EditableLine | null>;

/** The proposal's lines with the edits applied, in the proposal's order. */
export function editedLines(lines: readonly EditableLine[], edits: LineEdits): EditableLine[] {
  const out: EditableLine[] = [];
  for (const line of lines) {
    const edit = edits.get(line.studentId);
    if (edit === null) continue;
    out.push(edit ?? line);
  }
  return out;
}

/** Lines per placement. */
export function loadOf(lines: readonly EditableLine[]): Map<string, number> {
  const load = new Map<string, number>();
  for (const l of lines) load.set(l.placementId, (load.get(l.placementId) ?? 0) + 1);
  return load;
}

/**
 * Room left on a placement for `studentId`'s line: its spots left minus the other lines on it (the
 * student's own line does not count against itself).
 */
export function roomFor(
  placementId: string,
  spotsLeft: number,
  lines: readonly EditableLine[],
  studentId: string,
): number {
  let taken = 0;
  for (const l of lines) if (l.placementId === placementId && l.studentId !== studentId) taken++;
  return spotsLeft - taken;
}

/** The edits after removing a student's line. */
export function removeLine(edits: LineEdits, studentId: string): Map<string, EditableLine | null> {
  const next = new Map(edits);
  next.set(studentId, null);
  return next;
}

/** The edits after moving a student's line to another placement; refused (null) without room. */
export function swapLine(
  edits: LineEdits,
  lines: readonly EditableLine[],
  next: EditableLine,
  spotsLeft: number,
): Map<string, EditableLine | null> | null {
  if (roomFor(next.placementId, spotsLeft, editedLines(lines, edits), next.studentId) <= 0) return null;
  const out = new Map(edits);
  out.set(next.studentId, { ...next, swapped: true });
  return out;
}

/** "1st", "2nd", "3rd", "4th"... */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
}

/** "83%" for 0.83. */
export const percent = (share: number) => `${Math.round(share * 100)}%`;
