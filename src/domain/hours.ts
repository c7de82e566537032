import { z } from "zod";
import { isoDate } from "./dates";

// Clinical hour logs (issue 17): a student logs stretches of clinical time on the days of an
// approved rotation; a preceptor approves or returns them; the program compares the approved hours
// with what its course requires. Shared by the server (which checks every write in one
// transaction), the web forms and the tests. `today` is always passed in: nothing here reads the clock.

/** What a nursing program's hour log asks the student to tick (at least one per entry). */
export const HOUR_CATEGORIES = [
  "Direct patient care",
  "Medication administration",
  "Assessment",
  "Documentation",
  "Patient education",
  "Care coordination",
  "Procedures and skills",
  "Simulation",
  "Observation",
  "Orientation",
] as const;
export type HourCategory = (typeof HOUR_CATEGORIES)[number];

export const HOUR_STATUSES = ["submitted", "approved", "returned"] as const;
export type HourStatus = (typeof HOUR_STATUSES)[number];
/** What the student reads; reviewers read "Waiting for review" for submitted. */
export const HOUR_STATUS_LABELS: Record<HourStatus, string> = {
  submitted: "Pending review",
  approved: "Approved",
  returned: "Returned",
};

export const REFLECTION_MAX = 4000;
export const REVIEW_NOTE_MAX = 1000;
export const DAY_MINUTES = 24 * 60;
/** The most hours a program may require of one rotation. */
export const REQUIRED_HOURS_MAX = 2000;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "07:30" → 450; null when not HH:MM (00:00–23:59). */
export function parseTime(value: string): number | null {
  const m = TIME.exec(value);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** 450 → "07:30" (minutes past midnight, wrapping past 24 h). */
export function formatTime(minute: number): string {
  const m = ((minute % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

/**
 * How long a shift from `start` to `end` lasts: an end at or before the start is on the next day
 * (a night shift 19:00–07:00 is 12 hours; 07:00–07:00 is 24 hours).
 */
export function shiftMinutes(start: number, end: number): number {
  return end > start ? end - start : end + DAY_MINUTES - start;
}

/** 450 → "7.5" hours; whole hours without a decimal. */
export function formatHours(minutes: number): string {
  return String(Math.round((minutes / 60) * 100) / 100);
}

/** Days since 1970-01-01 of a YYYY-MM-DD date (UTC). */
export function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}

/** "2026-03-03" → "3 March" (the words a student reads in a message). */
export function dayLabel(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return `${d.getUTCDate()} ${d.toLocaleString("en-US", { month: "long", timeZone: "UTC" })}`;
}

/** The Monday of the week holding `date` (weeks run Monday to Sunday). */
export function weekStart(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - back);
  return d.toISOString().slice(0, 10);
}

/** `date` plus `days` (YYYY-MM-DD). */
export function plusDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** What the student sends for one entry (the form and the API validate with this schema). */
export const hourEntrySchema = z.object({
  workDate: isoDate("Date"),
  startTime: z
    .string({ error: "Start time is required" })
    .regex(TIME, "Start time must be a time like 07:00 (HH:MM, 24-hour)"),
  endTime: z
    .string({ error: "End time is required" })
    .regex(TIME, "End time must be a time like 15:30 (HH:MM, 24-hour)"),
  categories: z
    .array(z.enum(HOUR_CATEGORIES, { error: "Choose activities from the list" }), {
      error: "Choose at least one activity",
    })
    .min(1, "Choose at least one activity")
    .max(HOUR_CATEGORIES.length, "Choose each activity once"),
  reflection: z
    .string({ error: "Reflection must be text" })
    .trim()
    .max(REFLECTION_MAX, `Reflection must be at most ${REFLECTION_MAX.toLocaleString("en-US")} characters`)
    .optional()
    .default(""),
});
export type HourEntryInput = z.input<typeof hourEntrySchema>;

/** One logged entry as the rules see it. */
export type LoggedSpan = { id: string; workDate: string; startMinute: number; minutes: number };

/** `conflict`: the entry clashes with what is already logged (an overlap, the day's 24 hours). */
export type EntryIssue = {
  path: "workDate" | "startTime" | "endTime" | "categories" | "reflection";
  message: string;
  conflict?: true;
};

/** Absolute start and end (minutes since 1970-01-01) of an entry. */
export function absoluteSpan(e: { workDate: string; startMinute: number; minutes: number }) {
  const start = dayNumber(e.workDate) * DAY_MINUTES + e.startMinute;
  return { start, end: start + e.minutes };
}

const span = (e: { startMinute: number; minutes: number }) =>
  `${formatTime(e.startMinute)}–${formatTime(e.startMinute + e.minutes)}`;

/**
 * The rules of one entry against the rotation's dates, today and the student's other entries (of
 * any rotation; the entry being edited is left out by id). Returns the issues, each naming the
 * field and saying what is wrong in a student's words; none when the entry may be saved.
 */
export function checkEntry(
  entry: { id?: string; workDate: string; startTime: string; endTime: string },
  ctx: { rotation: { startDate: string; endDate: string }; today: string; others: readonly LoggedSpan[] },
): EntryIssue[] {
  const issues: EntryIssue[] = [];
  const start = parseTime(entry.startTime);
  const end = parseTime(entry.endTime);
  if (start === null) issues.push({ path: "startTime", message: "Start time must be a time like 07:00 (HH:MM)" });
  if (end === null) issues.push({ path: "endTime", message: "End time must be a time like 15:30 (HH:MM)" });
  const { startDate, endDate } = ctx.rotation;
  if (entry.workDate < startDate || entry.workDate > endDate) {
    issues.push({
      path: "workDate",
      message: `${dayLabel(entry.workDate)} is outside this rotation (${dayLabel(startDate)} to ${dayLabel(endDate)})`,
    });
  } else if (entry.workDate > ctx.today) {
    issues.push({ path: "workDate", message: `${dayLabel(entry.workDate)} is in the future: log hours once worked` });
  }
  if (start === null || end === null || issues.length > 0) return issues;

  const minutes = shiftMinutes(start, end);
  const mine = { workDate: entry.workDate, startMinute: start, minutes };
  const others = ctx.others.filter((o) => o.id !== entry.id);
  const sameDay = others.filter((o) => o.workDate === entry.workDate);
  const dayTotal = sameDay.reduce((sum, o) => sum + o.minutes, 0);
  if (dayTotal + minutes > DAY_MINUTES) {
    issues.push({
      path: "endTime",
      message: `${dayLabel(entry.workDate)} would total ${formatHours(dayTotal + minutes)} hours: a day's entries total at most 24 hours (${formatHours(dayTotal)} already logged)`,
      conflict: true,
    });
    return issues;
  }
  const a = absoluteSpan(mine);
  const clash = others
    .filter((o) => {
      const b = absoluteSpan(o);
      return a.start < b.end && b.start < a.end;
    })
    .sort((x, y) => absoluteSpan(x).start - absoluteSpan(y).start)[0];
  if (clash) {
    const where =
      clash.workDate === entry.workDate
        ? `Entries on ${dayLabel(entry.workDate)} overlap`
        : `This entry overlaps your entry of ${dayLabel(clash.workDate)}`;
    issues.push({ path: "startTime", message: `${where}: ${span(clash)} already logged`, conflict: true });
  }
  return issues;
}

/** Percent of the required hours approved (0–100, whole; null when nothing is required). */
export function percentComplete(approvedMinutes: number, requiredHours: number | null): number | null {
  if (requiredHours === null || requiredHours <= 0) return null;
  return Math.min(100, Math.floor((approvedMinutes / 60 / requiredHours) * 100));
}

/** The program's requirement editor: one row per specialty, '' the default for any other. */
export const requirementsSchema = z.object({
  requirements: z
    .array(
      z.object({
        specialty: z.string({ error: "Specialty must be text" }).trim().max(100, "Specialty is too long"),
        hours: z
          .number({ error: "Hours must be a number" })
          .int("Hours must be a whole number")
          .min(0, "Hours must be 0 or more")
          .max(REQUIRED_HOURS_MAX, `Hours must be at most ${REQUIRED_HOURS_MAX}`),
      }),
    )
    .max(50, "At most 50 requirements")
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((r, i) => {
        const key = r.specialty.toLowerCase();
        if (seen.has(key)) {
          ctx.addIssue({
            code: "custom",
            path: [i, "specialty"],
            message: r.specialty ? `${r.specialty} is listed twice` : "The default is listed twice",
          });
        }
        seen.add(key);
      });
    }),
});
