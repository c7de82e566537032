import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The job queue (DESIGN.md: jobs; lib/jobs.ts): every instance polls it and claims due jobs with
 * `FOR UPDATE SKIP LOCKED`, so a job runs on one instance at a time. `dedupe_key` makes an
 * enqueue idempotent: a reminder keyed by document and day is enqueued once, whoever tries.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull().default(sql`'{}'::jsonb`),
    dedupeKey: text("dedupe_key").unique(),
    runAt: ts("run_at").notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    lockedBy: text("locked_by"),
    lockedUntil: ts("locked_until"),
    lastError: text("last_error"),
    completedAt: ts("completed_at"),
    failedAt: ts("failed_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("jobs_due_idx").on(t.runAt).where(sql`completed_at is null and failed_at is null`)],
);
