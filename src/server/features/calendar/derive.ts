import { type AnyColumn, and, eq, gte, inArray, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { assertNever } from "../../../domain/assert-never";
import { type CalendarEvent, type CalendarQuery, rotationConflicts } from "../../../domain/calendar";
import { READINESS_LABELS } from "../../../domain/compliance";
import type { DbOrTx } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { complianceDocuments, requirementTypes } from "../../db/schema/compliance";
import { organizations } from "../../db/schema/organizations";
import { departments, placements } from "../../db/schema/placements";
import { students } from "../../db/schema/students";
import { type Scope, scopeWhere } from "../../lib/access";
import { readinessOf } from "../compliance/readiness";
import { renewedDocuments } from "../compliance/records";

// The events derived from the data (issue 15, ADR 020): rotations (approved applications),
// placement spans, application deadlines and compliance expiries. One query per kind, whatever
// the number of events; conflicts are two more bulk reads (overlaps in SQL, readiness through the
// compliance feature). Nothing here is stored: an event changes when its record does.
//
// SEQUENCE rule for derived events: the whole seconds from 2020-01-01 UTC to the latest change of
// the records the event shows (an application's review, its placement's and student's updates; a
// document's review). It only grows while those records change, and stays a 32-bit integer.

export const SEQUENCE_EPOCH = Date.UTC(2020, 0, 1);
export const sequenceOf = (changed: Date) => Math.max(0, Math.floor((changed.getTime() - SEQUENCE_EPOCH) / 1000));

/** What narrows a derived read: a day range (the query's) or one record (a single event's .ics). */
export type DeriveFilter = {
  from?: string;
  to?: string;
  /** The record id behind one event id (`rotation-<id>` → the application's id). */
  recordId?: string;
  studentId?: string;
  facilityId?: string;
  departmentId?: string;
  programId?: string;
  specialty?: string;
  /** The day conflicts and "not ended" are judged on (tests fix it). */
  today: string;
};

export function filterOf(q: Partial<CalendarQuery>, today: string): DeriveFilter {
  return {
    from: q.from,
    to: q.to,
    studentId: q.studentId,
    facilityId: q.facilityId,
    departmentId: q.departmentId,
    programId: q.programId,
    specialty: q.specialty,
    today,
  };
}

const facility = alias(organizations, "facility");
const fullName = (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}`;
/** A SQL date column as YYYY-MM-DD (drizzle's `date` columns already are strings). */
const day = (d: string) => d;

const base = {
  timeZone: null,
  location: null,
  description: null,
  studentId: null,
  studentName: null,
  programId: null,
  placementId: null,
  placementTitle: null,
  facilityId: null,
  facilityName: null,
  departmentId: null,
  departmentName: null,
  specialty: null,
  applicationId: null,
  documentId: null,
  eventId: null,
  category: null,
  audience: null,
  recurrence: null,
  editable: false,
  conflicts: [],
} satisfies Partial<CalendarEvent>;

/** The conditions every placement-based kind shares: range on its dates, facility/department/specialty filters. */
function placementFilters(f: DeriveFilter, start: AnyColumn, end: AnyColumn) {
  return [
    f.to ? lte(start, f.to) : undefined,
    f.from ? gte(end, f.from) : undefined,
    f.facilityId ? eq(placements.facilityId, f.facilityId) : undefined,
    f.departmentId ? eq(placements.departmentId, f.departmentId) : undefined,
    f.specialty ? eq(placements.specialty, f.specialty) : undefined,
  ];
}

/** Rotations: approved applications, all-day from the placement's first to its last day. */
export async function rotationEvents(db: DbOrTx, scope: Scope, f: DeriveFilter): Promise<CalendarEvent[]> {
  const owner = rotationScope(scope);
  const changed = sql<string>`greatest(coalesce(${applications.reviewedAt}, ${applications.submittedAt}), ${placements.updatedAt}, ${students.updatedAt})`;
  const rows = await db
    .select({
      id: applications.id,
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      programId: applications.programId,
      placementId: placements.id,
      title: placements.title,
      specialty: placements.specialty,
      startDate: placements.startDate,
      endDate: placements.endDate,
      facilityId: facility.id,
      facilityName: facility.name,
      facilityCity: facility.city,
      departmentId: departments.id,
      departmentName: departments.name,
      changed: sql<string>`to_char(${changed} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(applications)
    .innerJoin(students, eq(students.id, applications.studentId))
    .innerJoin(placements, eq(placements.id, applications.placementId))
    .innerJoin(facility, eq(facility.id, placements.facilityId))
    .leftJoin(departments, eq(departments.id, placements.departmentId))
    .where(
      and(
        eq(applications.status, "approved"),
        owner,
        f.recordId ? eq(applications.id, f.recordId) : undefined,
        f.studentId ? eq(applications.studentId, f.studentId) : undefined,
        f.programId ? eq(applications.programId, f.programId) : undefined,
        ...placementFilters(f, placements.startDate, placements.endDate),
      ),
    )
    .orderBy(placements.startDate, students.lastName, applications.id);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [overlaps, readiness] = await Promise.all([
    overlapsOf(db, ids),
    readinessOf(
      db,
      rows.filter((r) => r.endDate >= f.today).map((r) => r.id),
      f.today,
    ),
  ]);
  return rows.map((r) => {
    const unmet = (readiness.get(r.id)?.items ?? [])
      .filter((i) => i.readiness !== "met")
      .map((i) => ({ name: i.type.name, reason: READINESS_LABELS[i.readiness].toLowerCase() }));
    const conflicts = rotationConflicts(r, f.today, overlaps.get(r.id) ?? [], unmet);
    const name = fullName(r);
    return {
      ...base,
      id: `rotation-${r.id}`,
      kind: "rotation" as const,
      title: `${name}: ${r.title}`,
      allDay: true,
      start: day(r.startDate),
      end: day(r.endDate),
      location: [r.facilityName, r.departmentName].filter(Boolean).join(", "),
      studentId: r.studentId,
      studentName: name,
      programId: r.programId,
      placementId: r.placementId,
      placementTitle: r.title,
      facilityId: r.facilityId,
      facilityName: r.facilityName,
      departmentId: r.departmentId,
      departmentName: r.departmentName,
      specialty: r.specialty,
      applicationId: r.id,
      conflicts,
      sequence: sequenceOf(new Date(r.changed)),
      updatedAt: r.changed,
    };
  });
}

/**
 * Whose rotations a scope sees: a program its students', a facility those at its placements, a
 * student their own, a preceptor those assigned to them.
 */
function rotationScope(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case "all":
      return undefined;
    case "program":
      return eq(applications.programId, scope.programId);
    case "facility":
      return eq(placements.facilityId, scope.facilityId);
    case "student":
      return eq(applications.studentId, scope.studentId);
    case "preceptor":
      return scopeWhere(scope, { rotation: applications.id });
    case "none":
      return sql`false`;
    default:
      return assertNever(scope, "scope");
  }
}

/** Whose deadlines a scope sees: a facility its own, programs and students the marketplace's, admins all. */
function deadlineScope(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case "all":
      return undefined;
    case "facility":
      return eq(placements.facilityId, scope.facilityId);
    case "program":
    case "student":
      return eq(facility.verificationStatus, "verified");
    // A preceptor applies to nothing: only the rotations assigned to them.
    case "preceptor":
    case "none":
      return sql`false`;
    default:
      return assertNever(scope, "scope");
  }
}

type Overlap = { title: string; facilityName: string; startDate: string; endDate: string };

/** For each application, the student's other approved rotations sharing a day with it (one query). */
async function overlapsOf(db: DbOrTx, applicationIds: string[]): Promise<Map<string, Overlap[]>> {
  const other = alias(applications, "other");
  const otherPlacement = alias(placements, "other_placement");
  const otherFacility = alias(organizations, "other_facility");
  const rows = await db
    .select({
      id: applications.id,
      title: otherPlacement.title,
      facilityName: otherFacility.name,
      startDate: otherPlacement.startDate,
      endDate: otherPlacement.endDate,
    })
    .from(applications)
    .innerJoin(placements, eq(placements.id, applications.placementId))
    .innerJoin(
      other,
      and(eq(other.studentId, applications.studentId), ne(other.id, applications.id), eq(other.status, "approved")),
    )
    .innerJoin(
      otherPlacement,
      and(
        eq(otherPlacement.id, other.placementId),
        lte(otherPlacement.startDate, placements.endDate),
        gte(otherPlacement.endDate, placements.startDate),
      ),
    )
    .innerJoin(otherFacility, eq(otherFacility.id, otherPlacement.facilityId))
    .where(inArray(applications.id, applicationIds))
    .orderBy(otherPlacement.startDate, other.id);
  const out = new Map<string, Overlap[]>();
  for (const { id, ...o } of rows) out.set(id, [...(out.get(id) ?? []), o]);
  return out;
}

/** A facility's non-draft placements as spans (the facility and admins only). */
export async function placementEvents(db: DbOrTx, scope: Scope, f: DeriveFilter): Promise<CalendarEvent[]> {
  if (scope.kind !== "all" && scope.kind !== "facility") return [];
  // A placement has no student or program: a filter naming one leaves it out.
  if (f.studentId || f.programId) return [];
  const rows = await placementRows(db, [
    ne(placements.status, "draft"),
    scope.kind === "facility" ? eq(placements.facilityId, scope.facilityId) : undefined,
    f.recordId ? eq(placements.id, f.recordId) : undefined,
    ...placementFilters(f, placements.startDate, placements.endDate),
  ]);
  return rows.map((r) => ({
    ...placementBase(r),
    id: `placement-${r.id}`,
    kind: "placement" as const,
    title: `${r.title} (${r.slotsFilled}/${r.capacity} placed)`,
    allDay: true,
    start: r.startDate,
    end: r.endDate,
  }));
}

/**
 * Application deadlines of active placements. A facility sees its own; programs and students
 * those of the marketplace they search (active placements of verified facilities); admins all.
 */
export async function deadlineEvents(db: DbOrTx, scope: Scope, f: DeriveFilter): Promise<CalendarEvent[]> {
  if (scope.kind === "none" || f.studentId || f.programId) return [];
  const rows = await placementRows(db, [
    eq(placements.status, "active"),
    sql`${placements.applicationDeadline} is not null`,
    deadlineScope(scope),
    f.recordId ? eq(placements.id, f.recordId) : undefined,
    ...placementFilters(f, placements.applicationDeadline, placements.applicationDeadline),
  ]);
  return rows.map((r) => ({
    ...placementBase(r),
    id: `deadline-${r.id}`,
    kind: "deadline" as const,
    title: `Applications close: ${r.title}`,
    allDay: true,
    start: r.applicationDeadline!,
    end: r.applicationDeadline!,
  }));
}

async function placementRows(db: DbOrTx, where: (SQL | undefined)[]) {
  return db
    .select({
      id: placements.id,
      title: placements.title,
      specialty: placements.specialty,
      startDate: placements.startDate,
      endDate: placements.endDate,
      applicationDeadline: placements.applicationDeadline,
      capacity: placements.capacity,
      slotsFilled: placements.slotsFilled,
      updatedAt: placements.updatedAt,
      facilityId: facility.id,
      facilityName: facility.name,
      departmentId: departments.id,
      departmentName: departments.name,
    })
    .from(placements)
    .innerJoin(facility, eq(facility.id, placements.facilityId))
    .leftJoin(departments, eq(departments.id, placements.departmentId))
    .where(and(...where))
    .orderBy(placements.startDate, placements.id);
}

function placementBase(r: Awaited<ReturnType<typeof placementRows>>[number]) {
  return {
    ...base,
    location: [r.facilityName, r.departmentName].filter(Boolean).join(", "),
    placementId: r.id,
    placementTitle: r.title,
    facilityId: r.facilityId,
    facilityName: r.facilityName,
    departmentId: r.departmentId,
    departmentName: r.departmentName,
    specialty: r.specialty,
    sequence: sequenceOf(r.updatedAt),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * Compliance expiries: the last valid day of the approved document in force. A program sees its
 * students', a student their own, a facility those of students with an approved rotation at its
 * placements that has not ended (the facility's filter does the same for admins).
 */
export async function expiryEvents(db: DbOrTx, scope: Scope, f: DeriveFilter): Promise<CalendarEvent[]> {
  if (scope.kind === "none" || f.departmentId || f.specialty) return [];
  const placedAt = (facilityId: string) =>
    sql`exists (select 1 from ${applications} inner join ${placements} on ${placements.id} = ${applications.placementId}
      where ${applications.studentId} = ${students.id} and ${applications.status} = 'approved'
        and ${placements.facilityId} = ${facilityId} and ${placements.endDate} >= ${f.today})`;
  const owner = ((): SQL | undefined => {
    switch (scope.kind) {
      case "all":
        return undefined;
      case "program":
        return eq(students.programId, scope.programId);
      case "student":
        return eq(students.id, scope.studentId);
      case "facility":
        return placedAt(scope.facilityId);
      // Expiries show the documents behind a compliance status: a preceptor sees the status only.
      case "preceptor":
        return sql`false`;
      default:
        return assertNever(scope, "scope");
    }
  })();
  // The approved documents in force: current ones, and those a renewal under review (or rejected)
  // has not replaced, still valid today.
  const renewed = renewedDocuments(
    db,
    f.today,
    owner ? db.select({ id: students.id }).from(students).where(owner) : undefined,
  ).as("renewed");
  const changed = sql<string>`greatest(coalesce(${complianceDocuments.reviewedAt}, ${complianceDocuments.uploadedAt}), ${students.updatedAt})`;
  const rows = await db
    .select({
      id: complianceDocuments.id,
      expiresOn: sql<string>`${complianceDocuments.expiresOn}`,
      typeName: requirementTypes.name,
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      programId: students.programId,
      changed: sql<string>`to_char(${changed} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(complianceDocuments)
    .innerJoin(students, eq(students.id, complianceDocuments.studentId))
    .innerJoin(requirementTypes, eq(requirementTypes.id, complianceDocuments.requirementTypeId))
    .where(
      and(
        or(
          and(sql`${complianceDocuments.isCurrent}`, eq(complianceDocuments.status, "approved")),
          inArray(complianceDocuments.id, db.select({ id: renewed.id }).from(renewed)),
        ),
        sql`${complianceDocuments.expiresOn} is not null`,
        owner,
        f.recordId ? eq(complianceDocuments.id, f.recordId) : undefined,
        f.from ? gte(complianceDocuments.expiresOn, f.from) : undefined,
        f.to ? lte(complianceDocuments.expiresOn, f.to) : undefined,
        f.studentId ? eq(students.id, f.studentId) : undefined,
        f.programId ? eq(students.programId, f.programId) : undefined,
        f.facilityId ? placedAt(f.facilityId) : undefined,
      ),
    )
    .orderBy(complianceDocuments.expiresOn, students.lastName, complianceDocuments.id);
  return rows.map((r) => {
    const name = fullName(r);
    return {
      ...base,
      id: `expiry-${r.id}`,
      kind: "expiry" as const,
      title: `${name}: ${r.typeName} expires`,
      allDay: true,
      start: r.expiresOn,
      end: r.expiresOn,
      description: `${r.typeName} is valid through ${r.expiresOn}; a renewed document keeps ${r.firstName} placeable.`,
      studentId: r.studentId,
      studentName: name,
      programId: r.programId,
      documentId: r.id,
      sequence: sequenceOf(new Date(r.changed)),
      updatedAt: r.changed,
    };
  });
}
