import ical, { type ICalCalendar, type ICalEventData } from "ical-generator";
import { tzlib_get_ical_block, tzlib_get_timezones } from "timezones-ical-library";
import { addDays, CALENDAR_KIND_LABELS, type CalendarEvent, wallClockOf } from "../../../domain/calendar";
import { APP_TITLE } from "../../../domain/web-routes";
import type { Scope } from "../../lib/access";

// iCalendar (RFC 5545) for the private feeds and the single-event download (issue 15). The format
// (escaping, folding, VTIMEZONE, RRULE) is ical-generator's; what is ours: one VEVENT per event
// (a recurring event's occurrences become one VEVENT with its RRULE), UIDs that never change so
// a subscriber's calendar replaces its copy when SEQUENCE grows, and DTSTAMP = LAST-MODIFIED = the
// record's last change, so the same data gives the same bytes (the feed's ETag relies on it).

/** How often subscribed calendars are asked to poll (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH_SECONDS = 60 * 60;

/** The first occurrence of a stored recurring event, as the feed's DTSTART/DTEND (ISO instants). */
export type SeriesStart = { start: string; end: string };

export type IcsOptions = {
  /** The portal's address (APP_URL): the UIDs' domain and the records' links. */
  appUrl: string;
  /** Shown by calendar apps as the calendar's name, after "Clinical Placement Portal — ". */
  name: string;
  /** Whose calendar it is: which pages of the portal the events link to. */
  area: Scope["kind"];
  /** Recurring events' first occurrences by CalendarEvent.id (the list may begin mid-series). */
  series?: ReadonlyMap<string, SeriesStart>;
};

/** A stable UID: the event's id (kind and record) at the portal's host. */
export const eventUid = (event: Pick<CalendarEvent, "id">, appUrl: string) => `${event.id}@${new URL(appUrl).hostname}`;

/**
 * ical-generator writes a native Date with a TZID in the process's local time, so timed events go
 * in as its documented Temporal.ZonedDateTime shape (ICalTemporalZonedDateTimeStub), whose
 * wall-clock fields come from Intl: Node 20 has no Temporal yet.
 */
function zoned(instant: Date, timeZone: string) {
  // The wall clock comes from the domain's one Intl reader (the web form and the expansion use it too).
  const parts = wallClockOf(instant, timeZone);
  const iso = instant.toISOString();
  const plain = {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
    toJSON: () => iso,
    toString: () => iso,
    toPlainDate: () => ({
      year: parts.year,
      month: parts.month,
      day: parts.day,
      toJSON: () => iso,
      toString: () => iso,
    }),
    toZonedDateTime: (tz: string) => zoned(instant, tz),
  };
  const value = {
    ...plain,
    timeZoneId: timeZone,
    toInstant: () => ({
      epochMilliseconds: instant.getTime(),
      toJSON: () => iso,
      toString: () => iso,
      toZonedDateTimeISO: (tz: string) => zoned(instant, tz),
    }),
    toPlainDateTime: () => plain,
    withTimeZone: (tz: string) => zoned(instant, tz),
  };
  return value;
}

let zones: Set<string> | null = null;
/** Zones the library has VTIMEZONE blocks for (asking it about another logs an error). */
const knownZone = (tz: string | null): tz is string => {
  zones ??= new Set(tzlib_get_timezones() as string[]);
  return !!tz && tz !== "UTC" && zones.has(tz);
};

/** The VTIMEZONE block of an IANA zone, or none for a zone the library does not know (then UTC). */
function vtimezone(tz: string): string | null {
  if (!knownZone(tz)) return null;
  const block = tzlib_get_ical_block(tz);
  return Array.isArray(block) ? block[0] : null;
}

/** The page of the portal that shows an event's record, for the calendar's owner. */
export function recordPath(event: CalendarEvent, area: Scope["kind"]): string {
  const { kind, studentId } = event;
  const q = (path: string, params: Record<string, string | null>) => {
    const search = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => !!e[1]));
    const s = search.toString();
    return s ? `${path}?${s}` : path;
  };
  switch (area) {
    case "program":
      if (kind === "rotation" && studentId) return `/students/${studentId}`;
      if (kind === "expiry" && studentId) return `/students/${studentId}/compliance`;
      if (event.placementTitle) return q("/placements", { q: event.placementTitle });
      return "/calendar";
    case "facility":
      if (kind === "rotation")
        return q("/dashboard/facility/applications", {
          q: event.studentName,
          status: "approved",
          placementId: event.placementId,
        });
      if (kind === "expiry") return q("/dashboard/facility/students", { q: event.studentName });
      if (event.placementTitle) return q("/dashboard/facility/placements", { q: event.placementTitle });
      return "/dashboard/facility/calendar";
    case "preceptor":
      return "/dashboard/preceptor";
    case "student":
      if (kind === "rotation") return "/student/applications";
      if (kind === "expiry") return "/student/compliance";
      if (event.placementTitle) return q("/student/placements", { q: event.placementTitle });
      return "/dashboard/student";
    case "all":
      if ((kind === "rotation" || kind === "expiry") && event.programId)
        return `/dashboard/admin/programs/${event.programId}`;
      if (event.facilityId) return `/dashboard/admin/facilities/${event.facilityId}`;
      if (event.programId) return `/dashboard/admin/programs/${event.programId}`;
      return "/dashboard/admin";
    case "none":
      return "/";
  }
}

/** The event's text: who and where it concerns, its own description, and the link to its record. */
function descriptionOf(event: CalendarEvent, link: string): string {
  const lines = [
    CALENDAR_KIND_LABELS[event.kind],
    event.studentName && `Student: ${event.studentName}`,
    event.placementTitle && `Placement: ${event.placementTitle}`,
    event.facilityName && `Facility: ${event.facilityName}`,
    event.departmentName && `Department: ${event.departmentName}`,
    event.specialty && `Specialty: ${event.specialty}`,
    ...event.conflicts.map((c) => `Conflict: ${c.message}`),
    event.description && `\n${event.description}`,
    `\nOpen in the portal: ${link}`,
  ];
  return lines.filter(Boolean).join("\n");
}

/** The RRULE's value, whether the event carries it with its "RRULE:" name or without. */
const ruleOf = (recurrence: string) => recurrence.replace(/^RRULE:/i, "").trim();

function eventData(event: CalendarEvent, opts: IcsOptions, host: string): ICalEventData {
  const link = `${opts.appUrl.replace(/\/+$/, "")}${recordPath(event, opts.area)}`;
  const changed = new Date(event.updatedAt);
  const common: Omit<ICalEventData, "start"> = {
    id: `${event.id}@${host}`,
    sequence: event.sequence,
    stamp: changed,
    lastModified: changed,
    summary: event.title,
    description: descriptionOf(event, link),
    location: event.location || null,
    categories: [{ name: event.kind }],
    url: link,
  };
  if (event.allDay) {
    // DTEND of an all-day event is exclusive: the day after its last day.
    return { ...common, allDay: true, start: event.start.slice(0, 10), end: addDays(event.end.slice(0, 10), 1) };
  }
  const first = event.recurrence ? opts.series?.get(event.id) : undefined;
  const start = new Date(first?.start ?? event.start);
  const end = new Date(first?.end ?? event.end);
  const repeating = event.recurrence ? ruleOf(event.recurrence) : null;
  if (!knownZone(event.timeZone)) return { ...common, start, end, repeating };
  return {
    ...common,
    timezone: event.timeZone,
    start: zoned(start, event.timeZone),
    end: zoned(end, event.timeZone),
    repeating,
  };
}

/**
 * The calendar of `events`: one VEVENT per id (a series' occurrences share their id and become
 * one VEVENT with its RRULE, starting at its first occurrence when `series` knows it).
 */
export function buildCalendar(events: readonly CalendarEvent[], opts: IcsOptions): ICalCalendar {
  const calendar = ical({
    prodId: { company: APP_TITLE, product: "Calendar", language: "EN" },
    name: `${APP_TITLE} — ${opts.name}`,
    ttl: FEED_REFRESH_SECONDS,
    // Every zone the events use gets its VTIMEZONE block (the calendar itself has no zone).
    timezone: { name: null, generator: vtimezone },
  });
  const host = new URL(opts.appUrl).hostname;
  const seen = new Set<string>();
  for (const event of events) {
    if (seen.has(event.id)) continue;
    seen.add(event.id);
    calendar.createEvent(eventData(event, opts, host));
  }
  return calendar;
}

/** A file name for a downloaded event: its title's letters and digits, or "event". */
export function icsFileName(title: string): string {
  const base = title
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .slice(0, 60)
    .replace(/^-+|-+$/g, "");
  return `${base || "event"}.ics`;
}
