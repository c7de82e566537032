import { z } from "zod";
import { APPLICATION_NOTES_MAX, REFUSAL_CODES } from "../applications";
import { type CurrentDocument, itemReadiness } from "../compliance";
import { isoDate } from "../dates";
import { COMPLIANCE_STATUSES } from "../students";

// Bulk matching for a program (issue 13): what a coordinator asks for (students by the roster's
// filters or by name, a date window, a pool of placements), the phases a run goes through, the
// placements' priority over students for deferred acceptance, and why a line of a proposal may be
// refused when it is submitted. Shared by the API's schemas and the "Match students" page.

/** Students of one run: more would not fit a page's decisions (and a coordinator's roster rarely has them). */
export const MAX_RUN_STUDENTS = 10_000;
/** Placements of one run's pool. */
export const MAX_RUN_PLACEMENTS = 2_000;
/** Student × placement pairs scored in one run (5,000 × 500 is 2.5 million). */
export const MAX_RUN_PAIRS = 5_000_000;
/** The longest date window one run may cover. */
export const MAX_WINDOW_DAYS = 731;

const optionalFilter = (label: string) =>
  z
    .string()
    .trim()
    .max(100, `${label} must be at most 100 characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** Which students: the students list's filters, or the ones named (then the filters narrow them further). */
export const runStudentsSchema = z.object({
  ids: z
    .array(z.uuid("Unknown student"))
    .min(1, "Choose at least one student")
    .max(MAX_RUN_STUDENTS, `At most ${MAX_RUN_STUDENTS.toLocaleString("en-US")} students per run`)
    .optional(),
  search: optionalFilter("search"),
  specialty: optionalFilter("specialty"),
  complianceStatus: z.enum(COMPLIANCE_STATUSES).optional(),
});

/** Which placements: open ones starting within the window, optionally of one specialty, facility or city. */
export const runPoolSchema = z.object({
  specialty: optionalFilter("specialty"),
  facilityId: z.uuid("Unknown facility").optional(),
  city: optionalFilter("city"),
});

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

export const runWindowSchema = z.object({ from: isoDate("From"), to: isoDate("To") }).superRefine((w, ctx) => {
  if (w.to < w.from) ctx.addIssue({ code: "custom", path: ["to"], message: "To must be on or after From" });
  else if (daysBetween(w.from, w.to) > MAX_WINDOW_DAYS)
    ctx.addIssue({ code: "custom", path: ["to"], message: "The window can cover at most two years" });
});

/** A match run's request. `programId` is for administrators (a coordinator's own program is used, D1). */
export const matchRunInputSchema = z.object({
  programId: z.uuid("programId must be a program's id").optional(),
  students: runStudentsSchema.prefault({}),
  window: runWindowSchema,
  pool: runPoolSchema.prefault({}),
});
export type MatchRunInput = z.input<typeof matchRunInputSchema>;
export type MatchRunRequest = z.output<typeof matchRunInputSchema>;

export const RUN_STATUSES = ["queued", "running", "done", "failed"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** What a run is doing, in order; the page shows the label and the percent. */
export const RUN_PHASES = [
  "queued",
  "loading",
  "scoring",
  "optimal",
  "stable",
  "checking",
  "reasons",
  "saving",
  "done",
] as const;
export type RunPhase = (typeof RUN_PHASES)[number];
export const RUN_PHASE_LABELS: Record<RunPhase, string> = {
  queued: "Waiting to start",
  loading: "Reading students and placements",
  scoring: "Scoring every student for every placement",
  optimal: "Finding the assignment with the largest total score",
  stable: "Running deferred acceptance",
  checking: "Checking the optimality certificate and stability",
  reasons: "Writing each line's reason",
  saving: "Saving the proposals",
  done: "Done",
};

export const PROPOSALS = ["optimal", "stable"] as const;
export type ProposalKind = (typeof PROPOSALS)[number];
export const PROPOSAL_LABELS: Record<ProposalKind, string> = {
  optimal: "Optimal",
  stable: "Stable",
};
export const PROPOSAL_DESCRIPTIONS: Record<ProposalKind, string> = {
  optimal: "The assignment with the largest total score (min-cost flow), with its optimality certificate checked.",
  stable:
    "Student-proposing deferred acceptance: no student and placement would both rather have each other than what they got.",
};

/** Deferred acceptance's rule for placements, in words (the page and the README say it). */
export const PRIORITY_RULE =
  "Placements rank students by readiness for that placement (the share of its required compliance items met through the rotation's end), then GPA, then who joined the roster first.";

// ---------------------------------------------------------------------------------------------
// The placements' priority over students (deferred acceptance): transparent and lexicographic.

/** Readiness, GPA and roster order packed into one number that orders like the triple. */
export type PriorityParts = {
  /** 0..1: the share of the required items met (approved and valid through the rotation's end). */
  readiness: number;
  /** 0..4, or null (ranks below any GPA). */
  gpa: number | null;
  /** 0 for the student who joined the roster first (ties: by id), 1 for the next... */
  rosterOrder: number;
};

const READINESS_STEPS = 10_000;
/** Students of a run stay below this (the roster order's room in the packed number). */
const ROSTER_ROOM = 1_000_000;

/**
 * The priority a placement gives a student: higher is preferred. readiness × 10^13-ish + GPA ×
 * 10^6 + (10^6 − roster order): exact in a double (below 2^53), and compares like the triple
 * (readiness, then GPA, then the earlier roster date).
 */
export function placementPriority(p: PriorityParts): number {
  const readiness = Math.round(Math.min(1, Math.max(0, p.readiness)) * READINESS_STEPS);
  const gpa = p.gpa === null || !Number.isFinite(p.gpa) ? 0 : Math.round(Math.min(4, Math.max(0, p.gpa)) * 100) + 1;
  const roster = ROSTER_ROOM - 1 - Math.min(ROSTER_ROOM - 1, Math.max(0, Math.floor(p.rosterOrder)));
  return (readiness * 1_000 + gpa) * ROSTER_ROOM + roster;
}

/** A student's current documents by requirement type, as readiness reads them. */
export type ReadinessDocuments = ReadonlyMap<string, CurrentDocument>;

/**
 * The share (0..1) of `required` items met for a rotation ending `endDate`: approved and valid
 * through its end (issue 12's readiness). Nothing required is fully ready.
 */
export function readinessShare(
  documents: ReadinessDocuments,
  required: readonly string[],
  today: string,
  endDate: string,
): number {
  if (required.length === 0) return 1;
  let met = 0;
  for (const id of required) if (itemReadiness(documents.get(id) ?? null, today, endDate) === "met") met++;
  return met / required.length;
}

// ---------------------------------------------------------------------------------------------
// Submitting a proposal's lines

/** Why one line was not submitted: the applications' refusals, plus the two only a proposal meets. */
export const MATCH_REFUSAL_CODES = [...REFUSAL_CODES, "overlapping_rotation", "not_in_run"] as const;
export type MatchRefusalCode = (typeof MATCH_REFUSAL_CODES)[number];

/** At most one line per student; at most one run's students. */
export const matchSubmissionSchema = z.object({
  lines: z
    .array(z.object({ studentId: z.uuid("Unknown student"), placementId: z.uuid("Unknown placement") }), {
      error: "Choose the lines to submit",
    })
    .min(1, "Choose at least one line to submit")
    .max(MAX_RUN_STUDENTS, `At most ${MAX_RUN_STUDENTS.toLocaleString("en-US")} lines`)
    .superRefine((lines, ctx) => {
      const seen = new Set<string>();
      lines.forEach((l, i) => {
        if (seen.has(l.studentId))
          ctx.addIssue({ code: "custom", path: [i, "studentId"], message: "A student appears on two lines" });
        seen.add(l.studentId);
      });
    }),
  notes: z
    .string()
    .trim()
    .max(APPLICATION_NOTES_MAX, `Notes must be at most ${APPLICATION_NOTES_MAX} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type MatchSubmission = z.input<typeof matchSubmissionSchema>;

/** "Submitted 9 applications" / "Submitted 1 application". */
export const submittedLinesMessage = (n: number) => `Submitted ${n} ${n === 1 ? "application" : "applications"}`;
