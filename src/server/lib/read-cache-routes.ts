import type { CachedReadSpec } from "./read-cache";

// The hot reads whose answers an instance keeps (ADR 027), and the tables each one's statements
// read: a change to any of them drops the route's kept answers. read-cache.test.ts compares each
// list with the tables a logged run of the route reads, and proves an announced change is seen.
// A table named here needs the announcing trigger (drizzle/0022_read_cache_notify.sql).

export const READS = {
  unreadCount: { name: "GET /api/messages/unread-count", tables: ["messages"], viewer: ["userId"] },
  messages: { name: "GET /api/messages", tables: ["messages", "users", "profiles"], viewer: ["userId"] },
  placements: {
    name: "GET /api/placements",
    tables: [
      "placements",
      "organizations",
      "departments",
      "placement_requirements",
      "facility_agreement_settings",
      "affiliation_agreements",
    ],
    today: true,
  },
  students: {
    name: "GET /api/students",
    tables: ["students", "organizations", "student_users", "applications", "student_invitations"],
    today: true,
  },
  programDashboard: {
    name: "GET /api/analytics/program-dashboard",
    tables: ["students", "applications", "placements", "organizations"],
    today: true,
  },
  facilityDashboard: {
    name: "GET /api/analytics/facility-dashboard",
    tables: ["placements", "departments", "organizations", "applications", "students"],
    today: true,
  },
  studentDashboard: {
    name: "GET /api/me/student/dashboard",
    tables: ["applications", "students", "organizations", "placements"],
    today: true,
  },
  adminOrganizations: {
    name: "GET /api/admin/organizations",
    tables: ["organizations", "memberships", "students", "placements"],
  },
} as const satisfies Record<string, CachedReadSpec>;
