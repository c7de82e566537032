import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Db, DbOrTx } from "../db/client";
import { insertingJsonRows } from "../db/json-rows-insert";
import type { Logger } from "./logger";

/**
 * One mail. `secrets` are the parts that grant something (a reset or invitation token, a sign-up
 * code): they reach the recipient, and never the outbox table, which keeps "[redacted]" in their
 * place (issue 8, item 7).
 */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  link?: string;
  secrets?: string[];
  /** The From header, when set by `withSenderName` (otherwise the mailer's own). */
  from?: string;
};
export type Mailer = {
  /** Sends the mail and records it in mail_outbox (redacted). */
  send(mail: Mail): Promise<void>;
  /**
   * Sends the mail and answers its mail_outbox row (redacted) without storing it: the job runner
   * stores a batch's rows with the batch's completion, in one statement (issue 11).
   */
  deliver(mail: Mail): Promise<OutboxRow>;
  transport: "smtp" | "dev";
};

/** A mail_outbox row by column name (id and created_at are the table's defaults). */
export type OutboxRow = Record<(typeof OUTBOX_COLUMNS)[number], string | null>;
export const OUTBOX_TABLE = "mail_outbox";
export const OUTBOX_COLUMNS = ["to", "subject", "text", "html", "link", "transport"] as const;

/** Stores outbox rows in one statement. */
export async function recordOutbox(db: DbOrTx, rows: OutboxRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(insertingJsonRows(OUTBOX_TABLE, OUTBOX_COLUMNS, rows));
}

/**
 * A text jsonb takes: half a character (a lone surrogate) is refused in jsonb, so it becomes U+FFFD,
 * as node-postgres's UTF-8 encoding of a text parameter made it when rows were inserted one by one.
 */
const wellFormed = (s: string) => (s as unknown as { toWellFormed(): string }).toWellFormed();

export const REDACTED = "[redacted]";

/**
 * D11: over SMTP when SMTP_URL is set; otherwise the dev mailbox: the mail is written to the log
 * (with its link, for the developer) and, when `devMailboxDir` is set (development and the
 * end-to-end server only, never in production), to a JSON file there. Both record the mail in
 * mail_outbox so admins can trace it, with its secrets redacted.
 */
export function createMailer(opts: {
  db: Db;
  log: Logger;
  smtpUrl?: string;
  from: string;
  devMailboxDir?: string;
}): Mailer {
  const smtp = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  let seq = 0;
  const transport = smtp ? "smtp" : "dev";
  const deliver = async (mail: Mail): Promise<OutboxRow> => {
    const { secrets: _secrets, from = opts.from, ...live } = mail;
    if (smtp) {
      await smtp.sendMail({ from, to: live.to, subject: live.subject, text: live.text, html: live.html });
    } else {
      opts.log.info(
        { to: live.to, subject: live.subject, link: live.link },
        `dev mailbox: ${live.subject} → ${live.to}${live.link ? ` ${live.link}` : ""}`,
      );
      if (opts.devMailboxDir) {
        seq += 1;
        mkdirSync(opts.devMailboxDir, { recursive: true });
        const name = `${Date.now()}-${process.pid}-${String(seq).padStart(6, "0")}.json`;
        const file = path.join(opts.devMailboxDir, name);
        // Written whole, then renamed: a reader never sees half a mail.
        writeFileSync(`${file}.tmp`, JSON.stringify({ ...live, createdAt: new Date() }));
        renameSync(`${file}.tmp`, file);
      }
    }
    const stored = redactMail(mail);
    return {
      to: wellFormed(stored.to),
      subject: wellFormed(stored.subject),
      text: wellFormed(stored.text),
      html: stored.html == null ? null : wellFormed(stored.html),
      link: stored.link == null ? null : wellFormed(stored.link),
      transport,
    };
  };
  return mailerDelivering(transport, deliver, opts.db);
}

/** The mailer that sends by `deliver` and, for `send`, stores the row it answers in mail_outbox. */
export function mailerDelivering(transport: Mailer["transport"], deliver: Mailer["deliver"], db: DbOrTx): Mailer {
  return {
    transport,
    deliver,
    async send(mail) {
      await recordOutbox(db, [await deliver(mail)]);
    },
  };
}

/**
 * The mailer whose mail carries the From that `from()` answers when it is sent (the platform
 * setting's sender name, issue 14): a change applies to the next mail, queued earlier or not.
 */
export function withSenderName(mailer: Mailer, from: () => Promise<string>): Mailer {
  return {
    transport: mailer.transport,
    async send(mail) {
      await mailer.send({ ...mail, from: await from() });
    },
    async deliver(mail) {
      return mailer.deliver({ ...mail, from: await from() });
    },
  };
}

/** The mail as it may be stored or shown: every marked secret, and every token-shaped part, redacted. */
export function redactMail<T extends { subject: string; text: string; html?: string | null; link?: string | null }>(
  mail: T & { secrets?: string[] },
): Omit<T, "secrets"> {
  const { secrets = [], ...rest } = mail;
  const marked = secrets.filter((s) => s.length >= 4);
  const cut = (value: string) => {
    let out = value;
    for (const secret of marked) {
      out = out.split(secret).join(REDACTED);
      const escaped = escapeHtml(secret);
      if (escaped !== secret) out = out.split(escaped).join(REDACTED);
    }
    return redactSecretPatterns(out, mail.subject);
  };
  return {
    ...(rest as Omit<T, "secrets">),
    subject: cut(mail.subject),
    text: cut(mail.text),
    ...(mail.html != null ? { html: cut(mail.html) } : {}),
    ...(mail.link != null ? { link: cut(mail.link) } : {}),
  };
}

const SIGN_UP_CODE_SUBJECT = /^Your Clinical Placement Portal code:/;

/**
 * A backstop for mail that did not mark its secrets (and for rows stored before they were):
 * reset and invitation tokens in paths and `token=` query parameters, and the 6-digit sign-up code.
 */
export function redactSecretPatterns(value: string, subject: string): string {
  let out = value
    .replace(/(\/reset-password\/|\/invite\/)[^/?#\s"'<&]+/g, `$1${REDACTED}`)
    .replace(/([?&](?:amp;)?token=)[^&#\s"'<]+/g, `$1${REDACTED}`);
  if (SIGN_UP_CODE_SUBJECT.test(subject)) out = out.replace(/\d{6}/g, REDACTED);
  return out;
}

function escapeHtml(s: string) {
  return s.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch] ?? ch);
}

/** A plain, accessible HTML body with one call to action. */
export function mailHtml(title: string, lines: string[], action?: { label: string; url: string }) {
  const esc = escapeHtml;
  const body = lines.map((l) => `<p>${esc(l)}</p>`).join("");
  const button = action
    ? `<p><a href="${esc(action.url)}" style="background:#0f766e;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${esc(action.label)}</a></p><p style="font-size:12px;color:#555">${esc(action.url)}</p>`
    : "";
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5"><h1 style="font-size:20px">${esc(title)}</h1>${body}${button}</body></html>`;
}
