import { and, asc, count, eq, ilike, or, type SQL, sql } from "drizzle-orm";
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
function organizationRows(deps: Deps, f: OrganizationFilter, extra?: SQL) {
  const coordinatorCounts = deps.db
    .select({ organizationId: memberships.organizationId, n: count().as("coordinator_n") })
    .from(memberships)
    .where(eq(memberships.role, "coordinator"))
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
      suspendedAt: organizations.suspendedAt,
      createdAt: organizations.createdAt,
      coordinators: sql<number>`coalesce(${coordinatorCounts.n}, 0)::int`,
      students: sql<number>`coalesce(${studentCounts.n}, 0)::int`,
      activePlacements: sql<number>`coalesce(${placementCounts.n}, 0)::int`,
    })
    .from(organizations)
    .leftJoin(coordinatorCounts, eq(coordinatorCounts.organizationId, organizations.id))
    .leftJoin(studentCounts, eq(studentCounts.programId, organizations.id))
    .leftJoin(placementCounts, eq(placementCounts.facilityId, organizations.id))
    .where(and(whereOf(f), extra))
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
    suspendedAt: r.suspendedAt?.toISOString() ?? null,
  };
}

export async function listOrganizations(deps: Deps, q: OrganizationFilter & { page: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    organizationRows(deps, q)
      .orderBy(
        sql`${organizations.verificationStatus} = 'pending' desc`,
        asc(sql`lower(${organizations.name})`),
        asc(organizations.id),
      )
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    deps.db.select({ n: count() }).from(organizations).where(whereOf(q)),
  ]);
  return { items: rows.map(present), total: total.n, page: q.page, pageSize: q.pageSize };
}

/** Rows fetched per page of a streamed export. */
export const EXPORT_PAGE = 500;

export function exportHeader(kind: OrganizationKind) {
  return kind === "program"
    ? ["Name", "City", "State", "Status", "Suspended", "Coordinators", "Students", "Joined"]
    : ["Name", "City", "State", "Status", "Suspended", "Coordinators", "Active placements", "Joined"];
}

/**
 * Every organization matching the filters, as CSV rows, one page at a time (issue 14: export of
 * any size). A keyset walk on the list's own order (pending first, then name, then id), so each page
 * is an index range and rows written or removed meanwhile never shift a page.
 */
export async function* exportOrganizationPages(deps: Deps, f: OrganizationFilter, pageSize = EXPORT_PAGE) {
  const rank = sql<boolean>`(${organizations.verificationStatus} <> 'pending')`;
  let after: { rank: boolean; name: string; id: string } | null = null;
  for (;;) {
    const keyset: ReturnType<typeof sql> | undefined = after
      ? sql`(${rank}, lower(${organizations.name}), ${organizations.id}) > (${after.rank}, ${after.name}, ${after.id})`
      : undefined;
    const rows: Row[] = await organizationRows(deps, f, keyset)
      .orderBy(asc(rank), asc(sql`lower(${organizations.name})`), asc(organizations.id))
      .limit(pageSize);
    if (rows.length === 0) return;
    yield rows.map((row) => {
      const r = present(row);
      return [
        r.name,
        r.city,
        r.state,
        r.status,
        row.suspendedAt ? row.suspendedAt.toISOString().slice(0, 10) : "",
        r.coordinators,
        f.kind === "program" ? r.students : r.activePlacements,
        r.createdAt.slice(0, 10),
      ];
    });
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1];
    after = { rank: last.status !== "pending", name: last.name.toLowerCase(), id: last.id };
  }
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
