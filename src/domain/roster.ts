import { type StudentValues, studentInputSchema } from "./students";

// Roster import (issue 3): a CSV with a header row; common header variants are accepted.

export const ROSTER_COLUMNS = ["first_name", "last_name", "email", "phone", "gpa", "specialty_interest"] as const;
export type RosterColumn = (typeof ROSTER_COLUMNS)[number];

/**
 * One file's limits (issue 8, item 12): 10,000 students (fifty times the 200-row cap of the
 * market's portals; a whole school's roster) in 4 MB. Imported in one transaction of about 2 s; a
 * larger file would hold the embedded database away from everyone else for longer.
 */
export const ROSTER_MAX_ROWS = 10_000;
export const ROSTER_MAX_BYTES = 4 * 1024 * 1024;
export const ROSTER_TOO_LARGE = "The roster file is larger than 4 MB. Split it into smaller files.";
export const ROSTER_TOO_MANY_ROWS = `A roster file can list at most ${ROSTER_MAX_ROWS.toLocaleString("en-US")} students. Split it into smaller files.`;

/** Lines in a CSV text beyond its header: an upper bound of its rows (a quoted field may span lines). */
export function rosterLineCount(text: string): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
  return text.endsWith("\n") ? n - 1 : n;
}

export const ROSTER_TEMPLATE = `${ROSTER_COLUMNS.join(",")}\nAvery,Johnson,avery.johnson@example.edu,555-0100,3.62,Pediatrics\n`;

const HEADER_ALIASES: Record<string, RosterColumn> = {
  firstname: "first_name",
  first: "first_name",
  givenname: "first_name",
  fname: "first_name",
  lastname: "last_name",
  last: "last_name",
  surname: "last_name",
  familyname: "last_name",
  lname: "last_name",
  email: "email",
  emailaddress: "email",
  mail: "email",
  studentemail: "email",
  phone: "phone",
  phonenumber: "phone",
  mobile: "phone",
  cell: "phone",
  telephone: "phone",
  gpa: "gpa",
  gradepointaverage: "gpa",
  cumulativegpa: "gpa",
  specialtyinterest: "specialty_interest",
  specialty: "specialty_interest",
  interest: "specialty_interest",
  specialityinterest: "specialty_interest",
  speciality: "specialty_interest",
};

export const normalizeHeader = (h: string): RosterColumn | null =>
  HEADER_ALIASES[h.toLowerCase().replace(/[^a-z]/g, "")] ?? null;

/** RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF, a leading BOM. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && src[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ""));
}

export type RosterRow = { line: number; values: StudentValues | null; raw: Record<string, string>; errors: string[] };
export type RosterParse = { rows: RosterRow[]; missingColumns: RosterColumn[]; unknownColumns: string[] };

/**
 * Parses and validates every row. Duplicates inside the file are flagged here; duplicates of
 * students already in the program are flagged by the server, which knows the roster.
 */
export function parseRoster(text: string): RosterParse {
  const [header = [], ...body] = parseCsv(text);
  const columns = header.map(normalizeHeader);
  const unknownColumns = header
    .filter((_, i) => columns[i] === null)
    .map((h) => h.trim())
    .filter(Boolean);
  const missingColumns = (["first_name", "last_name", "email"] as const).filter((c) => !columns.includes(c));
  const seen = new Map<string, number>();
  const rows = body.map((cells, index): RosterRow => {
    const raw: Record<string, string> = {};
    columns.forEach((c, i) => {
      if (c) raw[c] = (cells[i] ?? "").trim();
    });
    const line = index + 2;
    const parsed = studentInputSchema.safeParse({
      firstName: raw.first_name ?? "",
      lastName: raw.last_name ?? "",
      email: raw.email ?? "",
      phone: raw.phone,
      gpa: raw.gpa,
      specialtyInterest: raw.specialty_interest,
    });
    const errors = parsed.success ? [] : parsed.error.issues.map((i) => i.message);
    const email = (raw.email ?? "").toLowerCase();
    if (email) {
      const first = seen.get(email);
      if (first !== undefined) errors.push(`Duplicate of line ${first} in this file`);
      else seen.set(email, line);
    }
    return { line, raw, values: errors.length === 0 && parsed.success ? parsed.data : null, errors };
  });
  return { rows, missingColumns, unknownColumns };
}
