import type { DbOrTx } from "../../db/client";
import { rotationPreceptors } from "../../db/schema/rotations";
import { createApplication } from "../../factories/applications";
import { createPlacement, dayFromToday } from "../../factories/placements";

// Test helpers of the hours (issue 17): an approved rotation of a student at a facility, and a
// preceptor assigned to it (the assignment screens are another feature's; tests insert the row).

/** An approved application (a rotation) running from `from` to `to` days from today. */
export async function createRotation(
  db: DbOrTx,
  student: { id: string; programId: string },
  facilityId: string,
  opts: { from?: number; to?: number; specialty?: string; title?: string } = {},
) {
  const placement = await createPlacement(db, facilityId, {
    startDate: dayFromToday(opts.from ?? -20),
    endDate: dayFromToday(opts.to ?? 30),
    specialty: opts.specialty ?? "Medical-Surgical",
    ...(opts.title ? { title: opts.title } : {}),
    slotsFilled: 1,
  });
  const application = await createApplication(db, student, placement.id, {
    status: "approved",
    reviewedAt: new Date(),
  });
  return { ...application, placement };
}

/** Assigns `userId` as a preceptor of the rotation (application). */
export async function assignPreceptor(db: DbOrTx, rotation: { id: string }, userId: string, facilityId: string) {
  await db.insert(rotationPreceptors).values({ applicationId: rotation.id, userId, facilityId }).onConflictDoNothing();
}
