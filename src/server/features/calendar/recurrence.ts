import * as rrulePackage from "rrule";
import { instantOf, wallClockOf } from "../../../domain/calendar";

// Expanding a weekly series into occurrences (RFC 5545, with the `rrule` package). rrule works in
// "floating" time here: the series' first wall-clock time in its own zone is handed over as if it
// were UTC, rrule steps through the weeks, and each occurrence's wall-clock time is turned back
// into an instant in the zone. So a 09:00 meeting in America/Chicago stays at 09:00 across the
// change to or from daylight saving time (its UTC instant moves by the hour), as in any calendar.

// rrule ships CommonJS for Node (named exports only behind `default`) and ESM for bundlers.
const { RRule } = ((rrulePackage as unknown as { default?: typeof rrulePackage }).default ??
  rrulePackage) as typeof rrulePackage;

export type Series = { startsAt: Date; endsAt: Date; timeZone: string; recurrence: string | null };
export type Occurrence = { start: Date; end: Date };

const floating = (instant: Date, tz: string) => {
  const w = wallClockOf(instant, tz);
  return new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second));
};
const fromFloating = (d: Date, tz: string) =>
  instantOf(
    {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: d.getUTCSeconds(),
    },
    tz,
  );

function ruleOf(s: Series & { recurrence: string }) {
  const options = RRule.parseString(s.recurrence);
  return new RRule({
    ...options,
    dtstart: floating(s.startsAt, s.timeZone),
    // UNTIL is stored in UTC (RFC 5545 with a TZID start); rrule compares it in floating time.
    until: options.until ? floating(options.until, s.timeZone) : null,
  });
}

const DAY_MS = 86_400_000;

/** The occurrences of a series (or the single event) that overlap [from, to), each lasting as long as the first. */
export function occurrencesBetween(s: Series, from: Date, to: Date): Occurrence[] {
  const length = s.endsAt.getTime() - s.startsAt.getTime();
  const all = !s.recurrence
    ? [s.startsAt]
    : ruleOf({ ...s, recurrence: s.recurrence })
        // A day of slack either side in floating time; the exact overlap is judged on instants below.
        .between(
          new Date(floating(from, s.timeZone).getTime() - length - DAY_MS),
          new Date(floating(to, s.timeZone).getTime() + DAY_MS),
          true,
        )
        .map((d) => fromFloating(d, s.timeZone));
  return all
    .map((start) => ({ start, end: new Date(start.getTime() + length) }))
    .filter((o) => o.start < to && o.end > from);
}

/** Every occurrence of a series (bounded by its COUNT or UNTIL, which validation keeps small). */
export function allOccurrences(s: Series): Occurrence[] {
  const length = s.endsAt.getTime() - s.startsAt.getTime();
  const starts = s.recurrence
    ? ruleOf({ ...s, recurrence: s.recurrence })
        .all()
        .map((d) => fromFloating(d, s.timeZone))
    : [s.startsAt];
  return starts.map((start) => ({ start, end: new Date(start.getTime() + length) }));
}

/** The end of a series' last occurrence (what a range query filters on). */
export function lastEndOf(s: Series): Date {
  const all = allOccurrences(s);
  return all.at(-1)?.end ?? s.endsAt;
}
