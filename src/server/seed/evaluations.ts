import {
  DEFAULT_SITE_FORM,
  DEFAULT_STUDENT_FORM,
  type EvaluationAnswer,
  type EvaluationQuestion,
  PERFORMANCE_SCALE,
} from "../../domain/evaluations";
import type { evaluations, evaluationTemplates, programEvaluationSettings } from "../db/schema/rotations";
import type { DemoAccounts } from "./accounts";
import type { ApplicationRow } from "./applications";
import type { DemoOrganizations } from "./organizations";
import type { PlacementPlan } from "./placements";
import { at, type Clock, DAY, dayString, HOUR } from "./random";
import { DEMO_EVALUATION_COMMENT } from "./rotation-records";
import type { StudentPlan } from "./students";

// The demo world's evaluations (issue 17), in every state: open, due soon, overdue and submitted
// for both kinds; at least five submitted site evaluations of the first facility (facility@demo.test)
// so its anonymous summary shows; student@demo.test has a submitted evaluation of her and an open
// evaluation of the site of her finished rotation. The first program has a form of its own and
// asks for midpoint evaluations. Deterministic: no draw from the PRNG, dates relative to today.

type EvaluationRow = typeof evaluations.$inferInsert;
type TemplateRow = typeof evaluationTemplates.$inferInsert;
type SettingsRow = typeof programEvaluationSettings.$inferInsert;
export type EvaluationPlan = { rows: EvaluationRow[]; templates: TemplateRow[]; settings: SettingsRow[] };

type State = "open" | "due_soon" | "overdue" | "submitted";

const STUDENT_COMMENTS = {
  strengths: [
    "Prepared for every shift and quick to ask the right questions.",
    "Calm with anxious patients; explains procedures clearly.",
    "Thorough assessments and a good eye for subtle changes.",
  ],
  improve: [
    "Prioritising when several patients need care at once.",
    "Speaking up sooner in interdisciplinary rounds.",
    "Charting within the hour after care is given.",
  ],
  overall: ["Ready for the next level of clinical practice.", "", "A pleasure to precept."],
};
const SITE_COMMENTS = [
  "The unit educator made us feel part of the team from day one.",
  "Busy unit with great variety; parking was hard to find.",
  "My preceptor let me take the lead with patients once I was ready.",
  "Orientation could include the charting system earlier.",
  "Staff were patient with questions even on hectic days.",
  "",
];

/** Deterministic answers to `questions`: ratings around 4, a comment from `comments`. */
function answersTo(questions: readonly EvaluationQuestion[], seed: number, comment: (id: string) => string) {
  const out: EvaluationAnswer[] = [];
  questions.forEach((q, i) => {
    if (q.type === "rating") out.push({ questionId: q.id, rating: Math.min(q.scale, 3 + ((seed + i) % 3)) });
    else {
      const text = comment(q.id);
      if (text) out.push({ questionId: q.id, comment: text });
    }
  });
  return out;
}

/** The first program's own short form (in use for its evaluations of students). */
const PROGRAM_FORM: { name: string; questions: EvaluationQuestion[] } = {
  name: "Senior practicum performance review",
  questions: [
    {
      id: "safety",
      type: "rating",
      section: "Practice",
      label: "Practises safely and within the student's scope",
      scale: 5,
      scaleLabels: PERFORMANCE_SCALE,
      required: true,
    },
    {
      id: "judgment",
      type: "rating",
      section: "Practice",
      label: "Uses clinical judgment to set priorities",
      scale: 5,
      scaleLabels: PERFORMANCE_SCALE,
      required: true,
    },
    {
      id: "teamwork",
      type: "rating",
      section: "Practice",
      label: "Works as a member of the care team",
      scale: 4,
      scaleLabels: ["Not yet", "Sometimes", "Usually", "Always"],
      required: true,
    },
    { id: "strengths", type: "comment", section: "Summary", label: "Strengths", required: true },
    { id: "goals", type: "comment", section: "Summary", label: "Goals for the next rotation", required: true },
  ],
};

export function planEvaluations(w: {
  clock: Clock;
  orgs: DemoOrganizations;
  accounts: DemoAccounts;
  placements: PlacementPlan[];
  students: StudentPlan[];
  applications: ApplicationRow[];
  /** The approved applications' ids as inserted (the rows carry none): by student and placement. */
  approvedIds: readonly { id: string; studentId: string; placementId: string }[];
}): EvaluationPlan {
  const { clock, orgs, accounts } = w;
  const day = (offset: number) => dayString(clock.today + offset * DAY);
  const placementById = new Map(w.placements.map((p) => [p.id, p]));
  const studentById = new Map(w.students.map((s) => [s.id, s]));
  const demoStudent = w.students.find((s) => s.demo);
  // Rotations whose final evaluation has opened: ended, or ending within the week. Latest first.
  const idOf = new Map(w.approvedIds.map((a) => [`${a.studentId}:${a.placementId}`, a.id]));
  const first = orgs.programs[0];
  type Rotation = {
    a: ApplicationRow & { id: string };
    p: PlacementPlan;
    phase: "midpoint" | "final";
    day: number;
    /** The application's place in the plan: ties broken by it, not by random ids (the same world every run). */
    order: number;
  };
  // Rotations whose final evaluation has opened (ended, or ending within the week), and the first
  // program's current rotations past their middle day (it asks for midpoint evaluations). Latest first.
  const rotations: Rotation[] = [];
  for (const [order, a] of w.applications.entries()) {
    const id = idOf.get(`${a.studentId}:${a.placementId}`);
    const p = placementById.get(a.placementId);
    if (a.status !== "approved" || !id || !p) continue;
    const middle = p.start + Math.floor(Math.round((p.end - p.start) / DAY) / 2) * DAY;
    if (p.end <= clock.today + 7 * DAY) rotations.push({ a: { ...a, id }, p, phase: "final", day: p.end, order });
    else if (a.programId === first?.id && middle <= clock.today) {
      rotations.push({ a: { ...a, id }, p, phase: "midpoint", day: middle, order });
    }
  }
  rotations.sort((x, y) => y.day - x.day || x.order - y.order);

  const rows: EvaluationRow[] = [];
  let n = 0;
  let siteComments = 0;
  const add = (
    r: Rotation,
    kind: "student" | "site",
    state: State,
    questions: readonly EvaluationQuestion[],
    name: string,
  ) => {
    n += 1;
    const facilityId = orgs.facilities[r.p.facilityIndex].id;
    const naturalDue = dayString(r.day + 7 * DAY);
    const dueDate =
      state === "open" ? day(10) : state === "due_soon" ? day(2) : state === "overdue" ? day(-4) : naturalDue;
    const submitted = state === "submitted";
    const seed = n;
    const siteComment = SITE_COMMENTS[(submitted && kind === "site" ? siteComments++ : 0) % SITE_COMMENTS.length];
    rows.push({
      applicationId: r.a.id,
      studentId: r.a.studentId,
      programId: r.a.programId,
      facilityId,
      kind,
      phase: r.phase,
      templateName: name,
      questions: [...questions],
      status: submitted ? "submitted" : "pending",
      dueDate,
      answers: submitted
        ? answersTo(questions, seed, (id) =>
            kind === "site"
              ? siteComment
              : id === "strengths" && studentById.get(r.a.studentId)?.demo
                ? DEMO_EVALUATION_COMMENT // the rotation record's demo reads it back (seed/rotation-records.ts)
                : (STUDENT_COMMENTS[id as keyof typeof STUDENT_COMMENTS] ?? STUDENT_COMMENTS.strengths)[seed % 3],
          )
        : null,
      // A site evaluation's author is the student's account (only the demo student has one).
      submittedBy: !submitted
        ? null
        : kind === "student"
          ? accounts.user(`facility:${r.p.facilityIndex}`)
          : studentById.get(r.a.studentId)?.demo
            ? accounts.user("student")
            : null,
      submittedAt: submitted
        ? at(Math.min(r.day + 3 * DAY + 14 * HOUR + (seed % 7) * 37 * 60_000, clock.nowMs - DAY))
        : null,
      lastReminder: state === "overdue" ? "overdue" : state === "due_soon" ? "due-3" : state === "open" ? "open" : null,
      createdAt: at(Math.min(r.day - (r.phase === "final" ? 7 * DAY : 0), clock.nowMs - DAY)),
      updatedAt: at(clock.nowMs - DAY),
    });
  };

  const STUDENT_STATES: State[] = ["submitted", "overdue", "due_soon", "open"];
  const SITE_STATES: State[] = ["open", "submitted", "overdue", "due_soon"];
  let siteSubmittedAtFirst = 0;
  let openAtFirst = false;
  let cycle = 0;
  for (const r of rotations) {
    const isDemo = demoStudent !== undefined && r.a.studentId === demoStudent.id;
    const long = r.day + 7 * DAY < clock.today - 30 * DAY;
    let studentState: State;
    let siteState: State;
    if (isDemo) {
      // The demo student's evaluation is in; the site's is hers to do.
      studentState = "submitted";
      siteState = "open";
    } else if (long) {
      studentState = "submitted";
      siteState = "submitted";
    } else {
      studentState = STUDENT_STATES[cycle % STUDENT_STATES.length];
      siteState = SITE_STATES[cycle % SITE_STATES.length];
      cycle += 1;
    }
    // facility@demo.test always has a student evaluation to fill, whatever the cycle gave it.
    if (!isDemo && !long && r.p.facilityIndex === 0 && !openAtFirst) studentState = "open";
    if (studentState === "open" && r.p.facilityIndex === 0) openAtFirst = true;
    // facility@demo.test's site summary shows from five.
    if (!isDemo && r.p.facilityIndex === 0 && siteSubmittedAtFirst < 6) siteState = "submitted";
    if (siteState === "submitted" && r.p.facilityIndex === 0) siteSubmittedAtFirst += 1;
    add(r, "student", studentState, DEFAULT_STUDENT_FORM.questions, DEFAULT_STUDENT_FORM.name);
    add(r, "site", siteState, DEFAULT_SITE_FORM.questions, DEFAULT_SITE_FORM.name);
  }

  return {
    rows,
    templates: first
      ? [
          {
            programId: first.id,
            kind: "student",
            name: PROGRAM_FORM.name,
            questions: PROGRAM_FORM.questions,
            active: true,
            createdBy: accounts.user("program:0"),
            createdAt: at(clock.nowMs - 60 * DAY),
            updatedAt: at(clock.nowMs - 60 * DAY),
          },
        ]
      : [],
    settings: first ? [{ programId: first.id, midpoint: true, dueDays: 7, updatedBy: accounts.user("program:0") }] : [],
  };
}
