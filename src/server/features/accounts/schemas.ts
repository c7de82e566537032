import { z } from "@hono/zod-openapi";
import { ROLES } from "../../../domain/roles";

// The accounts domain's response bodies: the signed-in user (with roles, organizations and access
// request) and the sign-up's answer.

const OrganizationSchema = z.object({
  id: z.string(),
  kind: z.enum(["program", "facility"]),
  name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  verificationStatus: z.enum(["pending", "verified", "rejected"]),
  suspendedAt: z.string().nullable().openapi({ description: "Suspended by the administrators (read-only) since" }),
  suspendedReason: z.string().nullable(),
  membership: z
    .enum(["coordinator", "preceptor"])
    .optional()
    .openapi({ description: "Issue 17: a facility's preceptor, or its coordinator (absent: coordinator)" }),
});

export const MeSchema = z
  .object({
    user: z.object({ id: z.string(), email: z.string(), name: z.string(), twoFactorEnabled: z.boolean() }),
    profile: z.object({ fullName: z.string(), organizationName: z.string() }),
    roles: z.array(z.enum(ROLES)),
    role: z.enum(ROLES).nullable(),
    organization: OrganizationSchema.nullable(),
    organizations: z.array(OrganizationSchema),
    studentId: z.string().nullable(),
    accessRequest: z.object({ status: z.enum(["pending", "approved", "denied"]), createdAt: z.string() }).nullable(),
  })
  .openapi("Me");

/** The sign-up was received (the same answer for a new email and a known one, ADR 006). */
export const SignUpReceivedSchema = z.object({ message: z.string() }).openapi("SignUpReceived");
