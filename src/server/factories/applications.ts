import type { DbOrTx } from "../db/client";
import { applications } from "../db/schema/applications";

// Applications, as the demo world and the tests make them.

type ApplicationRow = typeof applications.$inferInsert;
export type ApplicationValues = Partial<Omit<ApplicationRow, "studentId" | "programId" | "placementId">>;

/** An application as the program submits it: program_id is always the student's own program (D3). */
export function applicationRow(
  student: { id: string; programId: string },
  placementId: string,
  values: ApplicationValues = {},
): ApplicationRow {
  return { ...values, studentId: student.id, programId: student.programId, placementId };
}

export async function createApplication(
  db: DbOrTx,
  student: { id: string; programId: string },
  placementId: string,
  values: ApplicationValues = {},
) {
  const [row] = await db
    .insert(applications)
    .values(applicationRow(student, placementId, values))
    .returning();
  return row;
}
