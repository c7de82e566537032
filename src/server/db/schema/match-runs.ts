import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { organizations } from "./organizations";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A program's bulk match run (issue 13): what was asked (the students and placements chosen when
 * it started, the window), its progress while the job queue's worker runs it, and its two
 * proposals once done. Kept in the database, not in a server's memory, so any instance answers the
 * page's polls; a program's runs older than a week are deleted when it starts another.
 */
export const matchRuns = pgTable(
  "match_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    programId: uuid("program_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    /** queued, running, done, failed (RUN_STATUSES). */
    status: text("status").notNull().default("queued"),
    /** RUN_PHASES: what the run is doing now. */
    phase: text("phase").notNull().default("queued"),
    percent: integer("percent").notNull().default(0),
    /** The request and the ids of the students and placements it chose when it started. */
    params: jsonb("params").notNull(),
    /** The proposals (see features/matching/bulk-compute.ts), once done. */
    result: jsonb("result"),
    error: text("error"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    finishedAt: ts("finished_at"),
  },
  (t) => [
    index("match_runs_program_created_idx").on(t.programId, t.createdAt),
    check("match_runs_status", sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    check("match_runs_percent", sql`${t.percent} between 0 and 100`),
  ],
);
