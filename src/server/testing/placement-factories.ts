import { randomBytes } from "node:crypto";
import type { DbOrTx } from "../db/client";
import { applications } from "../db/schema/applications";
import { departments, placements } from "../db/schema/placements";

// Test fixtures for departments, placements and applications (rows straight into the database).
// Organizations, coordinators and students come from ./factories.

const suffix = () => randomBytes(3).toString("hex");

/** YYYY-MM-DD, `days` from today (UTC, as the database's current_date). */
export function dayFromToday(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export async function createDepartment(
  db: DbOrTx,
  facilityId: string,
  values: Partial<typeof departments.$inferInsert> = {},
) {
  const [row] = await db
    .insert(departments)
    .values({ facilityId, name: `Unit ${suffix()}`, specialty: "Medical-Surgical", capacity: 10, ...values })
    .returning();
  return row;
}

/** An active placement starting in 40 days for 8 weeks, 5 spots, none filled, unless told otherwise. */
export async function createPlacement(
  db: DbOrTx,
  facilityId: string,
  values: Partial<typeof placements.$inferInsert> = {},
) {
  const [row] = await db
    .insert(placements)
    .values({
      facilityId,
      title: `Clinical rotation ${suffix()}`,
      specialty: "Medical-Surgical",
      description: "A clinical rotation",
      requirements: ["BLS certification"],
      startDate: dayFromToday(40),
      endDate: dayFromToday(40 + 55),
      durationWeeks: 8,
      capacity: 5,
      slotsFilled: 0,
      status: "active",
      ...values,
    })
    .returning();
  return row;
}

/** An application row as the program would have submitted it (program_id = the student's program). */
export async function createApplication(
  db: DbOrTx,
  student: { id: string; programId: string },
  placementId: string,
  values: Partial<typeof applications.$inferInsert> = {},
) {
  const [row] = await db
    .insert(applications)
    .values({ studentId: student.id, placementId, programId: student.programId, ...values })
    .returning();
  return row;
}
