import { sql } from "drizzle-orm";
import { EVALUATION_PHASE_LABELS, type ReminderWindow, reminderDue } from "../../../domain/evaluations";
import type { Db } from "../../db/client";
import { mailHtml } from "../../lib/mail";
import { enqueueMail } from "../../lib/mail-queue";
import { openDueEvaluations } from "./open";

// The daily evaluations scan (issue 17): opens the evaluations whose phase opened, then mails the
// people who owe one: the rotation's preceptors for the evaluation of the student (the facility's
// coordinators while none is assigned), the student for the evaluation of the site. Each window
// (when it opens, 3 days before due, overdue) is mailed once: `last_reminder` remembers the last
// one sent and each mail's dedupe key names the evaluation, the window and the recipient, so scans
// run twice, or on several instances at once, send nothing more.

export const evaluationReminderKey = (evaluationId: string, window: ReminderWindow, userId: string) =>
  `reminder:evaluation:${evaluationId}:${window}:${userId}`;

type Row = {
  evaluation_id: string;
  kind: "student" | "site";
  phase: "midpoint" | "final";
  due_date: string;
  last_reminder: string | null;
  student_name: string;
  placement_title: string;
  facility_name: string;
  user_id: string;
  email: string;
  name: string;
  via: "preceptor" | "facility" | "student";
};

const PAGES = {
  preceptor: "/dashboard/preceptor/evaluations",
  facility: "/dashboard/facility/evaluations",
  student: "/student/evaluations",
} as const;

const SUBJECTS: Record<ReminderWindow, (what: string) => string> = {
  open: (what) => `${what} is open`,
  "due-3": (what) => `${what} is due soon`,
  overdue: (what) => `${what} is overdue`,
};

/** The scan of `today`: returns how many evaluations opened and how many reminders were new. */
export async function scanEvaluations(
  db: Db,
  opts: { today: string; appUrl: string },
): Promise<{ opened: number; reminders: number }> {
  const opened = await openDueEvaluations(db, opts.today);
  const result = await db.execute(sql`
    select e.id as evaluation_id, e.kind, e.phase, to_char(e.due_date, 'YYYY-MM-DD') as due_date, e.last_reminder,
           s.first_name || ' ' || s.last_name as student_name, pl.title as placement_title, f.name as facility_name,
           r.user_id, r.email, r.name, r.via
      from evaluations e
      join students s on s.id = e.student_id
      join applications a on a.id = e.application_id
      join placements pl on pl.id = a.placement_id
      join organizations f on f.id = e.facility_id
      join lateral (
        select u.id as user_id, u.email, u.name, 'preceptor' as via
          from rotation_preceptors rp join users u on u.id = rp.user_id
         where e.kind = 'student' and rp.application_id = e.application_id
        union
        select u.id, u.email, u.name, 'facility'
          from memberships m
          join users u on u.id = m.user_id
          join user_roles ur on ur.user_id = u.id and ur.role = 'facility'
         where e.kind = 'student' and m.organization_id = e.facility_id and m.role = 'coordinator'
           and not exists (select 1 from rotation_preceptors rp2 where rp2.application_id = e.application_id)
        union
        select u.id, u.email, u.name, 'student'
          from student_users su join users u on u.id = su.user_id
         where e.kind = 'site' and su.student_id = e.student_id
      ) r on true
     where e.status = 'pending' and a.status = 'approved'
     order by e.due_date, e.id, r.user_id`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  let reminders = 0;
  const sentWindows = new Map<string, ReminderWindow>();
  for (const row of rows) {
    const window = reminderDue(row.due_date, row.last_reminder, opts.today);
    if (window === null) continue;
    sentWindows.set(row.evaluation_id, window);
    const phase = EVALUATION_PHASE_LABELS[row.phase].toLowerCase();
    const what =
      row.kind === "student"
        ? `The ${phase} evaluation of ${row.student_name}`
        : `Your ${phase} evaluation of ${row.facility_name}`;
    const subject = SUBJECTS[window](what);
    const link = `${opts.appUrl}${PAGES[row.via]}`;
    const lines = [
      `Hello ${row.name},`,
      row.kind === "student"
        ? `${what} (${row.placement_title} at ${row.facility_name}) is ${window === "overdue" ? "overdue: it was due" : "due"} on ${row.due_date}.`
        : `${what} (${row.placement_title}) is ${window === "overdue" ? "overdue: it was due" : "due"} on ${row.due_date}. Your answers are shown to the facility only with those of at least four other students, without your name.`,
      "It takes a few minutes: open it, answer the questions and submit.",
    ];
    const isNew = await enqueueMail(
      db,
      {
        to: row.email,
        subject,
        text: `${lines.join("\n\n")}\n\nOpen your evaluations: ${link}`,
        html: mailHtml(subject, lines, { label: "Open evaluations", url: link }),
        link,
      },
      { dedupeKey: evaluationReminderKey(row.evaluation_id, window, row.user_id) },
    );
    if (isNew) reminders += 1;
  }
  for (const [id, window] of sentWindows) {
    await db.execute(sql`update evaluations set last_reminder = ${window} where id = ${id} and status = 'pending'`);
  }
  return { opened, reminders };
}
