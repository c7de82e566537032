import { z } from "zod";

// Applications (D7): statuses, the label each view shows for them (spec section 4), and the
// submission contract shared by the program's apply dialog and the API.

export const APPLICATION_STATUSES = ["pending", "approved", "rejected", "withdrawn"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export type ApplicationView = "student" | "facility" | "program";

/** Spec section 4: the prototype's labels per view stand. */
export const APPLICATION_STATUS_LABELS: Record<ApplicationView, Record<ApplicationStatus, string>> = {
  student: { pending: "Under Review", approved: "Approved", rejected: "Not Selected", withdrawn: "Withdrawn" },
  facility: { pending: "New", approved: "Approved", rejected: "Rejected", withdrawn: "Withdrawn" },
  program: { pending: "Pending", approved: "Approved", rejected: "Rejected", withdrawn: "Withdrawn" },
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

export const applicationSubmissionSchema = z.object({
  placementId: z.uuid("Choose a placement"),
  studentIds: z
    .array(z.uuid("Unknown student"), { error: "A student must be chosen" })
    .min(1, "A student must be chosen")
    .max(MAX_STUDENTS_PER_SUBMISSION, `At most ${MAX_STUDENTS_PER_SUBMISSION} students per submission`),
  notes: z
    .string()
    .trim()
    .max(APPLICATION_NOTES_MAX, `Notes must be at most ${APPLICATION_NOTES_MAX} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type ApplicationSubmission = z.input<typeof applicationSubmissionSchema>;

/** Why the server refused one student of a submission. */
export const REFUSAL_CODES = [
  "already_applied",
  "placement_full",
  "placement_closed",
  "student_not_found",
  "student_withdrawn",
  "program_unverified",
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

/** 'Application submitted' / '3 applications submitted'. */
export const submittedMessage = (count: number) =>
  count === 1 ? "Application submitted" : `${count} applications submitted`;
