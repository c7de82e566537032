import { bigint, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * TOTP codes already accepted, one row per user and 30-second time step (issue 8, item 13). The
 * primary key is the claim: of two requests with the same code, one inserts and the other is
 * refused. A row is useless once its step has left the accepted window; it expires then.
 */
export const totpUsedCodes = pgTable(
  "totp_used_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    step: bigint("step", { mode: "number" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.step] }), index("totp_used_codes_expires_at_idx").on(t.expiresAt)],
);
