// Dashboard formulas (spec section 9). Computed in SQL on the server; these are the rules both the
// SQL and the labels follow, unit-tested here.

/** Rounded percent; 0 when there is nothing to divide by. */
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/** Program dashboard: approved applications / students. */
export const placementRate = (approvedApplications: number, students: number) =>
  percent(approvedApplications, students);

/** Program dashboard: compliant students / all students ("complete" in the prototype means compliant). */
export const complianceRate = (compliantStudents: number, students: number) => percent(compliantStudents, students);

/** Green at 80% or more, red below. */
export const complianceTone = (rate: number): "good" | "bad" => (rate >= 80 ? "good" : "bad");

/** Facility dashboard: total slots filled / total capacity of active placements. */
export const utilization = (slotsFilled: number, capacity: number) => percent(slotsFilled, capacity);

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
