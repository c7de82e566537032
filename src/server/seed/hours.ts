import { randomUUID } from "node:crypto";
import { HOUR_CATEGORIES } from "../../domain/hours";
import type { applications } from "../db/schema/applications";
import type { hourLogs, programHourRequirements } from "../db/schema/rotations";
import type { DemoAccounts } from "./accounts";
import type { DemoOrganizations } from "./organizations";
import type { PlacementPlan } from "./placements";
import { at, type Clock, DAY, dayString } from "./random";

// The demo world's clinical hour logs (issue 17): the demo student's rotation that has begun (the
// current one, else the latest finished one) and the running rotations of other students get
// weekday entries in every state: approved weeks, a week waiting for review, a returned entry
// with the preceptor's note, a night shift. The demo student's last week of that rotation is left
// empty, to log. The demo program requires 90 hours by default and 120 in Intensive Care (ICU).
// Deterministic: no draw from the PRNG, dates relative to today.

type ApplicationRow = typeof applications.$inferInsert;
type HourRow = typeof hourLogs.$inferInsert;
type RequirementRow = typeof programHourRequirements.$inferInsert;

export type HourPlan = { logs: HourRow[]; requirements: RequirementRow[] };

const REFLECTIONS = [
  "Took report and did head-to-toe assessments on two patients; practised SBAR handoff.",
  "Passed medications with my preceptor and documented in the MAR.",
  "Helped with a discharge: taught the patient about wound care and follow-up.",
  "Observed a rapid response; reviewed the early warning score with my preceptor.",
  "",
];
const RETURN_NOTE = "Please add which unit you were on and split the break out of the shift.";
/** Other students with hours: enough for a review queue and the program's totals. */
const OTHER_ROTATIONS = 12;

export function planHours(w: {
  clock: Clock;
  orgs: DemoOrganizations;
  accounts: DemoAccounts;
  placements: PlacementPlan[];
  applications: ApplicationRow[];
  demoStudentId: string;
  demoProgramIndex: number;
}): HourPlan {
  const { clock, orgs, accounts } = w;
  const byId = new Map(w.placements.map((p) => [p.id, p]));
  const begun = w.applications.filter((a) => {
    const p = byId.get(a.placementId);
    return a.status === "approved" && p !== undefined && p.start <= clock.today - 7 * DAY;
  });
  const demoOwn = begun
    .filter((a) => a.studentId === w.demoStudentId)
    .sort((a, b) => (byId.get(b.placementId)?.start ?? 0) - (byId.get(a.placementId)?.start ?? 0));
  const current = demoOwn.find((a) => (byId.get(a.placementId)?.end ?? 0) >= clock.today) ?? demoOwn[0];
  // The first facility's (facility@demo.test's) running rotations first, so its queue has several students.
  const running = begun.filter((a) => a.studentId !== w.demoStudentId && byId.get(a.placementId)?.kind === "running");
  const atFirst = (a: ApplicationRow) => byId.get(a.placementId)?.facilityIndex === 0;
  const others = [...running.filter(atFirst), ...running.filter((a) => !atFirst(a))].slice(0, OTHER_ROTATIONS);

  const logs: HourRow[] = [];
  const rotations = current ? [current, ...others] : others;
  rotations.forEach((a, n) => {
    const p = byId.get(a.placementId) as PlacementPlan;
    // The seed names the rotation's id so its hour entries can point at it.
    a.id ??= randomUUID();
    const last = Math.min(p.end, clock.today - DAY);
    const demo = a === current;
    // Weekdays from the first Monday, whole weeks; the demo rotation's last week stays empty.
    const weeks = Math.floor((last - p.start) / (7 * DAY)) + 1;
    const logged = demo ? weeks - 1 : weeks;
    const reviewer = accounts.user(`facility:${p.facilityIndex}`);
    for (let week = 0; week < logged; week++) {
      for (let d = 0; d < 5; d++) {
        const day = p.start + (week * 7 + d) * DAY;
        if (day > last) break;
        // A day off now and then, never on a Monday (the week always has an entry).
        if (d > 0 && (week + d + n) % 7 === 0) continue;
        const night = d === 4 && (week + n) % 3 === 1;
        const long = !night && (d + n) % 4 === 0;
        const latest = week === logged - 1;
        const returned = latest && d === 1;
        const status: HourRow["status"] = returned ? "returned" : latest ? "submitted" : "approved";
        const reviewedAt = at(Math.min(day + 3 * DAY, clock.nowMs - DAY));
        logs.push({
          applicationId: a.id,
          studentId: a.studentId,
          programId: a.programId,
          facilityId: orgs.facilities[p.facilityIndex].id,
          workDate: dayString(day),
          startMinute: night ? 19 * 60 : 7 * 60,
          minutes: night ? 12 * 60 : long ? 12 * 60 : 8 * 60,
          categories: [HOUR_CATEGORIES[(week + d) % 3], HOUR_CATEGORIES[3 + ((d + n) % (HOUR_CATEGORIES.length - 3))]],
          reflection: REFLECTIONS[(week * 5 + d + n) % REFLECTIONS.length] || null,
          status,
          reviewedBy: status === "submitted" ? null : reviewer,
          reviewedAt: status === "submitted" ? null : reviewedAt,
          reviewNote: returned ? RETURN_NOTE : null,
          createdAt: at(day + 20 * 60 * 60 * 1000),
          updatedAt: status === "submitted" ? at(day + 20 * 60 * 60 * 1000) : reviewedAt,
        });
      }
    }
  });

  const requirements: RequirementRow[] = orgs.programs
    .filter((p) => p.verified)
    .flatMap((p) =>
      p.id === orgs.programs[w.demoProgramIndex].id
        ? [
            { programId: p.id, specialty: "", hours: 90 },
            { programId: p.id, specialty: "Intensive Care (ICU)", hours: 120 },
          ]
        : [{ programId: p.id, specialty: "", hours: 96 }],
    );
  return { logs, requirements };
}
