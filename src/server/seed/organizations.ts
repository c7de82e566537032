import { randomUUID } from "node:crypto";
import type { memberships, organizations } from "../db/schema/organizations";
import { membershipRow, type OrganizationKind, organizationRow } from "../factories/organizations";
import type { DemoAccounts } from "./accounts";
import * as D from "./data";
import { at, type Clock, DAY, HOUR } from "./random";

// Programs and facilities of the catalogue, each with its coordinator's membership. Catalogue order
// is creation order, so the first program and the first facility are the oldest.

export type OrgPlan = {
  id: string;
  name: string;
  state: string;
  region: string;
  verified: boolean;
  createdAt: Date;
};

export type DemoOrganizations = {
  programs: OrgPlan[];
  facilities: OrgPlan[];
  rows: (typeof organizations.$inferInsert)[];
};

export function planOrganizations(clock: Clock): DemoOrganizations {
  const rows: DemoOrganizations["rows"] = [];
  const plan = (
    kind: OrganizationKind,
    seed: { name: string; city: string; state: string; verified: boolean },
    i: number,
  ): OrgPlan => {
    const createdAt = seed.verified
      ? clock.today - (720 - i * 17) * DAY + 10 * HOUR
      : clock.nowMs - (kind === "program" ? 6 : 4) * DAY;
    const org: OrgPlan = {
      id: randomUUID(),
      name: seed.name,
      state: seed.state,
      region: D.REGION_OF_STATE[seed.state] ?? seed.state,
      verified: seed.verified,
      createdAt: at(createdAt),
    };
    rows.push(
      organizationRow(kind, {
        id: org.id,
        name: seed.name,
        city: seed.city,
        state: seed.state,
        latitude: D.CITY_COORDINATES[`${seed.city}, ${seed.state}`]?.[0] ?? null,
        longitude: D.CITY_COORDINATES[`${seed.city}, ${seed.state}`]?.[1] ?? null,
        verified: seed.verified,
        verifiedAt: at(createdAt + 2 * DAY + 3 * HOUR),
        createdAt: org.createdAt,
      }),
    );
    return org;
  };
  const programs = D.PROGRAMS.map((p, i) => plan("program", p, i));
  const facilities = D.FACILITIES.map((f, i) => plan("facility", f, i));
  return { programs, facilities, rows };
}

/** Each organization's coordinator, a member since the organization joined. */
export function coordinatorMemberships(
  orgs: DemoOrganizations,
  accounts: DemoAccounts,
): (typeof memberships.$inferInsert)[] {
  return [
    ...orgs.programs.map((p, i) =>
      membershipRow({
        userId: accounts.user(`program:${i}`),
        organizationId: p.id,
        title: "Clinical Placement Coordinator",
        createdAt: p.createdAt,
      }),
    ),
    ...orgs.facilities.map((f, i) =>
      membershipRow({
        userId: accounts.user(`facility:${i}`),
        organizationId: f.id,
        title: "Clinical Education Coordinator",
        createdAt: f.createdAt,
      }),
    ),
  ];
}
