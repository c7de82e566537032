import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  ne,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { RequirementType } from "../../../domain/compliance";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/auth";
import { complianceDocuments, programRequirements, requirementTypes } from "../../db/schema/compliance";

// The compliance records as the API shows them: requirement types, documents (with who uploaded
// and reviewed them), and the calendar day compliance is judged on.

/** Today as a calendar day (UTC), the "today" of src/domain/compliance.ts. */
export const today = () => new Date().toISOString().slice(0, 10);

export const typeColumns = {
  id: requirementTypes.id,
  name: requirementTypes.name,
  category: requirementTypes.category,
  proof: requirementTypes.proof,
  asksIssuedOn: requirementTypes.asksIssuedOn,
  asksExpiresOn: requirementTypes.asksExpiresOn,
  validity: requirementTypes.validity,
  validityMonths: requirementTypes.validityMonths,
};

/** The active catalogue, by sort order. */
export function activeTypes(db: DbOrTx, where?: SQL): Promise<RequirementType[]> {
  return db
    .select(typeColumns)
    .from(requirementTypes)
    .where(and(eq(requirementTypes.active, true), where))
    .orderBy(asc(requirementTypes.sortOrder), asc(requirementTypes.id));
}

/** One active type, or null. */
export async function activeType(db: DbOrTx, id: string): Promise<RequirementType | null> {
  const [type] = await activeTypes(db, eq(requirementTypes.id, id));
  return type ?? null;
}

/** The active types a program asks of all its students, by sort order. */
export function programTypes(db: DbOrTx, programId: string): Promise<RequirementType[]> {
  return activeTypes(
    db,
    inArray(
      requirementTypes.id,
      db
        .select({ id: programRequirements.requirementTypeId })
        .from(programRequirements)
        .where(eq(programRequirements.programId, programId)),
    ),
  );
}

/**
 * The approved documents renewals have not replaced, one row per student and type at most: for
 * each current document that is not approved, the newest earlier approved one valid on `day`. An
 * item's document in force is that one when there is one, else the current one: documentInForce of
 * src/domain/compliance.ts in SQL (status-sql.test.ts compares both). Read from the few current
 * documents not approved, one index lookup each; `of` (a subquery of student ids) keeps it to the
 * students asked.
 */
export function renewedDocuments(db: DbOrTx, day: string | SQL, of?: SQLWrapper) {
  const renewal = alias(complianceDocuments, "renewal");
  const d = alias(complianceDocuments, "renewed_doc");
  const renewed = db
    .select({ id: d.id, status: d.status, expiresOn: d.expiresOn })
    .from(d)
    .where(
      and(
        eq(d.studentId, renewal.studentId),
        eq(d.requirementTypeId, renewal.requirementTypeId),
        sql`not ${d.isCurrent}`,
        eq(d.status, "approved"),
        or(isNull(d.expiresOn), gte(d.expiresOn, day)),
      ),
    )
    .orderBy(desc(d.uploadedAt), desc(d.id))
    .limit(1)
    .as("renewed_in_force");
  return db
    .select({
      studentId: renewal.studentId,
      requirementTypeId: renewal.requirementTypeId,
      id: renewed.id,
      status: renewed.status,
      expiresOn: renewed.expiresOn,
    })
    .from(renewal)
    .innerJoinLateral(renewed, sql`true`)
    .where(
      and(sql`${renewal.isCurrent}`, ne(renewal.status, "approved"), of ? inArray(renewal.studentId, of) : undefined),
    );
}

/** A column of the document in force: the renewed document's when there is one, else the current one's. */
export const inForce = (renewedId: AnyColumn | SQL, renewed: AnyColumn | SQL, current: AnyColumn | SQL) =>
  sql`case when ${renewedId} is null then ${current} else ${renewed} end`;

const uploader = alias(users, "uploader");
const reviewer = alias(users, "reviewer");

/** Documents with the names of who uploaded and reviewed them. */
export function documentSelect(db: DbOrTx) {
  return db
    .select({
      id: complianceDocuments.id,
      studentId: complianceDocuments.studentId,
      requirementTypeId: complianceDocuments.requirementTypeId,
      status: complianceDocuments.status,
      isCurrent: complianceDocuments.isCurrent,
      issuedOn: complianceDocuments.issuedOn,
      expiresOn: complianceDocuments.expiresOn,
      fileName: complianceDocuments.fileName,
      contentType: complianceDocuments.contentType,
      sizeBytes: complianceDocuments.sizeBytes,
      uploadedAt: complianceDocuments.uploadedAt,
      uploadedById: complianceDocuments.uploadedBy,
      uploadedByName: uploader.name,
      reviewedAt: complianceDocuments.reviewedAt,
      reviewedById: complianceDocuments.reviewedBy,
      reviewedByName: reviewer.name,
      rejectionReason: complianceDocuments.rejectionReason,
    })
    .from(complianceDocuments)
    .leftJoin(uploader, eq(uploader.id, complianceDocuments.uploadedBy))
    .leftJoin(reviewer, eq(reviewer.id, complianceDocuments.reviewedBy));
}

export type DocumentRow = Awaited<ReturnType<typeof documentSelect>>[number];

const iso = (v: Date | string | null) => (v ? new Date(v).toISOString() : null);

/** A document as the API shows it, from its row (or the same fields as JSON, its times as strings). */
export function toDocument(
  r: Omit<DocumentRow, "uploadedAt" | "reviewedAt"> & { uploadedAt: Date | string; reviewedAt: Date | string | null },
) {
  return {
    id: r.id,
    requirementTypeId: r.requirementTypeId,
    status: r.status,
    isCurrent: r.isCurrent,
    issuedOn: r.issuedOn,
    expiresOn: r.expiresOn,
    fileName: r.fileName,
    contentType: r.contentType,
    sizeBytes: r.sizeBytes,
    uploadedAt: iso(r.uploadedAt) as string,
    uploadedBy: r.uploadedById ? { id: r.uploadedById, name: r.uploadedByName ?? "" } : null,
    reviewedAt: iso(r.reviewedAt),
    reviewedBy: r.reviewedById ? { id: r.reviewedById, name: r.reviewedByName ?? "" } : null,
    rejectionReason: r.rejectionReason,
    fileUrl: `/api/compliance/documents/${r.id}/file`,
  };
}
export type DocumentView = ReturnType<typeof toDocument>;

/** One document as the API shows it. */
export async function documentById(db: DbOrTx, id: string): Promise<DocumentView> {
  const [row] = await documentSelect(db).where(eq(complianceDocuments.id, id));
  return toDocument(row);
}

/** Every document of some students (all types, current and history), newest first. */
export function studentDocuments(db: DbOrTx, studentIds: string[]) {
  if (studentIds.length === 0) return Promise.resolve([] as DocumentRow[]);
  return documentSelect(db)
    .where(inArray(complianceDocuments.studentId, studentIds))
    .orderBy(desc(complianceDocuments.uploadedAt), desc(complianceDocuments.id));
}
