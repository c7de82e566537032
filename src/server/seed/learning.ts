import type { learningResources } from "../db/schema/learning";
import { type LibraryEntry, PROGRAM_LIBRARY, SHARED_LIBRARY } from "./learning-library";
import { at, type Clock, DAY } from "./random";

// The demo world's Learning Center (issue 16): the shared library, curated by the platform's
// administrators, and the demo student's program's own resources for its students.

type Row = typeof learningResources.$inferInsert;

const row = (e: LibraryEntry, programId: string | null, createdAt: Date): Row => ({
  programId,
  title: e.title,
  summary: e.summary,
  body: e.body,
  category: e.category,
  kind: e.kind,
  durationMinutes: e.durationMinutes,
  specialties: [...e.specialties],
  url: e.url ?? null,
  createdAt,
  updatedAt: createdAt,
});

export function planLearning(clock: Clock, demoProgramId: string): Row[] {
  return [
    ...SHARED_LIBRARY.map((e, i) => row(e, null, at(clock.nowMs - (120 - i) * DAY))),
    ...PROGRAM_LIBRARY.map((e, i) => row(e, demoProgramId, at(clock.nowMs - (30 - i) * DAY))),
  ];
}
