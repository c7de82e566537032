import { and, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type AgreementSide, awaitingSignatureOf, EXPIRING_WINDOW_DAYS } from "../../../domain/agreements";
import type { DbOrTx } from "../../db/client";
import { affiliationAgreements as a, agreementAmendments as am } from "../../db/schema/agreements";
import { users } from "../../db/schema/auth";
import { organizations } from "../../db/schema/organizations";
import type { Scope } from "../../lib/access";
import { scopeWhere } from "../../lib/access";

// The pieces every agreement query shares: the two organizations' rows, the status derived in SQL
// (the same rule as agreementStatus in src/domain/agreements.ts, so filters and counts run in the
// database), each side's signature with its signer's name, the pending amendment, and who may see
// an agreement (its program, its facility, administrators).

export const programOrg = alias(organizations, "agreement_program");
export const facilityOrg = alias(organizations, "agreement_facility");
const programSigner = alias(users, "agreement_program_signer");
const facilitySigner = alias(users, "agreement_facility_signer");
const proposer = alias(users, "agreement_amendment_proposer");

// The window is written into the SQL (a constant, not a parameter) so the status groups by itself.
export const statusSql = sql<string>`(case
  when ${a.stage} = 'draft' then 'draft'
  when ${a.stage} = 'terminated' then 'terminated'
  when ${a.endDate} < current_date then 'expired'
  when ${a.endDate} - current_date <= ${sql.raw(String(EXPIRING_WINDOW_DAYS))} then 'expiring'
  else 'active' end)`;

export const daysLeftSql = sql<number>`(${a.endDate} - current_date)::int`;

/** Both sides see an agreement; any other organization is as if it did not exist (D1). */
export const visibleTo = (scope: Scope): SQL | undefined =>
  scopeWhere(scope, { program: a.programId, facility: a.facilityId });

export const agreementColumns = {
  id: a.id,
  title: a.title,
  startDate: a.startDate,
  endDate: a.endDate,
  stage: a.stage,
  status: statusSql,
  daysLeft: daysLeftSql,
  autoRenew: a.autoRenew,
  notes: a.notes,
  contacts: a.contacts,
  terminatedOn: a.terminatedOn,
  terminationReason: a.terminationReason,
  documentName: a.documentName,
  documentType: a.documentType,
  documentSize: a.documentSize,
  documentUploadedAt: a.documentUploadedAt,
  programId: a.programId,
  programName: programOrg.name,
  facilityId: a.facilityId,
  facilityName: facilityOrg.name,
  createdByOrganizationId: a.createdByOrganizationId,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
  programSignedAt: a.programSignedAt,
  programSignedBy: a.programSignedBy,
  programSignerName: programSigner.name,
  facilitySignedAt: a.facilitySignedAt,
  facilitySignedBy: a.facilitySignedBy,
  facilitySignerName: facilitySigner.name,
  amendmentId: am.id,
  amendmentSide: am.proposedBySide,
  amendmentProposedBy: am.proposedBy,
  amendmentProposerName: proposer.name,
  amendmentProposedAt: am.proposedAt,
  amendmentTitle: am.title,
  amendmentStartDate: am.startDate,
  amendmentEndDate: am.endDate,
  amendmentAutoRenew: am.autoRenew,
  amendmentNote: am.note,
  amendmentDocumentName: am.documentName,
  amendmentDocumentType: am.documentType,
  amendmentDocumentSize: am.documentSize,
};

/**
 * Agreements with both organizations' names, the signers' names and the pending amendment (one at
 * most: a unique index); callers add where, order and paging.
 */
export const selectAgreements = (db: DbOrTx) =>
  db
    .select(agreementColumns)
    .from(a)
    .innerJoin(programOrg, eq(programOrg.id, a.programId))
    .innerJoin(facilityOrg, eq(facilityOrg.id, a.facilityId))
    .leftJoin(programSigner, eq(programSigner.id, a.programSignedBy))
    .leftJoin(facilitySigner, eq(facilitySigner.id, a.facilitySignedBy))
    .leftJoin(am, and(eq(am.agreementId, a.id), eq(am.status, "pending")))
    .leftJoin(proposer, eq(proposer.id, am.proposedBy));

type Row = Awaited<ReturnType<typeof selectAgreements>>[number];

const signature = (at: Date | null, by: string | null, name: string | null) =>
  at ? { signedAt: at.toISOString(), signedBy: by && name ? { id: by, name } : null } : null;

function pendingAmendment(r: Row) {
  if (!r.amendmentId || !r.amendmentSide || !r.amendmentProposedAt) return null;
  const changes: { title?: string; startDate?: string; endDate?: string; autoRenew?: boolean } = {};
  if (r.amendmentTitle !== null) changes.title = r.amendmentTitle;
  if (r.amendmentStartDate !== null) changes.startDate = r.amendmentStartDate;
  if (r.amendmentEndDate !== null) changes.endDate = r.amendmentEndDate;
  if (r.amendmentAutoRenew !== null) changes.autoRenew = r.amendmentAutoRenew;
  return {
    id: r.amendmentId,
    proposedBySide: r.amendmentSide as AgreementSide,
    proposedBy:
      r.amendmentProposedBy && r.amendmentProposerName
        ? { id: r.amendmentProposedBy, name: r.amendmentProposerName }
        : null,
    proposedAt: r.amendmentProposedAt.toISOString(),
    changes,
    note: r.amendmentNote ?? "",
    document: r.amendmentDocumentName
      ? {
          name: r.amendmentDocumentName,
          contentType: r.amendmentDocumentType ?? "application/octet-stream",
          size: r.amendmentDocumentSize ?? 0,
        }
      : null,
  };
}

/** The API's shape of one agreement. */
export function toAgreement(r: Row) {
  const signatures = {
    program: signature(r.programSignedAt, r.programSignedBy, r.programSignerName),
    facility: signature(r.facilitySignedAt, r.facilitySignedBy, r.facilitySignerName),
  };
  return {
    id: r.id,
    title: r.title,
    startDate: r.startDate,
    endDate: r.endDate,
    stage: r.stage,
    status: r.status as "draft" | "active" | "expiring" | "expired" | "terminated",
    daysLeft: r.daysLeft,
    autoRenew: r.autoRenew,
    notes: r.notes,
    contacts: r.contacts,
    terminatedOn: r.terminatedOn,
    terminationReason: r.terminationReason,
    document: r.documentName
      ? {
          name: r.documentName,
          contentType: r.documentType ?? "application/octet-stream",
          size: r.documentSize ?? 0,
          uploadedAt: r.documentUploadedAt?.toISOString() ?? null,
        }
      : null,
    program: { id: r.programId, name: r.programName },
    facility: { id: r.facilityId, name: r.facilityName },
    createdBy: (r.createdByOrganizationId === r.programId
      ? "program"
      : r.createdByOrganizationId
        ? "facility"
        : "admin") as "program" | "facility" | "admin",
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    signatures,
    awaiting: awaitingSignatureOf({ stage: r.stage, signatures }),
    pendingAmendment: pendingAmendment(r),
  };
}
export type Agreement = ReturnType<typeof toAgreement>;
