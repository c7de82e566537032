import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Server-wide values every instance must share, such as the generated auth secret. */
export const serverSettings = pgTable("server_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
