import { z } from "@hono/zod-openapi";

// The admin domain's response bodies: administrator access requests and the dev mailbox (the super
// admin's), and the organizations awaiting verification (any admin's).

// ---------------------------------------------------------------------------------------------
// Access requests

export const AccessRequestSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    email: z.string(),
    fullName: z.string(),
    organizationName: z.string(),
    status: z.enum(["pending", "approved", "denied"]),
    createdAt: z.string(),
    reviewedAt: z.string().nullable(),
  })
  .openapi("AccessRequest");

/** A page of access requests. */
export const AccessRequestPageSchema = z.object({
  items: z.array(AccessRequestSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** An access request approved or denied. */
export const AccessRequestDecidedSchema = z.object({ id: z.string(), status: z.enum(["approved", "denied"]) });

// ---------------------------------------------------------------------------------------------
// The dev mailbox

const MailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  link: z.string().nullable(),
  transport: z.string(),
  createdAt: z.string(),
});

export const MailboxSchema = z.object({ items: z.array(MailSchema) });

// ---------------------------------------------------------------------------------------------
// Organizations

/** An organization's verification status (also a filter of the list). */
export const ORGANIZATION_STATUSES = ["pending", "verified", "rejected"] as const;

export const AdminOrganizationSchema = z
  .object({
    id: z.string(),
    kind: z.enum(["program", "facility"]),
    name: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    status: z.enum(ORGANIZATION_STATUSES),
    coordinators: z.number().int(),
    students: z.number().int().nullable().openapi({ description: "Programs only: active roster students" }),
    activePlacements: z.number().int().nullable().openapi({ description: "Facilities only: active placements" }),
    createdAt: z.string(),
    verifiedAt: z.string().nullable(),
    suspendedAt: z.string().nullable(),
  })
  .openapi("AdminOrganization");

/** An organization verified or rejected. */
export const OrganizationDecidedSchema = z.object({
  id: z.string(),
  status: z.enum(["verified", "rejected"]),
  verifiedAt: z.string().nullable(),
});

/** One organization as an administrator sees it: status, coordinators, counts, recent activity. */
export const AdminOrganizationDetailSchema = z
  .object({
    id: z.string(),
    kind: z.enum(["program", "facility"]),
    name: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    status: z.enum(ORGANIZATION_STATUSES),
    verifiedAt: z.string().nullable(),
    suspendedAt: z.string().nullable(),
    suspendedReason: z.string().nullable(),
    createdAt: z.string(),
    coordinators: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string(), joinedAt: z.string() })),
    applications: z.object({
      pending: z.number().int(),
      approved: z.number().int(),
      rejected: z.number().int(),
      withdrawn: z.number().int(),
    }),
    program: z
      .object({
        students: z.number().int(),
        placedStudents: z.number().int(),
        placementRate: z
          .number()
          .nullable()
          .openapi({ description: "Percent of active students with an approved application" }),
      })
      .nullable(),
    facility: z
      .object({
        departments: z.number().int(),
        activePlacements: z.number().int(),
        seats: z.number().int(),
        seatsFilled: z.number().int(),
      })
      .nullable(),
    activity: z.array(
      z.object({
        id: z.number(),
        at: z.string(),
        action: z.string(),
        summary: z.string(),
        actorEmail: z.string().nullable(),
        entityType: z.string().nullable(),
        entityId: z.string().nullable(),
      }),
    ),
  })
  .openapi("AdminOrganizationDetail");

export const OrganizationCreatedSchema = z.object({
  organization: z.object({ id: z.string(), kind: z.enum(["program", "facility"]), name: z.string() }),
  coordinator: z.object({ userId: z.string(), email: z.string(), newAccount: z.boolean() }),
  mailSent: z.boolean().openapi({ description: "False when the coordinator's mail could not be sent" }),
});

export const OrganizationSuspensionSchema = z.object({
  id: z.string(),
  name: z.string(),
  suspendedAt: z.string().nullable(),
  suspendedReason: z.string().nullable(),
});
