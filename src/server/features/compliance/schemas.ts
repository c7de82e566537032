import { z } from "@hono/zod-openapi";
import { ITEM_STATUSES } from "../../../domain/compliance";
import { COMPLIANCE_STATUSES } from "../../../domain/students";

// The compliance domain's bodies (issue 12; /work/shared-notes/compliance-api.md is the contract).

const dateAsk = z.enum(["no", "optional", "required"]);
const readiness = z.enum(["met", "missing", "expiring_before_end"]);

export const RequirementTypeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    category: z.enum(["immunization", "certification", "screening", "training", "insurance", "orientation"]),
    proof: z.string(),
    asksIssuedOn: dateAsk,
    asksExpiresOn: dateAsk,
    validity: z.enum(["none", "months", "season", "document"]),
    validityMonths: z.number().int().nullable(),
  })
  .openapi("RequirementType");

const person = z.object({ id: z.string(), name: z.string() }).nullable();

export const DocumentSchema = z
  .object({
    id: z.string(),
    requirementTypeId: z.string(),
    status: z.enum(["submitted", "approved", "rejected"]),
    isCurrent: z.boolean(),
    issuedOn: z.string().nullable(),
    expiresOn: z.string().nullable(),
    fileName: z.string(),
    contentType: z.string(),
    sizeBytes: z.number().int(),
    uploadedAt: z.string(),
    uploadedBy: person,
    reviewedAt: z.string().nullable(),
    reviewedBy: person,
    rejectionReason: z.string().nullable(),
    fileUrl: z.string().openapi({ description: "The authorized route serving the file" }),
  })
  .openapi("ComplianceDocument");

export const ItemSchema = z
  .object({
    type: RequirementTypeSchema,
    status: z.enum(ITEM_STATUSES),
    daysToExpiry: z.number().int().nullable(),
    current: DocumentSchema.nullable().openapi({
      description:
        "The document the status stands on: the current upload, or the approved one a newer upload awaiting review (or rejected) renews",
    }),
    renewal: DocumentSchema.nullable().openapi({
      description: "The newer upload renewing the approved document in force: awaiting review, or rejected",
    }),
    history: z.array(DocumentSchema).openapi({ description: "Older uploads, newest first" }),
  })
  .openapi("ComplianceItem");

export const StudentComplianceSchema = z
  .object({
    student: z.object({
      id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      programId: z.string(),
      programName: z.string(),
      complianceStatus: z.enum(COMPLIANCE_STATUSES),
    }),
    items: z.array(ItemSchema),
    counts: z.object({
      required: z.number().int(),
      approved: z.number().int(),
      submitted: z.number().int(),
      missing: z.number().int(),
      rejected: z.number().int(),
      expiring: z.number().int(),
      expired: z.number().int(),
    }),
  })
  .openapi("StudentCompliance");

export const MyComplianceSchema = StudentComplianceSchema.extend({
  applications: z.array(
    z.object({
      applicationId: z.string(),
      status: z.enum(["pending", "approved", "rejected", "withdrawn"]),
      placementId: z.string(),
      placementTitle: z.string(),
      facilityName: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      ready: z.boolean(),
      items: z.array(z.object({ requirementTypeId: z.string(), name: z.string(), readiness })),
    }),
  ),
}).openapi("MyCompliance");

export const RequirementTypesSchema = z.object({ types: z.array(RequirementTypeSchema) });
export const ProgramRequirementsSchema = z
  .object({ programId: z.string(), requirementTypeIds: z.array(z.string()) })
  .openapi("ProgramRequirements");
export const FacilityRequirementsSchema = z
  .object({ facilityId: z.string(), requirementTypeIds: z.array(z.string()) })
  .openapi("FacilityRequirements");

export const ScanSchema = z
  .object({
    contentType: z.string(),
    proposedIssuedOn: z.string().nullable(),
    proposedExpiresOn: z.string().nullable(),
    found: z.array(z.string()),
  })
  .openapi("ComplianceScan");

export const ComplianceRowSchema = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    complianceStatus: z.enum(COMPLIANCE_STATUSES),
    required: z.number().int(),
    approved: z.number().int(),
    submitted: z.number().int(),
    missing: z.number().int(),
    rejected: z.number().int(),
    expired: z.number().int(),
    expiringSoon: z.number().int(),
    nextExpiry: z.string().nullable(),
  })
  .openapi("ComplianceStudentRow");

export const ComplianceSummarySchema = z.object({
  compliant: z.number().int(),
  pending: z.number().int(),
  incomplete: z.number().int(),
  expiring30: z.number().int(),
  expiring60: z.number().int(),
  expiring90: z.number().int(),
  awaitingReview: z.number().int(),
});

export const ReviewQueueItemSchema = z
  .object({
    document: DocumentSchema,
    student: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
    typeName: z.string(),
  })
  .openapi("ComplianceReviewItem");

export const RemindResultSchema = z.object({ queued: z.number().int() });

export const ReadinessSchema = z
  .object({
    ready: z.boolean(),
    items: z.array(
      z.object({
        type: RequirementTypeSchema,
        source: z.enum(["program", "facility", "placement"]),
        readiness,
        document: DocumentSchema.nullable(),
      }),
    ),
  })
  .openapi("ApplicantReadiness");
