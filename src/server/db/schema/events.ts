import { bigint, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Live events (ADR 008): every event a user's open pages hear, with a durable, ordered id. Written in
 * the transaction of the change it announces (so it exists exactly when the change does), announced
 * by NOTIFY carrying the id, replayed from here to a stream that reconnects with Last-Event-ID.
 * Kept 24 hours. No foreign key: an event may name a user being deleted in the same transaction.
 */
export const portalEvents = pgTable(
  "portal_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id").notNull(),
    type: text("type").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("portal_events_user_id_idx").on(t.userId, t.id), index("portal_events_created_at_idx").on(t.createdAt)],
);
