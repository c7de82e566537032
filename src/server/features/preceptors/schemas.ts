import { z } from "@hono/zod-openapi";
import { PRECEPTOR_INVITATION_STATES, PRECEPTOR_KINDS, ROTATION_STATUSES } from "../../../domain/preceptors";
import { pageOf } from "../../lib/pagination";

// Response shapes of /api/preceptors and /api/preceptor-invitations (issue 17).

const Ref = z.object({ id: z.uuid(), name: z.string() });

export const PersonSchema = z
  .object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    title: z.string().openapi({ description: "Title or credentials, e.g. RN, BSN" }),
    department: z.string().nullable(),
    kind: z.enum(PRECEPTOR_KINDS).openapi({ description: "A facility coordinator, or invited staff" }),
    facility: Ref,
    activeRotations: z.number().int().openapi({ description: "Assigned approved rotations not yet ended" }),
    since: z.string(),
  })
  .openapi("Preceptor");

export const PersonPageSchema = pageOf(PersonSchema);

export const PreceptorInvitationSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    title: z.string(),
    department: z.string().nullable(),
    state: z.enum(["pending", "expired", "accepted", "revoked"]),
    facility: Ref,
    sentAt: z.string(),
    expiresAt: z.string(),
  })
  .openapi("PreceptorInvitation");

export const PreceptorInvitationListSchema = z.object({ items: z.array(PreceptorInvitationSchema) });

export const RemovedPreceptorSchema = z.object({
  userId: z.string(),
  facilityId: z.uuid(),
  endedAssignments: z.number().int(),
});

const RotationPreceptor = z.object({ userId: z.string(), name: z.string(), email: z.string() });

export const RotationSchema = z
  .object({
    id: z.uuid().openapi({ description: "The approved application's id" }),
    student: z.object({ id: z.uuid(), name: z.string() }),
    program: Ref,
    placement: z.object({ id: z.uuid(), title: z.string(), specialty: z.string() }),
    department: Ref.nullable(),
    facility: Ref,
    startDate: z.string(),
    endDate: z.string(),
    status: z.enum(ROTATION_STATUSES),
    preceptors: z.array(RotationPreceptor),
  })
  .openapi("Rotation");

const Option = z.object({ id: z.uuid(), name: z.string() });

export const RotationPageSchema = pageOf(RotationSchema).extend({
  byStatus: z.object({ upcoming: z.number().int(), current: z.number().int(), ended: z.number().int() }),
  options: z.object({ placements: z.array(Option), departments: z.array(Option) }),
});

export const RotationDetailSchema = RotationSchema.extend({
  student: z.object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    complianceStatus: z.enum(["pending", "compliant", "incomplete"]),
  }),
}).openapi("RotationDetail");

export const InvitationLinkSchema = z.object({
  state: z.enum(PRECEPTOR_INVITATION_STATES),
  name: z.string(),
  facilityName: z.string(),
  title: z.string(),
  email: z.string().nullable().openapi({ description: "Only while the link works" }),
  hasAccount: z.boolean().openapi({ description: "An account with the email exists: accept it signed in" }),
  signedInAsInvitee: z.boolean(),
  message: z.string().nullable(),
});

export const InvitationAcceptedSchema = z.object({
  facilityId: z.uuid(),
  facilityName: z.string(),
  created: z.boolean().openapi({ description: "A new account was made (and signed in)" }),
  redirectTo: z.literal("/dashboard/preceptor"),
});
