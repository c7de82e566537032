import { sql } from "drizzle-orm";
import { daysBetween } from "../../../domain/compliance";
import { SETTING_DEFAULTS } from "../../../domain/platform-settings";
import type { Db } from "../../db/client";
import { mailHtml } from "../../lib/mail";
import { enqueueMail } from "../../lib/mail-queue";
import { renewedDocuments } from "./records";

// Compliance reminders (issue 12), run by the job queue (ADR 015). Each reminder is a `mail.send`
// job whose dedupe key names the document and the window, so it is enqueued once whoever scans,
// however often and on however many instances.

/**
 * A reminder window: days left until `expires_on` (its last valid day) when it goes out; 0 is the
 * expiry reminder. The days before expiry are the platform setting `reminderWindows` (issue 14).
 */
export type ReminderWindow = number;

/** The windows before the setting existed, and its default. */
export const DEFAULT_REMINDER_WINDOWS: readonly number[] = SETTING_DEFAULTS.reminderWindows;

/** Days after expiry during which a missed "has expired" reminder is still sent (a scan that did not run). */
export const EXPIRED_REMINDER_GRACE_DAYS = 7;

/** `reminderWindowIn` with the default windows (30 and 7 days). */
export function reminderWindow(daysLeft: number): ReminderWindow | null {
  return reminderWindowIn(DEFAULT_REMINDER_WINDOWS, daysLeft);
}

/**
 * Which reminder is due with `daysLeft` days until the last valid day: the smallest window that is
 * at least `daysLeft` (with 30 and 7: the 30-day one when 7 < days ≤ 30, the 7-day one when
 * 0 < days ≤ 7), the expiry one from that day until a week after. A window that had already passed
 * when the document arrived is never sent late: an item with 5 days left gets the 7-day reminder,
 * not the 30-day one.
 */
export function reminderWindowIn(windows: readonly number[], daysLeft: number): ReminderWindow | null {
  if (daysLeft <= 0) return daysLeft >= -EXPIRED_REMINDER_GRACE_DAYS ? 0 : null;
  let due: number | null = null;
  for (const w of windows) if (w >= daysLeft && (due === null || w < due)) due = w;
  return due;
}

export const reminderKey = (documentId: string, window: ReminderWindow) => `reminder:expiry:${documentId}:${window}`;

type ExpiringRow = {
  document_id: string;
  expires_on: string;
  requirement: string;
  first_name: string;
  email: string;
  renewal_in_review: boolean | null;
};

const dayText = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/**
 * The hourly scan: for each approved document in force of an active student expiring within the
 * windows on `today`, enqueues the student's reminder (their account's email, else the roster's).
 * Returns how many reminders were new.
 */
export async function scanExpiringDocuments(
  db: Db,
  opts: { today: string; appUrl: string; windows?: readonly number[] },
): Promise<number> {
  const { today } = opts;
  const windows = opts.windows?.length ? opts.windows : DEFAULT_REMINDER_WINDOWS;
  const furthest = Math.max(...windows);
  // The approved documents in force: current ones, and those a renewal under review (or rejected)
  // has not replaced, which the student still stands on until they expire.
  const renewed = renewedDocuments(db, today);
  const result = await db.execute(sql`
    select d.id as document_id, to_char(d.expires_on, 'YYYY-MM-DD') as expires_on, rt.name as requirement,
           s.first_name, coalesce(u.email, s.email) as email, renewal.status = 'submitted' as renewal_in_review
      from compliance_documents d
      join students s on s.id = d.student_id and s.enrollment_status = 'active'
      join requirement_types rt on rt.id = d.requirement_type_id
      left join compliance_documents renewal
        on not d.is_current and renewal.is_current
       and renewal.student_id = d.student_id and renewal.requirement_type_id = d.requirement_type_id
      left join student_users su on su.student_id = s.id
      left join users u on u.id = su.user_id
     where ((d.is_current and d.status = 'approved') or d.id in (select r.id from ${renewed} r))
       and d.expires_on between ${today}::date - ${EXPIRED_REMINDER_GRACE_DAYS}::int and ${today}::date + ${furthest}::int
     order by d.expires_on, d.id`);
  const rows = (result as unknown as { rows: ExpiringRow[] }).rows;
  const link = `${opts.appUrl}/student/compliance`;
  let created = 0;
  for (const row of rows) {
    const expiresOn = dayText(row.expires_on);
    const daysLeft = daysBetween(today, expiresOn);
    const window = reminderWindowIn(windows, daysLeft);
    if (window === null) continue;
    const { subject, lines } = reminderText(
      row.first_name,
      row.requirement,
      expiresOn,
      daysLeft,
      !!row.renewal_in_review,
    );
    const isNew = await enqueueMail(
      db,
      {
        to: row.email,
        subject,
        text: `${lines.join("\n\n")}\n\nYour compliance records: ${link}`,
        html: mailHtml(subject, lines, { label: "Update my records", url: link }),
        link,
      },
      { dedupeKey: reminderKey(row.document_id, window) },
    );
    if (isNew) created += 1;
  }
  return created;
}

function reminderText(firstName: string, requirement: string, expiresOn: string, daysLeft: number, inReview: boolean) {
  const hello = `Hello ${firstName},`;
  const upload = inReview
    ? "Your renewal is awaiting review: this document counts for your placements until then."
    : "Please upload a current document so your facilities keep seeing you as ready.";
  if (daysLeft > 0) {
    const when = daysLeft === 1 ? "tomorrow" : `in ${daysLeft} days`;
    return {
      subject: `Your ${requirement} expires ${when}`,
      lines: [hello, `Your ${requirement} expires ${when}: it is valid through ${expiresOn}.`, upload],
    };
  }
  if (daysLeft === 0) {
    return {
      subject: `Your ${requirement} expires today`,
      lines: [hello, `Your ${requirement} expires today: ${expiresOn} is its last valid day.`, upload],
    };
  }
  return {
    subject: `Your ${requirement} has expired`,
    lines: [
      hello,
      `Your ${requirement} has expired: it was valid through ${expiresOn}.`,
      "Please upload a current document: until then this item counts as expired for your placements.",
    ],
  };
}

type DigestRow = {
  user_id: string;
  email: string;
  name: string;
  program_name: string;
  waiting: number | string;
  oldest_student: string;
  oldest_requirement: string;
  oldest_uploaded_on: string;
};

/**
 * The daily digest: to each coordinator of a program with documents waiting for review (current,
 * submitted, of active students), one mail with the count and the oldest. Returns how many were new.
 */
export async function enqueueReviewDigests(db: Db, opts: { today: string; appUrl: string }): Promise<number> {
  const result = await db.execute(sql`
    with waiting as (
      select s.program_id, count(*) as waiting,
             (array_agg(s.first_name || ' ' || s.last_name order by d.uploaded_at, d.id))[1] as oldest_student,
             (array_agg(rt.name order by d.uploaded_at, d.id))[1] as oldest_requirement,
             to_char(min(d.uploaded_at) at time zone 'UTC', 'YYYY-MM-DD') as oldest_uploaded_on
        from compliance_documents d
        join students s on s.id = d.student_id and s.enrollment_status = 'active'
        join requirement_types rt on rt.id = d.requirement_type_id
       where d.is_current and d.status = 'submitted'
       group by s.program_id
    )
    select u.id as user_id, u.email, u.name, o.name as program_name, w.waiting, w.oldest_student,
           w.oldest_requirement, w.oldest_uploaded_on
      from waiting w
      join organizations o on o.id = w.program_id
      join memberships m on m.organization_id = w.program_id
      join users u on u.id = m.user_id
     order by u.id, o.name`);
  const rows = (result as unknown as { rows: DigestRow[] }).rows;
  const link = `${opts.appUrl}/compliance`;
  // A coordinator of two programs gets one mail listing both.
  const byUser = new Map<string, DigestRow[]>();
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  let created = 0;
  for (const [userId, list] of byUser) {
    const total = list.reduce((n, r) => n + Number(r.waiting), 0);
    const subject = `${total} compliance document${total === 1 ? "" : "s"} waiting for your review`;
    const lines = [
      `Hello ${list[0].name},`,
      ...list.map((r) => {
        const n = Number(r.waiting);
        return `${r.program_name}: ${n} document${n === 1 ? "" : "s"} waiting. The oldest: ${r.oldest_student}'s ${r.oldest_requirement}, uploaded on ${dayText(r.oldest_uploaded_on)}.`;
      }),
      "Students cannot be placed as ready until their documents are approved.",
    ];
    const isNew = await enqueueMail(
      db,
      {
        to: list[0].email,
        subject,
        text: `${lines.join("\n\n")}\n\nReview them: ${link}`,
        html: mailHtml(subject, lines, { label: "Review documents", url: link }),
        link,
      },
      { dedupeKey: `digest:${userId}:${opts.today}` },
    );
    if (isNew) created += 1;
  }
  return created;
}
