import { randomBytes } from "node:crypto";
import type { Role } from "../../domain/roles";
import { memberships, organizations } from "../db/schema/organizations";
import { students } from "../db/schema/students";
import type { TestApp } from "./harness";

// Organizations, coordinators and roster students for API tests (rows straight into the database).

const tag = () => randomBytes(3).toString("hex");

type OrgOptions = { name?: string; city?: string; state?: string; verified?: boolean };

async function createOrg(t: TestApp, kind: "program" | "facility", o: OrgOptions) {
  const verified = o.verified ?? true;
  const [org] = await t.deps.db
    .insert(organizations)
    .values({
      kind,
      name: o.name ?? `${kind === "program" ? "Nursing Program" : "Health Facility"} ${tag()}`,
      city: o.city ?? null,
      state: o.state ?? null,
      verificationStatus: verified ? "verified" : "pending",
      verifiedAt: verified ? new Date() : null,
    })
    .returning();
  return org;
}

/** A nursing program, verified unless told otherwise. */
export const createProgram = (t: TestApp, o: OrgOptions = {}) => createOrg(t, "program", o);

/** A healthcare facility, verified unless told otherwise. */
export const createFacility = (t: TestApp, o: OrgOptions = {}) =>
  createOrg(t, "facility", { city: "Columbus", state: "OH", ...o });

/** A signed-in coordinator (or other role) who is a member of `organizationId`. */
export async function createCoordinator(
  t: TestApp,
  organizationId: string,
  role: Extract<Role, "program" | "facility"> = "program",
  o: { email?: string; name?: string } = {},
) {
  const user = await t.createUser(role, { ...o, organizationId });
  // The harness may already have made the membership; a second one would be refused by its unique key.
  await t.deps.db.insert(memberships).values({ userId: user.userId, organizationId }).onConflictDoNothing();
  return { ...user, organizationId };
}

/** A roster student of `programId`, with a unique email unless told otherwise. */
export async function createStudent(
  t: TestApp,
  programId: string,
  overrides: Partial<typeof students.$inferInsert> = {},
) {
  const id = tag();
  const [row] = await t.deps.db
    .insert(students)
    .values({
      programId,
      firstName: "Sam",
      lastName: `Student ${id}`,
      email: `sam.${id}@students.test`,
      ...overrides,
    })
    .returning();
  return row;
}
