import { eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { EXPIRING_WINDOW_DAYS } from "../../../domain/agreements";
import type { DbOrTx } from "../../db/client";
import { affiliationAgreements as a } from "../../db/schema/agreements";
import { organizations } from "../../db/schema/organizations";
import type { Scope } from "../../lib/access";
import { scopeWhere } from "../../lib/access";

// The pieces every agreement query shares: the two organizations' rows, the status derived in SQL
// (the same rule as agreementStatus in src/domain/agreements.ts, so filters and counts run in the
// database), and who may see an agreement (its program, its facility, administrators).

export const programOrg = alias(organizations, "agreement_program");
export const facilityOrg = alias(organizations, "agreement_facility");

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
};

/** Agreements with both organizations' names; callers add where, order and paging. */
export const selectAgreements = (db: DbOrTx) =>
  db
    .select(agreementColumns)
    .from(a)
    .innerJoin(programOrg, eq(programOrg.id, a.programId))
    .innerJoin(facilityOrg, eq(facilityOrg.id, a.facilityId));

type Row = Awaited<ReturnType<typeof selectAgreements>>[number];

/** The API's shape of one agreement. */
export function toAgreement(r: Row) {
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
  };
}
export type Agreement = ReturnType<typeof toAgreement>;
