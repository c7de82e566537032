import { z } from "zod";
import { emailSchema, passwordSchema } from "./auth";

// D3: how a student gets an account — by the program's invitation link, or by signing up with the
// email on their program's roster, confirmed with a 6-digit code sent to it.

export const SIGN_UP_CODE_LENGTH = 6;
export const SIGN_UP_CODE_TTL_MINUTES = 15;
export const SIGN_UP_CODE_MAX_ATTEMPTS = 5;

/** What the sign-up page says whatever the email (roster membership never leaks). */
export const SIGN_UP_CODE_SENT =
  "Check your email for a code; if your email is not on a roster, ask your program coordinator";

/** `unverified`: the inviting program is pending verification or was rejected; its links never create an account. */
export const INVITATION_STATES_PUBLIC = ["valid", "used", "expired", "unverified"] as const;
export type PublicInvitationState = (typeof INVITATION_STATES_PUBLIC)[number];

export const INVITATION_USED = "This invitation was already used. Sign in with your email and password.";
export const INVITATION_EXPIRED = "This invitation has expired. Ask your program coordinator to send you a new one.";

/** Why a pending or rejected program's roster entry can never be linked to an account (invite link, invitation). */
export function programNotVerifiedMessage(programName: string, status: "pending" | "rejected") {
  return status === "rejected"
    ? `${programName} was not verified by the platform administrators, so it cannot invite students or link their accounts.`
    : `${programName} is pending verification: it can invite students and link their accounts once a platform administrator verifies it.`;
}

export const acceptInvitationSchema = z.object({ password: passwordSchema });

const optionalName = z
  .string()
  .trim()
  .max(100, "Full name must be at most 100 characters")
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

export const studentSignUpSchema = z.object({ fullName: optionalName, email: emailSchema });

export const signUpCodeSchema = z
  .string({ error: "Enter the 6-digit code from the email" })
  .trim()
  .regex(/^\d{6}$/, "Enter the 6-digit code from the email");

/** The roster entry chosen when several programs list the email (an id from the list the server gave). */
export const rosterEntryIdSchema = z.uuid("Choose the program you are enrolled in");

export const studentSignUpConfirmSchema = z.object({
  email: emailSchema,
  code: signUpCodeSchema,
  password: passwordSchema,
  rosterEntryId: rosterEntryIdSchema.optional(),
});

/** After the code is confirmed, when several verified programs list the email and none was chosen. */
export const CHOOSE_PROGRAM =
  "Several nursing programs list this email on their roster. Which program are you enrolled in?";
export const NOT_A_LISTED_PROGRAM = "Choose one of the programs listed";
export const NO_ELIGIBLE_ROSTER =
  "Your email is no longer on the active roster of a verified nursing program. Ask your program coordinator.";

// A program's claim on an email (its roster entry), seen by the student and by admins.

/** "Not my program": the student says a roster entry with their email is not theirs. */
export const NOT_MY_PROGRAM_REPORTED = "Thank you: the platform administrators will look at this program's claim.";

/** The sign-up form: full name (optional), email and the password chosen up front. */
export const studentSignUpFormSchema = z.object({
  fullName: optionalName,
  email: emailSchema,
  password: passwordSchema,
});
