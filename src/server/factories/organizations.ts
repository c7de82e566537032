import type { DbOrTx } from "../db/client";
import { memberships, organizations } from "../db/schema/organizations";
import { uniqueTag } from "./unique";

// Organizations and their coordinators' memberships, as the demo world and the tests make them.

type OrganizationRow = typeof organizations.$inferInsert;
export type OrganizationKind = "program" | "facility";
export type OrganizationValues = Partial<Omit<OrganizationRow, "kind" | "verificationStatus">> & {
  /** Verified unless told otherwise; a pending one has no verifiedAt. */
  verified?: boolean;
};

/** An organization row: verified (verified now, unless `verifiedAt` says when) or pending. */
export function organizationRow(kind: OrganizationKind, values: OrganizationValues = {}): OrganizationRow {
  const { verified = true, ...rest } = values;
  return {
    name: `${kind === "program" ? "Nursing Program" : "Health Facility"} ${uniqueTag()}`,
    city: null,
    state: null,
    ...rest,
    kind,
    verificationStatus: verified ? "verified" : "pending",
    verifiedAt: verified ? (rest.verifiedAt ?? new Date()) : null,
  };
}

export async function createOrganization(db: DbOrTx, kind: OrganizationKind, values: OrganizationValues = {}) {
  const [row] = await db.insert(organizations).values(organizationRow(kind, values)).returning();
  return row;
}

type MembershipRow = typeof memberships.$inferInsert;

export function membershipRow(values: MembershipRow): MembershipRow {
  return { ...values };
}

/** Makes `userId` a member of the organization; an existing membership is kept (unique per pair). */
export async function createMembership(db: DbOrTx, values: MembershipRow) {
  await db.insert(memberships).values(membershipRow(values)).onConflictDoNothing();
}
