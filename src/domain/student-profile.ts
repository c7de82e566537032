import { z } from "zod";
import { isoDate } from "./dates";

// A student's profile (spec sections 3 and 5): preference lists, free-text preferences and prior
// experience entries. The rules here are shared by the profile form and the API.

export const TAG_MAX_LENGTH = 100;
export const TAG_LIST_MAX = 30;
export const PREFERENCE_TEXT_MAX = 2000;

const sameTag = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/**
 * Spec section 5: an entry is trimmed; an empty one or one already in the list (ignoring case)
 * is ignored. Returns the list unchanged (the same array) when nothing was added.
 */
export function addTag(list: readonly string[], raw: string): string[] {
  const value = raw.trim();
  if (!value || list.some((t) => sameTag(t, value))) return list as string[];
  return [...list, value];
}

/** Clicking an entry removes it. */
export function removeTag(list: readonly string[], value: string): string[] {
  return list.filter((t) => t !== value);
}

/** A whole list through the same rules, in order: trimmed, no empty entries, no duplicates. */
export function normalizeTags(list: readonly string[]): string[] {
  return list.reduce<string[]>((acc, t) => addTag(acc, t), []);
}

const tagList = (label: string) =>
  z
    .array(z.string().max(TAG_MAX_LENGTH, `Each ${label} entry must be at most ${TAG_MAX_LENGTH} characters`), {
      error: `${label} must be a list`,
    })
    .default([])
    .transform(normalizeTags)
    .refine((l) => l.length <= TAG_LIST_MAX, `At most ${TAG_LIST_MAX} ${label} entries`);

const optionalText = (label: string) =>
  z
    .string()
    .trim()
    .max(PREFERENCE_TEXT_MAX, `${label} must be at most ${PREFERENCE_TEXT_MAX} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const preferencesSchema = z.object({
  geographicPreferences: tagList("Geographic preferences"),
  specialtyInterests: tagList("Specialty interests"),
  scheduleConstraints: optionalText("Schedule constraints"),
  transportationOptions: optionalText("Transportation options"),
  careerGoals: optionalText("Career goals"),
  accommodationRequests: optionalText("Accommodation requests"),
});
export type PreferencesInput = z.input<typeof preferencesSchema>;
export type Preferences = z.output<typeof preferencesSchema>;

export const EMPTY_PREFERENCES: Preferences = {
  geographicPreferences: [],
  specialtyInterests: [],
  scheduleConstraints: null,
  transportationOptions: null,
  careerGoals: null,
  accommodationRequests: null,
};

export const EXPERIENCE_KINDS = ["clinical", "work", "volunteer"] as const;
export type ExperienceKind = (typeof EXPERIENCE_KINDS)[number];
export const EXPERIENCE_KIND_LABELS: Record<ExperienceKind, string> = {
  clinical: "Clinical",
  work: "Work",
  volunteer: "Volunteer",
};

const day = (label: string) => isoDate(label, `${label} must be a date`);

export const experienceSchema = z
  .object({
    kind: z.enum(EXPERIENCE_KINDS, { error: "Choose clinical, work or volunteer" }),
    organization: z
      .string({ error: "Organization is required" })
      .trim()
      .min(1, "Organization is required")
      .max(200, "Organization must be at most 200 characters"),
    title: z
      .string({ error: "Role or title is required" })
      .trim()
      .min(1, "Role or title is required")
      .max(200, "Role or title must be at most 200 characters"),
    startDate: day("Start date"),
    endDate: z
      .union([day("End date"), z.literal("")])
      .optional()
      .nullable()
      .transform((v) => (v ? v : null)),
    description: z
      .string()
      .trim()
      .max(PREFERENCE_TEXT_MAX, `Description must be at most ${PREFERENCE_TEXT_MAX} characters`)
      .optional()
      .nullable()
      .transform((v) => v ?? ""),
  })
  .refine((v) => !v.endDate || v.endDate >= v.startDate, {
    path: ["endDate"],
    message: "End date must be on or after the start date",
  });
export type ExperienceInput = z.input<typeof experienceSchema>;
export type Experience = z.output<typeof experienceSchema>;
