import { z } from "zod";
import type { ComplianceStatus } from "./students";

// Compliance records (issue 12, PRODUCT.md D6). Pure: every function takes "today" as a
// calendar day (YYYY-MM-DD) so status at the boundaries is tested with a fixed clock.

export type Validity = "none" | "months" | "season" | "document";
export type DateAsk = "no" | "optional" | "required";
export type RequirementCategory =
  | "immunization"
  | "certification"
  | "screening"
  | "training"
  | "insurance"
  | "orientation";

export type RequirementType = {
  id: string;
  name: string;
  category: RequirementCategory;
  proof: string;
  asksIssuedOn: DateAsk;
  asksExpiresOn: DateAsk;
  validity: Validity;
  validityMonths: number | null;
};

export const DOCUMENT_STATUSES = ["submitted", "approved", "rejected"] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** What a required item looks like to a user: its current document's state, dated. */
export const ITEM_STATUSES = ["missing", "submitted", "approved", "rejected", "expiring", "expired"] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export const ITEM_STATUS_LABELS: Record<ItemStatus, string> = {
  missing: "Missing",
  submitted: "Submitted",
  approved: "Approved",
  rejected: "Rejected",
  expiring: "Expiring",
  expired: "Expired",
};

/** D6: an approved item whose validity ends within this many days is flagged "expiring". */
export const EXPIRING_WITHIN_DAYS = 30;
/** Reminders to the student before an item expires (and one on the day it does). */
export const REMINDER_DAYS_BEFORE = [30, 7] as const;

/** The types a new program asks of all its students until it chooses otherwise. */
export const RECOMMENDED_PROGRAM_REQUIREMENTS = [
  "mmr",
  "varicella",
  "hepatitis_b",
  "tdap",
  "influenza",
  "tb_screening",
  "bls",
  "background_check",
  "drug_screen",
  "hipaa",
] as const;

export type CurrentDocument = {
  status: DocumentStatus;
  issuedOn: string | null;
  expiresOn: string | null;
};

/** Adds whole months to a calendar day, clamping to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

export function addDays(day: string, days: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The last day a document stays valid. `months`: issued + N months, minus a day, unless the card
 * states an earlier or later date (the date printed on a BLS card wins); `season`: the influenza
 * season's end, June 30 (a dose given July to December counts for the season ending next June);
 * `document`: the date the document states; `none`: valid for good (null).
 */
export function effectiveExpiry(
  type: Pick<RequirementType, "validity" | "validityMonths">,
  issuedOn: string | null,
  statedExpiry: string | null,
): string | null {
  switch (type.validity) {
    case "none":
      return null;
    case "document":
      return statedExpiry;
    case "season": {
      if (!issuedOn) return statedExpiry;
      const [y, m] = issuedOn.split("-").map(Number) as [number, number];
      return `${m >= 7 ? y + 1 : y}-06-30`;
    }
    case "months":
      if (statedExpiry) return statedExpiry;
      if (!issuedOn || !type.validityMonths) return null;
      return addDays(addMonths(issuedOn, type.validityMonths), -1);
  }
}

/** A document of one item as `documentInForce` weighs it. */
export type ItemDocument = CurrentDocument & { isCurrent: boolean };

/**
 * The document an item stands on, from all of its documents newest first: the current one when it
 * is approved (or there is none: nothing uploaded); otherwise the newest approved one still valid on
 * `today`, so that a renewal awaiting review (or rejected) never hides the approved document it
 * renews; otherwise the current one.
 */
export function documentInForce<D extends ItemDocument>(docs: readonly D[], today: string): D | null {
  const current = docs.find((d) => d.isCurrent) ?? null;
  if (!current || current.status === "approved") return current;
  return docs.find((d) => d.status === "approved" && !(d.expiresOn && d.expiresOn < today)) ?? current;
}

/** The document in force of each requirement type, from one student's documents newest first. */
export function documentsInForce<D extends ItemDocument & { requirementTypeId: string }>(
  docs: readonly D[],
  today: string,
): D[] {
  const byType = new Map<string, D[]>();
  for (const d of docs) {
    const list = byType.get(d.requirementTypeId);
    if (list) list.push(d);
    else byType.set(d.requirementTypeId, [d]);
  }
  return [...byType.values()].flatMap((list) => documentInForce(list, today) ?? []);
}

/**
 * The newer document that renews the one in force and is not in force itself (awaiting review or
 * rejected), or null.
 */
export function pendingRenewal<D extends ItemDocument>(docs: readonly D[], inForce: D | null): D | null {
  const current = docs.find((d) => d.isCurrent) ?? null;
  return inForce && current && current !== inForce ? current : null;
}

/** An item's status on `today` from the document in force (null: nothing uploaded). */
export function itemStatus(doc: CurrentDocument | null, today: string): ItemStatus {
  if (!doc) return "missing";
  if (doc.status === "rejected") return "rejected";
  if (doc.expiresOn && doc.expiresOn < today) return "expired";
  if (doc.status === "submitted") return "submitted";
  if (doc.expiresOn && daysBetween(today, doc.expiresOn) <= EXPIRING_WITHIN_DAYS) return "expiring";
  return "approved";
}

/**
 * D6 for a student from their required items' statuses. `compliant`: every required item approved
 * and unexpired (an expiring one still counts: it is valid today); `incomplete`: an item rejected,
 * expired or missing while something was already uploaded; `pending`: documents awaiting review,
 * or nothing uploaded yet (a new student is pending, as the roster has always shown). No required
 * items at all is compliant: nothing is asked.
 */
export function studentStatus(items: ItemStatus[]): ComplianceStatus {
  if (items.length === 0) return "compliant";
  if (items.every((s) => s === "missing")) return "pending";
  if (items.some((s) => s === "rejected" || s === "expired" || s === "missing")) return "incomplete";
  if (items.some((s) => s === "submitted")) return "pending";
  return "compliant";
}

export type Readiness = "met" | "missing" | "expiring_before_end";
export const READINESS_LABELS: Record<Readiness, string> = {
  met: "Met",
  missing: "Missing",
  expiring_before_end: "Expires before the rotation ends",
};

/**
 * Whether one required item holds for a rotation: approved and valid through its last day. A
 * submitted (unreviewed), rejected or expired document does not count.
 */
export function itemReadiness(doc: CurrentDocument | null, today: string, rotationEnd: string): Readiness {
  if (doc?.status !== "approved") return "missing";
  if (doc.expiresOn && doc.expiresOn < today) return "missing";
  if (doc.expiresOn && doc.expiresOn < rotationEnd) return "expiring_before_end";
  return "met";
}

/** Earliest day a document may say it was issued, and the farthest expiry we believe. */
export const ISSUED_ON_MIN = "1950-01-01";
export const EXPIRES_ON_MAX_YEARS = 20;

const day = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .nullable()
    .transform((v) => (v ? v : null))
    .refine(
      (v) =>
        v === null ||
        (/^\d{4}-\d{2}-\d{2}$/.test(v) &&
          !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
          new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)),
      `${label} must be a date (YYYY-MM-DD)`,
    );

export const documentDatesSchema = z.object({
  issuedOn: day("Issue date"),
  expiresOn: day("Expiration date"),
});

export type DocumentDatesIssue = { field: "issuedOn" | "expiresOn"; message: string };

/**
 * The dates a type asks for, checked against `today`: required ones present, an issue date not in
 * the future nor before 1950, an expiration after the issue date and within 20 years. Returns the
 * first problem with the field it names, or the stored dates (expiry derived from validity).
 */
export function checkDocumentDates(
  type: RequirementType,
  input: { issuedOn: string | null; expiresOn: string | null },
  today: string,
): { ok: true; issuedOn: string | null; expiresOn: string | null } | ({ ok: false } & DocumentDatesIssue) {
  const issuedOn = type.asksIssuedOn === "no" ? null : input.issuedOn;
  const stated = type.asksExpiresOn === "no" ? null : input.expiresOn;
  if (type.asksIssuedOn === "required" && !issuedOn)
    return { ok: false, field: "issuedOn", message: "Issue date is required" };
  if (type.asksExpiresOn === "required" && !stated)
    return { ok: false, field: "expiresOn", message: "Expiration date is required" };
  if (issuedOn && issuedOn > today)
    return { ok: false, field: "issuedOn", message: "Issue date cannot be in the future" };
  if (issuedOn && issuedOn < ISSUED_ON_MIN)
    return { ok: false, field: "issuedOn", message: `Issue date must be on or after ${ISSUED_ON_MIN}` };
  if (stated && issuedOn && stated < issuedOn)
    return { ok: false, field: "expiresOn", message: "Expiration date must be after the issue date" };
  if (stated && stated > addMonths(today, EXPIRES_ON_MAX_YEARS * 12))
    return { ok: false, field: "expiresOn", message: `Expiration date must be within ${EXPIRES_ON_MAX_YEARS} years` };
  const expiresOn = effectiveExpiry(type, issuedOn, stated);
  if (expiresOn && expiresOn < today)
    return {
      ok: false,
      field: type.asksExpiresOn === "no" ? "issuedOn" : "expiresOn",
      message: "This document has already expired",
    };
  return { ok: true, issuedOn, expiresOn };
}

/** Rejection reasons are shown to the student and emailed: required, bounded. */
export const rejectionSchema = z.object({
  reason: z
    .string({ error: "Reason is required" })
    .trim()
    .min(1, "Reason is required")
    .max(500, "Reason must be at most 500 characters"),
});
