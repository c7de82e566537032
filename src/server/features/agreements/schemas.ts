import { z } from "@hono/zod-openapi";
import { AGREEMENT_STAGES, AGREEMENT_STATUSES, CONTACT_SIDES } from "../../../domain/agreements";
import { pageOf } from "../../lib/pagination";

// Response shapes of /api/agreements (issue 17).

const OrgRef = z.object({ id: z.uuid(), name: z.string() });

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
    stage: z.enum(AGREEMENT_STAGES).openapi({ description: "What was decided: draft, executed (signed), terminated" }),
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
