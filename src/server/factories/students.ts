import type { DbOrTx } from "../db/client";
import { students } from "../db/schema/students";
import { uniqueTag } from "./unique";

// Roster students, as the demo world and the tests make them.

type StudentRow = typeof students.$inferInsert;
export type StudentValues = Partial<Omit<StudentRow, "programId">>;

/** A roster entry of `programId`: a unique name and email unless told otherwise. */
export function studentRow(programId: string, values: StudentValues = {}): StudentRow {
  const tag = uniqueTag();
  return { firstName: "Sam", lastName: `Student ${tag}`, email: `sam.${tag}@students.test`, ...values, programId };
}

export async function createStudent(db: DbOrTx, programId: string, values: StudentValues = {}) {
  const [row] = await db.insert(students).values(studentRow(programId, values)).returning();
  return row;
}
