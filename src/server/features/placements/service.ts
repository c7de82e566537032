import { and, asc, count, eq, gt, gte, ilike, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../db/client";
import { organizations } from "../../db/schema/organizations";
import { departments, placements } from "../../db/schema/placements";
import { notFound } from "../../lib/errors";
import { likePattern, offsetOf } from "../../lib/pagination";

// Placements. Program-facing search now; the facility's management of its placements lands here too.

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
 * started). The program's and the student's searches offer only these; acceptsApplications() in
 * src/domain/placements is the same rule for one placement.
 */
export function acceptsApplicationsToday(): SQL {
  return and(
    gte(placements.endDate, sql`current_date`),
    or(gt(placements.startDate, sql`current_date`), eq(placements.allowLateJoiners, true)),
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
  acceptsApplications: sql<boolean>`(${acceptsApplicationsToday()})`,
  facilityId: organizations.id,
  facilityName: organizations.name,
  facilityCity: organizations.city,
  facilityState: organizations.state,
  departmentId: departments.id,
  departmentName: departments.name,
};

type PlacementRow = {
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
  acceptsApplications: boolean;
  facilityId: string;
  facilityName: string;
  facilityCity: string | null;
  facilityState: string | null;
  departmentId: string | null;
  departmentName: string | null;
};

function toPlacement(r: PlacementRow) {
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
  return { items: rows.map(toPlacement), total: total.n, page: q.page, pageSize: q.pageSize };
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
  return toPlacement(row);
}

/**
 * A placement as an application sees it: null when unknown, a draft, or at a facility that is not
 * verified (none of them is visible to programs). Closed and full ones are returned so the caller
 * can say why it refuses.
 */
export async function findPlacementForApplication(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: placements.id,
      title: placements.title,
      status: placements.status,
      capacity: placements.capacity,
      slotsFilled: placements.slotsFilled,
      startDate: placements.startDate,
      endDate: placements.endDate,
      allowLateJoiners: placements.allowLateJoiners,
      facilityId: organizations.id,
      facilityName: organizations.name,
      // The database's day, so every date rule compares against one clock (rotationPhase).
      today: sql<string>`to_char(current_date, 'YYYY-MM-DD')`,
    })
    .from(placements)
    .innerJoin(organizations, eq(organizations.id, placements.facilityId))
    .where(and(eq(placements.id, id), eq(organizations.verificationStatus, "verified")));
  if (!row || row.status === "draft") return null;
  return row;
}

/**
 * Locks a placement row for the rest of the transaction (SELECT ... FOR UPDATE). Every change of
 * slots_filled takes this lock first, then the application's, so concurrent approvals and
 * withdrawals serialize on the placement and never deadlock (D8).
 */
export async function lockPlacement(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: placements.id,
      capacity: placements.capacity,
      slotsFilled: placements.slotsFilled,
      status: placements.status,
      departmentId: placements.departmentId,
      startDate: placements.startDate,
      endDate: placements.endDate,
      allowLateJoiners: placements.allowLateJoiners,
      /** The database's current_date (YYYY-MM-DD), for the rules on dates (issue 9). */
      today: sql<string>`to_char(current_date, 'YYYY-MM-DD')`,
    })
    .from(placements)
    .where(eq(placements.id, id))
    .for("update");
  return row ?? null;
}

/** Frees one slot of a locked placement (an approved application was withdrawn). */
export async function releaseSlot(tx: Tx, id: string) {
  await tx
    .update(placements)
    .set({ slotsFilled: sql`greatest(${placements.slotsFilled} - 1, 0)`, updatedAt: new Date() })
    .where(eq(placements.id, id));
}
