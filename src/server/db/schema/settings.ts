import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Server-wide values every instance must share, such as the generated auth secret. */
export const serverSettings = pgTable("server_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Platform settings an administrator changes at /dashboard/admin/settings (issue 14): one row per
 * key, the value as JSON, validated by `features/settings` before it is written. Every change is
 * announced (drizzle/0015, channel portal_settings) so each instance reads the new value at once.
 */
export const platformSettings = pgTable("platform_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedBy: text("updated_by"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
