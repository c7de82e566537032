// Applications (D7): statuses, the label each view shows for them (spec section 4), and the
// rules around a submission. Its zod contract is application-submission.ts: pages that only show
// applications do not load zod for it.

export const APPLICATION_STATUSES = ["pending", "approved", "rejected", "withdrawn"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export type ApplicationView = "student" | "facility" | "program";

/** Spec section 4: the prototype's labels per view stand. */
export const APPLICATION_STATUS_LABELS: Record<ApplicationView, Record<ApplicationStatus, string>> = {
  student: { pending: "Under Review", approved: "Approved", rejected: "Not Selected", withdrawn: "Withdrawn" },
  facility: { pending: "New", approved: "Approved", rejected: "Rejected", withdrawn: "Withdrawn" },
  program: { pending: "Pending", approved: "Approved", rejected: "Rejected", withdrawn: "Withdrawn" },
};

/**
 * The facility's two decisions, worded as the prototype words them in each view (spec sections 2
 * and 4): Accept / Decline on the facility dashboard, Approve / Reject on its applications page.
 * The review dialog and its toast use the words of the view that opened it, never the other pair.
 */
export type ReviewDecision = "approve" | "reject";
export type ReviewView = "facilityDashboard" | "facilityApplications";
export const REVIEW_ACTION_LABELS: Record<ReviewView, Record<ReviewDecision, string>> = {
  facilityDashboard: { approve: "Accept", reject: "Decline" },
  facilityApplications: { approve: "Approve", reject: "Reject" },
};

export const isApplicationStatus = (value: unknown): value is ApplicationStatus =>
  typeof value === "string" && (APPLICATION_STATUSES as readonly string[]).includes(value);

/** The label of a status in a view; an unknown status displays as pending (spec section 4). */
export function applicationStatusLabel(status: string | null | undefined, view: ApplicationView): string {
  return APPLICATION_STATUS_LABELS[view][isApplicationStatus(status) ? status : "pending"];
}

/** Badge tone of a status, the same in every view. */
export function applicationStatusTone(
  status: string | null | undefined,
): "warning" | "success" | "destructive" | "muted" {
  switch (isApplicationStatus(status) ? status : "pending") {
    case "approved":
      return "success";
    case "rejected":
      return "destructive";
    case "withdrawn":
      return "muted";
    default:
      return "warning";
  }
}

/** Student view order: pending, approved, rejected, withdrawn (unknown sorts as pending). */
export function compareByStudentViewOrder(a: string, b: string): number {
  const rank = (s: string) => APPLICATION_STATUSES.indexOf(isApplicationStatus(s) ? s : "pending");
  return rank(a) - rank(b);
}

/** D7: the student or their program may withdraw a pending or approved application. */
export const isWithdrawable = (status: string) => status === "pending" || status === "approved";

/** Bulk submission: one placement, one or more students of the program. */
export const MAX_STUDENTS_PER_SUBMISSION = 200;
export const APPLICATION_NOTES_MAX = 2000;

export type SubmissionStudent = { studentId: string; notes: string | null };

/** Why the server refused one student of a submission. */
export const REFUSAL_CODES = [
  "already_applied",
  "placement_full",
  "placement_closed",
  "student_not_found",
  "student_withdrawn",
  "program_unverified",
  "rotation_started",
  "rotation_ended",
  "not_selected_before",
  "too_many_pending",
  "deadline_passed",
  // Issue 17: the facility requires an affiliation agreement the student's program does not hold.
  "agreement_required",
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

/** 'Application submitted' / '3 applications submitted'. */
export const submittedMessage = (count: number) =>
  count === 1 ? "Application submitted" : `${count} applications submitted`;

// ---------------------------------------------------------------------------------------------
// Dates (issue 9): when a rotation may be applied to, approved, or withdrawn from. `today` is
// YYYY-MM-DD (the server uses the database's current_date); a rotation runs from its start date
// to its end date, both included.

export type RotationPhase = "upcoming" | "current" | "ended";

export function rotationPhase(startDate: string, endDate: string, today: string): RotationPhase {
  if (endDate < today) return "ended";
  return startDate <= today ? "current" : "upcoming";
}

/**
 * Applying (single, bulk, student): only before the rotation starts, unless the facility allows
 * late joiners on that placement (then until it ends); never once it has ended.
 */
export function applyWindowRefusal(
  p: { startDate: string; endDate: string; allowLateJoiners: boolean },
  today: string,
): { code: Extract<RefusalCode, "rotation_started" | "rotation_ended">; reason: string } | null {
  const phase = rotationPhase(p.startDate, p.endDate, today);
  if (phase === "ended") {
    return { code: "rotation_ended", reason: `This rotation ended on ${p.endDate}: it no longer takes applications` };
  }
  if (phase === "current" && !p.allowLateJoiners) {
    return {
      code: "rotation_started",
      reason: `This rotation started on ${p.startDate} and the facility does not take late joiners`,
    };
  }
  return null;
}

export type WithdrawalRule =
  | { allowed: true; leavingEarly: boolean; freesSeat: boolean }
  | { allowed: false; reason: string };

/**
 * Withdrawing an application (the student or their program, same rules):
 * - before the rotation starts: a pending or approved application (an approved one frees its seat);
 * - during the rotation: a pending one, or an approved one, which means leaving the rotation early
 *   (the seat is freed);
 * - after the rotation ended: an approved rotation is history and stays Approved; a pending one
 *   (never decided) can still be withdrawn.
 * Rejected and already withdrawn applications cannot be withdrawn.
 */
export function withdrawalRule(
  a: { status: string; startDate: string; endDate: string },
  today: string,
): WithdrawalRule {
  if (a.status === "withdrawn") return { allowed: false, reason: "This application was already withdrawn" };
  if (a.status === "rejected") return { allowed: false, reason: "A rejected application cannot be withdrawn" };
  if (a.status !== "pending" && a.status !== "approved") {
    return { allowed: false, reason: "This application cannot be withdrawn" };
  }
  const phase = rotationPhase(a.startDate, a.endDate, today);
  if (a.status === "approved" && phase === "ended") {
    return {
      allowed: false,
      reason: `This rotation ended on ${a.endDate}: a completed rotation stays in the history and cannot be withdrawn`,
    };
  }
  return {
    allowed: true,
    leavingEarly: a.status === "approved" && phase === "current",
    freesSeat: a.status === "approved",
  };
}

/** Whether withdrawing is allowed today, and whether it would mean leaving a rotation early. */
export function withdrawalFlags(a: { status: string; startDate: string; endDate: string }, today: string) {
  const rule = withdrawalRule(a, today);
  return { canWithdraw: rule.allowed, leavesEarly: rule.allowed && rule.leavingEarly };
}

/** Today's date (YYYY-MM-DD) in the browser's time zone, for showing what the server will allow. */
export function localToday(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, "0");
  const d = String(now.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

/** Who wrote an application's note: the student applying for themselves, or their program. */
export type NoteAuthor = "student" | "program";

/** The label of an application's note in each view (issue 9: say whose note it is). */
export function applicationNoteLabel(author: NoteAuthor, view: ApplicationView): string {
  if (view === "student") return author === "student" ? "Your note" : "Note from your program";
  if (view === "program") return author === "student" ? "Student's note" : "Your program's note";
  return author === "student" ? "Note from the student" : "Note from the program";
}
