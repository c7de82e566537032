// Dashboard formulas (spec section 9, issue 9). Computed in SQL on the server; these are the rules
// both the SQL and the labels follow, unit-tested here. A figure means what its label says: a rate
// counts the same things above and below the line (so it never exceeds 100%), and a rate with
// nothing to divide by is "No data yet", never a red 0%.

/** What a rate shows when there is nothing to compute. */
export const NO_DATA = "No data yet";

/** Rounded percent; 0 when there is nothing to divide by (bars and shares, not headline rates). */
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/** A headline rate: rounded percent, at most 100; null ("No data yet") when the whole is 0. */
export const rate = (part: number, whole: number): number | null =>
  whole > 0 ? Math.min(100, Math.round((Math.min(part, whole) / whole) * 100)) : null;

/** "57%", or "No data yet". */
export const formatRate = (value: number | null) => (value === null ? NO_DATA : `${value}%`);

/**
 * Program dashboard: active students with at least one approved rotation / active students. The
 * prototype divided approved applications by students, which passes 100% as soon as students
 * hold more than one rotation (117% on the demo world); this counts each student once.
 */
export const placementRate = (placedStudents: number, activeStudents: number) => rate(placedStudents, activeStudents);

/** Program dashboard: compliant / active students ("complete" in the prototype means compliant, D6). */
export const complianceRate = (compliantStudents: number, activeStudents: number) =>
  rate(compliantStudents, activeStudents);

/** Green at 80% or more, red below; neither when there is no data. */
export const complianceTone = (value: number | null): "good" | "bad" | "none" =>
  value === null ? "none" : value >= 80 ? "good" : "bad";

/** Facility dashboard: total slots filled / total capacity of active placements. */
export const utilization = (slotsFilled: number, capacity: number) => rate(slotsFilled, capacity);

/**
 * Facility dashboard, placed students: distinct students with an approved rotation here that has
 * not ended. "Current" are those with a rotation under way today; "upcoming" are the others (all
 * their rotations here start later), so current + upcoming = placed by construction.
 */
export function placedSplit(placedStudents: number, withCurrentRotation: number) {
  const current = Math.min(withCurrentRotation, placedStudents);
  return { value: placedStudents, current, upcoming: placedStudents - current };
}

/** 'Only N spots left' when 1 to 3 remain; null otherwise. */
export function spotsLeftBadge(capacity: number, slotsFilled: number): string | null {
  const left = capacity - slotsFilled;
  return left > 0 && left <= 3 ? `Only ${left} spot${left === 1 ? "" : "s"} left` : null;
}

export const RECENT_APPLICATIONS = 5;
export const UPCOMING_WINDOW_DAYS = 30;
export const UPCOMING_PLACEMENTS = 3;
export const TOP_SPECIALTIES = 3;
export const FACILITY_REVIEW_QUEUE = 4;
