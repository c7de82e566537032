import { and, eq, type SQL, sql } from "drizzle-orm";
import { assertNever } from "../../../domain/assert-never";
import { checkDocumentDates, documentDatesSchema } from "../../../domain/compliance";
import type { Tx } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { users } from "../../db/schema/auth";
import { complianceDocuments, requirementTypes } from "../../db/schema/compliance";
import { placements } from "../../db/schema/placements";
import { students, studentUsers } from "../../db/schema/students";
import type { ProgramScope, Scope } from "../../lib/access";
import type { Deps, Viewer } from "../../lib/context";
import { proposeDocumentDates } from "../../lib/document-text";
import { conflict, invalid, notFound } from "../../lib/errors";
import { mailHtml } from "../../lib/mail";
import { isUniqueViolation } from "../../lib/pg-errors";
import { checkedUpload, readStoredFile, storeAndRecord } from "../../lib/stored-files";
import { activeType, documentById, today } from "./records";
import { recomputeComplianceStatus } from "./status-sql";

// Compliance documents (issue 12): upload (validated, stored, then recorded in one transaction),
// served only through the authorized route, reviewed by the student's program.

export type UploadInput = {
  file: File;
  requirementTypeId: string;
  issuedOn?: string | null;
  expiresOn?: string | null;
};

/**
 * Uploads proof for one requirement type of a student (whose access the caller checked). Order:
 * fields and dates, the file's content, the file stored, then ONE transaction that makes it the
 * current document (the previous one kept as history) and recomputes the student's status. If the
 * transaction fails the stored file is deleted: nothing is left half-saved.
 */
export async function uploadDocument(deps: Deps, viewer: Viewer, studentId: string, input: UploadInput) {
  const type = await activeType(deps.db, input.requirementTypeId);
  if (!type) throw invalid([{ path: "requirementTypeId", message: "Unknown requirement type" }]);
  const dates = documentDatesSchema.safeParse({ issuedOn: input.issuedOn, expiresOn: input.expiresOn });
  if (!dates.success) {
    const issues = dates.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    throw invalid(issues);
  }
  const checked = checkDocumentDates(type, dates.data, today());
  if (!checked.ok) throw invalid([{ path: checked.field, message: checked.message }], checked.message);
  const { bytes, inspected } = await checkedUpload(input.file);

  try {
    const id = await storeAndRecord(
      deps,
      { bytes, contentType: inspected.contentType },
      (key) =>
        deps.db.transaction(async (tx) => {
          // Uploads for one student serialize on their roster row: the previous current document is
          // always seen, so exactly one stays current however many arrive at once.
          const [locked] = await tx
            .select({ id: students.id })
            .from(students)
            .where(eq(students.id, studentId))
            .for("no key update");
          if (!locked) throw notFound("Student"); // removed from the roster meanwhile
          await tx
            .update(complianceDocuments)
            .set({ isCurrent: false })
            .where(
              and(
                eq(complianceDocuments.studentId, studentId),
                eq(complianceDocuments.requirementTypeId, type.id),
                sql`${complianceDocuments.isCurrent}`,
              ),
            );
          const [row] = await tx
            .insert(complianceDocuments)
            .values({
              studentId,
              requirementTypeId: type.id,
              issuedOn: checked.issuedOn,
              expiresOn: checked.expiresOn,
              fileKey: key,
              fileName: inspected.safeFileName,
              contentType: inspected.contentType,
              sizeBytes: bytes.byteLength,
              sha256: inspected.sha256,
              uploadedBy: viewer.userId,
            })
            .returning({ id: complianceDocuments.id });
          await recomputeComplianceStatus(tx, { studentIds: [studentId] });
          // The previous document stays as history, its file with it: nothing is replaced.
          return { result: row.id, replaced: null };
        }),
      "a compliance document",
    );
    return documentById(deps.db, id);
  } catch (err) {
    if (isUniqueViolation(err, "compliance_documents_current_uq"))
      throw conflict("Another upload for this requirement was saved at the same moment. Please try again.");
    throw err;
  }
}

/**
 * Checks a file as an upload would and proposes the dates found in its text. Stores nothing.
 * The reading runs off this thread, bounded (lib/document-text.ts): a file too slow or too many
 * at once propose nothing, and the person types the dates.
 */
export async function scanDocument(file: File) {
  const { bytes, inspected } = await checkedUpload(file);
  const proposed = await proposeDocumentDates({ bytes, contentType: inspected.contentType, today: today() });
  return {
    contentType: inspected.contentType,
    proposedIssuedOn: proposed.issuedOn ?? null,
    proposedExpiresOn: proposed.expiresOn ?? null,
    found: proposed.found,
  };
}

/**
 * Who may open a document: the student, their program, admins, and facilities the student has a
 * pending or approved application with. Everyone else: as if it did not exist. A preceptor sees a
 * student's compliance status on the rotation, never the documents (health records) behind it.
 */
function visibleTo(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case "all":
      return undefined;
    case "program":
      return eq(students.programId, scope.programId);
    case "student":
      return eq(complianceDocuments.studentId, scope.studentId);
    case "facility":
      return sql`exists (select 1 from ${applications} join ${placements} on ${placements.id} = ${applications.placementId}
        where ${applications.studentId} = ${complianceDocuments.studentId}
          and ${applications.status} in ('pending', 'approved')
          and ${placements.facilityId} = ${scope.facilityId})`;
    case "preceptor":
    case "none":
      return sql`false`;
    default:
      return assertNever(scope, "scope");
  }
}

/** A document's file for a caller allowed to see it, or 404. */
export async function documentFile(deps: Deps, scope: Scope, id: string) {
  const [doc] = await deps.db
    .select({
      fileKey: complianceDocuments.fileKey,
      fileName: complianceDocuments.fileName,
      contentType: complianceDocuments.contentType,
    })
    .from(complianceDocuments)
    .innerJoin(students, eq(students.id, complianceDocuments.studentId))
    .where(and(eq(complianceDocuments.id, id), visibleTo(scope)));
  if (!doc) throw notFound("Document");
  const bytes = await readStoredFile(deps, doc.fileKey, `compliance document ${id}`, "Document");
  return { fileName: doc.fileName, contentType: doc.contentType, bytes };
}

/**
 * The program's review of a current, submitted document: approve, or reject with the reason the
 * student sees and is emailed. Records who and when; recomputes the student's status.
 */
export async function reviewDocument(
  deps: Deps,
  viewer: Viewer,
  scope: ProgramScope,
  id: string,
  decision: "approved" | "rejected",
  reason: string | null,
) {
  await deps.db.transaction(async (tx) => {
    const [doc] = await tx
      .select({
        studentId: complianceDocuments.studentId,
        status: complianceDocuments.status,
        isCurrent: complianceDocuments.isCurrent,
        typeName: requirementTypes.name,
        programId: students.programId,
      })
      .from(complianceDocuments)
      .innerJoin(students, eq(students.id, complianceDocuments.studentId))
      .innerJoin(requirementTypes, eq(requirementTypes.id, complianceDocuments.requirementTypeId))
      .where(
        and(
          eq(complianceDocuments.id, id),
          scope.kind === "program" ? eq(students.programId, scope.programId) : undefined,
        ),
      );
    if (!doc) throw notFound("Document");
    // Same lock order as uploads (the student's row, then the document): a review and a new upload
    // for the same student serialize, so a replaced document is never reviewed.
    await tx.select({ id: students.id }).from(students).where(eq(students.id, doc.studentId)).for("no key update");
    const [now] = await tx
      .select({ status: complianceDocuments.status, isCurrent: complianceDocuments.isCurrent })
      .from(complianceDocuments)
      .where(eq(complianceDocuments.id, id))
      .for("update");
    if (!now.isCurrent) throw conflict("A newer document replaced this one: only the current document can be reviewed");
    if (now.status !== "submitted") throw conflict(`This document was already ${now.status}`);
    await tx
      .update(complianceDocuments)
      .set({
        status: decision,
        reviewedBy: viewer.userId,
        reviewedAt: new Date(),
        rejectionReason: decision === "rejected" ? reason : null,
      })
      .where(eq(complianceDocuments.id, id));
    await recomputeComplianceStatus(tx, { studentIds: [doc.studentId] });
    // Queued with the review (ADR 015): sent once it commits, retried if the SMTP server fails.
    if (decision === "rejected" && reason)
      await notifyRejected(deps, tx, { studentId: doc.studentId, typeName: doc.typeName, reason });
    return doc;
  });
  return documentById(deps.db, id);
}

/** Queues the student's mail that a document was rejected, with the reason, in the review's transaction. */
export async function notifyRejected(deps: Deps, tx: Tx, r: { studentId: string; typeName: string; reason: string }) {
  const [student] = await tx
    .select({ firstName: students.firstName, email: students.email })
    .from(students)
    .where(eq(students.id, r.studentId));
  if (!student) return;
  const accounts = await tx
    .select({ email: users.email })
    .from(studentUsers)
    .innerJoin(users, eq(users.id, studentUsers.userId))
    .where(eq(studentUsers.studentId, r.studentId));
  const to = accounts[0]?.email ?? student.email;
  const subject = `Your ${r.typeName} document was not accepted`;
  const link = `${deps.env.appUrl}/student/compliance`;
  const lines = [
    `Hello ${student.firstName},`,
    `Your program reviewed the document you uploaded for ${r.typeName} and could not accept it.`,
    `Reason: ${r.reason}`,
    "Please upload a new document for this requirement.",
  ];
  await deps.jobs.enqueueMail(tx, {
    to,
    subject,
    text: `${lines.join("\n\n")}\n\nUpload it here: ${link}`,
    html: mailHtml(subject, lines, { label: "Upload a new document", url: link }),
    link,
  });
}
