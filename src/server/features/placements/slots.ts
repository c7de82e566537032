import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { facilityAgreementSettings } from "../../db/schema/agreements";
import { organizations } from "../../db/schema/organizations";
import { placements } from "../../db/schema/placements";
import { coordinatorsJson } from "../../lib/organization-people";

// A placement's seats as applications take and free them (D8): the placement an application may
// go to, the row lock every change of slots_filled takes first, and freeing a seat.

/**
 * A placement as an application sees it: null when unknown, a draft, or at a facility that is not
 * verified (none of them is visible to programs). Closed and full ones are returned so the caller
 * can say why it refuses.
 */
export async function findPlacementForApplication(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: placements.id,
      title: placements.title,
      status: placements.status,
      capacity: placements.capacity,
      slotsFilled: placements.slotsFilled,
      startDate: placements.startDate,
      endDate: placements.endDate,
      allowLateJoiners: placements.allowLateJoiners,
      applicationDeadline: placements.applicationDeadline,
      facilityId: organizations.id,
      facilityName: organizations.name,
      // The database's day, so every date rule compares against one clock (rotationPhase).
      today: sql<string>`to_char(current_date, 'YYYY-MM-DD')`,
      // The facility's coordinators, whom a submission tells.
      coordinators: coordinatorsJson(organizations.id),
      // Issue 17: whether the facility requires an affiliation agreement (read here: issue 11).
      requireAgreement: sql<boolean>`coalesce((select s.require_agreement from ${facilityAgreementSettings} s where s.facility_id = ${organizations.id}), false)`,
    })
    .from(placements)
    .innerJoin(organizations, eq(organizations.id, placements.facilityId))
    .where(and(eq(placements.id, id), eq(organizations.verificationStatus, "verified")));
  if (!row || row.status === "draft") return null;
  return row;
}

/**
 * Locks a placement row for the rest of the transaction (SELECT ... FOR UPDATE). Every change of
 * slots_filled takes this lock first, then the application's, so concurrent approvals and
 * withdrawals serialize on the placement and never deadlock (D8).
 */
export async function lockPlacement(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: placements.id,
      capacity: placements.capacity,
      slotsFilled: placements.slotsFilled,
      status: placements.status,
      departmentId: placements.departmentId,
      startDate: placements.startDate,
      endDate: placements.endDate,
      allowLateJoiners: placements.allowLateJoiners,
      applicationDeadline: placements.applicationDeadline,
      /** The database's current_date (YYYY-MM-DD), for the rules on dates (issue 9). */
      today: sql<string>`to_char(current_date, 'YYYY-MM-DD')`,
    })
    .from(placements)
    .where(eq(placements.id, id))
    .for("update");
  return row ?? null;
}

/** Frees one slot of a locked placement (an approved application was withdrawn). */
export async function releaseSlot(tx: Tx, id: string) {
  await tx
    .update(placements)
    .set({ slotsFilled: sql`greatest(${placements.slotsFilled} - 1, 0)`, updatedAt: new Date() })
    .where(eq(placements.id, id));
}
