import { and, eq } from "drizzle-orm";
import {
  AGREEMENT_TERMS,
  type AgreementSide,
  type AgreementTerm,
  type AmendmentInput,
  otherSide,
} from "../../../domain/agreements";
import type { DbOrTx } from "../../db/client";
import { affiliationAgreements as a, agreementAmendments as am } from "../../db/schema/agreements";
import type { Scope } from "../../lib/access";
import type { Deps, Viewer } from "../../lib/context";
import { conflict, forbidden, invalid, notFound } from "../../lib/errors";
import { isUniqueViolation } from "../../lib/pg-errors";
import { checkedUpload, dropStoredFile, readStoredFile, storeAndRecord } from "../../lib/stored-files";
import { noticeToSide } from "./notices";
import { actingSide, getAgreement, lockAgreement, titleTaken } from "./service";

// Amendments: a signed agreement's terms (title, dates, automatic renewal) and its signed document
// change only when both sides agree. One side proposes, the other accepts (then the agreement
// changes) or declines; the proposer may withdraw it. One pending amendment per agreement (a unique index); the agreement's
// row lock orders every step against signing, terminating and the other steps.

type Terms = Pick<typeof a.$inferSelect, AgreementTerm>;

const PENDING_EXISTS = "An amendment to this agreement is already awaiting an answer: withdraw or answer it first";

/** The proposed terms that differ from the agreement's (only those are stored). */
function proposedChanges(current: Terms, input: AmendmentInput) {
  const changes: Partial<Terms> = {};
  for (const k of AGREEMENT_TERMS) {
    const v = input[k];
    if (v !== undefined && v !== current[k]) (changes as Record<string, unknown>)[k] = v;
  }
  return changes;
}

const TERM_NAMES: Record<AgreementTerm, string> = {
  title: "title",
  startDate: "start date",
  endDate: "end date",
  autoRenew: "automatic renewal",
};

/** "end date 2030-01-01 → 2040-12-31", for a notice. */
function describeChanges(
  current: Terms,
  proposed: Partial<Record<AgreementTerm, unknown>> & { documentName?: string | null },
) {
  const show = (v: unknown) => (typeof v === "boolean" ? (v ? "yes" : "no") : String(v));
  const terms = AGREEMENT_TERMS.filter((k) => proposed[k] !== undefined && proposed[k] !== null).map(
    (k) => `${TERM_NAMES[k]} ${show(current[k])} → ${show(proposed[k])}`,
  );
  if (proposed.documentName) terms.push(`a new signed document (${proposed.documentName})`);
  return terms.join(", ");
}

function assertDates(startDate: string, endDate: string) {
  if (endDate < startDate) {
    throw invalid([{ path: "endDate", message: `End date must be on or after the start date (${startDate})` }]);
  }
}

/** One side proposes new terms for a signed agreement; nothing changes until the other accepts. */
export async function proposeAmendment(deps: Deps, viewer: Viewer, scope: Scope, id: string, input: AmendmentInput) {
  const { db } = deps;
  const result = await db
    .transaction(async (tx) => {
      const current = await lockAgreement(tx, scope, id);
      const side = actingSide(scope, input.side);
      if (current.stage !== "executed") {
        throw conflict(
          current.stage === "draft"
            ? "A draft is not signed by both sides yet: edit it instead of amending it"
            : "This agreement was terminated: it can no longer be amended",
        );
      }
      const changes = proposedChanges(current, input);
      if (Object.keys(changes).length === 0) {
        const path = AGREEMENT_TERMS.find((k) => input[k] !== undefined) ?? "endDate";
        throw invalid([{ path, message: "These are the agreement's current terms: change at least one" }]);
      }
      assertDates(changes.startDate ?? current.startDate, changes.endDate ?? current.endDate);
      const [pending] = await tx
        .select({ id: am.id })
        .from(am)
        .where(and(eq(am.agreementId, id), eq(am.status, "pending")));
      if (pending) throw conflict(PENDING_EXISTS);
      const [row] = await tx
        .insert(am)
        .values({ agreementId: id, proposedBySide: side, proposedBy: viewer.userId, note: input.note, ...changes })
        .returning({ id: am.id });
      const what = describeChanges(current, changes);
      await noticeToSide(tx, deps.env.appUrl, current, otherSide(side), {
        subject: (n) => `${n[side]} proposes an amendment to an affiliation agreement`,
        lines: (n) => [
          `${n[side]} proposes to change the affiliation agreement "${current.title}": ${what}.`,
          ...(input.note ? [`Their note: ${input.note}`] : []),
          `Nothing changes unless ${n[otherSide(side)]} accepts it.`,
        ],
      });
      return { amendmentId: row.id, side, changes };
    })
    .catch((err) => {
      if (isUniqueViolation(err, "agreement_amendments_pending_uq")) throw conflict(PENDING_EXISTS);
      throw err;
    });
  return { ...result, agreement: await getAgreement(db, scope, id) };
}

/** The agreement (locked) and its pending amendment (404 when there is none). */
async function lockPending(tx: DbOrTx, scope: Scope, id: string) {
  const current = await lockAgreement(tx, scope, id);
  const [pending] = await tx
    .select()
    .from(am)
    .where(and(eq(am.agreementId, id), eq(am.status, "pending")))
    .for("update");
  if (!pending) throw notFound("Pending amendment");
  return { current, pending };
}

export type AmendmentAnswer = "accept" | "decline" | "withdraw";
const VERBS = { accepted: "accepted", declined: "declined", withdrawn: "withdrew" } as const;

/**
 * The other side accepts (the agreement takes the new terms) or declines; the proposer withdraws.
 * An administrator acts for the side the step implies unless they name it.
 */
export async function answerAmendment(
  deps: Deps,
  viewer: Viewer,
  scope: Scope,
  id: string,
  answer: AmendmentAnswer,
  requested: AgreementSide | undefined,
) {
  const { db } = deps;
  const outcome = await db.transaction(async (tx) => {
    const { current, pending } = await lockPending(tx, scope, id);
    const proposer = pending.proposedBySide;
    const answerer = proposer === "program" ? "facility" : "program";
    const side = actingSide(scope, requested, answer === "withdraw" ? proposer : answerer);
    if (answer === "withdraw" && side !== proposer) {
      throw forbidden(`Only the ${proposer}, which proposed this amendment, can withdraw it`);
    }
    if (answer !== "withdraw" && side === proposer) {
      throw forbidden(`The ${answerer} answers this amendment: the ${proposer} proposed it`);
    }
    const now = new Date();
    const status = answer === "accept" ? "accepted" : answer === "decline" ? "declined" : "withdrawn";
    const before: Partial<Terms> & { document?: string | null } = {};
    const after: Partial<Terms> & { document?: string | null } = {};
    // Files no row points at once this commits: the replaced document, or a refused proposal's.
    let unused: string | null = answer === "accept" ? null : pending.documentKey;
    if (answer === "accept") {
      if (current.stage !== "executed") throw conflict("This agreement is no longer in force: it cannot be amended");
      for (const k of AGREEMENT_TERMS) {
        const v = pending[k];
        if (v === null) continue;
        (before as Record<string, unknown>)[k] = current[k];
        (after as Record<string, unknown>)[k] = v;
      }
      assertDates(after.startDate ?? current.startDate, after.endDate ?? current.endDate);
      const { document: _name, ...terms } = after;
      const document = pending.documentKey
        ? {
            documentKey: pending.documentKey,
            documentName: pending.documentName,
            documentType: pending.documentType,
            documentSize: pending.documentSize,
            documentSha256: pending.documentSha256,
            documentUploadedAt: now,
          }
        : {};
      if (pending.documentKey) {
        before.document = current.documentName;
        after.document = pending.documentName;
        unused = current.documentKey;
      }
      try {
        await tx
          .update(a)
          .set({ ...terms, ...document, updatedAt: now })
          .where(eq(a.id, id));
      } catch (err) {
        titleTaken(err, after.title ?? current.title);
      }
    }
    await tx.update(am).set({ status, decidedBy: viewer.userId, decidedAt: now }).where(eq(am.id, pending.id));
    // The side that did not act is told: the proposer of an answer, the answerer of a withdrawal.
    const what = describeChanges(current, pending);
    await noticeToSide(tx, deps.env.appUrl, current, answer === "withdraw" ? answerer : proposer, {
      subject: (n) => `${n[side]} ${VERBS[status]} an amendment to an affiliation agreement`,
      lines: (n) => [
        `${n[side]} ${VERBS[status]} the amendment to the affiliation agreement "${current.title}" (${what}).`,
        status === "accepted" ? "The agreement now has these terms." : "The agreement stays as it was.",
      ],
    });
    return {
      unused,
      amendmentId: pending.id,
      side,
      proposer,
      status,
      before,
      after,
      title: current.title,
      programId: current.programId,
      facilityId: current.facilityId,
    };
  });
  if (outcome.unused) await dropStoredFile(deps, outcome.unused, `agreement ${id}'s amendment`);
  return { ...outcome, agreement: await getAgreement(db, scope, id) };
}

/**
 * A new signed document proposed by the caller's side: attached to its side's pending amendment,
 * or proposed alone (a new amendment). The other side's pending amendment is answered first (409).
 */
export async function proposeAmendmentDocument(
  deps: Deps,
  viewer: Viewer,
  scope: Scope,
  id: string,
  file: File,
  requested: AgreementSide | undefined,
) {
  // The agreement first: nobody stores a file against an agreement they cannot see.
  await getAgreement(deps.db, scope, id);
  const { bytes, inspected } = await checkedUpload(file);
  const outcome = await storeAndRecord(
    deps,
    { bytes, contentType: inspected.contentType },
    (key) =>
      deps.db.transaction(async (tx) => {
        const current = await lockAgreement(tx, scope, id);
        const side = actingSide(scope, requested);
        if (current.stage !== "executed") {
          throw conflict(
            current.stage === "draft"
              ? "A draft is not signed by both sides yet: upload its document instead"
              : "This agreement was terminated: it can no longer be amended",
          );
        }
        const document = {
          documentKey: key,
          documentName: inspected.safeFileName,
          documentType: inspected.contentType,
          documentSize: bytes.byteLength,
          documentSha256: inspected.sha256,
        };
        const [pending] = await tx
          .select()
          .from(am)
          .where(and(eq(am.agreementId, id), eq(am.status, "pending")))
          .for("update");
        if (pending && pending.proposedBySide !== side) throw conflict(PENDING_EXISTS);
        if (pending) {
          await tx.update(am).set(document).where(eq(am.id, pending.id));
          return { result: { amendmentId: pending.id, side, created: false }, replaced: pending.documentKey };
        }
        const [row] = await tx
          .insert(am)
          .values({ agreementId: id, proposedBySide: side, proposedBy: viewer.userId, ...document })
          .returning({ id: am.id });
        await noticeToSide(tx, deps.env.appUrl, current, otherSide(side), {
          subject: (n) => `${n[side]} proposes an amendment to an affiliation agreement`,
          lines: (n) => [
            `${n[side]} proposes a new signed document for the affiliation agreement "${current.title}".`,
            `Nothing changes unless ${n[otherSide(side)]} accepts it.`,
          ],
        });
        return { result: { amendmentId: row.id, side, created: true }, replaced: null };
      }),
    `agreement ${id}'s amendment`,
  ).catch((err) => {
    if (isUniqueViolation(err, "agreement_amendments_pending_uq")) throw conflict(PENDING_EXISTS);
    throw err;
  });
  return { ...outcome, agreement: await getAgreement(deps.db, scope, id) };
}

/** The pending amendment's proposed document, for both sides and administrators (404 otherwise). */
export async function amendmentDocument(deps: Deps, scope: Scope, id: string) {
  await getAgreement(deps.db, scope, id);
  const [row] = await deps.db
    .select({ key: am.documentKey, name: am.documentName, contentType: am.documentType })
    .from(am)
    .where(and(eq(am.agreementId, id), eq(am.status, "pending")));
  if (!row?.key || !row.name) throw notFound("Proposed document");
  const bytes = await readStoredFile(deps, row.key, `agreement ${id}'s amendment`, "Proposed document");
  return { fileName: row.name, contentType: row.contentType ?? "application/octet-stream", bytes };
}
