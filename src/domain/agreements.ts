import { z } from "zod";
import { daysBetween } from "./compliance";
import { isoDate } from "./dates";
import { ADMIN_ROLES, type Role } from "./roles";

// Affiliation agreements (issue 17): one program, one facility, the dates students may rotate
// there under it. Shared by the server (status in SQL mirrors agreementStatus), the web forms and
// the tests. `today` is always passed in (YYYY-MM-DD): nothing here reads the clock.

/**
 * What people decided: a draft (one side may have signed it), an agreement signed by both sides and
 * in force between its dates, an early end.
 */
export const AGREEMENT_STAGES = ["draft", "executed", "terminated"] as const;
export type AgreementStage = (typeof AGREEMENT_STAGES)[number];

/** What everyone sees: the stage, with a signed agreement's place in time derived from its dates. */
export const AGREEMENT_STATUSES = ["draft", "active", "expiring", "expired", "terminated"] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

export const AGREEMENT_STATUS_LABELS: Record<AgreementStatus, string> = {
  draft: "Draft",
  active: "Active",
  expiring: "Expiring",
  expired: "Expired",
  terminated: "Terminated",
};

/** A signed agreement within this many days of its end date reads "Expiring" (fixed, issue 17). */
export const EXPIRING_WINDOW_DAYS = 90;
/** Reminders to both sides' coordinators go out this many days before the end date. */
export const AGREEMENT_REMINDER_DAYS = [90, 30, 7] as const;

export function agreementStatus(a: { stage: AgreementStage; endDate: string }, today: string): AgreementStatus {
  if (a.stage !== "executed") return a.stage;
  if (a.endDate < today) return "expired";
  return daysBetween(today, a.endDate) <= EXPIRING_WINDOW_DAYS ? "expiring" : "active";
}

/** Still valid (active or expiring): what the facility's rule and the placement search accept. */
export const isInForce = (status: AgreementStatus) => status === "active" || status === "expiring";

/**
 * An agreement covers a rotation when it is signed, not terminated, and its dates contain the
 * rotation's (both ends included); an expired one never covers a rotation still taking applications.
 */
export function coversRotation(
  a: { stage: AgreementStage; startDate: string; endDate: string },
  rotation: { startDate: string; endDate: string },
  today: string,
): boolean {
  return isInForce(agreementStatus(a, today)) && a.startDate <= rotation.startDate && a.endDate >= rotation.endDate;
}

/**
 * Which reminder is due `daysLeft` days before the end: the smallest window of 90, 30 and 7 at
 * least `daysLeft`. A window already passed when the agreement was signed is never sent late (an
 * agreement signed with 20 days left gets the 30-day reminder, not the 90-day one too).
 */
export function agreementReminderWindow(daysLeft: number): number | null {
  if (daysLeft <= 0) return null;
  let due: number | null = null;
  for (const w of AGREEMENT_REMINDER_DAYS) if (w >= daysLeft && (due === null || w < due)) due = w;
  return due;
}

/** Days left until the end date (negative once past). */
export const daysLeft = (endDate: string, today: string) => daysBetween(today, endDate);

/** The reason the facility's rule gives a program without an agreement in force. */
export function agreementRequiredReason(facilityName: string, programName?: string | null): string {
  const who = programName ? `${programName} has` : "Your program has";
  return `${facilityName} requires an active affiliation agreement: ${who} none covering this rotation's dates`;
}

export const AGREEMENT_TITLE_MAX = 200;
export const AGREEMENT_NOTES_MAX = 5000;
export const TERMINATION_REASON_MAX = 1000;
export const MAX_CONTACTS = 20;

export const CONTACT_SIDES = ["program", "facility"] as const;
export type ContactSide = (typeof CONTACT_SIDES)[number];

export const contactSchema = z.object({
  side: z.enum(CONTACT_SIDES, { error: "Side must be program or facility" }),
  name: z.string().trim().min(1, "Name is required").max(200, "Name is at most 200 characters"),
  email: z.union([z.literal(""), z.email("Enter a valid email").max(254)]).default(""),
  phone: z
    .string()
    .trim()
    .max(40, "Phone is at most 40 characters")
    .regex(/^[0-9+().\-\s x]*$/i, "Phone may hold digits, spaces, + ( ) - . and x")
    .default(""),
  role: z.string().trim().max(120, "Role is at most 120 characters").default(""),
});
export type AgreementContact = z.infer<typeof contactSchema>;

/** The fields a coordinator edits (create and update). */
export const agreementFieldsSchema = z
  .object({
    title: z
      .string({ error: "Title is required" })
      .trim()
      .min(1, "Title is required")
      .max(AGREEMENT_TITLE_MAX, `Title is at most ${AGREEMENT_TITLE_MAX} characters`),
    startDate: isoDate("Start date"),
    endDate: isoDate("End date"),
    autoRenew: z.boolean({ error: "autoRenew must be true or false" }).default(false),
    notes: z.string().max(AGREEMENT_NOTES_MAX, `Notes are at most ${AGREEMENT_NOTES_MAX} characters`).default(""),
    contacts: z.array(contactSchema).max(MAX_CONTACTS, `At most ${MAX_CONTACTS} contacts`).default([]),
  })
  .refine((v) => v.endDate >= v.startDate, {
    path: ["endDate"],
    message: "End date must be on or after the start date",
  });
export type AgreementFields = z.infer<typeof agreementFieldsSchema>;

/**
 * Signing needs a contact on each side (who to call about a student, who receives reminders
 * besides the coordinators): the field named for the side that has none.
 */
export function missingContactSides(contacts: readonly { side: ContactSide }[]): ContactSide[] {
  return CONTACT_SIDES.filter((side) => !contacts.some((c) => c.side === side));
}

/** The two parties: each signs for itself, either proposes an amendment the other answers. */
export type AgreementSide = ContactSide;
export const otherSide = (side: AgreementSide): AgreementSide => (side === "program" ? "facility" : "program");

/**
 * The side whose signature a half-signed draft waits for (null: nobody signed yet, or it is no
 * longer a draft). The agreement takes effect only once both sides have signed.
 */
export function awaitingSignatureOf(a: {
  stage: AgreementStage;
  signatures: Record<AgreementSide, unknown | null>;
}): AgreementSide | null {
  if (a.stage !== "draft") return null;
  const program = a.signatures.program != null;
  const facility = a.signatures.facility != null;
  if (program === facility) return null;
  return program ? "facility" : "program";
}

export const awaitingSignatureLabel = (side: AgreementSide) => `Awaiting the ${side}'s signature`;

/** Sign for one side: a coordinator's side is their organization's; an administrator names it. */
export const signSchema = z.object({
  side: z.enum(CONTACT_SIDES, { error: "Side must be program or facility" }).optional(),
});

/**
 * The terms both sides signed: once the agreement is signed they change only through an amendment
 * the other side accepts. Contacts and notes stay editable by either side.
 */
export const AGREEMENT_TERMS = ["title", "startDate", "endDate", "autoRenew"] as const;
export type AgreementTerm = (typeof AGREEMENT_TERMS)[number];
export const AGREEMENT_TERM_LABELS: Record<AgreementTerm, string> = {
  title: "title",
  startDate: "start date",
  endDate: "end date",
  autoRenew: "automatic renewal",
};

export const AMENDMENT_STATUSES = ["pending", "accepted", "declined", "withdrawn", "cancelled"] as const;
export type AmendmentStatus = (typeof AMENDMENT_STATUSES)[number];
export const AMENDMENT_NOTE_MAX = 2000;

/** A proposed change to a signed agreement: the terms to change (at least one) and why. */
export const amendmentSchema = z
  .object({
    title: z
      .string({ error: "Title must be text" })
      .trim()
      .min(1, "Title is required")
      .max(AGREEMENT_TITLE_MAX, `Title is at most ${AGREEMENT_TITLE_MAX} characters`)
      .optional(),
    startDate: isoDate("Start date").optional(),
    endDate: isoDate("End date").optional(),
    autoRenew: z.boolean({ error: "autoRenew must be true or false" }).optional(),
    note: z.string().trim().max(AMENDMENT_NOTE_MAX, `Note is at most ${AMENDMENT_NOTE_MAX} characters`).default(""),
    side: z.enum(CONTACT_SIDES, { error: "Side must be program or facility" }).optional(),
  })
  .refine((v) => AGREEMENT_TERMS.some((k) => v[k] !== undefined), {
    path: ["endDate"],
    message: "Propose at least one change: the end date, the start date, the title or automatic renewal",
  });
export type AmendmentInput = z.infer<typeof amendmentSchema>;

export const terminationSchema = z.object({
  reason: z
    .string({ error: "Reason is required" })
    .trim()
    .min(1, "Reason is required")
    .max(TERMINATION_REASON_MAX, `Reason is at most ${TERMINATION_REASON_MAX} characters`),
  terminatedOn: isoDate("Termination date").optional(),
});

/** Who may call the agreements API: both sides' coordinators and administrators (ADR 011). */
export const AGREEMENT_VIEWERS = ["program", "facility", ...ADMIN_ROLES] as const satisfies readonly Role[];
