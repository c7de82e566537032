import { and, asc, eq, gte, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { placementChecklistItems as items, placementChecklistTicks as ticks } from "../../db/schema/learning";
import { organizations } from "../../db/schema/organizations";
import { placements } from "../../db/schema/placements";
import { facilityScope, type Scope, type StudentScope, scopeWhere } from "../../lib/access";
import type { Viewer } from "../../lib/context";
import { AppError, notFound } from "../../lib/errors";
import { today } from "../compliance/records";

// A placement's own preparation items (issue 16): its facility's coordinators add them ("Badge photo
// submitted", "EHR training completed"); each student approved on the placement, until it ends,
// finds them on their Preparation Checklist and ticks them (one row per student and item).

export const PLACEMENT_ITEMS_MAX = 30;

/** The placement, if the caller's facility owns it (administrators: any); another facility's is 404. */
async function ownPlacement(db: Db, scope: Scope, placementId: string) {
  const narrowed = facilityScope(scope);
  const [row] = await db
    .select({ id: placements.id, facilityId: placements.facilityId })
    .from(placements)
    .where(and(eq(placements.id, placementId), scopeWhere(narrowed, { facility: placements.facilityId })));
  if (!row) throw notFound("Placement");
  return row;
}

const itemColumns = {
  id: items.id,
  placementId: items.placementId,
  title: items.title,
  description: items.description,
  createdAt: items.createdAt,
};
const toItem = <T extends { createdAt: Date }>(r: T) => ({ ...r, createdAt: r.createdAt.toISOString() });

export async function listPlacementItems(db: Db, scope: Scope, placementId: string) {
  await ownPlacement(db, scope, placementId);
  const rows = await db
    .select(itemColumns)
    .from(items)
    .where(eq(items.placementId, placementId))
    .orderBy(asc(items.createdAt), asc(items.id));
  return { items: rows.map(toItem) };
}

export async function addPlacementItem(
  db: Db,
  scope: Scope,
  viewer: Viewer,
  placementId: string,
  input: { title: string; description: string },
) {
  const placement = await ownPlacement(db, scope, placementId);
  return db.transaction(async (tx) => {
    // The placement's row is locked so concurrent adds cannot pass the cap together.
    await tx.select({ id: placements.id }).from(placements).where(eq(placements.id, placementId)).for("update");
    const existing = await tx.select({ id: items.id }).from(items).where(eq(items.placementId, placementId));
    if (existing.length >= PLACEMENT_ITEMS_MAX) {
      throw new AppError("conflict", `A placement has at most ${PLACEMENT_ITEMS_MAX} checklist items`, 409);
    }
    const [row] = await tx
      .insert(items)
      .values({ placementId, title: input.title, description: input.description, createdBy: viewer.userId })
      .returning(itemColumns);
    return { ...toItem(row), facilityId: placement.facilityId };
  });
}

export async function removePlacementItem(db: Db, scope: Scope, placementId: string, itemId: string) {
  const placement = await ownPlacement(db, scope, placementId);
  const [gone] = await db
    .delete(items)
    .where(and(eq(items.id, itemId), eq(items.placementId, placementId)))
    .returning({ id: items.id });
  if (!gone) throw notFound("Checklist item");
  return { id: itemId, deleted: true as const, facilityId: placement.facilityId };
}

// ---------------------------------------------------------------------------------------------
// The student's side

/** The student's approved rotations that have not ended, each with its items and the student's ticks. */
export async function placementSectionsOf(db: Db, scope: StudentScope) {
  const rotations = await db
    .select({
      placementId: placements.id,
      title: placements.title,
      facilityName: organizations.name,
      startDate: placements.startDate,
      endDate: placements.endDate,
    })
    .from(applications)
    .innerJoin(placements, eq(placements.id, applications.placementId))
    .innerJoin(organizations, eq(organizations.id, placements.facilityId))
    .where(
      and(
        eq(applications.studentId, scope.studentId),
        eq(applications.status, "approved"),
        gte(placements.endDate, today()),
      ),
    )
    .orderBy(asc(placements.startDate), asc(placements.id));
  if (rotations.length === 0) return [];
  const rows = await db
    .select({ ...itemColumns, checkedAt: ticks.checkedAt })
    .from(items)
    .leftJoin(ticks, and(eq(ticks.itemId, items.id), eq(ticks.studentId, scope.studentId)))
    .where(
      inArray(
        items.placementId,
        rotations.map((r) => r.placementId),
      ),
    )
    .orderBy(asc(items.createdAt), asc(items.id));
  return rotations.map((r) => ({
    ...r,
    items: rows
      .filter((i) => i.placementId === r.placementId)
      .map((i) => ({
        id: i.id,
        title: i.title,
        description: i.description,
        checked: i.checkedAt !== null,
        checkedAt: i.checkedAt?.toISOString() ?? null,
      })),
  }));
}

/** Ticks (or unticks) an item of one of the student's current approved rotations; any other item: 404. */
export async function tickPlacementItem(db: Db, scope: StudentScope, itemId: string, checked: boolean) {
  const [item] = await db
    .select({ id: items.id })
    .from(items)
    .innerJoin(placements, eq(placements.id, items.placementId))
    .innerJoin(
      applications,
      and(
        eq(applications.placementId, placements.id),
        eq(applications.studentId, scope.studentId),
        eq(applications.status, "approved"),
      ),
    )
    .where(and(eq(items.id, itemId), gte(placements.endDate, today())));
  if (!item) throw notFound("Checklist item");
  if (checked) {
    await db
      .insert(ticks)
      .values({ studentId: scope.studentId, itemId })
      .onConflictDoNothing({ target: [ticks.studentId, ticks.itemId] });
  } else {
    await db.delete(ticks).where(and(eq(ticks.studentId, scope.studentId), eq(ticks.itemId, itemId)));
  }
}
