import nodemailer from "nodemailer";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema/mail";
import type { Logger } from "./logger";

export type Mail = { to: string; subject: string; text: string; html?: string; link?: string };
export type Mailer = { send(mail: Mail): Promise<void>; transport: "smtp" | "dev" };

/**
 * D11: over SMTP when SMTP_URL is set; otherwise kept in the dev mailbox (the mail_outbox table)
 * with its link written to the log. Both record the mail in mail_outbox so admins can trace it.
 */
export function createMailer(opts: { db: Db; log: Logger; smtpUrl?: string; from: string }): Mailer {
  const smtp = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    transport: smtp ? "smtp" : "dev",
    async send(mail) {
      if (smtp) {
        await smtp.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      } else {
        opts.log.info(
          { to: mail.to, subject: mail.subject, link: mail.link },
          `dev mailbox: ${mail.subject} → ${mail.to}${mail.link ? ` ${mail.link}` : ""}`,
        );
      }
      await opts.db.insert(mailOutbox).values({ ...mail, transport: smtp ? "smtp" : "dev" });
    },
  };
}

/** A plain, accessible HTML body with one call to action. */
export function mailHtml(title: string, lines: string[], action?: { label: string; url: string }) {
  const esc = (s: string) =>
    s.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch] ?? ch);
  const body = lines.map((l) => `<p>${esc(l)}</p>`).join("");
  const button = action
    ? `<p><a href="${esc(action.url)}" style="background:#0f766e;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${esc(action.label)}</a></p><p style="font-size:12px;color:#555">${esc(action.url)}</p>`
    : "";
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5"><h1 style="font-size:20px">${esc(title)}</h1>${body}${button}</body></html>`;
}
