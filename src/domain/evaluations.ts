import { z } from "zod";
import { addDays, daysBetween } from "./compliance";
import { ADMIN_ROLES, type Role } from "./roles";

// Evaluations of a rotation (issue 17): forms a program defines, answered by the preceptor (of the
// student) or by the student (of the site). The forms' shape is shared by the server, which
// validates answers against the questions an evaluation was given, and the web, which renders them.
// `today` is always passed in (YYYY-MM-DD): nothing here reads the clock.

/** One question of a form: a rating on a scale of `scale` points, or a written comment. */
export type EvaluationQuestion =
  | {
      id: string;
      type: "rating";
      label: string;
      help?: string;
      scale: number;
      required: boolean;
      section?: string;
      /** What each point means, lowest first (`scale` words); numbers only when absent. */
      scaleLabels?: string[];
    }
  | { id: string; type: "comment"; label: string; help?: string; required: boolean; section?: string };

/** One answer: `rating` (1..scale) for a rating question, `comment` for a comment question. */
export type EvaluationAnswer = { questionId: string; rating?: number | null; comment?: string | null };

/** student: the preceptor evaluates the student; site: the student evaluates the site. */
export const EVALUATION_KINDS = ["student", "site"] as const;
export type EvaluationKind = (typeof EVALUATION_KINDS)[number];
export const EVALUATION_KIND_LABELS: Record<EvaluationKind, string> = {
  student: "Student evaluation",
  site: "Site evaluation",
};

export const EVALUATION_PHASES = ["midpoint", "final"] as const;
export type EvaluationPhase = (typeof EVALUATION_PHASES)[number];
export const EVALUATION_PHASE_LABELS: Record<EvaluationPhase, string> = { midpoint: "Midpoint", final: "Final" };

/** What a person sees of an evaluation's place in time. */
export const EVALUATION_STATUSES = ["not_open", "open", "due_soon", "overdue", "submitted"] as const;
export type EvaluationStatus = (typeof EVALUATION_STATUSES)[number];
export const EVALUATION_STATUS_LABELS: Record<EvaluationStatus, string> = {
  not_open: "Not yet open",
  open: "Open",
  due_soon: "Due soon",
  overdue: "Overdue",
  submitted: "Submitted",
};

/** The final evaluation opens this many days before the rotation's last day. */
export const FINAL_OPENS_DAYS_BEFORE_END = 7;
/** "Due soon" (and its reminder) from this many days before the due date. */
export const DUE_SOON_DAYS = 3;
export const DEFAULT_DUE_DAYS = 7;
export const MIN_DUE_DAYS = 1;
export const MAX_DUE_DAYS = 30;
/** A facility sees its site evaluations (aggregated) only once this many were submitted. */
export const SITE_SUMMARY_MINIMUM = 5;
export const SITE_SUMMARY_WITHHELD = `Shown when at least ${SITE_SUMMARY_MINIMUM} students have evaluated your site`;

export const MAX_QUESTIONS = 40;
export const MAX_LABEL = 300;
export const MAX_COMMENT = 4000;
export const MIN_SCALE = 2;
export const MAX_SCALE = 10;

// ---- The default forms ------------------------------------------------------------------------

/** The 1–5 scale of the clinical performance evaluation, each point named. */
export const PERFORMANCE_SCALE = [
  "Unsafe",
  "Needs improvement",
  "Meets expectations",
  "Above expectations",
  "Exceeds expectations",
];
/** The 1–5 agreement scale of the site evaluation. */
export const AGREEMENT_SCALE = ["Strongly disagree", "Disagree", "Neutral", "Agree", "Strongly agree"];

const rating = (id: string, section: string, label: string, scaleLabels: string[], help?: string) =>
  ({
    id,
    type: "rating",
    section,
    label,
    scale: scaleLabels.length,
    scaleLabels,
    required: true,
    ...(help ? { help } : {}),
  }) satisfies EvaluationQuestion;
const comment = (id: string, section: string, label: string, required: boolean) =>
  ({ id, type: "comment", section, label, required }) satisfies EvaluationQuestion;

export type EvaluationForm = { name: string; questions: EvaluationQuestion[] };

/** The preceptor's evaluation of the student: a clinical performance evaluation. */
export const DEFAULT_STUDENT_FORM: EvaluationForm = {
  name: "Clinical performance evaluation",
  questions: [
    rating(
      "professionalism",
      "Professionalism",
      "Professional behaviour: punctual, prepared, accountable, respects privacy",
      PERFORMANCE_SCALE,
    ),
    rating(
      "safety",
      "Safety",
      "Safe practice: patient identification, medication safety, infection control",
      PERFORMANCE_SCALE,
    ),
    rating(
      "clinical_judgment",
      "Clinical judgment",
      "Assesses patients, recognises changes and sets priorities",
      PERFORMANCE_SCALE,
    ),
    rating(
      "communication",
      "Communication",
      "Communicates clearly with patients, families and the care team",
      PERFORMANCE_SCALE,
    ),
    rating(
      "documentation",
      "Documentation",
      "Documents care accurately, on time and in the facility's format",
      PERFORMANCE_SCALE,
    ),
    comment("strengths", "Summary", "Strengths", true),
    comment("improve", "Summary", "Areas to improve", true),
    comment("overall", "Summary", "Overall comment", false),
  ],
};

/** The student's evaluation of the site. */
export const DEFAULT_SITE_FORM: EvaluationForm = {
  name: "Clinical site evaluation",
  questions: [
    rating("orientation", "The site", "The orientation prepared me for the unit", AGREEMENT_SCALE),
    rating("preceptor_support", "The site", "My preceptor supported my learning", AGREEMENT_SCALE),
    rating("learning", "The site", "The unit offered good learning opportunities", AGREEMENT_SCALE),
    rating("climate", "The site", "Staff on the unit were welcoming to students", AGREEMENT_SCALE),
    rating("recommend", "The site", "I would recommend this site to other students", AGREEMENT_SCALE),
    comment("comments", "Comments", "Comments", false),
  ],
};

export const defaultForm = (kind: EvaluationKind): EvaluationForm =>
  kind === "student" ? DEFAULT_STUDENT_FORM : DEFAULT_SITE_FORM;

// ---- Forms a program writes ---------------------------------------------------------------------

const questionId = z
  .string({ error: "Each question needs an id" })
  .trim()
  .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/i, "A question id is 1–40 letters, digits, _ or -");
const labelField = z
  .string({ error: "Each question needs a label" })
  .trim()
  .min(1, "A question's label is required")
  .max(MAX_LABEL, `A question's label is at most ${MAX_LABEL} characters`);
const optionalText = (max: number, what: string) =>
  z.string().trim().max(max, `${what} is at most ${max} characters`).optional();

const ratingQuestionSchema = z.object({
  id: questionId,
  type: z.literal("rating"),
  label: labelField,
  help: optionalText(MAX_LABEL, "Help text"),
  section: optionalText(80, "A section name"),
  required: z.boolean({ error: "required must be true or false" }),
  scale: z
    .number({ error: "The scale must be a number of points" })
    .int("The scale must be a whole number of points")
    .min(MIN_SCALE, `A scale has at least ${MIN_SCALE} points`)
    .max(MAX_SCALE, `A scale has at most ${MAX_SCALE} points`),
  scaleLabels: z
    .array(z.string().trim().min(1, "A point's label is required").max(60, "A point's label is at most 60 characters"))
    .optional(),
});
const commentQuestionSchema = z.object({
  id: questionId,
  type: z.literal("comment"),
  label: labelField,
  help: optionalText(MAX_LABEL, "Help text"),
  section: optionalText(80, "A section name"),
  required: z.boolean({ error: "required must be true or false" }),
});

export const evaluationQuestionSchema = z.discriminatedUnion("type", [ratingQuestionSchema, commentQuestionSchema], {
  error: "A question's type is rating or comment",
});

const formFields = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(120, "Name is at most 120 characters"),
  kind: z.enum(EVALUATION_KINDS, { error: "kind must be student or site" }),
  questions: z
    .array(evaluationQuestionSchema, { error: "questions must be a list" })
    .min(1, "A form has at least one question")
    .max(MAX_QUESTIONS, `A form has at most ${MAX_QUESTIONS} questions`),
});

function checkQuestions(form: { questions: z.infer<typeof evaluationQuestionSchema>[] }, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  form.questions.forEach((q, i) => {
    if (seen.has(q.id)) {
      ctx.addIssue({ code: "custom", path: ["questions", i, "id"], message: `Question id "${q.id}" is used twice` });
    }
    seen.add(q.id);
    if (q.type === "rating" && q.scaleLabels && q.scaleLabels.length !== q.scale) {
      ctx.addIssue({
        code: "custom",
        path: ["questions", i, "scaleLabels"],
        message: `Name each of the ${q.scale} points, or none`,
      });
    }
  });
}

/** A form a program writes: a name, its kind and 1–40 questions with unique ids. */
export const evaluationFormSchema = formFields.superRefine(checkQuestions);
/** An edit of a form: its kind stays. */
export const evaluationFormEditSchema = formFields.omit({ kind: true }).superRefine(checkQuestions);
export type EvaluationFormInput = z.infer<typeof evaluationFormSchema>;

// ---- Answers -----------------------------------------------------------------------------------

export const evaluationAnswerSchema = z.object({
  questionId: z.string({ error: "questionId is required" }).max(40, "Unknown question"),
  rating: z.number({ error: "A rating is a number" }).int("A rating is a whole number").nullable().optional(),
  comment: z.string({ error: "A comment is text" }).nullable().optional(),
});
export const evaluationAnswersSchema = z.object({
  answers: z
    .array(evaluationAnswerSchema, { error: "answers must be a list" })
    .max(MAX_QUESTIONS, `At most ${MAX_QUESTIONS} answers`),
});

export type AnswerIssue = { path: string; message: string };

/**
 * The answers checked against the questions the evaluation was given: every required question
 * answered, a rating within its scale, a comment at most 4,000 characters, no answer to a question
 * the form does not have. Returns the answers in the form's order (blank comments dropped) or the
 * issues, each naming `answers.<questionId>`.
 */
export function validateAnswers(
  questions: readonly EvaluationQuestion[],
  answers: readonly EvaluationAnswer[],
): { ok: true; answers: EvaluationAnswer[] } | { ok: false; issues: AnswerIssue[] } {
  const issues: AnswerIssue[] = [];
  const byId = new Map<string, EvaluationAnswer>();
  for (const a of answers) {
    if (!questions.some((q) => q.id === a.questionId)) {
      issues.push({ path: `answers.${a.questionId}`, message: "This question is not on the form" });
    } else if (byId.has(a.questionId)) {
      issues.push({ path: `answers.${a.questionId}`, message: "This question is answered twice" });
    } else byId.set(a.questionId, a);
  }
  const clean: EvaluationAnswer[] = [];
  for (const q of questions) {
    const a = byId.get(q.id);
    const path = `answers.${q.id}`;
    if (q.type === "rating") {
      const r = a?.rating;
      if (r === undefined || r === null) {
        if (q.required) issues.push({ path, message: `Choose a rating for "${q.label}"` });
        continue;
      }
      if (!Number.isInteger(r) || r < 1 || r > q.scale) {
        issues.push({ path, message: `"${q.label}" is rated from 1 to ${q.scale}` });
        continue;
      }
      clean.push({ questionId: q.id, rating: r });
    } else {
      const text = a?.comment?.trim() ?? "";
      if (text.length > MAX_COMMENT) {
        issues.push({ path, message: `"${q.label}" is at most ${MAX_COMMENT.toLocaleString("en-US")} characters` });
        continue;
      }
      if (!text) {
        if (q.required) issues.push({ path, message: `"${q.label}" is required` });
        continue;
      }
      clean.push({ questionId: q.id, comment: text });
    }
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, answers: clean };
}

// ---- When a phase opens and is due ----------------------------------------------------------------

export type Rotation = { startDate: string; endDate: string };
export type EvaluationSettings = { midpoint: boolean; dueDays: number };
export const DEFAULT_EVALUATION_SETTINGS: EvaluationSettings = { midpoint: false, dueDays: DEFAULT_DUE_DAYS };

export const evaluationSettingsSchema = z.object({
  midpoint: z.boolean({ error: "midpoint must be true or false" }),
  dueDays: z
    .number({ error: "Due days must be a number" })
    .int("Due days must be a whole number")
    .min(MIN_DUE_DAYS, `Due days must be between ${MIN_DUE_DAYS} and ${MAX_DUE_DAYS}`)
    .max(MAX_DUE_DAYS, `Due days must be between ${MIN_DUE_DAYS} and ${MAX_DUE_DAYS}`),
});

/** The rotation's middle day (rounded down). */
export const midpointOf = (r: Rotation) => addDays(r.startDate, Math.floor(daysBetween(r.startDate, r.endDate) / 2));

/**
 * When a phase opens and is due. Final: opens 7 days before the last day (never before the first),
 * due `dueDays` after the last day. Midpoint: opens on the middle day, due `dueDays` after it.
 * (The SQL that creates evaluations, features/evaluations/open.ts, follows the same rule.)
 */
export function phaseWindow(
  rotation: Rotation,
  phase: EvaluationPhase,
  dueDays: number,
): { opensOn: string; dueOn: string } {
  if (phase === "midpoint") {
    const mid = midpointOf(rotation);
    return { opensOn: mid, dueOn: addDays(mid, dueDays) };
  }
  const opens = addDays(rotation.endDate, -FINAL_OPENS_DAYS_BEFORE_END);
  return {
    opensOn: [opens, rotation.startDate].sort()[1],
    dueOn: addDays(rotation.endDate, dueDays),
  };
}

/** The phases a program asks for: the final always, the midpoint when its settings say so. */
export const phasesFor = (settings: EvaluationSettings): EvaluationPhase[] =>
  settings.midpoint ? ["midpoint", "final"] : ["final"];

/** The phases of a rotation open by `today`, with their dates. */
export function openPhases(rotation: Rotation, settings: EvaluationSettings, today: string) {
  return phasesFor(settings)
    .map((phase) => ({ phase, ...phaseWindow(rotation, phase, settings.dueDays) }))
    .filter((p) => p.opensOn <= today);
}

/** Not yet open, Open, Due soon (3 days or fewer left), Overdue (after the due date), Submitted. */
export function evaluationStatus(
  e: { submitted: boolean; opensOn?: string | null; dueOn: string },
  today: string,
): EvaluationStatus {
  if (e.submitted) return "submitted";
  if (e.opensOn && today < e.opensOn) return "not_open";
  if (today > e.dueOn) return "overdue";
  if (daysBetween(today, e.dueOn) <= DUE_SOON_DAYS) return "due_soon";
  return "open";
}

// ---- Reminders ----------------------------------------------------------------------------------

/** The reminder windows of a pending evaluation, in order: when it opens, 3 days before due, overdue. */
export const REMINDER_WINDOWS = ["open", "due-3", "overdue"] as const;
export type ReminderWindow = (typeof REMINDER_WINDOWS)[number];

/**
 * The reminder due for an open, pending evaluation `today`, or null when its window was already
 * mailed (`lastReminder`). Only the latest window is sent: an evaluation opened 2 days before its
 * due date gets the "due soon" mail, not the "open" one as well; each window goes out once.
 */
export function reminderDue(dueOn: string, lastReminder: string | null, today: string): ReminderWindow | null {
  const window: ReminderWindow =
    today > dueOn ? "overdue" : daysBetween(today, dueOn) <= DUE_SOON_DAYS ? "due-3" : "open";
  const last = REMINDER_WINDOWS.indexOf(lastReminder as ReminderWindow);
  return REMINDER_WINDOWS.indexOf(window) > last ? window : null;
}

// ---- The facility's anonymous summary -------------------------------------------------------------

export type SiteSummaryQuestion = {
  label: string;
  scale: number;
  scaleLabels?: string[];
  average: number;
  responses: number;
};

/**
 * Site evaluations aggregated: the average per rating question (by id and label, to two decimals)
 * and the comments sorted alphabetically (not by time: the order must not tell who wrote which).
 */
export function summarizeSiteEvaluations(
  evaluations: readonly { questions: readonly EvaluationQuestion[]; answers: readonly EvaluationAnswer[] }[],
): { questions: SiteSummaryQuestion[]; comments: string[] } {
  const byQuestion = new Map<string, { q: Extract<EvaluationQuestion, { type: "rating" }>; sum: number; n: number }>();
  const comments: string[] = [];
  for (const e of evaluations) {
    const answers = new Map(e.answers.map((a) => [a.questionId, a]));
    for (const q of e.questions) {
      const a = answers.get(q.id);
      if (!a) continue;
      if (q.type === "rating" && typeof a.rating === "number") {
        const key = `${q.id}\u0000${q.label}\u0000${q.scale}`;
        const acc = byQuestion.get(key) ?? { q, sum: 0, n: 0 };
        acc.sum += a.rating;
        acc.n += 1;
        byQuestion.set(key, acc);
      } else if (q.type === "comment" && a.comment?.trim()) comments.push(a.comment.trim());
    }
  }
  return {
    questions: [...byQuestion.values()].map(({ q, sum, n }) => ({
      label: q.label,
      scale: q.scale,
      ...(q.scaleLabels ? { scaleLabels: q.scaleLabels } : {}),
      average: Math.round((sum / n) * 100) / 100,
      responses: n,
    })),
    comments: comments.sort((a, b) => a.localeCompare(b)),
  };
}

// ---- Who calls what ----------------------------------------------------------------------------

/**
 * Who may read one evaluation: its program's coordinators (both kinds), its facility's
 * coordinators and the rotation's preceptors (the evaluation of the student), administrators.
 */
export const EVALUATION_READERS = [
  "program",
  "facility",
  "preceptor",
  ...ADMIN_ROLES,
] as const satisfies readonly Role[];
