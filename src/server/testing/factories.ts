import type { Role } from "../../domain/roles";
import type { students } from "../db/schema/students";
import { createMembership, createOrganization, type OrganizationValues } from "../factories/organizations";
import { createStudent as createRosterStudent } from "../factories/students";
import type { TestApp } from "./harness";

// The shared record factories (src/server/factories, which the demo world is built on too) bound to
// a test app: organizations, coordinators who sign in, roster students.

type OrgOptions = Pick<OrganizationValues, "name" | "city" | "state" | "verified">;

/** A nursing program, verified unless told otherwise. */
export const createProgram = (t: TestApp, o: OrgOptions = {}) => createOrganization(t.deps.db, "program", o);

/** A healthcare facility, verified unless told otherwise. */
export const createFacility = (t: TestApp, o: OrgOptions = {}) =>
  createOrganization(t.deps.db, "facility", { city: "Columbus", state: "OH", ...o });

/** A signed-in coordinator (or other role) who is a member of `organizationId`. */
export async function createCoordinator(
  t: TestApp,
  organizationId: string,
  role: Extract<Role, "program" | "facility"> = "program",
  o: { email?: string; name?: string } = {},
) {
  const user = await t.createUser(role, { ...o, organizationId });
  // The harness may already have made the membership: the factory keeps the existing one.
  await createMembership(t.deps.db, { userId: user.userId, organizationId });
  return { ...user, organizationId };
}

/** A roster student of `programId`, with a unique email unless told otherwise. */
export const createStudent = (
  t: TestApp,
  programId: string,
  overrides: Partial<Omit<typeof students.$inferInsert, "programId">> = {},
) => createRosterStudent(t.deps.db, programId, overrides);
