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
