import { bigint, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Every mail the portal sends. Without SMTP this is the dev mailbox (D11). Secrets (reset and
 * invitation tokens, sign-up codes) are never kept here: the mailer stores "[redacted]" in their
 * place (issue 8, item 7).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    link: text("link"),
    transport: text("transport").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_outbox_to_idx").on(t.to, t.createdAt)],
);

/**
 * One row per security mail sent to a recipient (`to:<email>`) and per request a client address
 * made to a flow that sends one (`client:<address>`): the sliding windows of lib/mail-quota.ts
 * count them (issue 8, item 6). Rows older than a day are deleted as new ones come.
 */
export const mailQuotaEvents = pgTable(
  "mail_quota_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    key: text("key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("mail_quota_events_key_idx").on(t.key, t.createdAt),
    index("mail_quota_events_created_idx").on(t.createdAt),
  ],
);
