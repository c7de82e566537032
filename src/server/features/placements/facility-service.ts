import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import {
  durationWeeks,
  nextTermDates,
  nextTermTitle,
  type PlacementStatus,
  type PlacementValues,
} from "../../../domain/placements";
import type { Db, Tx } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { organizations } from "../../db/schema/organizations";
import { departments, placements } from "../../db/schema/placements";
import { assertVerified, facilityScope } from "../../lib/access";
import type { Viewer } from "../../lib/context";
import { conflict, invalid, notFound } from "../../lib/errors";
import { likePattern, offsetOf } from "../../lib/pagination";
import { findDepartment } from "../departments/service";
import { lockPlacement } from "./service";

// The facility's own placements in every status (issue 4): list, create, edit, publish, close and
// duplicate for the next term. Every query is scoped by the facility the session may see (D1):
// a coordinator's own facility, any facility for an admin; another facility's placement is 404.

export type FacilityPlacementQuery = {
  page: number;
  pageSize: number;
  search?: string;
  status?: PlacementStatus;
  specialty?: string;
  departmentId?: string;
  facilityId?: string;
};

const columns = {
  id: placements.id,
  title: placements.title,
  specialty: placements.specialty,
  description: placements.description,
  requirements: placements.requirements,
  startDate: placements.startDate,
  endDate: placements.endDate,
  durationWeeks: placements.durationWeeks,
  capacity: placements.capacity,
  slotsFilled: placements.slotsFilled,
  status: placements.status,
  createdAt: placements.createdAt,
  updatedAt: placements.updatedAt,
  facilityId: organizations.id,
  facilityName: organizations.name,
  facilityCity: organizations.city,
  facilityState: organizations.state,
  departmentId: departments.id,
  departmentName: departments.name,
  pendingApplications: sql<number>`(select count(*)::int from ${applications} where ${applications.placementId} = ${placements.id} and ${applications.status} = 'pending')`,
};

function baseQuery(db: Db) {
  return db
    .select(columns)
    .from(placements)
    .innerJoin(organizations, eq(organizations.id, placements.facilityId))
    .leftJoin(departments, eq(departments.id, placements.departmentId))
    .$dynamic();
}
type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>["execute"]>>[number];

function toItem(r: Row) {
  return {
    id: r.id,
    title: r.title,
    specialty: r.specialty,
    description: r.description,
    requirements: r.requirements,
    startDate: r.startDate,
    endDate: r.endDate,
    durationWeeks: r.durationWeeks,
    capacity: r.capacity,
    slotsFilled: r.slotsFilled,
    availableSpots: Math.max(0, r.capacity - r.slotsFilled),
    status: r.status,
    pendingApplications: r.pendingApplications,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    facility: { id: r.facilityId, name: r.facilityName, city: r.facilityCity, state: r.facilityState },
    department: r.departmentId && r.departmentName ? { id: r.departmentId, name: r.departmentName } : null,
  };
}
export type FacilityPlacement = ReturnType<typeof toItem>;

/** The facility's placements in every status, soonest first, filtered and paginated (D13). */
export async function listFacilityPlacements(db: Db, viewer: Viewer, q: FacilityPlacementQuery) {
  const scope = facilityScope(viewer, q.facilityId);
  const term = q.search ? likePattern(q.search) : null;
  const where = and(
    scope ? eq(placements.facilityId, scope) : undefined,
    q.status ? eq(placements.status, q.status) : undefined,
    q.specialty ? eq(placements.specialty, q.specialty) : undefined,
    q.departmentId ? eq(placements.departmentId, q.departmentId) : undefined,
    term
      ? or(ilike(placements.title, term), ilike(placements.specialty, term), ilike(departments.name, term))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    baseQuery(db)
      .where(where)
      .orderBy(
        sql`case ${placements.status} when 'active' then 0 when 'draft' then 1 else 2 end`,
        asc(placements.startDate),
        asc(placements.title),
        asc(placements.id),
      )
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db
      .select({ n: count() })
      .from(placements)
      .leftJoin(departments, eq(departments.id, placements.departmentId))
      .where(where),
  ]);
  return { items: rows.map(toItem), total: Number(total.n), page: q.page, pageSize: q.pageSize };
}

/** Every placement of the facility, by title: the filter options of the applications page. */
export async function facilityPlacementOptions(db: Db, viewer: Viewer, facilityId?: string) {
  const scope = facilityScope(viewer, facilityId);
  return db
    .select({ id: placements.id, title: placements.title, status: placements.status })
    .from(placements)
    .where(scope ? eq(placements.facilityId, scope) : undefined)
    .orderBy(asc(placements.title), asc(placements.id));
}

/** One placement of the facility; another facility's is 404 (D1). */
export async function getFacilityPlacement(db: Db, viewer: Viewer, id: string) {
  const scope = facilityScope(viewer);
  const [row] = await baseQuery(db).where(
    and(eq(placements.id, id), scope ? eq(placements.facilityId, scope) : undefined),
  );
  if (!row) throw notFound("Placement");
  return toItem(row);
}

/** D2: an active placement needs a verified facility (drafts are allowed meanwhile). */
async function assertMayPublish(db: Db | Tx, facilityId: string) {
  const [org] = await db
    .select({ name: organizations.name, verificationStatus: organizations.verificationStatus })
    .from(organizations)
    .where(eq(organizations.id, facilityId));
  assertVerified(org ?? null);
}

async function departmentFor(db: Db | Tx, viewer: Viewer, departmentId: string) {
  const department = await findDepartment(db, departmentId, facilityScope(viewer));
  if (!department) throw invalid([{ path: "departmentId", message: "Choose one of your facility's departments" }]);
  return department;
}

/** Create: in the department's facility (a coordinator's own); draft, or active when the facility is verified. */
export async function createFacilityPlacement(db: Db, viewer: Viewer, input: PlacementValues) {
  const department = await departmentFor(db, viewer, input.departmentId);
  if (input.status === "active") await assertMayPublish(db, department.facilityId);
  if (input.status === "closed") {
    throw invalid([{ path: "status", message: "A new placement is saved as a draft or published as active" }]);
  }
  const [row] = await db
    .insert(placements)
    .values({
      facilityId: department.facilityId,
      departmentId: department.id,
      title: input.title,
      specialty: input.specialty,
      description: input.description,
      requirements: input.requirements,
      startDate: input.startDate,
      endDate: input.endDate,
      durationWeeks: durationWeeks(input.startDate, input.endDate),
      capacity: input.capacity,
      slotsFilled: 0,
      status: input.status,
    })
    .returning({ id: placements.id });
  return getFacilityPlacement(db, viewer, row.id);
}

/**
 * Edit, under the placement's row lock (the lock approvals take): capacity never below the spots
 * already filled (422 naming capacity), back to draft only without pending or approved applications.
 */
export async function updateFacilityPlacement(db: Db, viewer: Viewer, id: string, input: PlacementValues) {
  const scope = facilityScope(viewer);
  await db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: placements.id, facilityId: placements.facilityId })
      .from(placements)
      .where(and(eq(placements.id, id), scope ? eq(placements.facilityId, scope) : undefined));
    if (!owned) throw notFound("Placement");
    const current = await lockPlacement(tx, id);
    if (!current) throw notFound("Placement");
    const department = await departmentFor(tx, viewer, input.departmentId);
    if (department.facilityId !== owned.facilityId) {
      throw invalid([{ path: "departmentId", message: "Choose one of this placement's facility's departments" }]);
    }
    if (input.capacity < current.slotsFilled) {
      throw invalid([
        {
          path: "capacity",
          message: `Capacity cannot be below the ${current.slotsFilled} spot${current.slotsFilled === 1 ? "" : "s"} already filled`,
        },
      ]);
    }
    if (input.status === "active" && current.status !== "active") await assertMayPublish(tx, owned.facilityId);
    if (input.status === "draft" && current.status !== "draft") await assertNoLiveApplications(tx, id);
    await tx
      .update(placements)
      .set({
        departmentId: department.id,
        title: input.title,
        specialty: input.specialty,
        description: input.description,
        requirements: input.requirements,
        startDate: input.startDate,
        endDate: input.endDate,
        durationWeeks: durationWeeks(input.startDate, input.endDate),
        capacity: input.capacity,
        status: input.status,
        updatedAt: new Date(),
      })
      .where(eq(placements.id, id));
  });
  return getFacilityPlacement(db, viewer, id);
}

async function assertNoLiveApplications(tx: Tx, id: string) {
  const [live] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(applications)
    .where(and(eq(applications.placementId, id), sql`${applications.status} in ('pending', 'approved')`));
  if (live.n > 0) {
    throw conflict("A placement with pending or approved applications cannot go back to draft: close it instead");
  }
}

/** Publish (draft or closed → active; D2) or close (→ closed). Closing keeps approved students placed. */
export async function setFacilityPlacementStatus(db: Db, viewer: Viewer, id: string, status: "active" | "closed") {
  const scope = facilityScope(viewer);
  await db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: placements.id, facilityId: placements.facilityId })
      .from(placements)
      .where(and(eq(placements.id, id), scope ? eq(placements.facilityId, scope) : undefined));
    if (!owned) throw notFound("Placement");
    const current = await lockPlacement(tx, id);
    if (!current) throw notFound("Placement");
    if (current.status === status) {
      throw conflict(status === "active" ? "This placement is already published" : "This placement is already closed");
    }
    if (status === "active") await assertMayPublish(tx, owned.facilityId);
    await tx.update(placements).set({ status, updatedAt: new Date() }).where(eq(placements.id, id));
  });
  return getFacilityPlacement(db, viewer, id);
}

/** Duplicate for the next term: same details, dates shifted past the original's end, a draft with no spots filled. */
export async function duplicateFacilityPlacement(db: Db, viewer: Viewer, id: string) {
  const original = await getFacilityPlacement(db, viewer, id);
  const dates = nextTermDates(original.startDate, original.endDate);
  const [row] = await db
    .insert(placements)
    .values({
      facilityId: original.facility.id,
      departmentId: original.department?.id ?? null,
      title: nextTermTitle(original.title, dates.startDate),
      specialty: original.specialty,
      description: original.description,
      requirements: original.requirements,
      startDate: dates.startDate,
      endDate: dates.endDate,
      durationWeeks: durationWeeks(dates.startDate, dates.endDate),
      capacity: original.capacity,
      slotsFilled: 0,
      status: "draft",
    })
    .returning({ id: placements.id });
  return getFacilityPlacement(db, viewer, row.id);
}
