import type { FieldError, Resolver } from "react-hook-form";
import {
  type CalendarEvent,
  type CalendarEventInput,
  calendarEventInputSchema,
  dayIn,
  type EventAudience,
  type EventCategory,
  instantOf,
  isTimeZone,
  recurrenceOf,
  type Weekday,
  wallClockOf,
  weekdayOf,
} from "@/domain/calendar";

// The "Add event" form's fields (a day, two times and a zone, as people plan) and the API's input
// (two instants and the zone): the form validates by converting and running the domain's own
// schema, so it refuses exactly what the server would, with the same messages under its fields.

export type EventFormValues = {
  title: string;
  category: EventCategory;
  date: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  location: string;
  description: string;
  repeat: boolean;
  days: Weekday[];
  ends: "count" | "until";
  count: string;
  until: string;
  audience: EventAudience;
  placementId: string;
  /** Shown beside the placement picker; not sent. */
  placementTitle: string;
};

export type EventFormField = keyof EventFormValues;

export const browserTimeZone = () => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : "UTC";
};

const pad = (n: number) => String(n).padStart(2, "0");

export function emptyEventValues(today: string, zone = browserTimeZone()): EventFormValues {
  return {
    title: "",
    category: "orientation",
    date: today,
    startTime: "09:00",
    endTime: "10:00",
    timeZone: zone,
    location: "",
    description: "",
    repeat: false,
    days: [weekdayOf(today)],
    ends: "count",
    count: "4",
    until: "",
    audience: "organization",
    placementId: "",
    placementTitle: "",
  };
}

/** The form filled from an event (an occurrence of a series: the series from that occurrence on). */
export function eventToValues(e: CalendarEvent, zone = browserTimeZone()): EventFormValues {
  const tz = e.timeZone && isTimeZone(e.timeZone) ? e.timeZone : zone;
  const start = wallClockOf(new Date(e.start), tz);
  const end = wallClockOf(new Date(e.end), tz);
  const date = dayIn(new Date(e.start), tz);
  const rule = e.recurrence ? recurrenceOf(e.recurrence, tz) : null;
  return {
    title: e.title,
    category: e.category ?? "other",
    date,
    startTime: `${pad(start.hour)}:${pad(start.minute)}`,
    endTime: `${pad(end.hour)}:${pad(end.minute)}`,
    timeZone: tz,
    location: e.location ?? "",
    description: e.description ?? "",
    repeat: rule !== null,
    days: rule?.days ?? [weekdayOf(date)],
    ends: rule?.until ? "until" : "count",
    count: rule?.count !== undefined ? String(rule.count) : "4",
    until: rule?.until ?? "",
    audience: e.audience ?? "organization",
    placementId: e.placementId ?? "",
    placementTitle: e.placementTitle ?? "",
  };
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

/** A day and a time in a zone as an instant (ISO), or "" when any part is missing or malformed (the schema names it). */
function instant(date: string, time: string, tz: string): string {
  const d = DAY.exec(date);
  const t = TIME.exec(time);
  if (!d || !t || !isTimeZone(tz)) return "";
  const at = instantOf({ year: +d[1]!, month: +d[2]!, day: +d[3]!, hour: +t[1]!, minute: +t[2]!, second: 0 }, tz);
  return Number.isNaN(at.getTime()) ? "" : at.toISOString();
}

/** The API's input from the form. `organizationId`: the organization an administrator views. */
export function valuesToInput(v: EventFormValues, organizationId?: string): CalendarEventInput {
  return {
    organizationId: organizationId ?? "",
    title: v.title,
    category: v.category,
    description: v.description,
    location: v.location,
    startsAt: instant(v.date, v.startTime, v.timeZone),
    endsAt: instant(v.date, v.endTime, v.timeZone),
    timeZone: v.timeZone,
    recurrence: v.repeat
      ? v.ends === "count"
        ? { days: v.days, count: v.count }
        : { days: v.days, until: v.until }
      : null,
    audience: v.audience,
    placementId: v.audience === "placement" ? v.placementId : null,
  };
}

/** Which form field shows an issue the schema (or the server) reports at `path`. */
export function fieldOf(path: string, values?: Pick<EventFormValues, "date">): EventFormField | null {
  switch (path) {
    case "startsAt":
      return values && !DAY.test(values.date) ? "date" : "startTime";
    case "endsAt":
      return "endTime";
    case "recurrence":
    case "recurrence.days":
      return "days";
    case "recurrence.count":
      return "count";
    case "recurrence.until":
      return "until";
    case "title":
    case "category":
    case "description":
    case "location":
    case "timeZone":
    case "audience":
    case "placementId":
      return path;
    default:
      return null;
  }
}

/** react-hook-form's resolver: the domain schema on the converted values, its issues under the form's fields. */
export const eventFormResolver =
  (organizationId?: string): Resolver<EventFormValues> =>
  async (values) => {
    const parsed = calendarEventInputSchema.safeParse(valuesToInput(values, organizationId));
    if (parsed.success) return { values, errors: {} };
    const errors: Partial<Record<EventFormField, FieldError>> = {};
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path.join("."), values) ?? "title";
      errors[field] ??= { type: "validate", message: issue.message };
    }
    return { values: {}, errors };
  };
