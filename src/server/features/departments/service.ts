import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DepartmentValues } from "../../../domain/placements";
import type { Db, DbOrTx } from "../../db/client";
import { organizations } from "../../db/schema/organizations";
import { departments, placements } from "../../db/schema/placements";
import { facilityScope } from "../../lib/access";
import type { Viewer } from "../../lib/context";
import { AppError, conflict, invalid, notFound } from "../../lib/errors";
import { isUniqueViolation } from "../../lib/pg-errors";

// A facility's departments or units and how many students each takes at a time (issue 4).
//
// filled = the sum of slots_filled of the department's ACTIVE placements. slots_filled is kept equal
// to the placement's approved applications under a row lock (D8), so this is the number of approved
// students the department has taken on, without a second join over applications; a closed
// placement's students no longer count (the rotation is over), a draft has none.

/**
 * The facility a write goes to. A coordinator: their own facility, whatever the browser sent (D1).
 * An admin: the facility they name (422 when they name none, 404 when it is not a facility).
 */
export async function targetFacility(db: DbOrTx, viewer: Viewer, requested?: string | null) {
  const scope = facilityScope(viewer, requested);
  if (!scope) throw invalid([{ path: "facilityId", message: "Choose a facility" }]);
  const [org] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      kind: organizations.kind,
      verificationStatus: organizations.verificationStatus,
    })
    .from(organizations)
    .where(and(eq(organizations.id, scope), eq(organizations.kind, "facility")));
  if (!org) throw notFound("Facility");
  return org;
}

const filledSql = sql<number>`coalesce(sum(${placements.slotsFilled}) filter (where ${placements.status} = 'active'), 0)::int`;

/** Departments with capacity, filled and available, by name. `facilityId` null: every facility (admins). */
export async function departmentCapacity(db: Db, facilityId: string | null) {
  const rows = await db
    .select({
      id: departments.id,
      facilityId: departments.facilityId,
      facilityName: organizations.name,
      name: departments.name,
      specialty: departments.specialty,
      capacity: departments.capacity,
      filled: filledSql,
      available: sql<number>`greatest(${departments.capacity} - ${filledSql}, 0)::int`,
      activePlacements: sql<number>`(count(${placements.id}) filter (where ${placements.status} = 'active'))::int`,
      placements: sql<number>`count(${placements.id})::int`,
    })
    .from(departments)
    .innerJoin(organizations, eq(organizations.id, departments.facilityId))
    .leftJoin(placements, eq(placements.departmentId, departments.id))
    .where(facilityId ? eq(departments.facilityId, facilityId) : undefined)
    .groupBy(departments.id, organizations.name)
    .orderBy(asc(organizations.name), asc(departments.name), asc(departments.id));
  return rows;
}
export type DepartmentRow = Awaited<ReturnType<typeof departmentCapacity>>[number];

export async function listDepartments(db: Db, viewer: Viewer, requestedFacilityId?: string) {
  return departmentCapacity(db, facilityScope(viewer, requestedFacilityId));
}

async function oneDepartment(db: Db, viewer: Viewer, id: string) {
  const scope = facilityScope(viewer);
  const [row] = await db
    .select({ id: departments.id, facilityId: departments.facilityId })
    .from(departments)
    .where(and(eq(departments.id, id), scope ? eq(departments.facilityId, scope) : undefined));
  // Another facility's department is reported exactly like an unknown one (D1).
  if (!row) throw notFound("Department");
  return row;
}

async function withCapacity(db: Db, facilityId: string, id: string) {
  const rows = await departmentCapacity(db, facilityId);
  const row = rows.find((r) => r.id === id);
  if (!row) throw notFound("Department");
  return row;
}

function uniqueOr409(err: unknown, name: string): never {
  if (isUniqueViolation(err, "departments_facility_name_uq")) {
    const message = `A department named "${name}" already exists at this facility`;
    throw new AppError("conflict", message, 409, [{ path: "name", message }]);
  }
  throw err;
}

export async function createDepartment(db: Db, viewer: Viewer, input: DepartmentValues & { facilityId?: string }) {
  const facility = await targetFacility(db, viewer, input.facilityId);
  let id: string;
  try {
    [{ id }] = await db
      .insert(departments)
      .values({ facilityId: facility.id, name: input.name, specialty: input.specialty, capacity: input.capacity })
      .returning({ id: departments.id });
  } catch (err) {
    uniqueOr409(err, input.name);
  }
  return withCapacity(db, facility.id, id);
}

export async function updateDepartment(db: Db, viewer: Viewer, id: string, input: DepartmentValues) {
  const found = await oneDepartment(db, viewer, id);
  try {
    await db
      .update(departments)
      .set({ name: input.name, specialty: input.specialty, capacity: input.capacity })
      .where(eq(departments.id, id));
  } catch (err) {
    uniqueOr409(err, input.name);
  }
  return withCapacity(db, found.facilityId, id);
}

/** A department whose draft or active placements still use it cannot go (409); closed ones keep no department. */
export async function deleteDepartment(db: Db, viewer: Viewer, id: string) {
  await oneDepartment(db, viewer, id);
  const [inUse] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(placements)
    .where(and(eq(placements.departmentId, id), inArray(placements.status, ["draft", "active"])));
  if (inUse.n > 0) {
    throw conflict(
      `This department has ${inUse.n} draft or active placement${inUse.n === 1 ? "" : "s"}: move or close ${inUse.n === 1 ? "it" : "them"} first`,
    );
  }
  await db.delete(departments).where(eq(departments.id, id));
  return { id, deleted: true as const };
}

/** A department of `facilityId` (or of any facility when null), for a placement; null when not found. */
export async function findDepartment(db: DbOrTx, id: string, facilityId: string | null) {
  const [row] = await db
    .select({ id: departments.id, facilityId: departments.facilityId, name: departments.name })
    .from(departments)
    .where(and(eq(departments.id, id), facilityId ? eq(departments.facilityId, facilityId) : undefined));
  return row ?? null;
}
