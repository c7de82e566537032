import { sql } from "drizzle-orm";
import { AGREEMENT_REMINDER_DAYS, agreementReminderWindow } from "../../../domain/agreements";
import { daysBetween } from "../../../domain/compliance";
import type { Db } from "../../db/client";
import { mailHtml } from "../../lib/mail";
import { enqueueMail } from "../../lib/mail-queue";

// Expiry reminders (issue 17): 90, 30 and 7 days before a signed agreement's end date, to the
// coordinators of both its program and its facility, through the mail queue (ADR 015). Each mail's
// dedupe key names the agreement, the window and the recipient, so every scan (hourly, on any
// number of instances, run twice) enqueues it once.

export const agreementReminderKey = (agreementId: string, window: number, userId: string) =>
  `reminder:agreement:${agreementId}:${window}:${userId}`;

type Row = {
  agreement_id: string;
  title: string;
  end_date: string;
  program_name: string;
  facility_name: string;
  side: "program" | "facility";
  user_id: string;
  email: string;
  name: string;
};

/** The scan of `today`: returns how many reminders were new. */
export async function scanExpiringAgreements(db: Db, opts: { today: string; appUrl: string }): Promise<number> {
  const furthest = Math.max(...AGREEMENT_REMINDER_DAYS);
  const result = await db.execute(sql`
    select ag.id as agreement_id, ag.title, to_char(ag.end_date, 'YYYY-MM-DD') as end_date,
           p.name as program_name, f.name as facility_name, o.kind as side,
           u.id as user_id, u.email, u.name
      from affiliation_agreements ag
      join organizations p on p.id = ag.program_id
      join organizations f on f.id = ag.facility_id
      join memberships m on m.organization_id in (ag.program_id, ag.facility_id) and m.role = 'coordinator'
      join organizations o on o.id = m.organization_id
      join users u on u.id = m.user_id
     where ag.stage = 'executed'
       and ag.end_date > ${opts.today}::date and ag.end_date <= ${opts.today}::date + ${furthest}::int
     order by ag.end_date, ag.id, u.id`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  let created = 0;
  for (const row of rows) {
    const daysLeft = daysBetween(opts.today, row.end_date);
    const window = agreementReminderWindow(daysLeft);
    if (window === null) continue;
    const path = row.side === "program" ? "/agreements" : "/dashboard/facility/agreements";
    const link = `${opts.appUrl}${path}?status=expiring`;
    const other = row.side === "program" ? row.facility_name : row.program_name;
    const subject = `Affiliation agreement with ${other} ends in ${daysLeft} day${daysLeft === 1 ? "" : "s"}`;
    const lines = [
      `Hello ${row.name},`,
      `The affiliation agreement "${row.title}" between ${row.program_name} and ${row.facility_name} ends on ${row.end_date}, in ${daysLeft} day${daysLeft === 1 ? "" : "s"}.`,
      "Renew it (a new agreement with its signed document) before then: a facility that requires an agreement refuses applications not covered by one.",
    ];
    const isNew = await enqueueMail(
      db,
      {
        to: row.email,
        subject,
        text: `${lines.join("\n\n")}\n\nYour agreements: ${link}`,
        html: mailHtml(subject, lines, { label: "Open agreements", url: link }),
        link,
      },
      { dedupeKey: agreementReminderKey(row.agreement_id, window, row.user_id) },
    );
    if (isNew) created += 1;
  }
  return created;
}
