import { sql } from "drizzle-orm";
import { check, date, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { students } from "./students";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * D3: a student signing up at /auth?role=student confirms their roster email with a 6-digit code.
 * Only an HMAC of the code is kept; it works for 15 minutes and 5 attempts.
 */
export const studentSignUpCodes = pgTable(
  "student_sign_up_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    // An eligible roster entry when the code was sent (active, verified program, no account). The
    // link itself is decided when the code is confirmed: with several eligible entries the student
    // chooses one.
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    fullName: text("full_name"),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: ts("expires_at").notNull(),
    consumedAt: ts("consumed_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("student_sign_up_codes_email_idx").on(sql`lower(${t.email})`, t.createdAt)],
);

export const experienceKindEnum = pgEnum("student_experience_kind", ["clinical", "work", "volunteer"]);

/** A student's prior clinical, work or volunteer experience (profile, Experience tab). */
export const studentExperiences = pgTable(
  "student_experiences",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    kind: experienceKindEnum("kind").notNull(),
    organization: text("organization").notNull(),
    title: text("title").notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date"),
    description: text("description").notNull().default(""),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("student_experiences_student_idx").on(t.studentId, t.startDate),
    check("student_experiences_dates_order", sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);

/**
 * "Not my program": a signed-in student reports that another program's roster entry with their
 * email is not theirs. Admins see the reports with the emails listed by several programs.
 */
export const rosterClaimReports = pgTable(
  "roster_claim_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    reportedBy: text("reported_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("roster_claim_reports_student_user_uq").on(t.studentId, t.reportedBy)],
);
