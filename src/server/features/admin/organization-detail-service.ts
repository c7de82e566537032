import { and, asc, desc, eq, sql } from "drizzle-orm";
import { applications } from "../../db/schema/applications";
import { auditLog } from "../../db/schema/audit";
import { users } from "../../db/schema/auth";
import { memberships, organizations, profiles } from "../../db/schema/organizations";
import { departments, placements } from "../../db/schema/placements";
import { students } from "../../db/schema/students";
import type { Deps } from "../../lib/context";
import { notFound } from "../../lib/errors";

// One organization as an administrator sees it (issue 14): who coordinates it, what it holds
// (every figure a SQL aggregate over the organization's own rows), and its newest audit entries.

/** The newest audit entries shown on the detail page. */
export const RECENT_ACTIVITY = 20;

type Counts = { pending: number; approved: number; rejected: number; withdrawn: number };

/** Applications by status, one grouped query on the column that names the organization. */
async function applicationsByStatus(deps: Deps, kind: "program" | "facility", id: string): Promise<Counts> {
  const base = deps.db.select({ status: applications.status, n: sql<number>`count(*)::int` }).from(applications);
  const rows =
    kind === "program"
      ? await base.where(eq(applications.programId, id)).groupBy(applications.status)
      : await base
          .innerJoin(placements, eq(placements.id, applications.placementId))
          .where(eq(placements.facilityId, id))
          .groupBy(applications.status);
  const counts: Counts = { pending: 0, approved: 0, rejected: 0, withdrawn: 0 };
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}

async function programCounts(deps: Deps, id: string) {
  // Placement rate: active students with at least one approved application, over active students.
  // The outer column is written qualified: drizzle renders a lone table's columns unqualified.
  const [row] = await deps.db
    .select({
      students: sql<number>`count(*)::int`,
      placed: sql<number>`count(*) filter (where exists (select 1 from ${applications} a where a.student_id = "students"."id" and a.status = 'approved'))::int`,
    })
    .from(students)
    .where(and(eq(students.programId, id), eq(students.enrollmentStatus, "active")));
  return {
    students: row.students,
    placedStudents: row.placed,
    placementRate: row.students === 0 ? null : Math.round((row.placed / row.students) * 1000) / 10,
  };
}

async function facilityCounts(deps: Deps, id: string) {
  const [[dept], [pl]] = await Promise.all([
    deps.db.select({ n: sql<number>`count(*)::int` }).from(departments).where(eq(departments.facilityId, id)),
    deps.db
      .select({
        active: sql<number>`count(*) filter (where ${placements.status} = 'active')::int`,
        seats: sql<number>`coalesce(sum(${placements.capacity}) filter (where ${placements.status} = 'active'), 0)::int`,
        filled: sql<number>`coalesce(sum(${placements.slotsFilled}) filter (where ${placements.status} = 'active'), 0)::int`,
      })
      .from(placements)
      .where(eq(placements.facilityId, id)),
  ]);
  return { departments: dept.n, activePlacements: pl.active, seats: pl.seats, seatsFilled: pl.filled };
}

export async function getOrganizationDetail(deps: Deps, id: string) {
  const [org] = await deps.db.select().from(organizations).where(eq(organizations.id, id));
  if (!org) throw notFound("Organization");
  const [coordinators, applicationCounts, counts, activity] = await Promise.all([
    deps.db
      .select({
        userId: users.id,
        name: sql<string>`coalesce(${profiles.fullName}, ${users.name})`,
        email: users.email,
        joinedAt: memberships.createdAt,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      // Coordinators only: a facility's preceptors (issue 17) are listed on its Preceptors page.
      .where(and(eq(memberships.organizationId, id), eq(memberships.role, "coordinator")))
      .orderBy(asc(memberships.createdAt), asc(users.email)),
    applicationsByStatus(deps, org.kind, id),
    org.kind === "program" ? programCounts(deps, id) : facilityCounts(deps, id),
    deps.db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        action: auditLog.action,
        summary: auditLog.summary,
        actorEmail: auditLog.actorEmail,
        entityType: auditLog.entityType,
        entityId: auditLog.entityId,
      })
      .from(auditLog)
      .where(eq(auditLog.organizationId, id))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(RECENT_ACTIVITY),
  ]);
  return {
    id: org.id,
    kind: org.kind,
    name: org.name,
    city: org.city,
    state: org.state,
    status: org.verificationStatus,
    verifiedAt: org.verifiedAt?.toISOString() ?? null,
    suspendedAt: org.suspendedAt?.toISOString() ?? null,
    suspendedReason: org.suspendedReason,
    createdAt: org.createdAt.toISOString(),
    coordinators: coordinators.map((c) => ({ ...c, joinedAt: c.joinedAt.toISOString() })),
    applications: applicationCounts,
    program: org.kind === "program" ? (counts as Awaited<ReturnType<typeof programCounts>>) : null,
    facility: org.kind === "facility" ? (counts as Awaited<ReturnType<typeof facilityCounts>>) : null,
    activity: activity.map((a) => ({ ...a, at: a.at.toISOString() })),
  };
}
