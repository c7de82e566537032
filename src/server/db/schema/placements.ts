import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { organizations } from "./organizations";

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const placementStatusEnum = pgEnum("placement_status", ["draft", "active", "closed"]);

/** A facility's department or unit, with the number of students it can take at a time. */
export const departments = pgTable(
  "departments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    facilityId: uuid("facility_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    specialty: text("specialty").notNull(),
    capacity: integer("capacity").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    unique("departments_facility_name_uq").on(t.facilityId, t.name),
    check("departments_capacity_nonneg", sql`${t.capacity} >= 0`),
  ],
);

export const placements = pgTable(
  "placements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    facilityId: uuid("facility_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    departmentId: uuid("department_id").references(() => departments.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    specialty: text("specialty").notNull(),
    description: text("description").notNull().default(""),
    requirements: text("requirements").array().notNull().default(sql`'{}'::text[]`),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    durationWeeks: integer("duration_weeks").notNull(),
    capacity: integer("capacity").notNull(),
    slotsFilled: integer("slots_filled").notNull().default(0),
    status: placementStatusEnum("status").notNull().default("draft"),
    /** Whether applications are accepted after the rotation has started (until it ends). */
    allowLateJoiners: boolean("allow_late_joiners").notNull().default(false),
    /** The lowest GPA the placement takes (0–4), or null for none (issue 13: academic fit). */
    minGpa: numeric("min_gpa", { precision: 3, scale: 2 }),
    /** The last day applications are taken (issue 15), or null: until the rotation starts. */
    applicationDeadline: date("application_deadline"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("placements_capacity_nonneg", sql`${t.capacity} >= 0`),
    check("placements_slots_range", sql`${t.slotsFilled} >= 0 and ${t.slotsFilled} <= ${t.capacity}`),
    check("placements_dates_order", sql`${t.endDate} >= ${t.startDate}`),
    check(
      "placements_deadline_order",
      sql`${t.applicationDeadline} is null or ${t.applicationDeadline} <= ${t.endDate}`,
    ),
    check("placements_min_gpa_range", sql`${t.minGpa} is null or (${t.minGpa} >= 0 and ${t.minGpa} <= 4)`),
    index("placements_status_start_idx").on(t.status, t.startDate),
    index("placements_facility_idx").on(t.facilityId, t.status),
    index("placements_department_idx").on(t.departmentId),
    index("placements_specialty_idx").on(t.specialty),
    index("placements_deadline_idx").on(t.applicationDeadline).where(sql`application_deadline is not null`),
  ],
);
