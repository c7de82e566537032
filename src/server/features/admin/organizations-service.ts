import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { users } from "../../db/schema/auth";
import { memberships, organizations } from "../../db/schema/organizations";
import { placements } from "../../db/schema/placements";
import { students } from "../../db/schema/students";
import type { Deps } from "../../lib/context";
import { conflict, notFound } from "../../lib/errors";
import { mailHtml } from "../../lib/mail";
import { likePattern, offsetOf } from "../../lib/pagination";
import { SESSION_ENDED } from "../../lib/realtime";

export type OrganizationKind = "program" | "facility";
export type VerificationStatus = "pending" | "verified" | "rejected";
export type OrganizationFilter = { kind: OrganizationKind; status?: VerificationStatus; search?: string };

/** D2: the organizations an administrator reviews, with counts from grouped subqueries (one query per page). */
function organizationRows(deps: Deps, f: OrganizationFilter) {
  const coordinatorCounts = deps.db
    .select({ organizationId: memberships.organizationId, n: count().as("coordinator_n") })
    .from(memberships)
    .groupBy(memberships.organizationId)
    .as("coordinator_counts");
  const studentCounts = deps.db
    .select({ programId: students.programId, n: count().as("student_n") })
    .from(students)
    .where(eq(students.enrollmentStatus, "active"))
    .groupBy(students.programId)
    .as("student_counts");
  const placementCounts = deps.db
    .select({ facilityId: placements.facilityId, n: count().as("placement_n") })
    .from(placements)
    .where(eq(placements.status, "active"))
    .groupBy(placements.facilityId)
    .as("placement_counts");
  return deps.db
    .select({
      id: organizations.id,
      kind: organizations.kind,
      name: organizations.name,
      city: organizations.city,
      state: organizations.state,
      status: organizations.verificationStatus,
      verifiedAt: organizations.verifiedAt,
      createdAt: organizations.createdAt,
      coordinators: sql<number>`coalesce(${coordinatorCounts.n}, 0)::int`,
      students: sql<number>`coalesce(${studentCounts.n}, 0)::int`,
      activePlacements: sql<number>`coalesce(${placementCounts.n}, 0)::int`,
    })
    .from(organizations)
    .leftJoin(coordinatorCounts, eq(coordinatorCounts.organizationId, organizations.id))
    .leftJoin(studentCounts, eq(studentCounts.programId, organizations.id))
    .leftJoin(placementCounts, eq(placementCounts.facilityId, organizations.id))
    .where(whereOf(f))
    .orderBy(
      sql`${organizations.verificationStatus} = 'pending' desc`,
      asc(sql`lower(${organizations.name})`),
      asc(organizations.id),
    )
    .$dynamic();
}

function whereOf(f: OrganizationFilter) {
  return and(
    eq(organizations.kind, f.kind),
    f.status ? eq(organizations.verificationStatus, f.status) : undefined,
    f.search
      ? or(
          ilike(organizations.name, likePattern(f.search)),
          ilike(organizations.city, likePattern(f.search)),
          ilike(organizations.state, likePattern(f.search)),
        )
      : undefined,
  );
}

type Row = Awaited<ReturnType<ReturnType<typeof organizationRows>["execute"]>>[number];

function present(r: Row) {
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    city: r.city,
    state: r.state,
    status: r.status,
    coordinators: r.coordinators,
    // Students for a program, active placements for a facility; null where it does not apply.
    students: r.kind === "program" ? r.students : null,
    activePlacements: r.kind === "facility" ? r.activePlacements : null,
    createdAt: r.createdAt.toISOString(),
    verifiedAt: r.verifiedAt?.toISOString() ?? null,
  };
}

export async function listOrganizations(deps: Deps, q: OrganizationFilter & { page: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    organizationRows(deps, q).limit(q.pageSize).offset(offsetOf(q)),
    deps.db.select({ n: count() }).from(organizations).where(whereOf(q)),
  ]);
  return { items: rows.map(present), total: total.n, page: q.page, pageSize: q.pageSize };
}

const EXPORT_LIMIT = 10_000;

export async function exportOrganizations(deps: Deps, f: OrganizationFilter) {
  const rows = (await organizationRows(deps, f).limit(EXPORT_LIMIT)).map(present);
  const header =
    f.kind === "program"
      ? ["Name", "City", "State", "Status", "Coordinators", "Students", "Joined"]
      : ["Name", "City", "State", "Status", "Coordinators", "Active placements", "Joined"];
  return {
    header,
    rows: rows.map((r) => [
      r.name,
      r.city,
      r.state,
      r.status,
      r.coordinators,
      f.kind === "program" ? r.students : r.activePlacements,
      r.createdAt.slice(0, 10),
    ]),
  };
}

/**
 * D2: an administrator verifies (applications open) or rejects an organization; its coordinators
 * are told by mail, queued with the change (ADR 015): sent once it commits, retried if SMTP fails.
 */
export async function setOrganizationVerification(deps: Deps, id: string, decision: "verified" | "rejected") {
  const { org, coordinators } = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(organizations).where(eq(organizations.id, id)).for("update");
    if (!row) throw notFound("Organization");
    if (row.verificationStatus === decision) throw conflict(`${row.name} is already ${decision}`);
    const [updated] = await tx
      .update(organizations)
      .set({ verificationStatus: decision, verifiedAt: decision === "verified" ? new Date() : null })
      .where(eq(organizations.id, id))
      .returning();
    const members = await tx
      .select({ userId: users.id, email: users.email, name: users.name })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.organizationId, id));
    await mailVerification(deps, tx, updated, members, decision);
    return { org: updated, coordinators: members };
  });
  // A rejection shuts members out at once (their next request is refused); open event streams too.
  await deps.realtime.publish(
    deps.db,
    coordinators.map((c) => ({ userId: c.userId, type: SESSION_ENDED })),
  );
  return { id: org.id, status: decision, verifiedAt: org.verifiedAt?.toISOString() ?? null };
}

async function mailVerification(
  deps: Deps,
  tx: Tx,
  org: { name: string; kind: "program" | "facility" },
  coordinators: { email: string; name: string }[],
  decision: "verified" | "rejected",
) {
  const verified = decision === "verified";
  const signIn = `${deps.env.appUrl}/auth`;
  const what = org.kind === "program" ? "nursing program" : "healthcare facility";
  for (const c of coordinators) {
    const lines = verified
      ? [
          `Hello ${c.name},`,
          `A platform administrator verified ${org.name}. Applications are now open to your ${what}.`,
        ]
      : [
          `Hello ${c.name},`,
          `A platform administrator could not verify ${org.name}. If you think this is a mistake, reply to this email or contact the platform's administrators.`,
        ];
    await deps.jobs.enqueueMail(tx, {
      to: c.email,
      subject: verified ? `${org.name} is verified` : `${org.name} could not be verified`,
      text: verified ? `${lines.join("\n\n")}\n\nSign in: ${signIn}` : lines.join("\n\n"),
      html: mailHtml(
        verified ? "Organization verified" : "Organization not verified",
        lines,
        verified ? { label: "Sign in", url: signIn } : undefined,
      ),
      link: verified ? signIn : undefined,
    });
  }
}
