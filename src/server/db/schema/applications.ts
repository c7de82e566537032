import { sql } from "drizzle-orm";
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { organizations } from "./organizations";
import { placements } from "./placements";
import { students } from "./students";

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const applicationStatusEnum = pgEnum("application_status", ["pending", "approved", "rejected", "withdrawn"]);

export const applications = pgTable(
  "applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    placementId: uuid("placement_id")
      .notNull()
      .references(() => placements.id, { onDelete: "cascade" }),
    // Always the student's own program (D3), never taken from the browser (D1).
    programId: uuid("program_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    status: applicationStatusEnum("status").notNull().default("pending"),
    notes: text("notes"),
    reviewNotes: text("review_notes"),
    submittedBy: text("submitted_by").references(() => users.id, { onDelete: "set null" }),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    submittedAt: ts("submitted_at").notNull().defaultNow(),
    reviewedAt: ts("reviewed_at"),
    withdrawnAt: ts("withdrawn_at"),
    // Approving a student who was not ready (issue 12) needs an explicit confirmation; who gave
    // it, when, and the requirement types that were not met then are kept.
    readinessOverrideBy: text("readiness_override_by").references(() => users.id, { onDelete: "set null" }),
    readinessOverrideAt: ts("readiness_override_at"),
    readinessMissing: text("readiness_missing").array(),
  },
  (t) => [
    // At most one application per student and placement that is not withdrawn (issue 9): after a
    // withdrawal the student may apply again (a new row; the withdrawn one stays as history), while
    // a pending, approved or rejected ("Not Selected") one blocks a new application, race-free.
    uniqueIndex("applications_student_placement_open_uq")
      .on(t.studentId, t.placementId)
      .where(sql`status <> 'withdrawn'`),
    index("applications_program_submitted_idx").on(t.programId, t.submittedAt),
    index("applications_placement_status_idx").on(t.placementId, t.status),
    index("applications_student_status_idx").on(t.studentId, t.status),
    index("applications_status_submitted_idx").on(t.status, t.submittedAt),
  ],
);
