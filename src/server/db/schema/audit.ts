import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The audit trail (issue 14): one row per change anyone makes, sign-ins and failed sign-ins
 * included. Rows are written by `lib/audit.ts` and never changed: the database refuses UPDATE and
 * DELETE on this table (drizzle/0015, a trigger), whoever asks. No foreign keys: an entry outlives
 * the user, organization or record it names.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Who: the signed-in user (null for a failed sign-in or the command line). */
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    /** The role they acted with (their resolved role). */
    actorRole: text("actor_role"),
    /** As whom, under View As: the organization or student an administrator named (null otherwise). */
    actingAs: text("acting_as"),
    /** What, as a dotted name ("application.approve", "auth.sign_in_failed"). */
    action: text("action").notNull(),
    /** A sentence for people ("Approve or reject an application"). */
    summary: text("summary").notNull(),
    /** Which record: its kind and id. */
    entityType: text("entity_type"),
    entityId: text("entity_id"),
    /** The organization the record belongs to, when known (for filtering and the detail page). */
    organizationId: text("organization_id"),
    /** Before and after, where it matters (settings, roles, statuses). */
    before: jsonb("before"),
    after: jsonb("after"),
    /** Anything else worth keeping: the HTTP method and path, the status, the email tried. */
    detail: jsonb("detail"),
    /** From which address (lib/client-address.ts). */
    ip: text("ip"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_actor_idx").on(t.actorId, t.at),
    index("audit_log_action_idx").on(t.action, t.at),
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
    index("audit_log_organization_idx").on(t.organizationId, t.at),
  ],
);
