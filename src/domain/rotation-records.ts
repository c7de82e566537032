import { PRECEPTOR_SIDE, type Role } from "./roles";

// Rotation records (issue 17, last bullet): what a program keeps of a rotation after it (hours,
// evaluations, documents), as a PDF for the student's file and as completion across its students.
// Shared by the server (the same rules are written in the completion list's SQL) and the web.
// `today` is always passed in (YYYY-MM-DD): nothing here reads the clock.

/**
 * Who may download a rotation's record: the student's program, the facility's coordinators, the
 * rotation's assigned preceptors and administrators (`/api/rotations/{id}/record.pdf`); the student
 * their own through `/api/me/student/rotations/{id}/record.pdf` (STUDENT_VIEWERS).
 */
export const ROTATION_RECORD_READERS = ["program", ...PRECEPTOR_SIDE] as const satisfies readonly Role[];

/** Where a rotation stands in time. */
export const ROTATION_PHASES = ["upcoming", "current", "ended"] as const;
export type RotationPhase = (typeof ROTATION_PHASES)[number];
export const ROTATION_PHASE_LABELS: Record<RotationPhase, string> = {
  upcoming: "Upcoming",
  current: "Current",
  ended: "Ended",
};

/** Upcoming before its first day, current from its first to its last day, ended after. */
export function rotationPhase(r: { startDate: string; endDate: string }, today: string): RotationPhase {
  if (r.endDate < today) return "ended";
  if (r.startDate > today) return "upcoming";
  return "current";
}

/** The completion filter: every hour and evaluation in, or something still missing. */
export const COMPLETION_STATES = ["complete", "incomplete"] as const;
export type CompletionState = (typeof COMPLETION_STATES)[number];
export const COMPLETION_LABELS: Record<CompletionState, string> = {
  complete: "Complete",
  incomplete: "Incomplete",
};

/**
 * The evaluations a rotation should end with: the preceptor's of the student and the student's of
 * the site at the end, and both at the midpoint too when the program asks for midpoint evaluations.
 * More rows than that (the program turned midpoints off after some were opened) count as expected.
 */
export function expectedEvaluations(midpoint: boolean, opened = 0): number {
  return Math.max(midpoint ? 4 : 2, opened);
}

export type CompletionFigures = {
  approvedMinutes: number;
  /** The program's required hours for the rotation's specialty (or its default); null: none set. */
  requiredHours: number | null;
  evaluationsSubmitted: number;
  evaluationsExpected: number;
};

/** Approved hours reach the requirement (no requirement: nothing to reach). */
export const hoursComplete = (f: CompletionFigures) =>
  f.requiredHours === null || f.approvedMinutes >= f.requiredHours * 60;

/** Complete: the hours reach the requirement and every expected evaluation is submitted. */
export const isComplete = (f: CompletionFigures) => hoursComplete(f) && f.evaluationsSubmitted >= f.evaluationsExpected;

/** Minutes as hours for people: 90 → "1.5", 480 → "8", 20 → "0.33". */
export function hoursOf(minutes: number): string {
  const h = Math.round((minutes / 60) * 100) / 100;
  return String(h);
}

/** Approved share of the requirement, 0–100 (100 with no requirement or a zero one). */
export function hoursPercent(f: Pick<CompletionFigures, "approvedMinutes" | "requiredHours">): number {
  if (!f.requiredHours) return 100;
  return Math.min(100, Math.floor((f.approvedMinutes / (f.requiredHours * 60)) * 100));
}

const hhmm = (minute: number) => {
  const m = ((minute % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
};

/** An entry's clock times: start 19:00 for 12 h → "19:00–07:00" (a night shift crosses midnight). */
export const clockSpan = (startMinute: number, minutes: number) =>
  `${hhmm(startMinute)}–${hhmm(startMinute + minutes)}`;
