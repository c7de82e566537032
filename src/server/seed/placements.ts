import { randomUUID } from "node:crypto";
import { peakSeats } from "../../domain/placements";
import type { Specialty } from "../../domain/specialties";
import type { departments, placements } from "../db/schema/placements";
import { departmentRow, placementRow } from "../factories/placements";
import * as D from "./data";
import type { DemoOrganizations } from "./organizations";
import { at, type Clock, DAY, dayString, fill, mondayOnOrAfter, mondayOnOrBefore, type Random, termOf } from "./random";

// Departments (one per specialty a facility offers) and placements on a fixed cycle of timelines,
// so every facility has a mix of running, coming, past and draft rotations.

export type Kind = "past" | "running" | "soon" | "upcoming" | "draft";

export type PlacementPlan = {
  id: string;
  facilityIndex: number;
  departmentName: string;
  specialty: Specialty;
  title: string;
  kind: Kind;
  start: number;
  end: number;
  capacity: number;
  /** How many approved students the world means it to have. */
  target: number;
  /** How many it has so far (counted as applications are planned). */
  approved: number;
};

type DepartmentRow = typeof departments.$inferInsert & { id: string };
type PlacementRow = typeof placements.$inferInsert;

/** Per facility (catalogue order), its departments: one per specialty it offers. */
export function planDepartments(R: Random, orgs: DemoOrganizations): DepartmentRow[][] {
  return D.FACILITIES.map((f, fi) =>
    f.specialties.map((specialty) => {
      const names = D.DEPARTMENT_NAMES[specialty];
      return departmentRow(orgs.facilities[fi].id, {
        id: randomUUID(),
        name: names[fi % names.length],
        specialty,
        capacity: R.int(8, 14),
        createdAt: orgs.facilities[fi].createdAt,
      }) as DepartmentRow;
    }),
  );
}

const KIND_CYCLE: Kind[] = [
  "running",
  "soon",
  "upcoming",
  "soon",
  "upcoming",
  "running",
  "upcoming",
  "soon",
  "upcoming",
  "past",
  "upcoming",
  "draft",
];
const WEEKS = [4, 6, 6, 8, 8, 10, 12];

/** How full a placement of this kind is meant to be. */
function targetFor(R: Random, kind: Kind, cap: number): number {
  const r = R.next();
  const fewLeft = () => cap - R.int(1, Math.min(3, cap));
  const open = () => R.int(0, Math.max(0, cap - 4));
  switch (kind) {
    case "draft":
      return 0;
    case "past":
      return r < 0.6 ? cap : cap - 1;
    case "running":
      return r < 0.5 ? cap : fewLeft();
    case "soon":
      return r < 0.3 ? cap : r < 0.8 ? fewLeft() : open();
    case "upcoming":
      return r < 0.15 ? cap : r < 0.5 ? fewLeft() : open();
  }
}

/** Each facility's placements (a pending facility has drafts only); `slotsFilled` is set once applications are. */
export function planPlacements(
  R: Random,
  clock: Clock,
  orgs: DemoOrganizations,
  facilityDepartments: DepartmentRow[][],
): { plans: PlacementPlan[]; rows: PlacementRow[] } {
  const { today, nowMs } = clock;
  const plans: PlacementPlan[] = [];
  const rows: PlacementRow[] = [];
  let cycle = 0;
  D.FACILITIES.forEach((f, fi) => {
    for (let k = 0; k < f.placements; k++) {
      const kind: Kind = f.verified ? KIND_CYCLE[cycle++ % KIND_CYCLE.length] : "draft";
      const dept = facilityDepartments[fi][k % facilityDepartments[fi].length];
      const specialty = dept.specialty as Specialty;
      let weeks = R.pick(WEEKS);
      let start: number;
      switch (kind) {
        case "past":
          weeks = R.pick([4, 6, 8]);
          start = mondayOnOrBefore(today - R.int(110, 180) * DAY);
          break;
        case "running":
          start = mondayOnOrBefore(today - R.int(7, 35) * DAY);
          while (start + (7 * weeks - 3) * DAY < today + 7 * DAY) weeks += 2;
          break;
        case "soon":
          start = mondayOnOrAfter(today + R.int(1, 22) * DAY);
          break;
        case "upcoming":
          start = mondayOnOrAfter(today + R.int(35, 160) * DAY);
          break;
        default:
          start = mondayOnOrAfter(today + R.int(50, 180) * DAY);
      }
      const end = start + (7 * weeks - 3) * DAY;
      const capacity = R.int(2, 8);
      const pattern = D.TITLE_PATTERNS[(k + fi) % D.TITLE_PATTERNS.length];
      const title = `${fill(pattern, { s: D.SPECIALTY_SHORT[specialty] })} – ${termOf(start)}`;
      const plan: PlacementPlan = {
        id: randomUUID(),
        facilityIndex: fi,
        departmentName: dept.name,
        specialty,
        title,
        kind,
        start,
        end,
        capacity,
        target: targetFor(R, kind, capacity),
        approved: 0,
      };
      plans.push(plan);
      const requirements = [
        "BLS certification",
        ...R.some(D.BASE_REQUIREMENTS.slice(1), R.int(2, 4)),
        ...R.some(D.SPECIALTY_REQUIREMENTS[specialty], R.int(1, 2)),
      ];
      const description = [
        D.SPECIALTY_FOCUS[specialty],
        `The group is based on ${dept.name}.`,
        R.pick(D.SHIFT_PATTERNS),
        R.pick(D.DESCRIPTION_CLOSINGS),
      ].join(" ");
      const createdAt =
        kind === "draft"
          ? nowMs - R.int(1, 20) * DAY
          : Math.min(start - R.int(70, 110) * DAY, nowMs - R.int(50, 90) * DAY);
      rows.push(
        placementRow(orgs.facilities[fi].id, {
          id: plan.id,
          departmentId: dept.id,
          title,
          specialty,
          description,
          requirements,
          startDate: dayString(start),
          endDate: dayString(end),
          capacity,
          slotsFilled: 0,
          minGpa: D.MIN_GPA_BY_SPECIALTY[specialty] ?? null,
          applicationDeadline: deadlineFor(kind, start, k + fi),
          status: kind === "draft" ? "draft" : kind === "past" ? "closed" : "active",
          createdAt: at(createdAt),
          updatedAt: at(createdAt),
        }),
      );
    }
  });
  return { plans, rows };
}

/**
 * Issue 15: most rotations take applications until 2, 3 or 4 weeks before they start (by their
 * place in the cycle, so the world stays the same for the same seed; no random draw is added).
 * Rotations starting within three weeks ("soon") keep none, so they stay open to applications
 * until they start; an upcoming one's deadline is always at least a week away.
 */
function deadlineFor(kind: Kind, start: number, n: number): string | null {
  if (kind === "soon") return null;
  return dayString(start - (14 + 7 * (n % 3)) * DAY);
}

/** Each placement's filled slots are its approved applications (D8). */
export function fillSlots(rows: PlacementRow[], plans: PlacementPlan[]) {
  rows.forEach((row, i) => {
    row.slotsFilled = plans[i].approved;
  });
}

/**
 * Issue 9: on no day may a department's placements hold more seats than it has (an active one
 * holds its capacity, a closed one its approved students). Where the drawn capacity is short, the
 * department gets the seats its placements need (no random draw here: the world stays the same).
 */
export function fitDepartmentCapacities(departmentRows: DepartmentRow[], placementRows: PlacementRow[]) {
  for (const dept of departmentRows) {
    const claims = placementRows
      .filter((r) => r.departmentId === dept.id && r.status !== "draft")
      .map((r) => ({
        startDate: r.startDate,
        endDate: r.endDate,
        seats: r.status === "active" ? r.capacity : (r.slotsFilled ?? 0),
      }));
    const days = claims.flatMap((c) => [c.startDate, c.endDate]).sort();
    const [first, last] = [days[0], days.at(-1)];
    if (first && last) dept.capacity = Math.max(dept.capacity ?? 0, peakSeats(claims, first, last));
  }
}
