import { sql } from "drizzle-orm";
import { check, doublePrecision, index, pgEnum, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const roleEnum = pgEnum("role", ["super_admin", "admin", "program", "facility", "preceptor", "student"]);
export const orgKindEnum = pgEnum("organization_kind", ["program", "facility"]);
export const verificationStatusEnum = pgEnum("verification_status", ["pending", "verified", "rejected"]);
export const accessRequestStatusEnum = pgEnum("access_request_status", ["pending", "approved", "denied"]);

/** Name and organization shown beside a user everywhere (messages, header). */
export const profiles = pgTable("profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  fullName: text("full_name").notNull(),
  organizationName: text("organization_name").notNull().default(""),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** Several rows per user (spec section 3); the session's role is resolved by priority. */
export const userRoles = pgTable(
  "user_roles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: roleEnum("role").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [unique("user_roles_user_role_uq").on(t.userId, t.role), index("user_roles_role_idx").on(t.role)],
);

/** Nursing programs and healthcare facilities. */
export const organizations = pgTable(
  "organizations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: orgKindEnum("kind").notNull(),
    name: text("name").notNull(),
    city: text("city"),
    state: text("state"),
    /** Where it is (degrees, WGS 84), for distances in matching (issue 13); null when not known. */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    verificationStatus: verificationStatusEnum("verification_status").notNull().default("pending"),
    verifiedAt: ts("verified_at"),
    /**
     * Suspended by an administrator (issue 14): its users sign in and read, and cannot submit,
     * publish or approve until reinstated. Null when not suspended.
     */
    suspendedAt: ts("suspended_at"),
    suspendedReason: text("suspended_reason"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("organizations_kind_status_idx").on(t.kind, t.verificationStatus),
    index("organizations_name_idx").on(sql`lower(${t.name})`),
    check(
      "organizations_coordinates",
      sql`(${t.latitude} is null) = (${t.longitude} is null) and (${t.latitude} is null or (${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180))`,
    ),
  ],
);

/** A user's place in an organization: the coordinators of a program or facility. */
export const memberships = pgTable(
  "memberships",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    title: text("title").notNull().default("Coordinator"),
    /**
     * What the membership makes the user (issue 17, ADR 023): the organization's coordinator, or a
     * facility's invited preceptor (who sees only the rotations assigned to them, never the
     * facility's coordinator pages, even when they coordinate another facility).
     */
    role: text("role", { enum: ["coordinator", "preceptor"] })
      .notNull()
      .default("coordinator"),
    /** A preceptor's department or unit at the facility (free text, optional). */
    department: text("department"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    unique("memberships_user_org_uq").on(t.userId, t.organizationId),
    index("memberships_org_idx").on(t.organizationId),
    check("memberships_role_check", sql`${t.role} in ('coordinator', 'preceptor')`),
  ],
);

/** D2: choosing Administrator at sign-up files one of these; only a super admin grants the role. */
export const adminAccessRequests = pgTable(
  "admin_access_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    organizationName: text("organization_name").notNull(),
    status: accessRequestStatusEnum("status").notNull().default("pending"),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: ts("reviewed_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("admin_access_requests_status_idx").on(t.status, t.createdAt)],
);
