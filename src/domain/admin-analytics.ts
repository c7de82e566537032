// The administrator's analytics (issue 14): what each figure means, written once for the server's
// SQL, the page's labels and the tests. Every figure is computed in SQL from live data (D9).

/** How far back the charts look when no date range is given. */
export const DEFAULT_RANGE_DAYS = 365;
/** Ranges longer than this are bucketed by month, shorter ones by week. */
export const WEEKLY_UP_TO_DAYS = 120;
/** Rows in each Top Performers list and in Regional Market Trends. */
export const TOP_PERFORMERS = 5;
export const REGIONAL_TRENDS = 8;

export const ANALYTICS_DEFINITIONS = {
  applicationsOverTime:
    "Applications submitted in the date range, by their status today, per week (ranges up to 120 days) or per month.",
  facilityDecisions:
    "Acceptance rate: approved / decided (approved + not selected) among applications submitted in the range. Median time to decision: days from submission to the facility's decision, decided applications only.",
  seatUtilization:
    "Rotations (published or closed) starting in the range: approved applications / seats (capacity), by specialty and the facility's state.",
  unmetDemand:
    "Applications without a seat, for rotations starting in the range: those not selected, plus pending ones beyond the seats the rotation has left (pending − (capacity − approved), when positive).",
  complianceByProgram:
    "Active students on each program's roster (added by the end of the range), compliant / all, by today's compliance status. The specialty filter reads the student's specialty interest, the state filter the program's state.",
  regionalTrends:
    "Demand versus supply for published rotations that have not ended: pending applications per open seat (capacity − filled), by the facility's state and specialty.",
} as const;

/** Pending applications a rotation cannot seat: those beyond its seats left. */
export const pendingBeyondCapacity = (pending: number, capacity: number, approved: number) =>
  Math.max(0, pending - Math.max(0, capacity - approved));
