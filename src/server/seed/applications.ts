import type { applications } from "../db/schema/applications";
import { applicationRow } from "../factories/applications";
import type { DemoAccounts } from "./accounts";
import * as D from "./data";
import type { DemoOrganizations } from "./organizations";
import type { Kind, PlacementPlan } from "./placements";
import { at, type Clock, DAY, HOUR, type Random } from "./random";
import type { StudentPlan } from "./students";

// Applications in every status. Approved ones fill each placement up to its planned level, never
// over capacity, never two overlapping approved rotations for one student.

export type ApplicationStatus = "pending" | "approved" | "rejected" | "withdrawn";
export type ApplicationRow = typeof applications.$inferInsert;

type World = {
  R: Random;
  clock: Clock;
  orgs: DemoOrganizations;
  accounts: DemoAccounts;
  placements: PlacementPlan[];
  students: StudentPlan[];
};

export function planApplications(w: World): ApplicationRow[] {
  const { R, orgs, accounts } = w;
  const { nowMs } = w.clock;
  const rows: ApplicationRow[] = [];
  const decidedSubmit = (p: PlacementPlan) =>
    Math.min(p.start - R.int(20, 60) * DAY, nowMs - R.int(2, 45) * DAY) - R.int(0, 9) * HOUR;
  const reviewAfter = (submitted: number) =>
    Math.min(submitted + R.int(1, 6) * DAY + R.int(0, 8) * HOUR, nowMs - R.int(1, 5) * HOUR);

  function add(s: StudentPlan, p: PlacementPlan, status: ApplicationStatus, submittedAt: number) {
    const facilityUser = accounts.user(`facility:${p.facilityIndex}`);
    const values: Omit<ApplicationRow, "studentId" | "programId" | "placementId"> = {
      status,
      notes: R.next() < 0.3 ? R.pick(D.APPLICATION_NOTES) : null,
      submittedBy: s.demo ? accounts.user("student") : accounts.user(`program:${s.programIndex}`),
      submittedAt: at(submittedAt),
    };
    if (status === "approved" || status === "rejected") {
      values.reviewedAt = at(reviewAfter(submittedAt));
      values.reviewedBy = facilityUser;
      values.reviewNotes = R.pick(status === "approved" ? D.APPROVAL_NOTES : D.REJECTION_NOTES);
    }
    if (status === "withdrawn") {
      let base = submittedAt;
      if (R.next() < 0.35) {
        // Approved first, then withdrawn by the program: the slot was freed again.
        base = reviewAfter(submittedAt);
        values.reviewedAt = at(base);
        values.reviewedBy = facilityUser;
        values.reviewNotes = R.pick(D.APPROVAL_NOTES);
      }
      values.withdrawnAt = at(
        Math.max(base + HOUR / 2, Math.min(base + R.int(1, 10) * DAY, nowMs - R.int(1, 6) * HOUR)),
      );
    }
    if (status === "approved") {
      p.approved++;
      s.approved.push([p.start, p.end]);
    }
    s.applied.add(p.id);
    s.applications++;
    rows.push(applicationRow({ id: s.id, programId: orgs.programs[s.programIndex].id }, p.id, values));
  }

  demoStudentApplications(w, add, decidedSubmit);
  approvedApplications(w, add, decidedSubmit);
  otherApplications(w, add, decidedSubmit);
  return rows;
}

type Add = (s: StudentPlan, p: PlacementPlan, status: ApplicationStatus, submittedAt: number) => void;

/** student@demo.test: a finished rotation, one starting soon, and one of every other status. */
function demoStudentApplications(w: World, add: Add, decidedSubmit: (p: PlacementPlan) => number) {
  const { R, orgs, placements: plans } = w;
  const demoStudent = w.students[0];
  type Pred = (p: PlacementPlan) => boolean;
  // The first placement that matches the first predicate that finds one.
  const mine = (...preds: Pred[]) => {
    for (const pred of preds) {
      const found = plans.find((p) => pred(p) && !demoStudent.applied.has(p.id));
      if (found) return found;
    }
    return undefined;
  };
  const mercy =
    (kind: Kind): Pred =>
    (p) =>
      p.facilityIndex === 0 && p.kind === kind;
  const prairie: Pred = (p) => p.facilityIndex === 1;
  const nearby: Pred = (p) => orgs.facilities[p.facilityIndex].region === orgs.programs[0].region;
  const children: Pred = (p) => p.specialty === "Pediatrics" || p.specialty === "Neonatal ICU (NICU)";
  const both =
    (...preds: Pred[]): Pred =>
    (p) =>
      preds.every((pred) => pred(p));
  const kind =
    (k: Kind): Pred =>
    (p) =>
      p.kind === k;
  // Pediatrics is their interest; they stay near Chicago.
  const wanted: Array<[() => PlacementPlan | undefined, ApplicationStatus]> = [
    [() => mine(mercy("past")), "approved"],
    [() => mine(both(mercy("soon"), children), mercy("soon")), "approved"],
    [() => mine(both(prairie, kind("upcoming"), children), both(prairie, kind("upcoming"))), "pending"],
    [() => mine(mercy("upcoming")), "pending"],
    [() => mine(mercy("upcoming"), kind("upcoming")), "rejected"],
    [() => mine(both(prairie, kind("soon")), both(nearby, kind("soon")), kind("soon")), "withdrawn"],
  ];
  for (const [find, status] of wanted) {
    const p = find();
    if (!p) continue;
    if (status === "approved") p.target = Math.max(p.target, p.approved + 1);
    const submitted = status === "pending" ? w.clock.nowMs - R.int(1, 6) * DAY : decidedSubmit(p);
    add(demoStudent, p, status, submitted);
  }
}

/** Ranks students for a placement: same region, same specialty, compliant, fewer applications first. */
function ranked(w: World, p: PlacementPlan, pool: StudentPlan[]) {
  const region = w.orgs.facilities[p.facilityIndex].region;
  return pool
    .map((s) => ({
      s,
      score:
        (s.region === region ? 0 : 2.5) +
        (s.specialty === p.specialty ? 0 : 1) +
        (s.compliance === "compliant" ? 0 : 0.7) +
        s.applications * 0.3 +
        w.R.next() * 2,
    }))
    .sort((a, b) => a.score - b.score)
    .map((x) => x.s);
}

const livePlacements = (w: World) => w.placements.filter((p) => p.kind !== "draft").sort((a, b) => a.start - b.start);

/** Each placement filled to its planned level, by a program submitting its students in one batch. */
function approvedApplications(w: World, add: Add, decidedSubmit: (p: PlacementPlan) => number) {
  const eligible = w.students.filter((s) => s.eligible);
  const overlaps = (s: StudentPlan, p: PlacementPlan) => s.approved.some(([a, b]) => a <= p.end && p.start <= b);
  for (const p of livePlacements(w)) {
    const need = Math.min(p.target, p.capacity) - p.approved;
    if (need <= 0) continue;
    // A program submits its students for a rotation in one batch, within a few days.
    const batch = decidedSubmit(p);
    const pool = eligible.filter(
      (s) => s.compliance !== "incomplete" && !s.applied.has(p.id) && s.createdAt < batch - 4 * DAY && !overlaps(s, p),
    );
    for (const s of ranked(w, p, pool).slice(0, need)) add(s, p, "approved", batch - w.R.int(0, 72) * HOUR);
  }
}

/** Pending ones on rotations still open, some rejected and withdrawn ones everywhere. */
function otherApplications(w: World, add: Add, decidedSubmit: (p: PlacementPlan) => number) {
  const { R } = w;
  const eligible = w.students.filter((s) => s.eligible);
  for (const p of livePlacements(w)) {
    const full = p.approved >= p.capacity;
    const open = p.kind === "soon" || p.kind === "upcoming";
    const pending = !open ? 0 : full ? R.int(0, 1) : p.facilityIndex === 0 ? R.int(1, 3) : R.int(0, 3);
    const rejected = R.next() < 0.5 ? 0 : R.int(1, 2);
    const withdrawn = R.next() < 0.3 ? 1 : 0;
    const statuses: ApplicationStatus[] = [
      ...Array<ApplicationStatus>(pending).fill("pending"),
      ...Array<ApplicationStatus>(rejected).fill("rejected"),
      ...Array<ApplicationStatus>(withdrawn).fill("withdrawn"),
    ];
    for (const status of statuses) {
      const submitted =
        status === "pending" ? w.clock.nowMs - R.int(0, 13) * DAY - R.int(1, 20) * HOUR : decidedSubmit(p);
      const pool = eligible.filter((s) => !s.applied.has(p.id) && s.createdAt < submitted - DAY);
      const [s] = ranked(w, p, pool);
      if (s) add(s, p, status, submitted);
    }
  }
}
