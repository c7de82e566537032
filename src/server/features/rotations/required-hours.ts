import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { programHourRequirements } from "../../db/schema/rotations";

// The clinical hours a program requires of one rotation (issue 17): the program's row for the
// rotation's specialty, else its default row (specialty ''), else none (null). The hours feature
// (src/server/features/hours) states the same rule for its totals; one primary-key lookup each.

/** A SQL expression for the required hours of a rotation of `program` in `specialty` (null: none set). */
export function requiredHoursSql(program: AnyColumn | SQL, specialty: AnyColumn | SQL): SQL<number | null> {
  const r = programHourRequirements;
  return sql<
    number | null
  >`(select ${r.hours} from ${r} where ${r.programId} = ${program} and ${r.specialty} in (${specialty}, '') order by ${r.specialty} desc limit 1)`;
}
