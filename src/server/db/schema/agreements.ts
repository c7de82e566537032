import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { AgreementContact } from "../../../domain/agreements";
import { users } from "./auth";
import { organizations } from "./organizations";

const ts = (name: string) => timestamp(name, { withTimezone: true });

// Affiliation agreements (issue 17): the contract between one nursing program and one healthcare
// facility under which students rotate there. Only what a person decides is stored (a draft, each
// side's signature, a termination); active, expiring and expired are derived from the dates and
// today (src/domain/agreements.ts), so no job has to flip a status at midnight.

/**
 * draft: being prepared (one side may have signed); executed: signed by both sides, in force
 * between its dates; terminated: ended early.
 */
export const agreementStageEnum = pgEnum("agreement_stage", ["draft", "executed", "terminated"]);

/** The two parties: who signs, who proposes an amendment. */
export const agreementSideEnum = pgEnum("agreement_side", ["program", "facility"]);

export const affiliationAgreements = pgTable(
  "affiliation_agreements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    programId: uuid("program_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    facilityId: uuid("facility_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    stage: agreementStageEnum("stage").notNull().default("draft"),
    autoRenew: boolean("auto_renew").notNull().default(false),
    notes: text("notes").notNull().default(""),
    /** Each side's people for this agreement (name, email, phone, role, side). */
    contacts: jsonb("contacts").$type<AgreementContact[]>().notNull().default([]),
    terminatedOn: date("terminated_on", { mode: "string" }),
    terminationReason: text("termination_reason"),
    /** The signed document, in the compliance feature's file store (a key of ours, never a user's name). */
    documentKey: text("document_key"),
    documentName: text("document_name"),
    documentType: text("document_type"),
    documentSize: integer("document_size"),
    documentSha256: text("document_sha256"),
    documentUploadedAt: ts("document_uploaded_at"),
    /** Which side created it (the program or the facility; null when an administrator did). */
    createdByOrganizationId: uuid("created_by_organization_id").references(() => organizations.id, {
      onDelete: "set null",
    }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * Each side's signature: when, and which of its people (or an administrator for it) signed.
     * The time is the signature; the signer is null once their account is gone.
     */
    programSignedAt: ts("program_signed_at"),
    programSignedBy: text("program_signed_by").references(() => users.id, { onDelete: "set null" }),
    facilitySignedAt: ts("facility_signed_at"),
    facilitySignedBy: text("facility_signed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("affiliation_agreements_dates", sql`${t.endDate} >= ${t.startDate}`),
    // In force (or once in force) only with both sides' signatures: no path executes on one.
    check(
      "affiliation_agreements_signed",
      sql`${t.stage} = 'draft' or (${t.programSignedAt} is not null and ${t.facilitySignedAt} is not null)`,
    ),
    check(
      "affiliation_agreements_termination",
      sql`(${t.stage} = 'terminated') = (${t.terminatedOn} is not null and ${t.terminationReason} is not null)`,
    ),
    // One agreement of a title between two organizations: twenty identical creates make one row.
    uniqueIndex("affiliation_agreements_title_uq").on(t.programId, t.facilityId, sql`lower(${t.title})`),
    index("affiliation_agreements_facility_idx").on(t.facilityId, t.endDate),
    index("affiliation_agreements_program_idx").on(t.programId, t.endDate),
  ],
);

/**
 * pending: awaiting the other side; accepted: its terms were written into the agreement; declined
 * by the other side; withdrawn by its proposer; cancelled when the agreement ended first.
 */
export const amendmentStatusEnum = pgEnum("agreement_amendment_status", [
  "pending",
  "accepted",
  "declined",
  "withdrawn",
  "cancelled",
]);

/**
 * A change to a signed agreement's terms or document proposed by one side; the agreement changes
 * only when the other side accepts it. A null term (or document) is left as it is.
 */
export const agreementAmendments = pgTable(
  "agreement_amendments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agreementId: uuid("agreement_id")
      .notNull()
      .references(() => affiliationAgreements.id, { onDelete: "cascade" }),
    proposedBySide: agreementSideEnum("proposed_by_side").notNull(),
    proposedBy: text("proposed_by").references(() => users.id, { onDelete: "set null" }),
    proposedAt: ts("proposed_at").notNull().defaultNow(),
    title: text("title"),
    startDate: date("start_date", { mode: "string" }),
    endDate: date("end_date", { mode: "string" }),
    autoRenew: boolean("auto_renew"),
    /** Why, in the proposer's words (both sides see it). */
    note: text("note").notNull().default(""),
    /** A new signed document proposed in place of the agreement's (the file store's key, as there). */
    documentKey: text("document_key"),
    documentName: text("document_name"),
    documentType: text("document_type"),
    documentSize: integer("document_size"),
    documentSha256: text("document_sha256"),
    status: amendmentStatusEnum("status").notNull().default("pending"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: ts("decided_at"),
  },
  (t) => [
    // One pending amendment per agreement: two proposals at once make one, the other 409.
    uniqueIndex("agreement_amendments_pending_uq").on(t.agreementId).where(sql`${t.status} = 'pending'`),
    index("agreement_amendments_agreement_idx").on(t.agreementId, t.proposedAt),
  ],
);

/** A facility's rule (issue 17): applications need an agreement in force covering the rotation. */
export const facilityAgreementSettings = pgTable("facility_agreement_settings", {
  facilityId: uuid("facility_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  requireAgreement: boolean("require_agreement").notNull().default(false),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
