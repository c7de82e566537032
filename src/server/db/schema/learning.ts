import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { organizations } from "./organizations";
import { placements } from "./placements";
import { students } from "./students";

const ts = (name: string) => timestamp(name, { withTimezone: true });

// The Learning Center (issue 16): a library of resources (shared ones curated by administrators,
// a program's own for its students), what each student finished, their preparation checklist, and
// their conversations with the study assistant. The assistant's rate limit is counted here too, so
// every server instance sees the same count (ADR 021).

export const learningResources = pgTable(
  "learning_resources",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The program whose students see it; null for a shared resource curated by administrators. */
    programId: uuid("program_id").references(() => organizations.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    /** The text itself (paragraphs separated by blank lines; '## ' starts a section). */
    body: text("body").notNull().default(""),
    /** clinical_skills, specialty_preparation, compliance_safety (src/domain/learning.ts). */
    category: text("category").notNull(),
    /** video, guide, course, required. */
    kind: text("kind").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    specialties: text("specialties").array().notNull().default(sql`'{}'::text[]`),
    /** An outside page (a video, a course) the resource points to, when it has one. */
    url: text("url"),
    /** An uploaded file (PDF or image, checked as compliance documents are), kept in the file store. */
    fileKey: text("file_key"),
    fileName: text("file_name"),
    fileType: text("file_type"),
    fileSize: integer("file_size"),
    fileSha256: text("file_sha256"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check(
      "learning_resources_category",
      sql`${t.category} in ('clinical_skills', 'specialty_preparation', 'compliance_safety')`,
    ),
    check("learning_resources_kind", sql`${t.kind} in ('video', 'guide', 'course', 'required')`),
    check("learning_resources_duration", sql`${t.durationMinutes} between 1 and 6000`),
    check("learning_resources_content", sql`${t.body} <> '' or ${t.url} is not null`),
    index("learning_resources_program_idx").on(t.programId, t.category),
  ],
);

/** A student's "mark as done". */
export const learningProgress = pgTable(
  "learning_progress",
  {
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    resourceId: uuid("resource_id")
      .notNull()
      .references(() => learningResources.id, { onDelete: "cascade" }),
    completedAt: ts("completed_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.resourceId] }),
    index("learning_progress_resource_idx").on(t.resourceId),
  ],
);

/** The checklist items a student ticks themselves (orientation, uniform); the others come from compliance. */
export const learningChecklist = pgTable(
  "learning_checklist",
  {
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    item: text("item").notNull(),
    checkedAt: ts("checked_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.item] })],
);

export const assistantConversations = pgTable(
  "assistant_conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("assistant_conversations_student_idx").on(t.studentId, t.updatedAt)],
);

export type Citation = { n: number; title: string; href: string };

export const assistantMessages = pgTable(
  "assistant_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => assistantConversations.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    content: text("content").notNull(),
    citations: jsonb("citations").$type<Citation[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("assistant_messages_role", sql`${t.role} in ('user', 'assistant')`),
    index("assistant_messages_conversation_idx").on(t.conversationId, t.createdAt),
  ],
);

/** Questions asked in the current window, per student: one row updated atomically (ADR 021). */
export const assistantUsage = pgTable(
  "assistant_usage",
  {
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    windowStart: ts("window_start").notNull(),
    questions: integer("questions").notNull(),
  },
  (t) => [uniqueIndex("assistant_usage_student_uq").on(t.studentId)],
);

/** A placement's own checklist items (issue 16), added by its facility's coordinators. */
export const placementChecklistItems = pgTable(
  "placement_checklist_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    placementId: uuid("placement_id")
      .notNull()
      .references(() => placements.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("placement_checklist_items_placement_idx").on(t.placementId, t.createdAt)],
);

/** A student's tick on a placement's item: one row per student and item, so repeated ticks keep one. */
export const placementChecklistTicks = pgTable(
  "placement_checklist_ticks",
  {
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => placementChecklistItems.id, { onDelete: "cascade" }),
    checkedAt: ts("checked_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.itemId] }), index("placement_checklist_ticks_item_idx").on(t.itemId)],
);
