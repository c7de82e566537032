import { z } from "zod";
import { isCommonPassword } from "./common-passwords";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 100;

/** D4: at least 8 characters everywhere, common passwords refused; wording after the prototype's. */
export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .refine((p) => !isCommonPassword(p), "This password is too common. Choose a less guessable one");

export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(255, "Email must be at most 255 characters")
  .pipe(z.email("Invalid email address"));

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
});

export const signUpSchema = z.object({
  fullName: z
    .string({ error: "Full name is required" })
    .trim()
    .min(2, "Full name is required")
    .max(100, "Full name must be at most 100 characters"),
  organizationName: z
    .string({ error: "Organization name is required" })
    .trim()
    .min(2, "Organization name is required")
    .max(100, "Organization name must be at most 100 characters"),
  email: emailSchema,
  password: passwordSchema,
  role: z.enum(["program", "facility", "admin"], { error: "Choose what you are: program, facility or administrator" }),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/**
 * The sign-up answer, the same whether the email was new or already had an account (ADR 006): a
 * new account is signed in at once; the owner of an existing one gets a mail instead.
 */
export const SIGN_UP_RECEIVED =
  "Thanks for signing up. If you are not signed in now, check your email: we sent you what to do next.";

export const resetPasswordSchema = z
  .object({ password: passwordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "Passwords do not match" });
