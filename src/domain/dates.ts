import { z } from "zod";

// Calendar days (YYYY-MM-DD) as every form, body and filter takes them. A real day of the
// calendar ("2026-02-30" is not) in years the portal can mean: the year 0000 or 99999 reaches
// PostgreSQL as an out-of-range date (a 500, issue 8), and no rotation or experience lies there.

export const DATE_MIN = "1900-01-01";
export const DATE_MAX = "2200-12-31";

/**
 * A calendar day between DATE_MIN and DATE_MAX, with messages naming the field (`label`).
 * `message` overrides the one for a value that is not a date at all.
 */
export const isoDate = (label: string, message = `${label} must be a date (YYYY-MM-DD)`) =>
  z.iso.date(message).refine(
    // Only a well-formed date is judged here: a malformed one already has its issue.
    (v) => !/^\d{4}-\d{2}-\d{2}$/.test(v) || (v >= DATE_MIN && v <= DATE_MAX),
    `${label} must be between ${DATE_MIN} and ${DATE_MAX}`,
  );
