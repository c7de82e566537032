import { z } from "zod";
import { isoDate } from "./dates";

// A facility's placements and departments (issue 4): the contracts shared by the facility's forms
// and the API, and the rules on dates, duration and the next term's copy. No I/O.

export const PLACEMENT_STATUSES = ["draft", "active", "closed"] as const;
export type PlacementStatus = (typeof PLACEMENT_STATUSES)[number];

export const PLACEMENT_STATUS_LABELS: Record<PlacementStatus, string> = {
  draft: "Draft",
  active: "Active",
  closed: "Closed",
};

export const placementStatusTone = (status: PlacementStatus): "muted" | "success" | "warning" =>
  status === "active" ? "success" : status === "draft" ? "warning" : "muted";

export const MAX_REQUIREMENTS = 30;
export const REQUIREMENT_MAX = 200;
export const PLACEMENT_CAPACITY_MAX = 500;
export const DEPARTMENT_CAPACITY_MAX = 1000;

const DAY_MS = 86_400_000;
const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);
const dayString = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Requirements as the form's lines: trimmed, blank and repeated lines dropped. */
export function requirementLines(value: string | readonly string[]): string[] {
  const lines = typeof value === "string" ? value.split(/\r?\n/) : value;
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of lines) {
    const line = raw.trim();
    if (!line || seen.has(line.toLowerCase())) continue;
    seen.add(line.toLowerCase());
    out.push(line);
  }
  return out;
}

/**
 * Whole weeks a rotation spans, counted the way the demo world does: a rotation from a Monday to
 * the Friday of its 8th week (53 days) is 8 weeks; a one-day rotation is 1 week.
 */
export function durationWeeks(startDate: string, endDate: string): number {
  const days = Math.round((dayMs(endDate) - dayMs(startDate)) / DAY_MS);
  return Math.max(1, Math.ceil(days / 7));
}

/** Two date ranges (inclusive, YYYY-MM-DD) share at least one day. */
export const datesOverlap = (a: { startDate: string; endDate: string }, b: { startDate: string; endDate: string }) =>
  a.startDate <= b.endDate && b.startDate <= a.endDate;

/**
 * The next term's dates for a duplicated placement: the same length and weekday, starting the
 * first same weekday after the original ends (the next cohort, never overlapping the original).
 */
export function nextTermDates(startDate: string, endDate: string): { startDate: string; endDate: string } {
  const spanDays = Math.round((dayMs(endDate) - dayMs(startDate)) / DAY_MS);
  const shiftWeeks = Math.floor(spanDays / 7) + 1;
  const shift = shiftWeeks * 7 * DAY_MS;
  return { startDate: dayString(dayMs(startDate) + shift), endDate: dayString(dayMs(endDate) + shift) };
}

/** The academic term a day falls in, as the demo titles name it: 'Spring 2027', 'Summer 2027', 'Fall 2027'. */
export function termOf(day: string): string {
  const d = new Date(dayMs(day));
  const m = d.getUTCMonth();
  return `${m <= 4 ? "Spring" : m <= 7 ? "Summer" : "Fall"} ${d.getUTCFullYear()}`;
}

/** A duplicate's title: a trailing term ('– Fall 2026') becomes the new start's term; otherwise unchanged. */
export function nextTermTitle(title: string, newStartDate: string): string {
  const term = /(Spring|Summer|Fall|Winter) \d{4}$/;
  return term.test(title) ? title.replace(term, termOf(newStartDate)) : title;
}

const trimmed = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const isoDay = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .pipe(isoDate(label));

const wholeNumber = (label: string, min: number, max: number) =>
  z.union([z.number(), z.string().trim()], { error: `${label} is required` }).transform((v, ctx) => {
    const n = typeof v === "number" ? v : v === "" ? Number.NaN : Number(v);
    if (!Number.isInteger(n)) {
      ctx.addIssue({ code: "custom", message: `${label} must be a whole number` });
      return z.NEVER;
    }
    if (n < min || n > max) {
      ctx.addIssue({ code: "custom", message: `${label} must be between ${min} and ${max}` });
      return z.NEVER;
    }
    return n;
  });

/** A department or unit: 'Create department' and 'Edit' in 'Manage Departments'. */
export const departmentInputSchema = z.object({
  name: trimmed("Name", 100),
  specialty: trimmed("Specialty", 100),
  capacity: wholeNumber("Capacity", 0, DEPARTMENT_CAPACITY_MAX),
});
export type DepartmentInput = z.input<typeof departmentInputSchema>;
export type DepartmentValues = z.output<typeof departmentInputSchema>;

export const MIN_GPA_MESSAGE = "Minimum GPA must be a number between 0 and 4";
export const DEADLINE_MESSAGE = "Application deadline must be a date (YYYY-MM-DD)";
export const APPLICATION_DEADLINE_LABEL = "Application deadline (optional)";

/**
 * 'Create New Placement' and 'Edit': the form and the API validate with this one schema. Requirements
 * come as lines (the form's textarea) or a list; the end date is on or after the start date; the
 * duration in weeks is derived on the server. Status: save as draft or publish as active.
 */
export const placementInputSchema = z
  .object({
    title: trimmed("Title", 200),
    specialty: trimmed("Specialty", 100),
    departmentId: z
      .string({ error: "Choose a department" })
      .trim()
      .min(1, "Choose a department")
      .pipe(z.uuid("Choose a department")),
    description: z
      .string()
      .trim()
      .max(5000, "Description must be at most 5000 characters")
      .optional()
      .transform((v) => v ?? ""),
    requirements: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((v, ctx) => {
        const lines = requirementLines(v ?? []);
        if (lines.length > MAX_REQUIREMENTS) {
          ctx.addIssue({ code: "custom", message: `At most ${MAX_REQUIREMENTS} requirements` });
          return z.NEVER;
        }
        const long = lines.find((l) => l.length > REQUIREMENT_MAX);
        if (long) {
          ctx.addIssue({ code: "custom", message: `Each requirement must be at most ${REQUIREMENT_MAX} characters` });
          return z.NEVER;
        }
        return lines;
      }),
    startDate: isoDay("Start date"),
    endDate: isoDay("End date"),
    capacity: wholeNumber("Capacity", 1, PLACEMENT_CAPACITY_MAX),
    status: z.enum(["draft", "active", "closed"], { error: "Status must be draft, active or closed" }).default("draft"),
    /**
     * Issue 13: the lowest GPA the placement takes (0–4, two decimals), or null/empty for none.
     * Omitted on an edit: unchanged.
     */
    minGpa: z
      .union([z.number(), z.string(), z.null()], { error: MIN_GPA_MESSAGE })
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === null) return v;
        const text = typeof v === "string" ? v.trim() : v;
        if (text === "") return null;
        const n = typeof text === "number" ? text : Number(text);
        if (!Number.isFinite(n) || n < 0 || n > 4) {
          ctx.addIssue({ code: "custom", message: MIN_GPA_MESSAGE });
          return z.NEVER;
        }
        if (Math.abs(Math.round(n * 100) - n * 100) > 1e-6) {
          ctx.addIssue({ code: "custom", message: "Minimum GPA has at most two decimals" });
          return z.NEVER;
        }
        return Math.round(n * 100) / 100;
      }),
    /**
     * Issue 15: the last day applications are taken (YYYY-MM-DD, on or before the end date), or
     * null/empty for none (then until the rotation starts). Omitted on an edit: unchanged.
     */
    applicationDeadline: z
      .union([z.string(), z.null()], { error: DEADLINE_MESSAGE })
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === null) return v;
        const text = v.trim();
        if (text === "") return null;
        const parsed = isoDate("Application deadline").safeParse(text);
        if (!parsed.success) {
          ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? DEADLINE_MESSAGE });
          return z.NEVER;
        }
        return parsed.data;
      }),
    /** 'Accept applications after the rotation starts' (issue 9): late joiners until the end date. */
    allowLateJoiners: z.boolean({ error: "Accept late joiners must be true or false" }).optional().default(false),
    /**
     * Issue 12: the compliance requirement types this placement asks on top of its facility's
     * (catalogue ids). Omitted on an edit: unchanged.
     */
    requirementTypeIds: z
      .array(z.string({ error: "Requirement types are the catalogue's ids" }).trim().min(1).max(64), {
        error: "Requirement types are a list of the catalogue's ids",
      })
      .max(30, "At most 30 requirement types")
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.startDate && v.endDate && v.endDate < v.startDate) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "End date must be on or after the start date" });
    }
    if (v.applicationDeadline && v.endDate && v.applicationDeadline > v.endDate) {
      ctx.addIssue({
        code: "custom",
        path: ["applicationDeadline"],
        message: "Application deadline must be on or before the end date",
      });
    }
  });
export type PlacementInput = z.input<typeof placementInputSchema>;
export type PlacementValues = z.output<typeof placementInputSchema>;

/** The facility's optional notes to the program with a decision (stored as review_notes). */
export const REVIEW_NOTES_MAX = 2000;
export const applicationReviewSchema = z.object({
  notes: z
    .string()
    .trim()
    .max(REVIEW_NOTES_MAX, `Notes must be at most ${REVIEW_NOTES_MAX} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type ApplicationReview = z.input<typeof applicationReviewSchema>;

/** Placed students: a rotation under way today, one still to come, or one that ended. */
export const PLACED_PHASES = ["current", "upcoming", "past"] as const;
export type PlacedPhase = (typeof PLACED_PHASES)[number];

export function placedPhase(startDate: string, endDate: string, today: string): PlacedPhase {
  if (endDate < today) return "past";
  return startDate <= today ? "current" : "upcoming";
}

// ---------------------------------------------------------------------------------------------
// Issue 9: publishing by dates, and a department's seats. 'today' is YYYY-MM-DD (the server uses
// the database's current_date); a rotation runs from its start date to its end date, both included,
// so a rotation starting today has started (the phases are rotationPhase() of ./applications).

export const LATE_JOINERS_LABEL = "Accept applications after the rotation starts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const dayParts = (d: string) => ({ y: d.slice(0, 4), m: MONTHS[Number(d.slice(5, 7)) - 1], d: Number(d.slice(8, 10)) });

/** 'Feb 28, 2020' (spec section 9's 'MMM d, yyyy'), without time zones. */
export function dayLabel(day: string): string {
  const p = dayParts(day);
  return `${p.m} ${p.d}, ${p.y}`;
}

/** 'Mar 1–Apr 30, 2034'; 'Dec 1, 2033–Feb 28, 2034' across years. */
export function dateRangeLabel(startDate: string, endDate: string): string {
  const a = dayParts(startDate);
  const b = dayParts(endDate);
  return a.y === b.y ? `${a.m} ${a.d}–${b.m} ${b.d}, ${b.y}` : `${dayLabel(startDate)}–${dayLabel(endDate)}`;
}

/**
 * Why a placement cannot be active as of `today` (created as active, published, re-published or
 * edited into active), naming the field: null when it may. A rotation that ended stays in the
 * facility's history but is never offered again; one under way only with late joiners allowed.
 */
export function publishRefusal(
  p: { startDate: string; endDate: string; allowLateJoiners: boolean },
  today: string,
): { path: "startDate" | "endDate"; message: string } | null {
  if (p.endDate < today) {
    return {
      path: "endDate",
      message: `This rotation ended on ${dayLabel(p.endDate)}: a past rotation stays in your history and cannot be published`,
    };
  }
  if (p.startDate <= today && !p.allowLateJoiners) {
    return {
      path: "startDate",
      message: `This rotation started on ${dayLabel(p.startDate)}: publish it only with '${LATE_JOINERS_LABEL}' ticked`,
    };
  }
  return null;
}

/**
 * Takes applications on `today`: not ended, not started unless late joiners are allowed, and not
 * past its application deadline (issue 15; the deadline day itself still takes them).
 */
export const acceptsApplications = (
  p: { startDate: string; endDate: string; allowLateJoiners: boolean; applicationDeadline?: string | null },
  today: string,
) =>
  p.endDate >= today &&
  (p.startDate > today || p.allowLateJoiners) &&
  !deadlinePassed(p.applicationDeadline ?? null, today);

/** Issue 15: the application deadline is behind us (applications are taken through the deadline day). */
export const deadlinePassed = (applicationDeadline: string | null, today: string) =>
  applicationDeadline !== null && applicationDeadline < today;

/** 'Apply by Mar 1, 2034': the placement card's and detail's line. */
export const applyByLabel = (applicationDeadline: string) => `Apply by ${dayLabel(applicationDeadline)}`;

/** The refusal of an application after the deadline (409), naming the date. */
export const deadlinePassedMessage = (applicationDeadline: string) =>
  `The application deadline for this placement was ${dayLabel(applicationDeadline)}: it no longer takes applications`;

/**
 * A duplicate's deadline: as far before its new start as the original's was before its start
 * (null stays null), never after the new end.
 */
export function shiftedDeadline(
  applicationDeadline: string | null,
  from: { startDate: string },
  to: { startDate: string; endDate: string },
): string | null {
  if (applicationDeadline === null) return null;
  const shifted = dayString(dayMs(applicationDeadline) + (dayMs(to.startDate) - dayMs(from.startDate)));
  // YYYY-MM-DD strings: the earlier of the two sorts first.
  return [shifted, to.endDate].sort()[0];
}

/**
 * The most seats that `claims` hold on any one day of [startDate, endDate]: the busiest day, not
 * the sum of every overlapping claim (two successive rotations of 6 never hold 12 at once).
 */
export function peakSeats(
  claims: readonly { startDate: string; endDate: string; seats: number }[],
  startDate: string,
  endDate: string,
): number {
  const inRange = claims.filter((c) => c.seats > 0 && c.startDate <= endDate && c.endDate >= startDate);
  // The busiest day is the first day of the range or the first day of some claim within it.
  const days = new Set([startDate, ...inRange.map((c) => c.startDate).filter((d) => d > startDate)]);
  let peak = 0;
  for (const day of days) {
    let sum = 0;
    for (const c of inRange) if (c.startDate <= day && c.endDate >= day) sum += c.seats;
    peak = Math.max(peak, sum);
  }
  return peak;
}

/** '4 West Med-Surg has 10 seats; placements overlapping Mar 1–Apr 30, 2034 already take 9: at most 1 more'. */
export function departmentSeatsMessage(
  d: { name: string; capacity: number },
  range: { startDate: string; endDate: string },
  taken: number,
  takenBy: "placements" | "approved students" = "placements",
): string {
  const free = Math.max(0, d.capacity - taken);
  return `${d.name} has ${d.capacity} seat${d.capacity === 1 ? "" : "s"}; ${takenBy} overlapping ${dateRangeLabel(range.startDate, range.endDate)} already take ${taken}: ${free === 0 ? "no seat left" : `at most ${free} more`}`;
}

/** The placement form's hint: '3 of 10 seats free for these dates'. */
export const seatsFreeLabel = (free: number, capacity: number) =>
  `${free} of ${capacity} seat${capacity === 1 ? "" : "s"} free for these dates`;
