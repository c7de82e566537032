import { z } from "zod";
import { passwordSchema } from "./auth";

// "Add Admin" (spec sections 5, 6, 8; issue 14): the super admin's dialog and the server check the
// same fields with the prototype's messages; passwords follow D4 (8 to 100, common ones refused).

export const addAdminSchema = z.object({
  // The spec's rule: a valid address ("Invalid email address", also when empty), at most 255.
  email: z
    .string({ error: "Invalid email address" })
    .trim()
    .max(255, "Email must be at most 255 characters")
    .pipe(z.email("Invalid email address")),
  password: passwordSchema,
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
});
export type AddAdminInput = z.input<typeof addAdminSchema>;

export const adminCreatedMessage = (email: string) => `Admin user ${email} has been created successfully.`;
export const ADD_ADMIN_FAILED = "Failed to create admin user. Please try again.";

/** What a super admin may do to an administrator's rights on the Administrators page. */
export const ADMIN_ACTIONS = ["make-super-admin", "remove-super-admin", "remove-admin"] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export const LAST_SUPER_ADMIN =
  "This is the last super admin: make another administrator a super admin first, so the platform keeps one";
