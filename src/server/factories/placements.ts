import type { DbOrTx } from "../db/client";
import { departments, placements } from "../db/schema/placements";
import { uniqueTag } from "./unique";

// Departments and placements, as the demo world and the tests make them.

const DAY = 86_400_000;

/** YYYY-MM-DD, `days` from today (UTC, as the database's current_date). */
export function dayFromToday(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

type DepartmentRow = typeof departments.$inferInsert;
export type DepartmentValues = Partial<Omit<DepartmentRow, "facilityId">>;

/** A department of `facilityId`: a unique name, Medical-Surgical, 10 seats unless told otherwise. */
export function departmentRow(facilityId: string, values: DepartmentValues = {}): DepartmentRow {
  return { name: `Unit ${uniqueTag()}`, specialty: "Medical-Surgical", capacity: 10, ...values, facilityId };
}

export async function createDepartment(db: DbOrTx, facilityId: string, values: DepartmentValues = {}) {
  const [row] = await db.insert(departments).values(departmentRow(facilityId, values)).returning();
  return row;
}

type PlacementRow = typeof placements.$inferInsert;
export type PlacementValues = Partial<Omit<PlacementRow, "facilityId">>;

/** Whole weeks from the first day to the last (what the placement form computes). */
export function weeksBetween(startDate: string, endDate: string): number {
  return Math.ceil((Date.parse(endDate) - Date.parse(startDate)) / DAY / 7);
}

/**
 * A placement of `facilityId`: active, starting in 40 days for 8 weeks, 5 spots, none filled, unless
 * told otherwise. `durationWeeks` follows the dates unless given.
 */
export function placementRow(facilityId: string, values: PlacementValues = {}): PlacementRow {
  const row = {
    title: `Clinical rotation ${uniqueTag()}`,
    specialty: "Medical-Surgical",
    description: "A clinical rotation",
    requirements: ["BLS certification"],
    startDate: dayFromToday(40),
    endDate: dayFromToday(40 + 55),
    capacity: 5,
    slotsFilled: 0,
    status: "active" as const,
    ...values,
    facilityId,
  };
  return { ...row, durationWeeks: values.durationWeeks ?? weeksBetween(row.startDate, row.endDate) };
}

export async function createPlacement(db: DbOrTx, facilityId: string, values: PlacementValues = {}) {
  const [row] = await db.insert(placements).values(placementRow(facilityId, values)).returning();
  return row;
}
