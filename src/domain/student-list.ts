// The program's student list (issue 3): its sorts, filters and the invitation states shown beside
// each student. Shared by the API's query schema and the web's controls.

export const STUDENT_SORTS = ["name", "createdAt", "gpa", "complianceStatus"] as const;
export type StudentSort = (typeof STUDENT_SORTS)[number];
export const STUDENT_SORT_LABELS: Record<StudentSort, string> = {
  name: "Name",
  createdAt: "Date added",
  gpa: "GPA",
  complianceStatus: "Compliance status",
};
/** The direction a sort takes when none is asked for: names A to Z, newest first, best GPA first. */
export const DEFAULT_SORT_ORDER: Record<StudentSort, "asc" | "desc"> = {
  name: "asc",
  createdAt: "desc",
  gpa: "desc",
  complianceStatus: "asc",
};

export const ENROLLMENT_FILTERS = ["active", "withdrawn", "all"] as const;
export type EnrollmentFilter = (typeof ENROLLMENT_FILTERS)[number];
export const ENROLLMENT_FILTER_LABELS: Record<EnrollmentFilter, string> = {
  active: "Active",
  withdrawn: "Withdrawn",
  all: "All",
};

/**
 * none: never invited; invited: the newest invitation is pending and unexpired; expired: it lapsed;
 * accepted: the student has an account (a student_users row).
 */
export const INVITATION_STATES = ["none", "invited", "expired", "accepted"] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];
export const INVITATION_STATE_LABELS: Record<InvitationState, string> = {
  none: "Not invited",
  invited: "Invited",
  expired: "Invitation expired",
  accepted: "Has account",
};

export const INVITATION_TTL_DAYS = 7;

/** The state of a student's invitation from their newest invitation and whether they have an account. */
export function invitationState(
  hasAccount: boolean,
  latest: { expiresAt: Date | string; acceptedAt: Date | string | null } | null,
  now: Date = new Date(),
): InvitationState {
  if (hasAccount) return "accepted";
  if (!latest) return "none";
  if (latest.acceptedAt) return "accepted";
  return new Date(latest.expiresAt).getTime() > now.getTime() ? "invited" : "expired";
}
