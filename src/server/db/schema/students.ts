import { sql } from "drizzle-orm";
import { check, index, numeric, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { organizations } from "./organizations";

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const complianceStatusEnum = pgEnum("compliance_status", ["pending", "compliant", "incomplete"]);
export const enrollmentStatusEnum = pgEnum("enrollment_status", ["active", "withdrawn"]);

/** A program's roster entry. Education records (FERPA): always scoped by program_id. */
export const students = pgTable(
  "students",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    programId: uuid("program_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    gpa: numeric("gpa", { precision: 3, scale: 2 }),
    specialtyInterest: text("specialty_interest"),
    complianceStatus: complianceStatusEnum("compliance_status").notNull().default("pending"),
    // A student with applications is withdrawn from the roster rather than deleted, keeping history.
    enrollmentStatus: enrollmentStatusEnum("enrollment_status").notNull().default("active"),
    withdrawnAt: ts("withdrawn_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("students_program_email_uq").on(t.programId, sql`lower(${t.email})`),
    index("students_program_created_idx").on(t.programId, t.createdAt),
    index("students_program_compliance_idx").on(t.programId, t.complianceStatus),
    index("students_program_specialty_idx").on(t.programId, t.specialtyInterest),
    index("students_email_idx").on(sql`lower(${t.email})`),
    check("students_gpa_range", sql`${t.gpa} is null or (${t.gpa} >= 0 and ${t.gpa} <= 4)`),
  ],
);

/** Links a student's account to their roster entry (D3). One account per roster entry. */
export const studentUsers = pgTable("student_users", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  studentId: uuid("student_id")
    .notNull()
    .unique()
    .references(() => students.id, { onDelete: "cascade" }),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const studentPreferences = pgTable("student_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  geographicPreferences: text("geographic_preferences").array().notNull().default(sql`'{}'::text[]`),
  specialtyInterests: text("specialty_interests").array().notNull().default(sql`'{}'::text[]`),
  scheduleConstraints: text("schedule_constraints"),
  transportationOptions: text("transportation_options"),
  careerGoals: text("career_goals"),
  accommodationRequests: text("accommodation_requests"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** A program's invitation for a roster student to create their account (D3). Only the token's hash is kept. */
export const studentInvitations = pgTable(
  "student_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: ts("expires_at").notNull(),
    acceptedAt: ts("accepted_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("student_invitations_student_idx").on(t.studentId, t.createdAt)],
);
