import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { organizations } from "./organizations";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A facility's invitation for a member of its staff to precept (issue 17). Only the token's SHA-256
 * is kept. One open invitation per facility and email (the partial unique index): twenty identical
 * invitations at once leave one. Accepting makes the account (or attaches the signed-in account of
 * that email) a member of the facility with the `preceptor` role.
 */
export const preceptorInvitations = pgTable(
  "preceptor_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    facilityId: uuid("facility_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Lower case. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** Title or credentials, e.g. "RN, BSN": the membership's title once accepted. */
    title: text("title").notNull().default("Preceptor"),
    department: text("department"),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: ts("expires_at").notNull(),
    acceptedAt: ts("accepted_at"),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: ts("revoked_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    /** Last time the link was (re)sent. */
    sentAt: ts("sent_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("preceptor_invitations_open_uq")
      .on(t.facilityId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index("preceptor_invitations_facility_idx").on(t.facilityId, t.createdAt),
  ],
);
