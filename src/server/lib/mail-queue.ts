import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { jobs } from "../db/schema/jobs";
import { enqueue, type JobHandler } from "./jobs";
import { type Mail, type Mailer, OUTBOX_COLUMNS, OUTBOX_TABLE } from "./mail";

// Mail through the job queue (ADR 015): a notice about something that was committed (a decision,
// a withdrawal, a reminder) is enqueued with the write and sent by a runner, which retries when the
// SMTP server fails, so the request that made the decision never fails because of mail. Mail that
// carries a secret (a reset or invitation link, a sign-up code) is never queued: the job's payload
// is stored, and a live token must not be (ADR 010). Those are sent directly.

export const MAIL_SEND = "mail.send";

export type QueuedMail = Omit<Mail, "secrets">;

/** Enqueues one mail (inside the caller's transaction when given one). Returns false for a duplicate `dedupeKey`. */
export function enqueueMail(db: DbOrTx, mail: QueuedMail, opts: { dedupeKey?: string } = {}): Promise<boolean> {
  if ("secrets" in mail && (mail as Mail).secrets?.length)
    throw new Error("A mail with secrets is sent directly, never queued (its payload is stored)");
  const { to, subject, text, html, link } = mail;
  return enqueue(db, { kind: MAIL_SEND, payload: { to, subject, text, html, link }, dedupeKey: opts.dedupeKey });
}

/**
 * Enqueues several mails in one statement (a decision's notices to each coordinator and the
 * student: issue 11, one round trip instead of one per person). No dedupe keys.
 */
export async function enqueueMails(db: DbOrTx, mails: QueuedMail[]): Promise<void> {
  const insert = enqueuingMails(db, mails);
  if (insert) await db.execute(insert);
}

/**
 * The statement that enqueues these mails, for a write to run in its own statement (a decision's
 * notices go with the decision: issue 11, no round trip of their own); null for none. `onlyIf`: a
 * condition of that statement (its checks passed) without which none is queued.
 */
export function enqueuingMails(db: DbOrTx, mails: QueuedMail[], onlyIf?: SQL): SQL | null {
  if (mails.length === 0) return null;
  for (const mail of mails)
    if ("secrets" in mail && (mail as Mail).secrets?.length)
      throw new Error("A mail with secrets is sent directly, never queued (its payload is stored)");
  const payloads = mails.map(({ to, subject, text, html, link }) => ({ to, subject, text, html, link }));
  if (onlyIf)
    return sql`insert into ${jobs} (${sql.identifier(jobs.kind.name)}, ${sql.identifier(jobs.payload.name)})
      select ${MAIL_SEND}, m.payload from jsonb_array_elements(${JSON.stringify(payloads)}::jsonb) with ordinality as m(payload, n)
      where ${onlyIf} order by m.n`;
  return db
    .insert(jobs)
    .values(payloads.map((payload) => ({ kind: MAIL_SEND, payload })))
    .getSQL();
}

/**
 * The `mail.send` handler: delivers the stored mail; a delivery error fails the attempt (retried
 * later). Its outbox row is stored with the batch's completion (lib/jobs.ts).
 */
export function mailSendHandler(mailer: Mailer): JobHandler {
  return async (payload: QueuedMail) => {
    if (!payload || typeof payload.to !== "string" || typeof payload.subject !== "string")
      throw new Error("mail.send: the payload is not a mail");
    const row = await mailer.deliver({
      to: payload.to,
      subject: payload.subject,
      text: payload.text,
      ...(payload.html ? { html: payload.html } : {}),
      ...(payload.link ? { link: payload.link } : {}),
    });
    return { table: OUTBOX_TABLE, columns: OUTBOX_COLUMNS, rows: [row] };
  };
}
