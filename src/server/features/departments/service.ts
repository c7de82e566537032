import { and, asc, eq, gte, inArray, lte, ne, sql } from "drizzle-orm";
import { type DepartmentValues, departmentSeatsMessage, peakSeats } from "../../../domain/placements";
import type { Db, DbOrTx, Tx } from "../../db/client";
import { organizations } from "../../db/schema/organizations";
import { departments, placements } from "../../db/schema/placements";
import { type FacilityScope, facilityScope, type Scope, scopeWhere } from "../../lib/access";
import { AppError, conflict, invalid, notFound } from "../../lib/errors";
import { isUniqueViolation } from "../../lib/pg-errors";

// A facility's departments or units and how many students each takes at a time (issues 4 and 9).
//
// Seats (issue 9). A placement holds seats in its department for its dates: its capacity while
// active (seats promised to applicants), only its approved students once closed (closing keeps them
// placed and releases the rest), none as a draft. On no day may the seats held by a department's
// placements exceed its capacity: creating, publishing or editing an active placement is refused
// when it would (409 naming capacity), and so is lowering a department's capacity below what its
// placements hold from today on. Approvals check the approved students on every day of the rotation
// under the department's row lock, so parallel approvals across its placements never exceed it.
//
// filled (the dashboard's bar) = approved students on the department's busiest day from today on,
// counted over its active and closed placements (slots_filled is kept equal to the approved
// applications under the placement's row lock, D8). Ended rotations do not count; successive
// rotations are not added up, so filled never exceeds capacity once the rule holds.

/**
 * The facility a write goes to. A coordinator: their own facility, whatever the browser sent (D1).
 * An admin: the facility they name (422 when they name none, 404 when it is not a facility).
 */
export async function targetFacility(db: DbOrTx, access: Scope, requested?: string | null) {
  const narrowed = facilityScope(access, requested);
  if (narrowed.kind === "all") throw invalid([{ path: "facilityId", message: "Choose a facility" }]);
  const scope = narrowed.facilityId;
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

// The busiest day from today on: the first day of a rotation not over yet (or today, for one under
// way), with the approved students of every rotation of the department on that day.
const filledSql = sql<number>`coalesce((
  select max((
    select coalesce(sum(p2.slots_filled), 0) from placements p2
    where p2.department_id = ${departments.id} and p2.status <> 'draft'
      and p2.start_date <= greatest(p1.start_date, current_date) and p2.end_date >= greatest(p1.start_date, current_date)
  )) from placements p1
  where p1.department_id = ${departments.id} and p1.status <> 'draft' and p1.end_date >= current_date
), 0)::int`;

/** Departments with capacity, filled and available, by name, within `scope` (a facility, or all for admins). */
export async function departmentCapacity(db: Db, scope: FacilityScope) {
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
    .where(scopeWhere(scope, { facility: departments.facilityId }))
    .groupBy(departments.id, organizations.name)
    .orderBy(asc(organizations.name), asc(departments.name), asc(departments.id));
  return rows;
}
export type DepartmentRow = Awaited<ReturnType<typeof departmentCapacity>>[number];

export async function listDepartments(db: Db, access: Scope, requestedFacilityId?: string) {
  return departmentCapacity(db, facilityScope(access, requestedFacilityId));
}

async function oneDepartment(db: Db, access: Scope, id: string) {
  const scope = facilityScope(access);
  const [row] = await db
    .select({ id: departments.id, facilityId: departments.facilityId })
    .from(departments)
    .where(and(eq(departments.id, id), scopeWhere(scope, { facility: departments.facilityId })));
  // Another facility's department is reported exactly like an unknown one (D1).
  if (!row) throw notFound("Department");
  return row;
}

async function withCapacity(db: Db, facilityId: string, id: string) {
  const rows = await departmentCapacity(db, { kind: "facility", facilityId });
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

export async function createDepartment(db: Db, access: Scope, input: DepartmentValues & { facilityId?: string }) {
  const facility = await targetFacility(db, access, input.facilityId);
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

/** Edit; the capacity never below the seats its placements hold on a day from today on (409 naming capacity). */
export async function updateDepartment(db: Db, access: Scope, id: string, input: DepartmentValues) {
  const found = await oneDepartment(db, access, id);
  try {
    await db.transaction(async (tx) => {
      const current = await lockDepartment(tx, id);
      if (!current) throw notFound("Department");
      if (input.capacity < current.capacity) {
        const [{ today }] = await tx.select({ today: todaySql }).from(departments).where(eq(departments.id, id));
        const claims = await seatClaims(tx, id, { startDate: today, endDate: "9999-12-31" });
        const last = [today, ...claims.map((c) => c.endDate)].sort().at(-1) ?? today;
        const held = peakSeats(claims, today, last);
        if (input.capacity < held) {
          const message = `This department's placements already hold ${held} seat${held === 1 ? "" : "s"} at once: capacity cannot go below ${held} (close or shrink a placement first)`;
          throw new AppError("conflict", message, 409, [{ path: "capacity", message }]);
        }
      }
      await tx
        .update(departments)
        .set({ name: input.name, specialty: input.specialty, capacity: input.capacity })
        .where(eq(departments.id, id));
    });
  } catch (err) {
    uniqueOr409(err, input.name);
  }
  return withCapacity(db, found.facilityId, id);
}

/** A department whose draft or active placements still use it cannot go (409); closed ones keep no department. */
export async function deleteDepartment(db: Db, access: Scope, id: string) {
  await oneDepartment(db, access, id);
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

/** A department within `scope`, for a placement; null when not found. */
export async function findDepartment(db: DbOrTx, id: string, scope: FacilityScope) {
  const [row] = await db
    .select({ id: departments.id, facilityId: departments.facilityId, name: departments.name })
    .from(departments)
    .where(and(eq(departments.id, id), scopeWhere(scope, { facility: departments.facilityId })));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Seats (issue 9)

const todaySql = sql<string>`to_char(current_date, 'YYYY-MM-DD')`;

/** The seats a placement holds in its department: capacity while active, approved students once closed. */
const heldSeatsSql = sql<number>`(case ${placements.status} when 'active' then ${placements.capacity} when 'closed' then ${placements.slotsFilled} else 0 end)::int`;

/**
 * Locks a department row for the rest of the transaction. FOR NO KEY UPDATE: serializes every
 * check of its seats (approvals, placement writes, capacity edits) while inserting a placement
 * that references it (a key-share lock) is not held up. Taken after the placement's lock.
 */
export async function lockDepartment(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: departments.id, name: departments.name, capacity: departments.capacity })
    .from(departments)
    .where(eq(departments.id, id))
    .for("no key update");
  return row ?? null;
}

/** The department's placements overlapping a range with the seats each holds (or its approved students). */
async function seatClaims(
  db: DbOrTx,
  departmentId: string,
  range: { startDate: string; endDate: string },
  opts: { excludePlacementId?: string | null; approvedOnly?: boolean } = {},
) {
  return db
    .select({
      startDate: placements.startDate,
      endDate: placements.endDate,
      seats: opts.approvedOnly ? placements.slotsFilled : heldSeatsSql,
    })
    .from(placements)
    .where(
      and(
        eq(placements.departmentId, departmentId),
        ne(placements.status, "draft"),
        lte(placements.startDate, range.endDate),
        gte(placements.endDate, range.startDate),
        opts.excludePlacementId ? ne(placements.id, opts.excludePlacementId) : undefined,
      ),
    );
}

/**
 * A placement that is (or becomes) active holds `capacity` seats of its department for its dates:
 * 409 naming capacity when, on some day, the other placements already hold too many for it
 * ('4 West Med-Surg has 10 seats; placements overlapping Mar 1–Apr 30, 2034 already take 9: at most
 * 1 more'). Takes the department's lock, so two placements created at once cannot both squeeze in.
 */
export async function assertDepartmentRoom(
  tx: Tx,
  p: { departmentId: string; startDate: string; endDate: string; capacity: number; placementId?: string | null },
) {
  const department = await lockDepartment(tx, p.departmentId);
  if (!department) return;
  const claims = await seatClaims(tx, department.id, p, { excludePlacementId: p.placementId });
  const taken = peakSeats(claims, p.startDate, p.endDate);
  if (taken + p.capacity > department.capacity) {
    const message = departmentSeatsMessage(department, p, taken);
    throw new AppError("conflict", message, 409, [{ path: "capacity", message }]);
  }
}

/**
 * 'N of M seats free for these dates' in the placement form: the department's capacity, the seats
 * its other placements hold on the busiest day of the range (the placement being edited excluded).
 */
export async function departmentSeats(
  db: Db,
  access: Scope,
  id: string,
  q: { startDate: string; endDate: string; placementId?: string },
) {
  if (q.endDate < q.startDate) {
    throw invalid([{ path: "endDate", message: "End date must be on or after the start date" }]);
  }
  const scope = facilityScope(access);
  const [department] = await db
    .select({ id: departments.id, name: departments.name, capacity: departments.capacity })
    .from(departments)
    .where(and(eq(departments.id, id), scopeWhere(scope, { facility: departments.facilityId })));
  if (!department) throw notFound("Department");
  const taken = peakSeats(await seatClaims(db, id, q, { excludePlacementId: q.placementId }), q.startDate, q.endDate);
  return {
    departmentId: department.id,
    name: department.name,
    capacity: department.capacity,
    taken,
    free: Math.max(0, department.capacity - taken),
  };
}
