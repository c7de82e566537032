import { z } from "zod";
import { isoDate } from "./dates";

// Calendars (issue 15): the one contract the server, the feeds and the web share. Every event but
// a coordinator's own is derived from the data (rotations, placement dates, application deadlines,
// compliance expiries); nothing is typed twice.

export const CALENDAR_EVENT_KINDS = ["rotation", "placement", "deadline", "expiry", "custom"] as const;
export type CalendarEventKind = (typeof CALENDAR_EVENT_KINDS)[number];

export const CALENDAR_KIND_LABELS: Record<CalendarEventKind, string> = {
  rotation: "Rotation",
  placement: "Placement dates",
  deadline: "Application deadline",
  expiry: "Compliance expiry",
  custom: "Event",
};

/** What a coordinator's own event is. */
export const EVENT_CATEGORIES = ["orientation", "site_visit", "meeting", "other"] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];
export const EVENT_CATEGORY_LABELS: Record<EventCategory, string> = {
  orientation: "Orientation",
  site_visit: "Site visit",
  meeting: "Meeting",
  other: "Other",
};

/** Who sees a coordinator's own event besides the organization's coordinators. */
export const EVENT_AUDIENCES = ["organization", "students", "placement"] as const;
export type EventAudience = (typeof EVENT_AUDIENCES)[number];
export const EVENT_AUDIENCE_LABELS: Record<EventAudience, string> = {
  organization: "Our coordinators only",
  students: "Our coordinators and our students",
  placement: "The students of one placement",
};

export const CONFLICT_KINDS = ["overlap", "compliance"] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];

/** The widest range one request may ask for (a year and a bit: a year view plus its edges). */
export const CALENDAR_RANGE_MAX_DAYS = 400;
export const EVENT_TITLE_MAX = 200;
export const EVENT_TEXT_MAX = 2000;
export const EVENT_LOCATION_MAX = 300;
/** A weekly series has at most this many occurrences (a year of weekly events and then some). */
export const RECURRENCE_MAX_COUNT = 104;

export const calendarConflictSchema = z.object({
  kind: z.enum(CONFLICT_KINDS),
  message: z.string(),
});
export type CalendarConflict = z.infer<typeof calendarConflictSchema>;

/**
 * One event as the API, the page and the feed see it. `id` is stable across reads and changes
 * (the feed's UID): "<kind>-<record id>". All-day events carry days (`end` is the last day,
 * inclusive); timed events carry instants (ISO 8601, UTC) and the zone they were planned in.
 * A recurring event is listed once per occurrence in range, each with the series' id and its own
 * `start`; `recurrence` holds the series' RRULE.
 */
export const calendarEventSchema = z.object({
  id: z.string(),
  kind: z.enum(CALENDAR_EVENT_KINDS),
  title: z.string(),
  allDay: z.boolean(),
  start: z.string(),
  end: z.string(),
  timeZone: z.string().nullable(),
  location: z.string().nullable(),
  description: z.string().nullable(),
  studentId: z.string().nullable(),
  studentName: z.string().nullable(),
  programId: z.string().nullable(),
  placementId: z.string().nullable(),
  placementTitle: z.string().nullable(),
  facilityId: z.string().nullable(),
  facilityName: z.string().nullable(),
  departmentId: z.string().nullable(),
  departmentName: z.string().nullable(),
  specialty: z.string().nullable(),
  applicationId: z.string().nullable(),
  documentId: z.string().nullable(),
  /** Custom events: the stored event's id, its category and audience, and whether the viewer may change it. */
  eventId: z.string().nullable(),
  category: z.enum(EVENT_CATEGORIES).nullable(),
  audience: z.enum(EVENT_AUDIENCES).nullable(),
  recurrence: z.string().nullable(),
  editable: z.boolean(),
  conflicts: z.array(calendarConflictSchema),
  /** RFC 5545 SEQUENCE: grows whenever the event's record changes. */
  sequence: z.number().int().nonnegative(),
  updatedAt: z.string(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

const uuidOrEmpty = (message: string) =>
  z
    .union([z.uuid(message), z.literal("")])
    .optional()
    .transform((v) => v || undefined);

/** The events endpoint's filters: a day range (from ≤ to, at most CALENDAR_RANGE_MAX_DAYS) and optional narrowing. */
export const calendarQuerySchema = z
  .object({
    from: isoDate("From"),
    to: isoDate("To"),
    kinds: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (!v) return undefined;
        const parts = [
          ...new Set(
            v
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean),
          ),
        ];
        const bad = parts.find((p) => !(CALENDAR_EVENT_KINDS as readonly string[]).includes(p));
        if (bad) {
          ctx.addIssue({ code: "custom", message: `Unknown event kind "${bad.slice(0, 40)}"` });
          return z.NEVER;
        }
        return parts as CalendarEventKind[];
      }),
    studentId: uuidOrEmpty("Unknown student"),
    facilityId: uuidOrEmpty("Unknown facility"),
    departmentId: uuidOrEmpty("Unknown department"),
    programId: uuidOrEmpty("Unknown program"),
    specialty: z
      .string()
      .max(100, "Specialty is too long")
      .optional()
      .transform((v) => v || undefined),
  })
  .superRefine((q, ctx) => {
    if (q.from > q.to) ctx.addIssue({ code: "custom", path: ["to"], message: "To must be on or after From" });
    else if (daysBetween(q.from, q.to) > CALENDAR_RANGE_MAX_DAYS) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: `Ask for at most ${CALENDAR_RANGE_MAX_DAYS} days at once`,
      });
    }
  });
export type CalendarQuery = z.output<typeof calendarQuerySchema>;

/** Whole days from `a` to `b` (YYYY-MM-DD), negative when b is earlier. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** A calendar day `n` days after `day` (YYYY-MM-DD). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Whether two inclusive day ranges share a day. */
export const rangesOverlap = (a: { start: string; end: string }, b: { start: string; end: string }) =>
  a.start <= b.end && b.start <= a.end;

// ---------------------------------------------------------------------------------------------
// Conflicts (pure: the server feeds them the records, tests a fixed clock).

export type RotationSpan = { startDate: string; endDate: string };
export type OtherRotation = RotationSpan & { title: string; facilityName: string };
export type UnmetItem = { name: string; reason: string };

/**
 * A rotation's conflicts: each other approved rotation of the student sharing a day with it, and,
 * while it has not ended on `today`, the required items not valid through its last day.
 */
export function rotationConflicts(
  rotation: RotationSpan,
  today: string,
  others: OtherRotation[],
  unmet: UnmetItem[],
): CalendarConflict[] {
  const out: CalendarConflict[] = [];
  const span = { start: rotation.startDate, end: rotation.endDate };
  for (const o of others) {
    if (!rangesOverlap(span, { start: o.startDate, end: o.endDate })) continue;
    out.push({
      kind: "overlap",
      message: `Overlaps ${o.title} at ${o.facilityName} (${o.startDate} to ${o.endDate}), another approved rotation of this student`,
    });
  }
  if (rotation.endDate >= today && unmet.length > 0) {
    out.push({
      kind: "compliance",
      message: `Requirements not valid through ${rotation.endDate}: ${unmet.map((u) => `${u.name} (${u.reason})`).join(", ")}`,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Time zones (Intl only, so the web form and the server agree).

/** Every IANA zone the runtime knows, plus "UTC" (Intl lists only canonical zones). */
export function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones.includes("UTC") ? zones : [...zones, "UTC"];
}
let zoneSet: Set<string> | null = null;
export function isTimeZone(tz: string): boolean {
  zoneSet ??= new Set(timeZones());
  return zoneSet.has(tz);
}

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(tz: string) {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(tz, f);
  }
  return f;
}

/** The wall-clock time an instant shows in `tz`. */
export function wallClockOf(instant: Date, tz: string): WallClock {
  const parts = Object.fromEntries(
    formatterOf(tz)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const wallMs = (w: WallClock) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/**
 * The instant a wall-clock time in `tz` names. In a spring-forward gap the time is moved forward by
 * the gap (02:30 → 03:30); in a fall-back hour the earlier instant is taken.
 */
export function instantOf(wall: WallClock, tz: string): Date {
  const target = wallMs(wall);
  const offsetAt = (ms: number) => wallMs(wallClockOf(new Date(ms), tz)) - ms;
  let guess = target - offsetAt(target);
  const second = target - offsetAt(guess);
  if (second !== guess) guess = Math.min(guess, second);
  // In a gap neither guess shows the wall time: take the later offset's reading (moved forward).
  if (wallMs(wallClockOf(new Date(guess), tz)) !== target) guess = Math.max(target - offsetAt(target), second);
  return new Date(guess);
}

/** The calendar day (YYYY-MM-DD) an instant falls on in `tz`. */
export function dayIn(instant: Date, tz: string): string {
  const w = wallClockOf(instant, tz);
  return `${String(w.year).padStart(4, "0")}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}

// ---------------------------------------------------------------------------------------------
// Coordinators' own events: the form and the API validate with one schema.

export const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  MO: "Monday",
  TU: "Tuesday",
  WE: "Wednesday",
  TH: "Thursday",
  FR: "Friday",
  SA: "Saturday",
  SU: "Sunday",
};
/** The weekday (RFC 5545 two letters) of a YYYY-MM-DD day. */
export const weekdayOf = (day: string): Weekday => WEEKDAYS[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]!;

/** The longest one occurrence may last. */
export const EVENT_MAX_DAYS = 31;
const YEAR_MIN = 1900;
const YEAR_MAX = 2200;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .default("");

const dateTime = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .pipe(
      z.iso.datetime({
        offset: true,
        message: `${label} must be a date and time (ISO 8601, e.g. 2026-03-02T09:00:00Z)`,
      }),
    )
    .refine((v) => {
      // Only a well-formed date and time is judged here: a malformed one already has its issue.
      if (!/^\d{4}-/.test(v)) return true;
      const y = new Date(v).getUTCFullYear();
      return Number.isNaN(y) || (y >= YEAR_MIN && y <= YEAR_MAX);
    }, `${label} must be between the years ${YEAR_MIN} and ${YEAR_MAX}`)
    .transform((v) => new Date(v).toISOString());

const wholeNumber = (label: string, min: number, max: number) =>
  z.union([z.number(), z.string().trim()], { error: `${label} must be a whole number` }).transform((v, ctx) => {
    const n = typeof v === "number" ? v : v === "" ? Number.NaN : Number(v);
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: "custom", message: `${label} must be a whole number between ${min} and ${max}` });
      return z.NEVER;
    }
    return n;
  });

/** Weekly on some days, ending after `count` occurrences or on `until` (a day in the event's zone, inclusive). */
export const recurrenceInputSchema = z
  .object({
    days: z
      .array(z.enum(WEEKDAYS, { error: "Days must be weekdays (MO, TU, WE, TH, FR, SA, SU)" }), {
        error: "Choose the days of the week it repeats on",
      })
      .min(1, "Choose at least one day of the week")
      .max(7, "Choose each day at most once")
      .transform((d) => WEEKDAYS.filter((w) => d.includes(w))),
    count: wholeNumber("Occurrences", 1, RECURRENCE_MAX_COUNT).optional(),
    until: z
      .union([isoDate("Repeat until"), z.literal("")])
      .optional()
      .transform((v) => v || undefined),
  })
  .superRefine((r, ctx) => {
    if ((r.count === undefined) === (r.until === undefined)) {
      ctx.addIssue({ code: "custom", path: ["count"], message: "Give either a number of occurrences or an end date" });
    }
  });
export type RecurrenceInput = z.output<typeof recurrenceInputSchema>;

export const calendarEventInputSchema = z
  .object({
    organizationId: z
      .union([z.uuid("Unknown organization"), z.literal("")])
      .optional()
      .transform((v) => v || undefined),
    title: z
      .string({ error: "Title is required" })
      .trim()
      .min(1, "Title is required")
      .max(EVENT_TITLE_MAX, `Title must be at most ${EVENT_TITLE_MAX} characters`),
    category: z.enum(EVENT_CATEGORIES, { error: "Choose a category" }).optional().default("other"),
    description: text("Description", EVENT_TEXT_MAX),
    location: text("Location", EVENT_LOCATION_MAX),
    startsAt: dateTime("Start"),
    endsAt: dateTime("End"),
    timeZone: z
      .string({ error: "Time zone is required" })
      .trim()
      .min(1, "Time zone is required")
      .max(64, "Time zone is not a known time zone")
      .refine(isTimeZone, "Time zone is not a known time zone (e.g. America/Chicago)"),
    recurrence: recurrenceInputSchema.nullable().optional().default(null),
    audience: z.enum(EVENT_AUDIENCES, { error: "Choose who sees it" }).optional().default("organization"),
    placementId: z
      .union([z.uuid("Unknown placement"), z.literal(""), z.null()])
      .optional()
      .transform((v) => v || null),
  })
  .superRefine((e, ctx) => {
    // Rules across fields only judge fields that are valid on their own (each bad one has its issue).
    const [start, end] = [Date.parse(e.startsAt), Date.parse(e.endsAt)];
    const yearOk = (t: number) => new Date(t).getUTCFullYear() >= YEAR_MIN && new Date(t).getUTCFullYear() <= YEAR_MAX;
    if (Number.isNaN(start) || Number.isNaN(end) || !yearOk(start) || !yearOk(end)) return;
    if (end <= start) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "End must be after Start" });
    } else if (end - start > EVENT_MAX_DAYS * 86_400_000) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: `An event lasts at most ${EVENT_MAX_DAYS} days` });
    }
    if (e.audience === "placement" && !e.placementId) {
      ctx.addIssue({ code: "custom", path: ["placementId"], message: "Choose the placement whose students see it" });
    }
    if (e.recurrence?.days?.length && typeof e.timeZone === "string" && isTimeZone(e.timeZone)) {
      for (const issue of recurrenceIssues(e.recurrence, e.startsAt, e.timeZone)) ctx.addIssue(issue);
    }
  });
export type CalendarEventInput = z.input<typeof calendarEventInputSchema>;
export type CalendarEventValues = z.output<typeof calendarEventInputSchema>;

/** The series' rules that need its start: it starts on one of its days; an end date after the start, within RECURRENCE_MAX_COUNT. */
export function recurrenceIssues(r: RecurrenceInput, startsAt: string, tz: string) {
  const issues: { code: "custom"; path: string[]; message: string }[] = [];
  const first = dayIn(new Date(startsAt), tz);
  const weekday = weekdayOf(first);
  if (!r.days.includes(weekday)) {
    issues.push({
      code: "custom",
      path: ["recurrence", "days"],
      message: `Days must include ${WEEKDAY_LABELS[weekday]}, the day of the first occurrence`,
    });
  }
  if (r.until !== undefined) {
    if (r.until < first) {
      issues.push({
        code: "custom",
        path: ["recurrence", "until"],
        message: "Repeat until must be on or after the start",
      });
    } else if (occurrenceDays(first, r.days, { until: r.until }).length > RECURRENCE_MAX_COUNT) {
      issues.push({
        code: "custom",
        path: ["recurrence", "until"],
        message: `A series has at most ${RECURRENCE_MAX_COUNT} occurrences: choose an earlier end date`,
      });
    }
  }
  return issues;
}

/**
 * The days (YYYY-MM-DD, in the event's zone) of a weekly series from `first`, until a count or a
 * day (stopping one past RECURRENCE_MAX_COUNT, enough to judge the limit). Only days from `first`.
 */
export function occurrenceDays(first: string, days: readonly Weekday[], end: { count?: number; until?: string }) {
  const out: string[] = [];
  const limit = Math.min(end.count ?? RECURRENCE_MAX_COUNT + 1, RECURRENCE_MAX_COUNT + 1);
  for (let d = first; out.length < limit && (!end.until || d <= end.until); d = addDays(d, 1)) {
    if (days.includes(weekdayOf(d))) out.push(d);
  }
  return out;
}

/** RFC 5545 UNTIL as UTC (required when DTSTART has a TZID): the end of `until`'s day in `tz`. */
export function untilInstant(until: string, tz: string): Date {
  const [y, m, d] = until.split("-").map(Number) as [number, number, number];
  return instantOf({ year: y, month: m, day: d, hour: 23, minute: 59, second: 59 }, tz);
}

const icsUtc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** The RFC 5545 RRULE (without "RRULE:") of a weekly series planned in `tz`. */
export function rruleOf(r: RecurrenceInput, tz: string): string {
  const end = r.count !== undefined ? `COUNT=${r.count}` : `UNTIL=${icsUtc(untilInstant(r.until!, tz))}`;
  return `FREQ=WEEKLY;BYDAY=${r.days.join(",")};${end}`;
}

/** The form's values back from a stored RRULE (what rruleOf wrote), or null for another rule. */
export function recurrenceOf(rrule: string, tz: string): RecurrenceInput | null {
  const parts = Object.fromEntries(
    rrule
      .replace(/^RRULE:/, "")
      .split(";")
      .map((p) => p.split("=") as [string, string]),
  );
  if (parts.FREQ !== "WEEKLY" || !parts.BYDAY) return null;
  const days = WEEKDAYS.filter((w) => parts.BYDAY!.split(",").includes(w));
  if (parts.COUNT) return { days, count: Number(parts.COUNT), until: undefined };
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(parts.UNTIL ?? "");
  if (!m) return null;
  const instant = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
  return { days, count: undefined, until: dayIn(instant, tz) };
}
