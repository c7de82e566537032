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

export const INVITATION_STATES_PUBLIC = ["valid", "used", "expired"] as const;
export type PublicInvitationState = (typeof INVITATION_STATES_PUBLIC)[number];

export const INVITATION_USED = "This invitation was already used. Sign in with your email and password.";
export const INVITATION_EXPIRED = "This invitation has expired. Ask your program coordinator to send you a new one.";

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

export const studentSignUpConfirmSchema = z.object({
  email: emailSchema,
  code: signUpCodeSchema,
  password: passwordSchema,
});

/** The sign-up form: full name (optional), email and the password chosen up front. */
export const studentSignUpFormSchema = z.object({
  fullName: optionalName,
  email: emailSchema,
  password: passwordSchema,
});
