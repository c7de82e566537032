import { and, asc, eq, exists, ilike, inArray, lt, not, or, type SQL, sql } from "drizzle-orm";
import type { MatchRunRequest } from "../../../domain/matching/bulk";
import type { DbOrTx } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { organizations } from "../../db/schema/organizations";
import { placements } from "../../db/schema/placements";
import { students } from "../../db/schema/students";
import { likePattern } from "../../lib/pagination";
import { acceptsApplicationsToday } from "../placements/search";

// Who and what a match run is about, chosen when it starts (issue 13):
// - the program's active roster students matching the students list's filters (search, specialty,
//   compliance status) or named one by one, without an approved rotation overlapping the window;
// - the open placements starting within the window: active, at a verified facility, taking
//   applications today (issue 9), with a spot left; optionally of one specialty, facility or city.
// Every student query is scoped to one program (D1, ADR 011): the caller's, never the browser's.

type Window = MatchRunRequest["window"];

export type RunStudentRow = {
  id: string;
  firstName: string;
  lastName: string;
  specialtyInterest: string | null;
  complianceStatus: "pending" | "compliant" | "incomplete";
  gpa: number | null;
};

/** An approved rotation of the student overlapping the window. */
function approvedOverlapping(db: DbOrTx, window: Window) {
  return db
    .select({ one: sql`1` })
    .from(applications)
    .innerJoin(placements, eq(placements.id, applications.placementId))
    .where(
      and(
        eq(applications.studentId, students.id),
        eq(applications.status, "approved"),
        sql`${placements.startDate} <= ${window.to}`,
        sql`${placements.endDate} >= ${window.from}`,
      ),
    );
}

/** The run's students in roster order (who joined first comes first: the priority's last key). */
export async function selectRunStudents(
  db: DbOrTx,
  programId: string,
  f: MatchRunRequest["students"],
  window: Window,
): Promise<RunStudentRow[]> {
  const term = f.search ? likePattern(f.search) : null;
  const rows = await db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      specialtyInterest: students.specialtyInterest,
      complianceStatus: students.complianceStatus,
      gpa: students.gpa,
    })
    .from(students)
    .where(
      and(
        eq(students.programId, programId),
        eq(students.enrollmentStatus, "active"),
        f.ids ? inArray(students.id, f.ids) : undefined,
        f.specialty ? eq(students.specialtyInterest, f.specialty) : undefined,
        f.complianceStatus ? eq(students.complianceStatus, f.complianceStatus) : undefined,
        term
          ? or(
              ilike(students.firstName, term),
              ilike(students.lastName, term),
              ilike(students.email, term),
              ilike(sql`${students.firstName} || ' ' || ${students.lastName}`, term),
            )
          : undefined,
        not(exists(approvedOverlapping(db, window))),
      ),
    )
    .orderBy(asc(students.createdAt), asc(students.id));
  return rows.map((r) => ({ ...r, gpa: r.gpa === null ? null : Number(r.gpa) }));
}

export type RunPlacementRow = {
  id: string;
  title: string;
  specialty: string;
  startDate: string;
  endDate: string;
  capacity: number;
  slotsFilled: number;
  facilityId: string;
  facilityName: string;
  city: string | null;
  state: string | null;
};

function poolWhere(pool: Partial<MatchRunRequest["pool"]>, window: Window): SQL {
  return and(
    eq(placements.status, "active"),
    eq(organizations.verificationStatus, "verified"),
    acceptsApplicationsToday(),
    lt(placements.slotsFilled, placements.capacity),
    sql`${placements.startDate} >= ${window.from}`,
    sql`${placements.startDate} <= ${window.to}`,
    pool.specialty ? eq(placements.specialty, pool.specialty) : undefined,
    pool.facilityId ? eq(placements.facilityId, pool.facilityId) : undefined,
    pool.city ? ilike(organizations.city, likePattern(pool.city)) : undefined,
  ) as SQL;
}

/** The run's pool, soonest first. */
export async function selectRunPlacements(
  db: DbOrTx,
  pool: MatchRunRequest["pool"],
  window: Window,
): Promise<RunPlacementRow[]> {
  return db
    .select({
      id: placements.id,
      title: placements.title,
      specialty: placements.specialty,
      startDate: placements.startDate,
      endDate: placements.endDate,
      capacity: placements.capacity,
      slotsFilled: placements.slotsFilled,
      facilityId: organizations.id,
      facilityName: organizations.name,
      city: organizations.city,
      state: organizations.state,
    })
    .from(placements)
    .innerJoin(organizations, eq(organizations.id, placements.facilityId))
    .where(poolWhere(pool, window))
    .orderBy(asc(placements.startDate), asc(placements.id));
}

/** The facilities with open placements in the window (of the specialty, if one is chosen): the pool filter's options. */
export async function poolFacilities(db: DbOrTx, specialty: string | undefined, window: Window) {
  return db
    .selectDistinct({
      id: organizations.id,
      name: organizations.name,
      city: organizations.city,
      state: organizations.state,
    })
    .from(placements)
    .innerJoin(organizations, eq(organizations.id, placements.facilityId))
    .where(poolWhere({ specialty }, window))
    .orderBy(asc(organizations.name), asc(organizations.id));
}
