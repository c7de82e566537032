import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { organizations } from "./organizations";
import { placements } from "./placements";
import { students } from "./students";

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const requirementCategoryEnum = pgEnum("requirement_category", [
  "immunization",
  "certification",
  "screening",
  "training",
  "insurance",
  "orientation",
]);
/** How long an approved document stays valid (issue 12): see src/domain/compliance.ts. */
export const requirementValidityEnum = pgEnum("requirement_validity", ["none", "months", "season", "document"]);
export const dateAskEnum = pgEnum("date_ask", ["no", "optional", "required"]);
export const complianceDocumentStatusEnum = pgEnum("compliance_document_status", ["submitted", "approved", "rejected"]);

/**
 * The catalogue of requirement types (immunizations, certifications, checks...). Defaults are
 * inserted by the migration that creates it; ids are stable slugs ("bls", "influenza").
 */
export const requirementTypes = pgTable(
  "requirement_types",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    category: requirementCategoryEnum("category").notNull(),
    /** What proof is accepted, as shown to the student. */
    proof: text("proof").notNull(),
    asksIssuedOn: dateAskEnum("asks_issued_on").notNull().default("required"),
    asksExpiresOn: dateAskEnum("asks_expires_on").notNull().default("no"),
    validity: requirementValidityEnum("validity").notNull().default("none"),
    validityMonths: integer("validity_months"),
    sortOrder: integer("sort_order").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    check(
      "requirement_types_months",
      sql`(${t.validity} = 'months') = (${t.validityMonths} is not null and ${t.validityMonths} > 0)`,
    ),
  ],
);

/** The types every student of a program needs. */
export const programRequirements = pgTable(
  "program_requirements",
  {
    programId: uuid("program_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    requirementTypeId: text("requirement_type_id")
      .notNull()
      .references(() => requirementTypes.id),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.programId, t.requirementTypeId] })],
);

/** The types a facility needs of every student placed with it. */
export const facilityRequirements = pgTable(
  "facility_requirements",
  {
    facilityId: uuid("facility_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    requirementTypeId: text("requirement_type_id")
      .notNull()
      .references(() => requirementTypes.id),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.facilityId, t.requirementTypeId] })],
);

/** The types one placement needs on top of its facility's. */
export const placementRequirements = pgTable(
  "placement_requirements",
  {
    placementId: uuid("placement_id")
      .notNull()
      .references(() => placements.id, { onDelete: "cascade" }),
    requirementTypeId: text("requirement_type_id")
      .notNull()
      .references(() => requirementTypes.id),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.placementId, t.requirementTypeId] })],
);

/**
 * A student's proof for one requirement type. A new upload for the same type becomes the current
 * one (`is_current`); the earlier ones stay as history. The file lives in the file store under
 * `file_key` (random, never a path a user chose) and is served only through an authorized route.
 */
export const complianceDocuments = pgTable(
  "compliance_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    requirementTypeId: text("requirement_type_id")
      .notNull()
      .references(() => requirementTypes.id),
    status: complianceDocumentStatusEnum("status").notNull().default("submitted"),
    isCurrent: boolean("is_current").notNull().default(true),
    issuedOn: date("issued_on"),
    /** The day the proof stops being valid, derived from the type's validity at upload. */
    expiresOn: date("expires_on"),
    fileKey: text("file_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    uploadedAt: ts("uploaded_at").notNull().defaultNow(),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: ts("reviewed_at"),
    rejectionReason: text("rejection_reason"),
  },
  (t) => [
    uniqueIndex("compliance_documents_current_uq").on(t.studentId, t.requirementTypeId).where(sql`is_current`),
    index("compliance_documents_student_idx").on(t.studentId, t.requirementTypeId, t.uploadedAt),
    index("compliance_documents_review_idx").on(t.status, t.uploadedAt).where(sql`is_current`),
    index("compliance_documents_expiry_idx").on(t.expiresOn).where(sql`is_current and status = 'approved'`),
    check(
      "compliance_documents_dates",
      sql`${t.expiresOn} is null or ${t.issuedOn} is null or ${t.expiresOn} >= ${t.issuedOn}`,
    ),
    check("compliance_documents_size", sql`${t.sizeBytes} > 0`),
  ],
);
