// Dates proposed from a compliance document's text (its PDF text layer or OCR): the form offers them,
// the person confirms. Pure: no I/O.

export type ProposedDates = {
  issuedOn?: string;
  expiresOn?: string;
  /** Every valid date found (of the first MAX_DATES_CONSIDERED), as YYYY-MM-DD, in the order of the text, each once. */
  found: string[];
};

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const MONTH_NAME =
  "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";

type Candidate = { start: number; end: number; iso: string };
type Kind = "issued" | "expires" | "other";
type Label = { start: number; end: number; kind: Kind };

const pad = (n: number) => String(n).padStart(2, "0");

function isoDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 1950 || year > 2100) return null;
  if (month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const monthOf = (name: string) => MONTHS[name.toLowerCase().slice(0, name.toLowerCase().startsWith("sept") ? 4 : 3)];

function candidates(text: string, today: Date): Candidate[] {
  const out: Candidate[] = [];
  const add = (m: RegExpMatchArray, iso: string | null, offset = 0) => {
    if (iso) out.push({ start: m.index! + offset, end: m.index! + m[0].length, iso });
  };
  const fullYear = (y: string) => {
    if (y.length === 4) return Number(y);
    // Two digits: this century unless that is more than 50 years ahead (1/15/85 is 1985).
    const n = 2000 + Number(y);
    return n > today.getUTCFullYear() + 50 ? n - 100 : n;
  };
  for (const m of text.matchAll(/(?<![\d/.-])(\d{4})-(\d{1,2})-(\d{1,2})(?![\d/.-]*\d)/g)) {
    add(m, isoDate(Number(m[1]), Number(m[2]), Number(m[3])));
  }
  // US order, month first: 01/15/2026, 1/15/26, 01-15-2026 (the same separator twice).
  for (const m of text.matchAll(/(?<![\d/.-])(\d{1,2})([/-])(\d{1,2})\2(\d{4}|\d{2})(?![\d/]|-\d)/g)) {
    add(m, isoDate(fullYear(m[4]!), Number(m[1]), Number(m[3])));
  }
  // Jan 15, 2026 / January 15 2026 / Jan. 15th, 2026
  const monthFirst = new RegExp(`\\b${MONTH_NAME}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})(?!\\d)`, "gi");
  for (const m of text.matchAll(monthFirst)) add(m, isoDate(Number(m[3]), monthOf(m[1]!)!, Number(m[2])));
  // 15 Jan 2026 / 15-Jan-2026 / 15 January, 2026
  const dayFirst = new RegExp(
    `(?<![\\d/.-])(\\d{1,2})(?:st|nd|rd|th)?[\\s-]+${MONTH_NAME}\\.?[\\s,-]+(\\d{4})(?!\\d)`,
    "gi",
  );
  for (const m of text.matchAll(dayFirst)) add(m, isoDate(Number(m[3]), monthOf(m[2]!)!, Number(m[1])));
  out.sort((a, b) => a.start - b.start);
  // Overlapping matches (none expected) keep the first.
  return out.filter((c, i) => i === 0 || c.start >= out[i - 1]!.end);
}

const LABELS: { kind: Kind; pattern: RegExp }[] = [
  {
    kind: "expires",
    pattern:
      /\b(?:expires?|expired|expiration|expiry|exp\b\.?|valid\s+(?:through|thru|until|till|to)|good\s+(?:through|thru|until)|renew(?:al)?\s+by|recommended\s+renewal|renewal\s+date|renewal\s+due|due\s+date|next\s+due)/gi,
  },
  {
    kind: "issued",
    pattern:
      /\b(?:issued?|date\s+of\s+issue|administered|completed|completion|given|test\s+date|date\s+of\s+test|date\s+tested|collected|collection\s+date|effective)\b/gi,
  },
  // Dates that are neither (a date of birth, a print date) must not take a neighbour's label.
  { kind: "other", pattern: /\b(?:date\s+of\s+birth|dob|birth\s*date|born|printed|generated)\b/gi },
];

function labels(text: string): Label[] {
  const out: Label[] = [];
  for (const { kind, pattern } of LABELS) {
    for (const m of text.matchAll(pattern)) out.push({ start: m.index!, end: m.index! + m[0].length, kind });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** How far before a date its label may stand on the same line (characters). */
const SAME_LINE_REACH = 60;

/**
 * Bounds that keep a proposal small whatever a document holds: only the first characters of its
 * text are read and the first dates of those considered (a card's dates are near its top).
 */
export const MAX_DATE_TEXT_CHARS = 100_000;
export const MAX_DATES_CONSIDERED = 200;

/** The index of the first item whose `start` is at least `at` (items sorted by start). */
function firstFrom(items: readonly { start: number }[], at: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (items[mid]!.start < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Candidate dates in `text` (01/15/2026, 1/15/26, 2026-01-15, Jan 15, 2026, January 15 2026,
 * 15 Jan 2026), classified by the words before them: issued (issued, date of issue, administered,
 * completed, given, test date, collected) or expires (expires, expiration, exp, valid through/until,
 * renew by, recommended renewal). A label stands before its date on the same line, or on the line
 * above (columns: "Issue Date   Expiration Date" over two dates are taken in order). Impossible
 * dates and years outside 1950..2100 are ignored. `today` decides the century of two-digit years.
 * Only the first MAX_DATE_TEXT_CHARS characters and the first MAX_DATES_CONSIDERED dates count;
 * every lookup is a binary search, so the work grows with the text, not with dates times labels.
 */
export function proposeDates(fullText: string, today: Date): ProposedDates {
  const text = fullText.length > MAX_DATE_TEXT_CHARS ? fullText.slice(0, MAX_DATE_TEXT_CHARS) : fullText;
  const dates = candidates(text, today).slice(0, MAX_DATES_CONSIDERED);
  const marks = labels(text);
  const lineStarts = [{ start: 0 }];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) lineStarts.push({ start: i + 1 });
  // The start of the line holding index i, and where the next line starts.
  const lineOf = (i: number) => {
    const n = firstFrom(lineStarts, i + 1) - 1;
    return { start: lineStarts[n]!.start, next: lineStarts[n + 1]?.start ?? Infinity };
  };
  /** The labels wholly inside [from, to), in order. */
  const marksWithin = (from: number, to: number) => {
    const out: Label[] = [];
    for (let k = firstFrom(marks, from); k < marks.length && marks[k]!.start < to; k++) {
      if (marks[k]!.end <= to) out.push(marks[k]!);
    }
    return out;
  };
  const aboveCache = new Map<number, Label[]>();
  const kinds: (Kind | undefined)[] = dates.map((date, i) => {
    const line = lineOf(date.start);
    const from = Math.max(line.start, i > 0 ? dates[i - 1]!.end : 0, date.start - SAME_LINE_REACH);
    const before = marksWithin(from, date.start);
    if (before.length > 0) return before[before.length - 1]!.kind;
    // Nothing before it on its line: labels of the line above, when that line holds no date.
    if (line.start === 0) return undefined;
    const prevStart = lineOf(line.start - 1).start;
    const firstAbove = firstFrom(dates, prevStart);
    if (firstAbove < dates.length && dates[firstAbove]!.start < line.start) return undefined;
    let above = aboveCache.get(prevStart);
    if (!above) {
      above = marksWithin(prevStart, line.start);
      aboveCache.set(prevStart, above);
    }
    if (above.length === 0) return undefined;
    const firstOnLine = firstFrom(dates, line.start);
    const onLine = firstFrom(dates, line.next) - firstOnLine;
    if (above.length === onLine) return above[i - firstOnLine]!.kind;
    return onLine === 1 ? above[above.length - 1]!.kind : undefined;
  });
  const found = [...new Set(dates.map((d) => d.iso))];
  const first = (kind: Kind) => dates.find((_, i) => kinds[i] === kind)?.iso;
  const result: ProposedDates = { found };
  const issuedOn = first("issued");
  const expiresOn = first("expires");
  if (issuedOn) result.issuedOn = issuedOn;
  if (expiresOn) result.expiresOn = expiresOn;
  return result;
}
