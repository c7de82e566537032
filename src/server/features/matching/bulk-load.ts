import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import type { ComputeInput, ComputePlacement, ComputeStudent } from "./bulk-compute";
import { loadPool, studentsSources } from "./sources";

// What a match run scores, read when its job starts, through the recommendations' loader
// (sources.ts): the run's students with everything the engine's score needs of them (one
// statement for all of them, scoped to the run's program), and the run's placements from the pool
// of open placements (active, at verified facilities, with a spot left): a student withdrawn or a
// placement filled or closed since the run was asked for is left out.

/** The run's students (ids in roster order, the run's program only) and its placements, as the engine reads them. */
export async function loadRunSources(
  db: DbOrTx,
  run: { programId: string; studentIds: string[]; placementIds: string[] },
): Promise<ComputeInput> {
  const [sources, pool] = await Promise.all([
    studentsSources(db, { kind: "program", programId: run.programId }, run.studentIds),
    loadPool(db),
  ]);
  const students: ComputeStudent[] = [];
  for (const id of run.studentIds) {
    const found = sources.get(id);
    if (!found || found.withdrawn) continue;
    students.push({ id, rosterOrder: students.length, applied: [...found.applied], scoring: found.scoring });
  }
  const wanted = new Set(run.placementIds);
  const order = new Map(run.placementIds.map((id, i) => [id, i]));
  const placements: ComputePlacement[] = pool.placements
    .filter((p) => wanted.has(p.view.id))
    .sort((a, b) => (order.get(a.view.id) ?? 0) - (order.get(b.view.id) ?? 0))
    .map((p) => ({ id: p.view.id, scoring: p.scoring }));
  const today =
    sources.values().next().value?.today ??
    (
      (await db.execute(sql`select to_char(current_date, 'YYYY-MM-DD') as today`)) as unknown as {
        rows: { today: string }[];
      }
    ).rows[0].today;
  return { today, students, placements, requirementNames: [...pool.requirementNames] };
}
