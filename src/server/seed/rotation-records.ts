import { sql } from "drizzle-orm";
import type { EvaluationAnswer, EvaluationQuestion } from "../../domain/evaluations";
import type { Tx } from "../db/client";
import { evaluations, hourLogs, programHourRequirements } from "../db/schema/rotations";
import { type Clock, DAY, dayString } from "./random";

// The demo world's rotation records (issue 17): enough for the program's Rotation Records page and
// a record PDF worth reading. The demo student's rotation (the current one, else the latest ended
// one) gets a fortnight of hours (approved, one pending, one returned with a note) and the
// preceptor's submitted evaluation; another student of the demo program gets an ended rotation
// complete in hours and both evaluations (its own or the evaluations seed's, none pending). Each only where the world has none yet (the hours and
// evaluations features seed richer data of their own), and the program's default requirement only
// when it has none. Runs in the seed's transaction after the applications; no PRNG draw.

/** The demo's evaluation comment (the e2e reads it back from the record PDF). */
export const DEMO_EVALUATION_COMMENT =
  "Emily prepares thoroughly, communicates clearly with patients and families, and asks for help at the right time.";

const QUESTIONS: EvaluationQuestion[] = [
  { id: "professionalism", type: "rating", label: "Professionalism", scale: 5, required: true, section: "Practice" },
  { id: "safety", type: "rating", label: "Patient safety", scale: 5, required: true, section: "Practice" },
  { id: "judgment", type: "rating", label: "Clinical judgment", scale: 5, required: true, section: "Practice" },
  { id: "communication", type: "rating", label: "Communication", scale: 5, required: true, section: "Practice" },
  { id: "strengths", type: "comment", label: "Strengths", required: false, section: "Comments" },
  { id: "improve", type: "comment", label: "Areas to improve", required: false, section: "Comments" },
];
const SITE_QUESTIONS: EvaluationQuestion[] = [
  { id: "orientation", type: "rating", label: "Orientation to the unit", scale: 5, required: true },
  { id: "support", type: "rating", label: "Preceptor support", scale: 5, required: true },
  { id: "comments", type: "comment", label: "Comments", required: false },
];

type Rotation = {
  id: string;
  student_id: string;
  program_id: string;
  facility_id: string;
  start_date: string;
  end_date: string;
  reviewed_by: string | null;
};

async function rows<T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

const SELECT = sql`select a.id, a.student_id, a.program_id, p.facility_id, a.reviewed_by,
  to_char(p.start_date, 'YYYY-MM-DD') as start_date, to_char(p.end_date, 'YYYY-MM-DD') as end_date
  from applications a join placements p on p.id = a.placement_id`;

/** Weekdays from the rotation's first day, up to `count`, never after `last`. */
function workdays(r: Rotation, last: string, count: number): string[] {
  const days: string[] = [];
  for (let ms = Date.parse(`${r.start_date}T00:00:00Z`); days.length < count; ms += DAY) {
    const day = dayString(ms);
    if (day > last || day > r.end_date) break;
    const weekday = new Date(ms).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(day);
  }
  return days;
}

async function hasHours(tx: Tx, id: string) {
  return (await rows(tx, sql`select 1 from hour_logs where application_id = ${id} limit 1`)).length > 0;
}

function logRows(r: Rotation, days: string[], statusOf: (i: number) => "approved" | "submitted" | "returned") {
  return days.map((workDate, i) => {
    const status = statusOf(i);
    return {
      applicationId: r.id,
      studentId: r.student_id,
      programId: r.program_id,
      facilityId: r.facility_id,
      workDate,
      startMinute: 7 * 60,
      minutes: 8 * 60,
      categories: i % 3 === 0 ? ["Direct patient care", "Assessment"] : ["Direct patient care", "Documentation"],
      reflection: i === 0 ? "First day: orientation to the unit and its routines." : null,
      status,
      reviewedBy: status === "submitted" ? null : r.reviewed_by,
      reviewedAt: status === "submitted" ? null : new Date(`${workDate}T18:00:00Z`),
      reviewNote: status === "returned" ? "Please correct the end time: the shift ended at 13:00." : null,
    };
  });
}

function evaluationRow(
  r: Rotation,
  kind: "student" | "site",
  answers: EvaluationAnswer[],
  submittedBy: string | null,
  due: string,
) {
  return {
    applicationId: r.id,
    studentId: r.student_id,
    programId: r.program_id,
    facilityId: r.facility_id,
    kind,
    phase: "final" as const,
    templateName: kind === "student" ? "Clinical performance evaluation" : "Evaluation of the clinical site",
    questions: kind === "student" ? QUESTIONS : SITE_QUESTIONS,
    answers,
    status: "submitted" as const,
    dueDate: due,
    submittedBy,
    submittedAt: new Date(`${due}T15:00:00Z`),
  };
}

/** Returns how many hour entries it added (the seed's counts). */
export async function seedRotationRecords(tx: Tx, w: { clock: Clock; demoStudentId: string }): Promise<number> {
  let added = 0;
  const today = dayString(w.clock.today);
  const yesterday = dayString(w.clock.today - DAY);
  // The demo student's rotation: the current one, else the one that ended last.
  const [mine] = await rows<Rotation>(
    tx,
    sql`${SELECT} where a.student_id = ${w.demoStudentId} and a.status = 'approved' and p.start_date <= ${today}
      order by (p.end_date >= ${today}) desc, p.end_date desc limit 1`,
  );
  if (!mine) return added;
  await tx.insert(programHourRequirements).values({ programId: mine.program_id, hours: 90 }).onConflictDoNothing();
  if (!(await hasHours(tx, mine.id))) {
    const days = workdays(mine, yesterday, 12);
    added += days.length;
    await tx
      .insert(hourLogs)
      .values(
        logRows(mine, days, (i) =>
          i === days.length - 1 ? "submitted" : i === days.length - 2 ? "returned" : "approved",
        ),
      );
  }
  const due = dayString(Math.min(Date.parse(`${mine.end_date}T00:00:00Z`) + 7 * DAY, w.clock.today - DAY));
  await tx
    .insert(evaluations)
    .values(
      evaluationRow(
        mine,
        "student",
        [
          { questionId: "professionalism", rating: 5 },
          { questionId: "safety", rating: 4 },
          { questionId: "judgment", rating: 4 },
          { questionId: "communication", rating: 5 },
          { questionId: "strengths", comment: DEMO_EVALUATION_COMMENT },
          { questionId: "improve", comment: "Prioritising when several patients need her at once." },
        ],
        mine.reviewed_by,
        due,
      ),
    )
    .onConflictDoNothing();

  // Another student of the program whose ended rotation is complete: hours and both evaluations.
  const [done] = await rows<Rotation>(
    tx,
    sql`${SELECT} join students s on s.id = a.student_id
      where a.program_id = ${mine.program_id} and a.student_id <> ${w.demoStudentId} and a.status = 'approved'
        and p.end_date < ${today} and (p.end_date - p.start_date) >= 20
        and not exists (select 1 from hour_logs h where h.application_id = a.id)
        and not exists (select 1 from evaluations e where e.application_id = a.id and e.status = 'pending')
      order by p.end_date desc, s.last_name, s.first_name, a.id limit 1`,
  );
  if (!done) return added;
  const doneDays = workdays(done, yesterday, 15);
  added += doneDays.length;
  await tx.insert(hourLogs).values(logRows(done, doneDays, () => "approved"));
  const doneDue = dayString(Math.min(Date.parse(`${done.end_date}T00:00:00Z`) + 7 * DAY, w.clock.today - DAY));
  const rated = (ids: string[], rating: number) => ids.map((questionId) => ({ questionId, rating }));
  await tx
    .insert(evaluations)
    .values([
      evaluationRow(
        done,
        "student",
        [
          ...rated(["professionalism", "safety", "judgment", "communication"], 4),
          { questionId: "strengths", comment: "Reliable, kind and well organised." },
        ],
        done.reviewed_by,
        doneDue,
      ),
      evaluationRow(
        done,
        "site",
        [...rated(["orientation", "support"], 5), { questionId: "comments", comment: "A welcoming unit." }],
        null,
        doneDue,
      ),
    ])
    .onConflictDoNothing();
  return added;
}
