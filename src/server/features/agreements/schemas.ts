import { z } from "@hono/zod-openapi";
import { AGREEMENT_STAGES, AGREEMENT_STATUSES, CONTACT_SIDES } from "../../../domain/agreements";
import { pageOf } from "../../lib/pagination";

// Response shapes of /api/agreements (issue 17).

const OrgRef = z.object({ id: z.uuid(), name: z.string() });
const UserRef = z.object({ id: z.string(), name: z.string() });

const SignatureSchema = z
  .object({
    signedAt: z.string(),
    signedBy: UserRef.nullable().openapi({ description: "Who signed (null when not recorded or the account is gone)" }),
  })
  .nullable();

const PendingAmendmentSchema = z
  .object({
    id: z.uuid(),
    proposedBySide: z.enum(CONTACT_SIDES),
    proposedBy: UserRef.nullable(),
    proposedAt: z.string(),
    changes: z
      .object({
        title: z.string().optional(),
        startDate: z.string().optional(),
        endDate: z.string().optional(),
        autoRenew: z.boolean().optional(),
      })
      .openapi({ description: "Only the terms it changes" }),
    note: z.string(),
    document: z
      .object({ name: z.string(), contentType: z.string(), size: z.number().int() })
      .nullable()
      .openapi({ description: "A new signed document it proposes (GET /{id}/amendment/document)" }),
  })
  .nullable();

export const ContactSchema = z.object({
  side: z.enum(CONTACT_SIDES),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.string(),
});

export const AgreementSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    stage: z
      .enum(AGREEMENT_STAGES)
      .openapi({ description: "What was decided: draft, executed (signed by both sides), terminated" }),
    status: z
      .enum(AGREEMENT_STATUSES)
      .openapi({ description: "The stage with a signed agreement's place in time (expiring: 90 days or fewer left)" }),
    daysLeft: z.number().int().openapi({ description: "Days until the end date (negative once past)" }),
    autoRenew: z.boolean(),
    notes: z.string(),
    contacts: z.array(ContactSchema),
    terminatedOn: z.string().nullable(),
    terminationReason: z.string().nullable(),
    document: z
      .object({ name: z.string(), contentType: z.string(), size: z.number().int(), uploadedAt: z.string().nullable() })
      .nullable(),
    program: OrgRef,
    facility: OrgRef,
    createdBy: z.enum(["program", "facility", "admin"]),
    createdAt: z.string(),
    updatedAt: z.string(),
    signatures: z
      .object({ program: SignatureSchema, facility: SignatureSchema })
      .openapi({ description: "Each side's signature; the agreement is executed only with both" }),
    awaiting: z
      .enum(CONTACT_SIDES)
      .nullable()
      .openapi({ description: "The side whose signature a half-signed draft awaits" }),
    pendingAmendment: PendingAmendmentSchema.openapi({
      description: "A change one side proposed that the other has not answered",
    }),
  })
  .openapi("Agreement");

export const AgreementPageSchema = pageOf(AgreementSchema).extend({
  byStatus: z.object({
    draft: z.number().int(),
    active: z.number().int(),
    expiring: z.number().int(),
    expired: z.number().int(),
    terminated: z.number().int(),
  }),
});

export const PartnerOptionsSchema = z.object({
  kind: z.enum(["program", "facility"]),
  items: z.array(
    z.object({ id: z.uuid(), name: z.string(), city: z.string().nullable(), state: z.string().nullable() }),
  ),
});

export const AgreementRequirementSchema = z.object({ facilityId: z.uuid(), requireAgreement: z.boolean() });

export const AgreementDeletedSchema = z.object({ id: z.uuid(), deleted: z.literal(true) });
