import { and, asc, count, eq, gt, gte, ilike, inArray, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { organizations } from "../../db/schema/organizations";
import { departments, placements } from "../../db/schema/placements";
import { type StudentScope, scopeWhere } from "../../lib/access";
import { notFound } from "../../lib/errors";
import { likePattern, offsetOf } from "../../lib/pagination";
import { placementRequirementIds } from "../compliance/requirements";

// Searching open placements (spec sections 7 and 9): programs search for their students, students
// for themselves (each placement then says whether they applied). The facility's own placements, in
// every status, are manage.ts's.

export type OpenPlacementQuery = {
  page: number;
  pageSize: number;
  search?: string;
  specialty?: string;
  /** start_date on or after this day (YYYY-MM-DD). */
  startFrom?: string;
  /** end_date on or before this day (YYYY-MM-DD). */
  endBy?: string;
  /** The program list hides full placements (spec section 9) unless asked. */
  includeFull?: boolean;
};

/**
 * Issue 9: the rotation takes applications today (the database's current_date): it has not ended,
 * and it has not started unless the facility allows late joiners (a rotation starting today has
 * started), and issue 15: its application deadline, if any, is today or later. The program's and
 * the student's searches offer only these (a placement past its deadline is hidden, as one under
 * way is), and so do matching and recommendations; acceptsApplications() in src/domain/placements
 * is the same rule for one placement.
 */
export function acceptsApplicationsToday(): SQL {
  return and(
    gte(placements.endDate, sql`current_date`),
    or(gt(placements.startDate, sql`current_date`), eq(placements.allowLateJoiners, true)),
    or(isNull(placements.applicationDeadline), gte(placements.applicationDeadline, sql`current_date`)),
  ) as SQL;
}

const placementColumns = {
  id: placements.id,
  title: placements.title,
  specialty: placements.specialty,
  description: placements.description,
  requirements: placements.requirements,
  startDate: placements.startDate,
  endDate: placements.endDate,
  durationWeeks: placements.durationWeeks,
  capacity: placements.capacity,
  slotsFilled: placements.slotsFilled,
  status: placements.status,
  allowLateJoiners: placements.allowLateJoiners,
  minGpa: placements.minGpa,
  applicationDeadline: placements.applicationDeadline,
  acceptsApplications: sql<boolean>`(${acceptsApplicationsToday()})`,
  facilityId: organizations.id,
  facilityName: organizations.name,
  facilityCity: organizations.city,
  facilityState: organizations.state,
  departmentId: departments.id,
  departmentName: departments.name,
};

export type PlacementRow = {
  id: string;
  title: string;
  specialty: string;
  description: string;
  requirements: string[];
  startDate: string;
  endDate: string;
  durationWeeks: number;
  capacity: number;
  slotsFilled: number;
  status: "draft" | "active" | "closed";
  allowLateJoiners: boolean;
  minGpa: string | null;
  applicationDeadline: string | null;
  acceptsApplications: boolean;
  facilityId: string;
  facilityName: string;
  facilityCity: string | null;
  facilityState: string | null;
  departmentId: string | null;
  departmentName: string | null;
};

/** A placement as a student sees it (search, recommendations): one shape for every reader. */
export function toPlacement(r: PlacementRow) {
  return {
    id: r.id,
    title: r.title,
    specialty: r.specialty,
    description: r.description,
    requirements: r.requirements,
    startDate: r.startDate,
    endDate: r.endDate,
    durationWeeks: r.durationWeeks,
    capacity: r.capacity,
    slotsFilled: r.slotsFilled,
    availableSpots: Math.max(0, r.capacity - r.slotsFilled),
    status: r.status,
    allowLateJoiners: r.allowLateJoiners,
    minGpa: r.minGpa === null ? null : Number(r.minGpa),
    applicationDeadline: r.applicationDeadline,
    acceptsApplications: r.acceptsApplications,
    facility: { id: r.facilityId, name: r.facilityName, city: r.facilityCity, state: r.facilityState },
    department: r.departmentId && r.departmentName ? { id: r.departmentId, name: r.departmentName } : null,
  };
}
export type OpenPlacement = ReturnType<typeof toPlacement>;

/** Open to applications: active, at a verified facility (D2). */
const isOpen = and(eq(placements.status, "active"), eq(organizations.verificationStatus, "verified"));

/**
 * Active placements of verified facilities that take applications today (not started unless late
 * joiners are allowed, not ended), soonest first (spec section 7), paginated (D13).
 */
export async function searchOpenPlacements(db: Db, q: OpenPlacementQuery) {
  const term = q.search ? likePattern(q.search) : null;
  const where = and(
    isOpen,
    acceptsApplicationsToday(),
    term
      ? or(
          ilike(placements.title, term),
          ilike(organizations.name, term),
          ilike(organizations.city, term),
          ilike(placements.specialty, term),
        )
      : undefined,
    q.specialty ? eq(placements.specialty, q.specialty) : undefined,
    q.startFrom ? gte(placements.startDate, q.startFrom) : undefined,
    q.endBy ? lte(placements.endDate, q.endBy) : undefined,
    q.includeFull ? undefined : lt(placements.slotsFilled, placements.capacity),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(placementColumns)
      .from(placements)
      .innerJoin(organizations, eq(organizations.id, placements.facilityId))
      .leftJoin(departments, eq(departments.id, placements.departmentId))
      .where(where)
      .orderBy(asc(placements.startDate), asc(placements.title), asc(placements.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db
      .select({ n: count() })
      .from(placements)
      .innerJoin(organizations, eq(organizations.id, placements.facilityId))
      .where(where),
  ]);
  const required = await placementRequirementIds(
    db,
    rows.map((r) => r.id),
  );
  const items = rows.map((r) => ({ ...toPlacement(r), requirementTypeIds: required.get(r.id) ?? [] }));
  return { items, total: total.n, page: q.page, pageSize: q.pageSize };
}

/**
 * One active placement of a verified facility; 404 otherwise. One under way or ended is still shown
 * (acceptsApplications false) so a link to it explains itself instead of vanishing.
 */
export async function getOpenPlacement(db: Db, id: string) {
  const [row] = await db
    .select(placementColumns)
    .from(placements)
    .innerJoin(organizations, eq(organizations.id, placements.facilityId))
    .leftJoin(departments, eq(departments.id, placements.departmentId))
    .where(and(eq(placements.id, id), isOpen));
  if (!row) throw notFound("Placement");
  const required = await placementRequirementIds(db, [id]);
  return { ...toPlacement(row), requirementTypeIds: required.get(id) ?? [] };
}

/**
 * The student's search: the program search's rules (full placements hidden), each placement with
 * the student's own application, if any ('Applied').
 */
export async function browsePlacements(db: Db, scope: StudentScope, q: OpenPlacementQuery) {
  const page = await searchOpenPlacements(db, { ...q, includeFull: false });
  const ids = page.items.map((p) => p.id);
  const mine =
    ids.length > 0
      ? await db
          .select({ id: applications.id, placementId: applications.placementId, status: applications.status })
          .from(applications)
          .where(and(scopeWhere(scope, { student: applications.studentId }), inArray(applications.placementId, ids)))
      : [];
  // A withdrawn application does not count as "Applied": the student may apply again (issue 9).
  const byPlacement = new Map(
    mine.filter((a) => a.status !== "withdrawn").map((a) => [a.placementId, { id: a.id, status: a.status }]),
  );
  return { ...page, items: page.items.map((p) => ({ ...p, myApplication: byPlacement.get(p.id) ?? null })) };
}
