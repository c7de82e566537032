// A student's schedule constraints are free text ("Day shifts preferred; away June 1 to June 30,
// 2027"). The schedule factor uses only what can be read from them without guessing: explicit
// calendar dates after a few plain phrases. Anything else (shifts, weekdays, "evenings") is not
// read, since placements carry no shift times to compare it with, and never counts against a
// placement. Pure.

export type DayRange = { start: string; end: string };
export type ScheduleNotes = {
  /** The first day the notes say the student can start (null: not said). */
  availableFrom: string | null;
  /** The last day the notes say the student is available (null: not said). */
  availableUntil: string | null;
  /** Periods the notes rule out. */
  unavailable: DayRange[];
  /** The phrases read, as written, for the factor's explanation and tests. */
  understood: string[];
};

export const NO_SCHEDULE_NOTES: ScheduleNotes = Object.freeze({
  availableFrom: null,
  availableUntil: null,
  unavailable: Object.freeze([]) as unknown as DayRange[],
  understood: Object.freeze([]) as unknown as string[],
}) as ScheduleNotes;

const MONTH =
  "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
/** A date as people write it: 2027-06-01, 6/1/2027, June 1, 2027, Jun 1st 2027, or a month: June 2027. */
const DATE = `(?:\\d{4}-\\d{2}-\\d{2}|\\d{1,2}/\\d{1,2}/\\d{4}|${MONTH}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}|${MONTH}\\.?,?\\s+\\d{4})`;
const MONTH_INDEX: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

const pad = (n: number) => String(n).padStart(2, "0");
const lastDayOf = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const validDay = (y: number, m: number, d: number) =>
  y >= 1900 && y <= 2200 && m >= 1 && m <= 12 && d >= 1 && d <= lastDayOf(y, m);
const dayOf = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/** The days a written date covers: one day, or a whole month ("June 2027"). Null when not a real date. */
export function readDate(text: string): DayRange | null {
  const t = text.trim().toLowerCase();
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return validDay(y, mo, d) ? { start: dayOf(y, mo, d), end: dayOf(y, mo, d) } : null;
  }
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (m) {
    const [mo, d, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return validDay(y, mo, d) ? { start: dayOf(y, mo, d), end: dayOf(y, mo, d) } : null;
  }
  m = /^([a-z]{3})[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/.exec(t);
  if (m) {
    const [mo, d, y] = [MONTH_INDEX[m[1]], Number(m[2]), Number(m[3])];
    return mo && validDay(y, mo, d) ? { start: dayOf(y, mo, d), end: dayOf(y, mo, d) } : null;
  }
  m = /^([a-z]{3})[a-z]*\.?,?\s+(\d{4})$/.exec(t);
  if (m) {
    const [mo, y] = [MONTH_INDEX[m[1]], Number(m[2])];
    return mo && validDay(y, mo, 1) ? { start: dayOf(y, mo, 1), end: dayOf(y, mo, lastDayOf(y, mo)) } : null;
  }
  return null;
}

const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const NOT_AVAILABLE = "(?:not available|unavailable|away|busy|on leave|out of town|no (?:clinical )?rotations?)";
const GAP = "[^;\\n]{0,40}?";
type Rule = { re: RegExp; apply: (notes: ScheduleNotes, a: DayRange, b: DayRange | null, word: string) => boolean };
const RULES: Rule[] = [
  // "away from June 1 to June 30, 2027", "no rotations between 2027-06-01 and 2027-06-30"
  {
    re: new RegExp(
      `\\b${NOT_AVAILABLE}\\b${GAP}\\b(?:from|between)?\\s*(${DATE})\\s*(?:-|–|—|to|until|through|thru|and)\\s*(${DATE})`,
      "gi",
    ),
    apply: (n, a, b) => {
      if (!b || a.start > b.end) return false;
      n.unavailable.push({ start: a.start, end: b.end });
      return true;
    },
  },
  // "unavailable until May 2027" (available from the next day), "busy before June 1, 2027"
  {
    re: new RegExp(`\\b${NOT_AVAILABLE}\\b${GAP}\\b(until|through|thru|till|before)\\s+(${DATE})`, "gi"),
    apply: (n, a, _b, word) => {
      const from = word === "before" ? a.start : shift(a.end, 1);
      n.availableFrom = n.availableFrom && n.availableFrom > from ? n.availableFrom : from;
      return true;
    },
  },
  // "away in July 2027", "no rotations during December 2026"
  {
    re: new RegExp(`\\b${NOT_AVAILABLE}\\b${GAP}\\b(?:in|during|on)\\s+(${DATE})`, "gi"),
    apply: (n, a) => {
      n.unavailable.push(a);
      return true;
    },
  },
  // "available from June 2027", "can start after 2027-05-15"
  {
    re: new RegExp(
      `\\b(?:available|free|can start|start|starting|begin|beginning)\\b${GAP}\\b(from|after|on or after|starting|beginning|as of)\\s+(${DATE})`,
      "gi",
    ),
    apply: (n, a, _b, word) => {
      const from = word === "after" ? shift(a.end, 1) : a.start;
      n.availableFrom = n.availableFrom && n.availableFrom > from ? n.availableFrom : from;
      return true;
    },
  },
  // "available until May 2027", "must finish by May 15, 2027"
  {
    re: new RegExp(
      `\\b(?:available|free|finish|finished|done|complete|completed|end|graduate|graduating)\\b${GAP}\\b(until|through|thru|till|before|by)\\s+(${DATE})`,
      "gi",
    ),
    apply: (n, a, _b, word) => {
      const until = word === "before" ? shift(a.start, -1) : a.end;
      n.availableUntil = n.availableUntil && n.availableUntil < until ? n.availableUntil : until;
      return true;
    },
  },
];

/** What the schedule factor can read from free-text schedule constraints: explicit dates only. */
export function readScheduleNotes(text: string | null | undefined): ScheduleNotes {
  if (!text || !/\d{4}/.test(text)) return NO_SCHEDULE_NOTES;
  const notes: ScheduleNotes = { availableFrom: null, availableUntil: null, unavailable: [], understood: [] };
  // Each phrase is read once: what a rule read is blanked before the next rule looks.
  let rest = text.slice(0, 2000);
  for (const rule of RULES) {
    rest = rest.replace(rule.re, (whole: string, ...groups: unknown[]) => {
      // The captures come first, then the match's offset (a number) and the whole text.
      const captures = groups.slice(
        0,
        groups.findIndex((g) => typeof g === "number"),
      );
      const parts = captures.filter((g): g is string => typeof g === "string");
      const dates = parts.map(readDate);
      const words = parts.filter((_, i) => dates[i] === null).map((w) => w.toLowerCase());
      const [a, b] = dates.filter((d): d is DayRange => d !== null);
      if (!a || !rule.apply(notes, a, b ?? null, words[0] ?? "")) return whole;
      notes.understood.push(whole.trim());
      return " ".repeat(whole.length);
    });
  }
  return notes.understood.length > 0 ? notes : NO_SCHEDULE_NOTES;
}
