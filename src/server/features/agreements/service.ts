import { and, asc, count, desc, eq, ilike, ne, or, type SQL, sql } from "drizzle-orm";
import {
  AGREEMENT_TERM_LABELS,
  AGREEMENT_TERMS,
  type AgreementFields,
  type AgreementSide,
  type AgreementStatus,
  type AgreementTerm,
  missingContactSides,
  otherSide,
} from "../../../domain/agreements";
import type { Db, DbOrTx } from "../../db/client";
import { affiliationAgreements as a, agreementAmendments as am } from "../../db/schema/agreements";
import { organizations } from "../../db/schema/organizations";
import type { Scope } from "../../lib/access";
import { type AuditEntry, recordAudit } from "../../lib/audit";
import type { Deps, Viewer } from "../../lib/context";
import { AppError, conflict, forbidden, invalid, notFound } from "../../lib/errors";
import { likePattern, offsetOf } from "../../lib/pagination";
import { isUniqueViolation } from "../../lib/pg-errors";
import { dropStoredFile } from "../../lib/stored-files";
import { noticeToSide } from "./notices";
import {
  type Agreement,
  daysLeftSql,
  facilityOrg,
  programOrg,
  selectAgreements,
  statusSql,
  toAgreement,
  visibleTo,
} from "./queries";

// Affiliation agreements (issue 17): either side drafts one naming the other organization, both
// sides and administrators see it, only the two organizations' coordinators and administrators
// change it. Another organization's agreement is 404 (D1). It takes effect only when both sides
// have signed, each through its own coordinators (or an administrator signing for it); once signed,
// its terms change only through an amendment one side proposes and the other accepts.

export const AGREEMENT_SORTS = ["endDate", "title", "updatedAt", "startDate"] as const;
export type AgreementSort = (typeof AGREEMENT_SORTS)[number];

export type AgreementFilter = {
  status?: AgreementStatus;
  /** The other organization (for administrators: either side). */
  organizationId?: string;
  search?: string;
  /** Signed agreements ending within this many days from today (expired ones excluded). */
  expiringWithin?: number;
};
export type AgreementListQuery = AgreementFilter & {
  page: number;
  pageSize: number;
  sort?: AgreementSort;
  order?: "asc" | "desc";
};

function filterWhere(scope: Scope, f: AgreementFilter): SQL | undefined {
  const term = f.search ? likePattern(f.search) : null;
  const other =
    f.organizationId === undefined
      ? undefined
      : scope.kind === "program"
        ? eq(a.facilityId, f.organizationId)
        : scope.kind === "facility"
          ? eq(a.programId, f.organizationId)
          : or(eq(a.programId, f.organizationId), eq(a.facilityId, f.organizationId));
  return and(
    visibleTo(scope),
    f.status ? sql`${statusSql} = ${f.status}` : undefined,
    other,
    term ? or(ilike(a.title, term), ilike(programOrg.name, term), ilike(facilityOrg.name, term)) : undefined,
    f.expiringWithin !== undefined
      ? and(eq(a.stage, "executed"), sql`${daysLeftSql} between 0 and ${f.expiringWithin}`)
      : undefined,
  );
}

const SORT_COLUMNS = { endDate: a.endDate, title: a.title, updatedAt: a.updatedAt, startDate: a.startDate };

export async function listAgreements(db: Db, scope: Scope, q: AgreementListQuery) {
  const where = filterWhere(scope, q);
  const dir = q.order === "desc" ? desc : asc;
  const [rows, [total], counts] = await Promise.all([
    selectAgreements(db)
      .where(where)
      .orderBy(dir(SORT_COLUMNS[q.sort ?? "endDate"]), asc(a.title), asc(a.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db
      .select({ n: count() })
      .from(a)
      .innerJoin(programOrg, eq(programOrg.id, a.programId))
      .innerJoin(facilityOrg, eq(facilityOrg.id, a.facilityId))
      .where(where),
    // The status chips' counts: the caller's agreements by status (one grouped query).
    db.select({ status: statusSql, n: sql<number>`count(*)::int` }).from(a).where(visibleTo(scope)).groupBy(statusSql),
  ]);
  const byStatus = { draft: 0, active: 0, expiring: 0, expired: 0, terminated: 0 };
  for (const c of counts) byStatus[c.status as AgreementStatus] = c.n;
  return { items: rows.map(toAgreement), total: total.n, page: q.page, pageSize: q.pageSize, byStatus };
}

export const AGREEMENT_CSV_HEADER = [
  "Title",
  "Program",
  "Facility",
  "Status",
  "Start date",
  "End date",
  "Days left",
  "Auto-renew",
  "Terminated on",
  "Termination reason",
  "Signed document",
  "Contacts",
  "Notes",
];

/** Every agreement the filters match (no paging), as CSV rows. */
export async function exportAgreements(db: Db, scope: Scope, f: AgreementFilter & { sort?: AgreementSort }) {
  const rows = await selectAgreements(db)
    .where(filterWhere(scope, f))
    .orderBy(asc(SORT_COLUMNS[f.sort ?? "endDate"]), asc(a.title), asc(a.id))
    .limit(50_000);
  return rows
    .map(toAgreement)
    .map((r) => [
      r.title,
      r.program.name,
      r.facility.name,
      r.status,
      r.startDate,
      r.endDate,
      r.stage === "executed" ? r.daysLeft : "",
      r.autoRenew ? "yes" : "no",
      r.terminatedOn ?? "",
      r.terminationReason ?? "",
      r.document?.name ?? "",
      r.contacts.map((c) => [c.side, c.name, c.role, c.email, c.phone].filter(Boolean).join(" / ")).join("; "),
      r.notes,
    ]);
}

/** One agreement the caller may see, or 404. */
export async function getAgreement(db: DbOrTx, scope: Scope, id: string): Promise<Agreement> {
  const [row] = await selectAgreements(db).where(and(eq(a.id, id), visibleTo(scope)));
  if (!row) throw notFound("Agreement");
  return toAgreement(row);
}

/** An organization of `kind` the caller may name as the other side: 422 naming the field otherwise. */
async function partnerOrganization(db: DbOrTx, kind: "program" | "facility", id: string | undefined) {
  const field = kind === "program" ? "programId" : "facilityId";
  const label = kind === "program" ? "program" : "facility";
  if (!id) throw invalid([{ path: field, message: `Choose a ${label}` }]);
  const [org] = await db
    .select({ id: organizations.id, name: organizations.name, status: organizations.verificationStatus })
    .from(organizations)
    .where(and(eq(organizations.id, id), eq(organizations.kind, kind)));
  if (!org || org.status === "rejected") throw invalid([{ path: field, message: `Unknown ${label}` }]);
  return org;
}

/** The two sides of a new agreement: the caller's own organization, whatever the browser sent (D1). */
async function sidesOf(db: DbOrTx, scope: Scope, input: { programId?: string; facilityId?: string }) {
  switch (scope.kind) {
    case "program":
      return {
        programId: scope.programId,
        facilityId: (await partnerOrganization(db, "facility", input.facilityId)).id,
      };
    case "facility":
      return {
        programId: (await partnerOrganization(db, "program", input.programId)).id,
        facilityId: scope.facilityId,
      };
    case "all": {
      const [program, facility] = await Promise.all([
        partnerOrganization(db, "program", input.programId),
        partnerOrganization(db, "facility", input.facilityId),
      ]);
      return { programId: program.id, facilityId: facility.id };
    }
    default:
      throw new AppError("forbidden", "You are not allowed to do this", 403);
  }
}

const ownOrganization = (scope: Scope) =>
  scope.kind === "program" ? scope.programId : scope.kind === "facility" ? scope.facilityId : null;

export function titleTaken(err: unknown, title: string): never {
  if (isUniqueViolation(err, "affiliation_agreements_title_uq")) {
    const message = `An agreement titled "${title}" already exists between these two organizations`;
    throw new AppError("conflict", message, 409, [{ path: "title", message }]);
  }
  throw err;
}

/** A new draft between the caller's organization and the one they name. */
export async function createAgreement(
  db: Db,
  viewer: Viewer,
  scope: Scope,
  input: AgreementFields & { programId?: string; facilityId?: string },
) {
  const sides = await sidesOf(db, scope, input);
  let id: string;
  try {
    [{ id }] = await db
      .insert(a)
      .values({
        ...sides,
        title: input.title,
        startDate: input.startDate,
        endDate: input.endDate,
        autoRenew: input.autoRenew,
        notes: input.notes,
        contacts: input.contacts,
        createdByOrganizationId: ownOrganization(scope),
        createdBy: viewer.userId,
      })
      .returning({ id: a.id });
  } catch (err) {
    titleTaken(err, input.title);
  }
  return getAgreement(db, scope, id);
}

/** The agreement's row under a lock (FOR UPDATE) within the caller's scope, or 404. */
export async function lockAgreement(tx: DbOrTx, scope: Scope, id: string) {
  const [row] = await tx
    .select()
    .from(a)
    .where(and(eq(a.id, id), visibleTo(scope)))
    .for("update");
  if (!row) throw notFound("Agreement");
  return row;
}

function assertContacts(contacts: readonly { side: "program" | "facility" }[]) {
  const missing = missingContactSides(contacts);
  if (missing.length > 0) {
    const message = `Add a contact for the ${missing.join(" and the ")} side: a signed agreement names one on each side`;
    throw invalid([{ path: "contacts", message }], message);
  }
}

/** The terms of `input` that differ from the agreement's. */
const changedTerms = (current: Record<AgreementTerm, unknown>, input: Partial<Record<AgreementTerm, unknown>>) =>
  AGREEMENT_TERMS.filter((k) => input[k] !== undefined && input[k] !== current[k]);

const NO_SIGNATURES = { programSignedAt: null, programSignedBy: null, facilitySignedAt: null, facilitySignedBy: null };

/**
 * Edits the fields; a terminated agreement is history (409). A signed one keeps a contact per side
 * and its terms (409 `amendment_required`: they change through an amendment). Changing a draft's
 * terms withdraws any signature: a side signed the terms it read.
 */
export async function updateAgreement(db: Db, scope: Scope, id: string, input: AgreementFields) {
  let before: Agreement;
  try {
    before = await db.transaction(async (tx) => {
      const current = await lockAgreement(tx, scope, id);
      if (current.stage === "terminated") throw conflict("This agreement was terminated: it can no longer be edited");
      const changed = changedTerms(current, input);
      if (current.stage === "executed") {
        if (changed.length > 0) {
          const names = changed.map((k) => AGREEMENT_TERM_LABELS[k]).join(", ");
          const message = `Both sides signed this agreement: its ${names} change only through an amendment the other side accepts`;
          throw new AppError(
            "amendment_required",
            message,
            409,
            changed.map((path) => ({ path, message })),
          );
        }
        assertContacts(input.contacts);
      }
      const was = await getAgreement(tx, scope, id);
      await tx
        .update(a)
        .set({
          title: input.title,
          startDate: input.startDate,
          endDate: input.endDate,
          autoRenew: input.autoRenew,
          notes: input.notes,
          contacts: input.contacts,
          ...(current.stage === "draft" && changed.length > 0 ? NO_SIGNATURES : {}),
          updatedAt: new Date(),
        })
        .where(eq(a.id, id));
      return was;
    });
  } catch (err) {
    titleTaken(err, input.title);
  }
  return { before, after: await getAgreement(db, scope, id) };
}

/** Who writes an agreement's audit entries: the request's actor (lib/audit.ts actorOf). */
export type AuditActor = Pick<AuditEntry, "actorId" | "actorEmail" | "actorRole" | "actingAs" | "ip">;

const SIDE_NAMES: Record<AgreementSide, string> = { program: "program", facility: "facility" };

/**
 * The side the caller acts for: a coordinator's own organization's side (naming the other side is
 * 403); an administrator names it (`fallback` when the step implies it). Anyone else: 403.
 */
export function actingSide(
  scope: Scope,
  requested: AgreementSide | undefined,
  fallback?: AgreementSide,
): AgreementSide {
  switch (scope.kind) {
    case "program":
    case "facility":
      if (requested && requested !== scope.kind) {
        throw forbidden(
          `You act for your own organization: a ${scope.kind} coordinator cannot act for the ${requested}`,
        );
      }
      return scope.kind;
    case "all": {
      const side = requested ?? fallback;
      if (!side) throw invalid([{ path: "side", message: "Choose the side you act for: program or facility" }]);
      return side;
    }
    case "student":
    case "preceptor":
    case "none":
      throw forbidden();
    default: {
      const unknown: never = scope;
      throw forbidden(`Unknown scope ${(unknown as { kind: string }).kind}`);
    }
  }
}

const sideOrganization = (row: { programId: string; facilityId: string }, side: AgreementSide) =>
  side === "program" ? row.programId : row.facilityId;

/**
 * Records the caller's side's signature (a contact on each side first). The agreement takes effect
 * (executed) only when the other side has signed too. The row lock makes twenty identical signs one
 * signature (the others 409), and orders a sign against a termination or a deletion.
 */
export async function signAgreement(
  deps: Deps,
  viewer: Viewer,
  scope: Scope,
  id: string,
  requested: AgreementSide | undefined,
  actor: AuditActor,
) {
  const { db } = deps;
  await db.transaction(async (tx) => {
    const current = await lockAgreement(tx, scope, id);
    const side = actingSide(scope, requested);
    if (current.stage === "terminated") throw conflict("This agreement was terminated: it can no longer be signed");
    if (current.stage === "executed") throw conflict("Both sides already signed this agreement");
    const mine = side === "program" ? current.programSignedAt : current.facilitySignedAt;
    const theirs = side === "program" ? current.facilitySignedAt : current.programSignedAt;
    if (mine) {
      throw conflict(
        `The ${SIDE_NAMES[side]} already signed this agreement: it awaits the ${SIDE_NAMES[otherSide(side)]}'s signature`,
      );
    }
    assertContacts(current.contacts);
    const now = new Date();
    const executed = theirs !== null;
    await tx
      .update(a)
      .set({
        ...(side === "program"
          ? { programSignedAt: now, programSignedBy: viewer.userId }
          : { facilitySignedAt: now, facilitySignedBy: viewer.userId }),
        stage: executed ? "executed" : "draft",
        updatedAt: now,
      })
      .where(eq(a.id, id));
    const entries: AuditEntry[] = [
      {
        ...actor,
        action: "agreement.sign",
        summary: `Signed the affiliation agreement "${current.title}" for the ${SIDE_NAMES[side]}`,
        entityType: "affiliation_agreements",
        entityId: id,
        organizationId: sideOrganization(current, side),
        after: { side, signedAt: now.toISOString() },
      },
    ];
    if (executed) {
      entries.push({
        ...actor,
        action: "agreement.execute",
        summary: `The affiliation agreement "${current.title}" took effect: both sides signed`,
        entityType: "affiliation_agreements",
        entityId: id,
        organizationId: sideOrganization(current, side),
        before: { stage: "draft" },
        after: { stage: "executed", startDate: current.startDate, endDate: current.endDate },
      });
    }
    await recordAudit(tx, entries);
    // The other side is told: its signature is awaited, or the agreement it signed is now in force.
    const range = `${current.startDate} to ${current.endDate}`;
    await noticeToSide(tx, deps.env.appUrl, current, otherSide(side), {
      subject: (n) =>
        executed
          ? `Both sides signed: your affiliation agreement with ${n[side]} is in force`
          : `${n[side]} signed an affiliation agreement: your signature is awaited`,
      lines: (n) =>
        executed
          ? [
              `${n[side]} signed the affiliation agreement "${current.title}" (${range}) after you did: both sides have signed, and it is in force.`,
            ]
          : [
              `${n[side]} signed the affiliation agreement "${current.title}" (${range}) for ${n[side]}.`,
              `It takes effect when ${n[otherSide(side)]} signs it too: a facility that requires an agreement refuses applications until then.`,
            ],
    });
  });
  return getAgreement(db, scope, id);
}

/**
 * Ends a signed agreement early, from `terminatedOn` (today by default, never later, never before
 * it started), with the reason both sides see. Applications need another agreement from then on.
 */
export async function terminateAgreement(
  deps: Deps,
  scope: Scope,
  id: string,
  input: { reason: string; terminatedOn?: string },
) {
  const { db } = deps;
  const cancelled = await db.transaction(async (tx) => {
    const current = await lockAgreement(tx, scope, id);
    if (current.stage !== "executed") {
      throw conflict(
        current.stage === "draft"
          ? "A draft is not in force: delete it instead"
          : "This agreement was already terminated",
      );
    }
    const [{ today }] = await tx
      .select({ today: sql<string>`to_char(current_date, 'YYYY-MM-DD')` })
      .from(a)
      .where(eq(a.id, id));
    const on = input.terminatedOn ?? today;
    if (on > today) throw invalid([{ path: "terminatedOn", message: "Termination date cannot be in the future" }]);
    if (on < current.startDate) {
      throw invalid([
        { path: "terminatedOn", message: `Termination date must be on or after the start date (${current.startDate})` },
      ]);
    }
    await tx
      .update(a)
      .set({ stage: "terminated", terminatedOn: on, terminationReason: input.reason, updatedAt: new Date() })
      .where(eq(a.id, id));
    // A proposal to change an agreement that ended has nothing left to change.
    return tx
      .update(am)
      .set({ status: "cancelled", decidedAt: new Date() })
      .where(and(eq(am.agreementId, id), eq(am.status, "pending")))
      .returning({ documentKey: am.documentKey });
  });
  for (const { documentKey } of cancelled) {
    if (documentKey) await dropStoredFile(deps, documentKey, `agreement ${id}'s amendment`);
  }
  return getAgreement(db, scope, id);
}

/** Deletes a draft (and its file); a signed or terminated agreement is a record and stays (409). */
export async function deleteAgreement(deps: Deps, scope: Scope, id: string) {
  const removed = await deps.db.transaction(async (tx) => {
    const current = await lockAgreement(tx, scope, id);
    if (current.stage !== "draft")
      throw conflict("Only a draft can be deleted: a signed agreement is kept as a record");
    await tx.delete(a).where(eq(a.id, id));
    return current;
  });
  if (removed.documentKey) await dropStoredFile(deps, removed.documentKey, `deleted agreement ${id}`);
  return {
    id,
    deleted: true as const,
    title: removed.title,
    programId: removed.programId,
    facilityId: removed.facilityId,
  };
}

/**
 * The organizations a caller may name as the other side: verified facilities for a program,
 * verified programs for a facility, either kind for an administrator (`kind`). By name, 50 at most.
 */
export async function partnerOptions(db: Db, scope: Scope, q: { search?: string; kind?: "program" | "facility" }) {
  const kind = scope.kind === "program" ? "facility" : scope.kind === "facility" ? "program" : (q.kind ?? "facility");
  const term = q.search ? likePattern(q.search) : null;
  const items = await db
    .select({ id: organizations.id, name: organizations.name, city: organizations.city, state: organizations.state })
    .from(organizations)
    .where(
      and(
        eq(organizations.kind, kind),
        ne(organizations.verificationStatus, "rejected"),
        term ? or(ilike(organizations.name, term), ilike(organizations.city, term)) : undefined,
      ),
    )
    .orderBy(asc(organizations.name), asc(organizations.id))
    .limit(50);
  return { kind, items };
}
