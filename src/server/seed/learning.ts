import type { applications } from "../db/schema/applications";
import type { learningResources, placementChecklistItems } from "../db/schema/learning";
import type { placements } from "../db/schema/placements";
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

type ItemRow = typeof placementChecklistItems.$inferInsert;

/** What the demo student's rotation's facility asks of its students before day one (issue 16). */
export const DEMO_PLACEMENT_ITEMS = [
  {
    title: "Badge photo submitted",
    description: "Email a passport-style photo to the security office so your badge is ready on day one.",
  },
  {
    title: "EHR training completed",
    description: "Finish the two-hour electronic health record module and bring the certificate.",
  },
] as const;

/**
 * The demo student's first approved rotation that has not ended gets its facility's own checklist
 * items (deterministic: the same rotation and items on every run).
 */
export function planPlacementChecklist(
  clock: Clock,
  demoStudentId: string,
  applicationRows: (typeof applications.$inferInsert)[],
  placementRows: (typeof placements.$inferInsert)[],
): ItemRow[] {
  const today = new Date(clock.today).toISOString().slice(0, 10);
  const approved = new Set(
    applicationRows.filter((a) => a.studentId === demoStudentId && a.status === "approved").map((a) => a.placementId),
  );
  const rotation = placementRows
    .filter((p) => p.id !== undefined && approved.has(p.id) && p.endDate >= today)
    .sort((a, b) => a.startDate.localeCompare(b.startDate))[0];
  if (!rotation) return [];
  return DEMO_PLACEMENT_ITEMS.map((item, i) => ({
    placementId: rotation.id as string, // the seed names every placement's id
    title: item.title,
    description: item.description,
    createdAt: at(clock.nowMs - (14 - i) * DAY),
  }));
}
