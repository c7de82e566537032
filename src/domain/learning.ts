import { z } from "zod";
import { NURSING_SPECIALTIES } from "./specialties";

// The Learning Center (issue 16): resource categories and types, the preparation checklist, the
// study assistant's suggested questions and limits (spec sections 3, 4, 5, 9). Shared by the API
// and the pages. No I/O.

export const RESOURCE_CATEGORIES = ["clinical_skills", "specialty_preparation", "compliance_safety"] as const;
export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];
export const RESOURCE_CATEGORY_LABELS: Record<ResourceCategory, string> = {
  clinical_skills: "Clinical Skills",
  specialty_preparation: "Specialty Preparation",
  compliance_safety: "Compliance & Safety",
};

export const RESOURCE_KINDS = ["video", "guide", "course", "required"] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];
export const RESOURCE_KIND_LABELS: Record<ResourceKind, string> = {
  video: "Video",
  guide: "Guide",
  course: "Course",
  required: "Required",
};

/** '45 min', '2 hours', '1 hr 30 min': the resource card's duration. */
export function durationLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (m === 0) return `${h} hour${h === 1 ? "" : "s"}`;
  return `${h} hr ${m} min`;
}

// ---------------------------------------------------------------------------------------------
// Preparation checklist (spec section 3: five items; progress as a share)

export const CHECKLIST_ITEMS = [
  "immunizations",
  "background_check",
  "cpr_certification",
  "orientation",
  "uniform",
] as const;
export type ChecklistItem = (typeof CHECKLIST_ITEMS)[number];
export const CHECKLIST_LABELS: Record<ChecklistItem, { label: string; description: string }> = {
  immunizations: {
    label: "Immunizations up to date",
    description: "MMR, varicella, hepatitis B, Tdap and any others your program requires, approved.",
  },
  background_check: {
    label: "Background check cleared",
    description: "A background check clearance your program has approved.",
  },
  cpr_certification: {
    label: "CPR certification",
    description: "A current BLS Provider card (or ACLS/PALS) your program has approved.",
  },
  orientation: {
    label: "Facility orientation completed",
    description: "You attended (or finished online) your facility's orientation.",
  },
  uniform: {
    label: "Uniform and ID badge ready",
    description: "Program scrubs, closed-toe shoes, watch with a second hand and your student ID badge.",
  },
};
/** Ticked from the student's approved current compliance documents, not by the student. */
export const TRACKED_CHECKLIST_ITEMS = ["immunizations", "background_check", "cpr_certification"] as const;
/** Ticked by the student. */
export const SELF_CHECKLIST_ITEMS = ["orientation", "uniform"] as const;
export type SelfChecklistItem = (typeof SELF_CHECKLIST_ITEMS)[number];
export const isSelfChecklistItem = (v: string): v is SelfChecklistItem =>
  (SELF_CHECKLIST_ITEMS as readonly string[]).includes(v);

/** The compliance catalogue's types behind each tracked item. */
export const CHECKLIST_REQUIREMENT_TYPES: Record<
  (typeof TRACKED_CHECKLIST_ITEMS)[number],
  (type: { id: string; category: string }) => boolean
> = {
  immunizations: (t) => t.category === "immunization",
  background_check: (t) => t.id === "background_check",
  cpr_certification: (t) => t.id === "bls" || t.id === "acls" || t.id === "pals",
};

/** 'n of m' as a whole percent (0 when there is nothing to do). */
export const checklistShare = (done: number, total: number) => (total === 0 ? 0 : Math.round((done / total) * 100));

// ---------------------------------------------------------------------------------------------
// Study assistant

/** Spec section 9: four suggested questions. */
export const SUGGESTED_QUESTIONS = [
  "How should I prepare for my first clinical rotation?",
  "What immunizations do I need before my placement?",
  "How do I give a good SBAR handoff report?",
  "What should I expect on a pediatrics rotation?",
] as const;

/** Questions a student may ask per window (ADR 021): enough to study, too few to run up a model bill. */
export const ASSISTANT_QUESTIONS_PER_WINDOW = 20;
export const ASSISTANT_WINDOW_MINUTES = 10;
/** Spec section 8 (the rate-limit text the prototype shows). */
export const RATE_LIMIT_TITLE = "Rate limit exceeded";
export const RATE_LIMIT_MESSAGE = "Too many requests. Please try again in a moment.";
export const CHAT_ERRORS = {
  send: "Failed to send message",
  response: "Failed to get response",
  body: "No response body",
} as const;
export const QUESTION_MAX = 2000;
export const MAX_HISTORY = 40;

export const NOTHING_FOUND =
  "I could not find anything about that in the Learning Center or your records, so I won't guess. Try asking about a rotation, a clinical skill or a compliance item, or ask your program coordinator.";

// ---------------------------------------------------------------------------------------------
// A resource as programs and administrators write it

const text = (label: string, max: number, min = 1) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const resourceInputSchema = z
  .object({
    title: text("Title", 200),
    summary: z.string().trim().max(500, "Summary must be at most 500 characters").default(""),
    body: z.string().trim().max(50_000, "Text must be at most 50000 characters").default(""),
    category: z.enum(RESOURCE_CATEGORIES, { error: "Choose a category" }),
    kind: z.enum(RESOURCE_KINDS, { error: "Choose a type" }),
    durationMinutes: z.coerce
      .number({ error: "Duration is required" })
      .int("Duration must be a whole number of minutes")
      .min(1, "Duration must be between 1 and 6000 minutes")
      .max(6000, "Duration must be between 1 and 6000 minutes"),
    specialties: z
      .array(z.enum(NURSING_SPECIALTIES, { error: "Unknown specialty" }))
      .max(NURSING_SPECIALTIES.length)
      .default([]),
    url: z
      .string()
      .trim()
      .max(2000, "Link must be at most 2000 characters")
      .refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v), "Link must start with http:// or https://")
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((v, ctx) => {
    if (!v.body && !v.url) ctx.addIssue({ code: "custom", path: ["body"], message: "Write the text or give a link" });
  });
export type ResourceInput = z.input<typeof resourceInputSchema>;
export type ResourceValues = z.output<typeof resourceInputSchema>;
