import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { EvaluationAnswer, EvaluationQuestion } from "../../../domain/evaluations";
import { applications } from "./applications";
import { users } from "./auth";
import { organizations } from "./organizations";
import { students } from "./students";

const ts = (name: string) => timestamp(name, { withTimezone: true });

// A rotation's life after approval (issue 17): who precepts it, the hours the student logs, and the
// evaluations at its midpoint and end. A rotation is an approved application; every table here
// keeps the application's program and facility beside it so that a scope filters with one
// indexed equality (ADR 011), never a join back through placements.

/**
 * The preceptors of one approved rotation: the facility's coordinators or invited staff holding
 * the `preceptor` role (a membership of the facility). A preceptor's scope is these rows.
 */
export const rotationPreceptors = pgTable(
  "rotation_preceptors",
  {
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    facilityId: uuid("facility_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    assignedBy: text("assigned_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.userId] }),
    index("rotation_preceptors_user_idx").on(t.userId, t.applicationId),
    index("rotation_preceptors_facility_idx").on(t.facilityId),
  ],
);

/** submitted: waiting for the preceptor; approved: counts toward the required hours; returned: to fix. */
export const hourLogStatusEnum = pgEnum("hour_log_status", ["submitted", "approved", "returned"]);

/**
 * One stretch of clinical time a student logged on a day of an approved rotation. A shift may
 * cross midnight (a night shift 19:00–07:00): it starts at `start_minute` of `work_date` and lasts
 * `minutes`. Entries of one student never overlap, and one day's entries total at most 24 hours
 * (src/domain/hours.ts; checked in the write's transaction).
 */
export const hourLogs = pgTable(
  "hour_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    programId: uuid("program_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    facilityId: uuid("facility_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    workDate: date("work_date", { mode: "string" }).notNull(),
    startMinute: integer("start_minute").notNull(),
    minutes: integer("minutes").notNull(),
    categories: text("categories").array().notNull().default(sql`'{}'::text[]`),
    reflection: text("reflection"),
    status: hourLogStatusEnum("status").notNull().default("submitted"),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: ts("reviewed_at"),
    /** The preceptor's reason when returning an entry (required then), or a remark on approval. */
    reviewNote: text("review_note"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("hour_logs_start_minute", sql`${t.startMinute} >= 0 and ${t.startMinute} < 1440`),
    check("hour_logs_minutes", sql`${t.minutes} > 0 and ${t.minutes} <= 1440`),
    index("hour_logs_application_idx").on(t.applicationId, t.workDate),
    index("hour_logs_student_idx").on(t.studentId, t.workDate),
    index("hour_logs_program_idx").on(t.programId, t.studentId),
    index("hour_logs_facility_status_idx").on(t.facilityId, t.status),
  ],
);

/**
 * The clinical hours a program's course requires of one rotation, per specialty; the row with
 * specialty '' is the program's default for any other specialty.
 */
export const programHourRequirements = pgTable(
  "program_hour_requirements",
  {
    programId: uuid("program_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    specialty: text("specialty").notNull().default(""),
    hours: integer("hours").notNull(),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.programId, t.specialty] }),
    check("program_hour_requirements_hours", sql`${t.hours} >= 0 and ${t.hours} <= 2000`),
  ],
);

/** student: the preceptor evaluates the student; site: the student evaluates the site. */
export const evaluationKindEnum = pgEnum("evaluation_kind", ["student", "site"]);
export const evaluationPhaseEnum = pgEnum("evaluation_phase", ["midpoint", "final"]);

/**
 * An evaluation form a program defines (rating scales and comments). A program without its own
 * form of a kind uses the built-in default (src/domain/evaluations.ts); a form in use is never
 * edited in place: evaluations keep a copy of the questions they were given.
 */
export const evaluationTemplates = pgTable(
  "evaluation_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    programId: uuid("program_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    kind: evaluationKindEnum("kind").notNull(),
    name: text("name").notNull(),
    questions: jsonb("questions").$type<EvaluationQuestion[]>().notNull(),
    /** The program's form of this kind for new evaluations; at most one active per program and kind. */
    active: boolean("active").notNull().default(true),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("evaluation_templates_active_uq").on(t.programId, t.kind).where(sql`active`),
    index("evaluation_templates_program_idx").on(t.programId, t.kind),
  ],
);

/** Whether a program asks for midpoint evaluations, and how many days after a phase they are due. */
export const programEvaluationSettings = pgTable("program_evaluation_settings", {
  programId: uuid("program_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  midpoint: boolean("midpoint").notNull().default(false),
  dueDays: integer("due_days").notNull().default(7),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const evaluationStatusEnum = pgEnum("evaluation_status", ["pending", "submitted"]);

/**
 * One evaluation of one rotation: (rotation, kind, phase) is unique, so twenty identical creates
 * leave one. `questions` is the form as it was when the evaluation was opened. The site
 * evaluation's author is kept to stop a second submission and is never shown to the facility,
 * which sees site evaluations only aggregated and only when at least five exist.
 */
export const evaluations = pgTable(
  "evaluations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    programId: uuid("program_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    facilityId: uuid("facility_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    kind: evaluationKindEnum("kind").notNull(),
    phase: evaluationPhaseEnum("phase").notNull(),
    templateId: uuid("template_id").references(() => evaluationTemplates.id, { onDelete: "set null" }),
    templateName: text("template_name").notNull(),
    questions: jsonb("questions").$type<EvaluationQuestion[]>().notNull(),
    answers: jsonb("answers").$type<EvaluationAnswer[]>(),
    status: evaluationStatusEnum("status").notNull().default("pending"),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    submittedBy: text("submitted_by").references(() => users.id, { onDelete: "set null" }),
    submittedAt: ts("submitted_at"),
    /** The last reminder window mailed ('due-3', 'due', 'overdue-7'…): each window is mailed once. */
    lastReminder: text("last_reminder"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("evaluations_rotation_uq").on(t.applicationId, t.kind, t.phase),
    check(
      "evaluations_submitted",
      sql`(${t.status} = 'submitted') = (${t.submittedAt} is not null and ${t.answers} is not null)`,
    ),
    index("evaluations_program_idx").on(t.programId, t.status, t.dueDate),
    index("evaluations_facility_idx").on(t.facilityId, t.kind, t.status),
    index("evaluations_student_idx").on(t.studentId),
    index("evaluations_due_idx").on(t.status, t.dueDate),
  ],
);
