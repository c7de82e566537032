import { and, asc, count, eq, gte, ilike, inArray, lte, ne, or, sql } from "drizzle-orm";
import { rotationPhase } from "../../../domain/applications";
import {
  acceptsApplications,
  durationWeeks,
  nextTermDates,
  nextTermTitle,
  type PlacementStatus,
  type PlacementValues,
  publishRefusal,
  shiftedDeadline,
} from "../../../domain/placements";
import type { Db, Tx } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { organizations } from "../../db/schema/organizations";
import { departments, placements } from "../../db/schema/placements";
import { students } from "../../db/schema/students";
import { assertVerified, facilityScope, type Scope, scopeWhere } from "../../lib/access";
import type { Deps } from "../../lib/context";
import { AppError, conflict, invalid, notFound } from "../../lib/errors";
import { likePattern, offsetOf } from "../../lib/pagination";
import { placementRequirementIds, setPlacementRequirements } from "../compliance/requirements";
import { assertDepartmentRoom, findDepartment } from "../departments/service";
import { noticeDateChange } from "./date-change-notices";
import { lockPlacement } from "./slots";

// The facility's own placements in every status (issue 4): list, create, edit, publish, close and
// duplicate for the next term. Every query is scoped by the facility the session may see (D1):
// a coordinator's own facility, any facility for an admin; another facility's placement is 404.

export type FacilityPlacementQuery = {
  page: number;
  pageSize: number;
  search?: string;
  status?: PlacementStatus;
  specialty?: string;
  departmentId?: string;
  facilityId?: string;
};

const columns = {
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
  today: sql<string>`to_char(current_date, 'YYYY-MM-DD')`,
  createdAt: placements.createdAt,
  updatedAt: placements.updatedAt,
  facilityId: organizations.id,
  facilityName: organizations.name,
  facilityCity: organizations.city,
  facilityState: organizations.state,
  departmentId: departments.id,
  departmentName: departments.name,
  pendingApplications: sql<number>`(select count(*)::int from ${applications} where ${applications.placementId} = ${placements.id} and ${applications.status} = 'pending')`,
};

function baseQuery(db: Db) {
  return db
    .select(columns)
    .from(placements)
    .innerJoin(organizations, eq(organizations.id, placements.facilityId))
    .leftJoin(departments, eq(departments.id, placements.departmentId))
    .$dynamic();
}
type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>["execute"]>>[number];

function toItem(r: Row) {
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
    /** Issue 9: upcoming, current (under way) or ended, against the database's current_date. */
    phase: rotationPhase(r.startDate, r.endDate, r.today),
    /** Whether it may be active today (publish, re-publish): an ended rotation is history only. */
    publishable: publishRefusal(r, r.today) === null,
    acceptsApplications: r.status === "active" && acceptsApplications(r, r.today),
    pendingApplications: r.pendingApplications,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    facility: { id: r.facilityId, name: r.facilityName, city: r.facilityCity, state: r.facilityState },
    department: r.departmentId && r.departmentName ? { id: r.departmentId, name: r.departmentName } : null,
  };
}
export type FacilityPlacement = ReturnType<typeof toItem>;

/** The facility's placements in every status, soonest first, filtered and paginated (D13). */
export async function listFacilityPlacements(db: Db, access: Scope, q: FacilityPlacementQuery) {
  const scope = facilityScope(access, q.facilityId);
  const term = q.search ? likePattern(q.search) : null;
  const where = and(
    scopeWhere(scope, { facility: placements.facilityId }),
    q.status ? eq(placements.status, q.status) : undefined,
    q.specialty ? eq(placements.specialty, q.specialty) : undefined,
    q.departmentId ? eq(placements.departmentId, q.departmentId) : undefined,
    term
      ? or(ilike(placements.title, term), ilike(placements.specialty, term), ilike(departments.name, term))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    baseQuery(db)
      .where(where)
      .orderBy(
        sql`case ${placements.status} when 'active' then 0 when 'draft' then 1 else 2 end`,
        asc(placements.startDate),
        asc(placements.title),
        asc(placements.id),
      )
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db
      .select({ n: count() })
      .from(placements)
      .leftJoin(departments, eq(departments.id, placements.departmentId))
      .where(where),
  ]);
  const required = await placementRequirementIds(
    db,
    rows.map((r) => r.id),
  );
  const items = rows.map((r) => ({ ...toItem(r), requirementTypeIds: required.get(r.id) ?? [] }));
  return { items, total: Number(total.n), page: q.page, pageSize: q.pageSize };
}

/** Every placement of the facility, by title: the filter options of the applications page. */
export async function facilityPlacementOptions(db: Db, access: Scope, facilityId?: string) {
  const scope = facilityScope(access, facilityId);
  return db
    .select({ id: placements.id, title: placements.title, status: placements.status })
    .from(placements)
    .where(scopeWhere(scope, { facility: placements.facilityId }))
    .orderBy(asc(placements.title), asc(placements.id));
}

/** A GPA as the numeric(3,2) column takes it. */
const gpaColumn = (gpa: number | null) => (gpa === null ? null : gpa.toFixed(2));

/** One placement of the facility; another facility's is 404 (D1). */
export async function getFacilityPlacement(db: Db, access: Scope, id: string) {
  const scope = facilityScope(access);
  const [row] = await baseQuery(db).where(
    and(eq(placements.id, id), scopeWhere(scope, { facility: placements.facilityId })),
  );
  if (!row) throw notFound("Placement");
  const required = await placementRequirementIds(db, [id]);
  return { ...toItem(row), requirementTypeIds: required.get(id) ?? [] };
}

/** D2: an active placement needs a verified facility (drafts are allowed meanwhile). */
async function assertMayPublish(db: Db | Tx, facilityId: string) {
  const [org] = await db
    .select({ name: organizations.name, verificationStatus: organizations.verificationStatus })
    .from(organizations)
    .where(eq(organizations.id, facilityId));
  assertVerified(org ?? null);
}

async function departmentFor(db: Db | Tx, access: Scope, departmentId: string) {
  const department = await findDepartment(db, departmentId, facilityScope(access));
  if (!department) throw invalid([{ path: "departmentId", message: "Choose one of your facility's departments" }]);
  return department;
}

/** Issue 9: a placement may be active only while its rotation takes applications (422 naming the date). */
function assertDatesPublishable(p: { startDate: string; endDate: string; allowLateJoiners: boolean }, today: string) {
  const refusal = publishRefusal(p, today);
  if (refusal) throw invalid([refusal], refusal.message);
}

async function databaseToday(db: Db | Tx, departmentId: string) {
  const [row] = await db
    .select({ today: sql<string>`to_char(current_date, 'YYYY-MM-DD')` })
    .from(departments)
    .where(eq(departments.id, departmentId));
  return row.today;
}

/**
 * Create: in the department's facility (a coordinator's own); draft, or active when the facility is
 * verified, the rotation takes applications (not ended; not started unless late joiners are allowed)
 * and the department has the seats for it on every day (issue 9).
 */
export async function createFacilityPlacement(db: Db, access: Scope, input: PlacementValues) {
  const department = await departmentFor(db, access, input.departmentId);
  if (input.status === "closed") {
    throw invalid([{ path: "status", message: "A new placement is saved as a draft or published as active" }]);
  }
  const id = await db.transaction(async (tx) => {
    if (input.status === "active") {
      await assertMayPublish(tx, department.facilityId);
      assertDatesPublishable(input, await databaseToday(tx, department.id));
      await assertDepartmentRoom(tx, { ...input, departmentId: department.id });
    }
    const [row] = await tx
      .insert(placements)
      .values({
        facilityId: department.facilityId,
        departmentId: department.id,
        title: input.title,
        specialty: input.specialty,
        description: input.description,
        requirements: input.requirements,
        startDate: input.startDate,
        endDate: input.endDate,
        durationWeeks: durationWeeks(input.startDate, input.endDate),
        capacity: input.capacity,
        slotsFilled: 0,
        status: input.status,
        allowLateJoiners: input.allowLateJoiners,
        minGpa: gpaColumn(input.minGpa ?? null),
        applicationDeadline: input.applicationDeadline ?? null,
      })
      .returning({ id: placements.id });
    await setPlacementRequirements(tx, row.id, input.requirementTypeIds ?? []);
    return row.id;
  });
  return getFacilityPlacement(db, access, id);
}

/**
 * Edit, under the placement's row lock (the lock approvals take): capacity never below the spots
 * already filled (422 naming capacity), back to draft only without pending or approved applications.
 * Issue 9: active only while the rotation takes applications (checked when it becomes active or its
 * dates change); new dates re-check every approved student for overlaps with their other approved
 * rotations (409 naming them, nothing changed); the department's seats on every day.
 */
export async function updateFacilityPlacement(deps: Deps, access: Scope, id: string, input: PlacementValues) {
  const { db } = deps;
  const scope = facilityScope(access);
  await db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: placements.id, facilityId: placements.facilityId })
      .from(placements)
      .where(and(eq(placements.id, id), scopeWhere(scope, { facility: placements.facilityId })));
    if (!owned) throw notFound("Placement");
    const current = await lockPlacement(tx, id);
    if (!current) throw notFound("Placement");
    const department = await departmentFor(tx, access, input.departmentId);
    if (department.facilityId !== owned.facilityId) {
      throw invalid([{ path: "departmentId", message: "Choose one of this placement's facility's departments" }]);
    }
    if (input.capacity < current.slotsFilled) {
      throw invalid([
        {
          path: "capacity",
          message: `Capacity cannot be below the ${current.slotsFilled} spot${current.slotsFilled === 1 ? "" : "s"} already filled`,
        },
      ]);
    }
    const datesChanged = input.startDate !== current.startDate || input.endDate !== current.endDate;
    // Issue 15: a deadline kept from before (omitted on this edit) must still fit the new end date.
    const deadline = input.applicationDeadline === undefined ? current.applicationDeadline : input.applicationDeadline;
    if (deadline && deadline > input.endDate) {
      throw invalid([
        { path: "applicationDeadline", message: "Application deadline must be on or before the end date" },
      ]);
    }
    if (input.status === "active" && current.status !== "active") await assertMayPublish(tx, owned.facilityId);
    if (input.status === "active" && (current.status !== "active" || datesChanged)) {
      assertDatesPublishable(input, current.today);
    }
    if (input.status === "draft" && current.status !== "draft") await assertNoLiveApplications(tx, id);
    if (datesChanged) await assertApprovedStudentsFit(tx, id, input);
    // The seats it holds: its capacity while active, its approved students once closed.
    const seats = input.status === "active" ? input.capacity : input.status === "closed" ? current.slotsFilled : 0;
    const claimGrows =
      input.status !== current.status ||
      datesChanged ||
      department.id !== current.departmentId ||
      input.capacity > current.capacity;
    if (seats > 0 && claimGrows) {
      await assertDepartmentRoom(tx, {
        departmentId: department.id,
        startDate: input.startDate,
        endDate: input.endDate,
        capacity: seats,
        placementId: id,
      });
    }
    await tx
      .update(placements)
      .set({
        departmentId: department.id,
        title: input.title,
        specialty: input.specialty,
        description: input.description,
        requirements: input.requirements,
        startDate: input.startDate,
        endDate: input.endDate,
        durationWeeks: durationWeeks(input.startDate, input.endDate),
        capacity: input.capacity,
        status: input.status,
        allowLateJoiners: input.allowLateJoiners,
        ...(input.minGpa !== undefined ? { minGpa: gpaColumn(input.minGpa) } : {}),
        ...(input.applicationDeadline !== undefined ? { applicationDeadline: input.applicationDeadline } : {}),
        updatedAt: new Date(),
      })
      .where(eq(placements.id, id));
    if (input.requirementTypeIds !== undefined) await setPlacementRequirements(tx, id, input.requirementTypeIds);
    // Issue 15: the approved students and their programs hear of new dates (queued on commit). Last:
    // it publishes live events, which serializes publishing transactions until this one commits.
    if (datesChanged) {
      await noticeDateChange(deps, tx, {
        placementId: id,
        before: { startDate: current.startDate, endDate: current.endDate },
        after: { startDate: input.startDate, endDate: input.endDate },
      });
    }
  });
  return getFacilityPlacement(db, access, id);
}

/** How many names a refusal lists before '… and N more'. */
const NAMES_SHOWN = 3;

/**
 * Issue 9: new dates for a placement with approved students. Each approved student's roster row is
 * locked (after the placement's, in id order: the order approvals take them), then none of them may
 * hold another approved rotation overlapping the new dates: 409 naming the first few and the count.
 */
async function assertApprovedStudentsFit(tx: Tx, placementId: string, range: { startDate: string; endDate: string }) {
  const approved = await tx
    .select({ id: applications.studentId })
    .from(applications)
    .where(and(eq(applications.placementId, placementId), eq(applications.status, "approved")))
    .orderBy(asc(applications.studentId));
  if (approved.length === 0) return;
  const ids = approved.map((a) => a.id);
  await tx
    .select({ id: students.id })
    .from(students)
    .where(inArray(students.id, ids))
    .orderBy(asc(students.id))
    .for("no key update");
  const clashes = await tx
    .selectDistinct({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(applications)
    .innerJoin(students, eq(students.id, applications.studentId))
    .innerJoin(placements, eq(placements.id, applications.placementId))
    .where(
      and(
        inArray(applications.studentId, ids),
        eq(applications.status, "approved"),
        ne(applications.placementId, placementId),
        lte(placements.startDate, range.endDate),
        gte(placements.endDate, range.startDate),
      ),
    )
    .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id));
  if (clashes.length === 0) return;
  const names = clashes.slice(0, NAMES_SHOWN).map((c) => `${c.firstName} ${c.lastName}`);
  const more = clashes.length - names.length;
  const who = `${names.join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
  const n = clashes.length;
  const message = `These dates would overlap other approved rotations of ${n} approved student${n === 1 ? "" : "s"}: ${who}. Keep the dates, or settle those rotations first`;
  throw new AppError("conflict", message, 409, [{ path: "startDate", message }]);
}

async function assertNoLiveApplications(tx: Tx, id: string) {
  const [live] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(applications)
    .where(and(eq(applications.placementId, id), sql`${applications.status} in ('pending', 'approved')`));
  if (live.n > 0) {
    throw conflict("A placement with pending or approved applications cannot go back to draft: close it instead");
  }
}

/**
 * Publish (draft or closed → active; D2; issue 9: not an ended rotation, nor one under way without
 * late joiners, and within the department's seats) or close (→ closed). Closing keeps approved
 * students placed (they keep their seats in the department; the rest are released).
 */
export async function setFacilityPlacementStatus(db: Db, access: Scope, id: string, status: "active" | "closed") {
  const scope = facilityScope(access);
  await db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: placements.id, facilityId: placements.facilityId })
      .from(placements)
      .where(and(eq(placements.id, id), scopeWhere(scope, { facility: placements.facilityId })));
    if (!owned) throw notFound("Placement");
    const current = await lockPlacement(tx, id);
    if (!current) throw notFound("Placement");
    if (current.status === status) {
      throw conflict(status === "active" ? "This placement is already published" : "This placement is already closed");
    }
    if (status === "active") {
      await assertMayPublish(tx, owned.facilityId);
      // Issue 9: an ended rotation stays in history; one under way only with late joiners (409).
      const refusal = publishRefusal(current, current.today);
      if (refusal) throw new AppError("conflict", refusal.message, 409, [refusal]);
      if (current.departmentId) {
        await assertDepartmentRoom(tx, { ...current, departmentId: current.departmentId, placementId: id });
      }
    }
    await tx.update(placements).set({ status, updatedAt: new Date() }).where(eq(placements.id, id));
  });
  return getFacilityPlacement(db, access, id);
}

/** Duplicate for the next term: same details, dates shifted past the original's end, a draft with no spots filled. */
export async function duplicateFacilityPlacement(db: Db, access: Scope, id: string) {
  const original = await getFacilityPlacement(db, access, id);
  const dates = nextTermDates(original.startDate, original.endDate);
  const [row] = await db
    .insert(placements)
    .values({
      facilityId: original.facility.id,
      departmentId: original.department?.id ?? null,
      title: nextTermTitle(original.title, dates.startDate),
      specialty: original.specialty,
      description: original.description,
      requirements: original.requirements,
      startDate: dates.startDate,
      endDate: dates.endDate,
      durationWeeks: durationWeeks(dates.startDate, dates.endDate),
      capacity: original.capacity,
      slotsFilled: 0,
      status: "draft",
      allowLateJoiners: original.allowLateJoiners,
      minGpa: gpaColumn(original.minGpa),
      // As far before the new start as the original's deadline was before its start.
      applicationDeadline: shiftedDeadline(original.applicationDeadline, original, dates),
    })
    .returning({ id: placements.id });
  await setPlacementRequirements(db, row.id, original.requirementTypeIds);
  return getFacilityPlacement(db, access, row.id);
}
