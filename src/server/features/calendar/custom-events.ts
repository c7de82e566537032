import { and, eq, gt, inArray, lt, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { assertNever } from "../../../domain/assert-never";
import {
  addDays,
  type CalendarEvent,
  type CalendarEventValues,
  type EventAudience,
  type EventCategory,
  instantOf,
  rruleOf,
} from "../../../domain/calendar";
import type { DbOrTx } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { calendarEvents } from "../../db/schema/calendar";
import { organizations } from "../../db/schema/organizations";
import { departments, placements } from "../../db/schema/placements";
import { students } from "../../db/schema/students";
import type { Scope } from "../../lib/access";
import { invalid, notFound } from "../../lib/errors";
import type { DeriveFilter } from "./derive";
import { lastEndOf, occurrencesBetween } from "./recurrence";

// Events a coordinator adds by hand (issue 15, ADR 020): orientation days, site visits, meetings,
// optionally weekly. Stored once, expanded into occurrences per read (recurrence.ts).
//
// Who sees one: the owning organization's coordinators always (and administrators); audience
// "students" adds, for a program, its enrolled students, for a facility, the students with an
// approved rotation there and their programs' coordinators; audience "placement" adds the
// placement's approved students and their programs' coordinators. Only the owning organization's
// coordinators and administrators change one (`editable`); anyone else gets 404 for it.

const owner = alias(organizations, "owner");
const placementFacility = alias(organizations, "placement_facility");

/** Approved rotations, as a subquery's rows (placement, facility, student, program). */
const approved = (where: SQL) =>
  sql`(select ${applications.placementId} from ${applications} where ${applications.status} = 'approved' and ${where})`;
const approvedFacilities = (where: SQL) =>
  sql`(select ${placements.facilityId} from ${applications} inner join ${placements} on ${placements.id} = ${applications.placementId}
    where ${applications.status} = 'approved' and ${where})`;

function visibleTo(scope: Scope): SQL | undefined {
  const e = calendarEvents;
  switch (scope.kind) {
    case "all":
      return undefined;
    case "facility":
      return eq(e.organizationId, scope.facilityId);
    case "program": {
      const mine = sql`${applications.programId} = ${scope.programId}`;
      return sql`(${e.organizationId} = ${scope.programId}
        or (${e.audience} = 'students' and ${e.organizationId} in ${approvedFacilities(mine)})
        or (${e.audience} = 'placement' and ${e.placementId} in ${approved(mine)}))`;
    }
    case "student": {
      const mine = sql`${applications.studentId} = ${scope.studentId}`;
      const myProgram = sql`(select ${students.programId} from ${students} where ${students.id} = ${scope.studentId} and ${students.enrollmentStatus} = 'active')`;
      return sql`((${e.audience} = 'students' and (${e.organizationId} in ${myProgram} or ${e.organizationId} in ${approvedFacilities(mine)}))
        or (${e.audience} = 'placement' and ${e.placementId} in ${approved(mine)}))`;
    }
    // Preceptors do not read the calendar (CALENDAR_READERS): nothing until a rule says what.
    case "preceptor":
    case "none":
      return sql`false`;
    default:
      return assertNever(scope, "scope");
  }
}

const ownedBy = (scope: Scope, organizationId: string) =>
  scope.kind === "all" ||
  (scope.kind === "program" && scope.programId === organizationId) ||
  (scope.kind === "facility" && scope.facilityId === organizationId);

/** Any zone's day starts within 14 hours of UTC's: the SQL pre-filter's slack around the asked days. */
const ZONE_SLACK_MS = 14 * 3_600_000;

function rows(db: DbOrTx, where: (SQL | undefined)[]) {
  return db
    .select({
      event: calendarEvents,
      ownerName: owner.name,
      ownerKind: owner.kind,
      placementTitle: placements.title,
      specialty: placements.specialty,
      facilityId: placements.facilityId,
      facilityName: placementFacility.name,
      departmentId: departments.id,
      departmentName: departments.name,
    })
    .from(calendarEvents)
    .innerJoin(owner, eq(owner.id, calendarEvents.organizationId))
    .leftJoin(placements, eq(placements.id, calendarEvents.placementId))
    .leftJoin(placementFacility, eq(placementFacility.id, placements.facilityId))
    .leftJoin(departments, eq(departments.id, placements.departmentId))
    .where(and(...where))
    .orderBy(calendarEvents.startsAt, calendarEvents.id);
}
type Row = Awaited<ReturnType<typeof rows>>[number];

/**
 * Custom events the scope sees overlapping the filter's days (each day read in the event's own
 * zone), one entry per occurrence. With `recordId`, the one series as planned (its first occurrence).
 */
export async function customEvents(db: DbOrTx, scope: Scope, f: DeriveFilter): Promise<CalendarEvent[]> {
  // A coordinator's event is about no one student: a student filter leaves them out.
  if (scope.kind === "none" || f.studentId) return [];
  const from = f.from ? new Date(Date.parse(`${f.from}T00:00:00Z`) - ZONE_SLACK_MS) : null;
  const to = f.to ? new Date(Date.parse(`${addDays(f.to, 1)}T00:00:00Z`) + ZONE_SLACK_MS) : null;
  const found = await rows(db, [
    visibleTo(scope),
    f.recordId ? eq(calendarEvents.id, f.recordId) : undefined,
    to ? lt(calendarEvents.startsAt, to) : undefined,
    from ? gt(calendarEvents.lastEndsAt, from) : undefined,
    f.programId ? eq(calendarEvents.organizationId, f.programId) : undefined,
    f.facilityId
      ? sql`(${calendarEvents.organizationId} = ${f.facilityId} or ${placements.facilityId} = ${f.facilityId})`
      : undefined,
    f.departmentId ? eq(placements.departmentId, f.departmentId) : undefined,
    f.specialty ? eq(placements.specialty, f.specialty) : undefined,
  ]);
  const out: CalendarEvent[] = [];
  for (const r of found) {
    const e = r.event;
    if (!f.from || !f.to) {
      out.push(toEvent(scope, r, e.startsAt, e.endsAt));
      continue;
    }
    // The asked days in the event's own zone: [from 00:00, the day after `to` 00:00).
    const dayStart = (day: string) => {
      const [y, m, d] = day.split("-").map(Number) as [number, number, number];
      return instantInZone(y, m, d, e.timeZone);
    };
    for (const o of occurrencesBetween(e, dayStart(f.from), dayStart(addDays(f.to, 1)))) {
      out.push(toEvent(scope, r, o.start, o.end));
    }
  }
  return out;
}

const instantInZone = (year: number, month: number, day: number, tz: string) =>
  instantOf({ year, month, day, hour: 0, minute: 0, second: 0 }, tz);

function toEvent(scope: Scope, r: Row, start: Date, end: Date): CalendarEvent {
  const e = r.event;
  const isFacility = r.ownerKind === "facility";
  return {
    id: `event-${e.id}`,
    kind: "custom",
    title: e.title,
    allDay: false,
    start: start.toISOString(),
    end: end.toISOString(),
    timeZone: e.timeZone,
    location: e.location || null,
    description: e.description || null,
    studentId: null,
    studentName: null,
    programId: isFacility ? null : e.organizationId,
    placementId: e.placementId,
    placementTitle: r.placementTitle,
    facilityId: isFacility ? e.organizationId : r.facilityId,
    facilityName: isFacility ? r.ownerName : r.facilityName,
    departmentId: r.departmentId,
    departmentName: r.departmentName,
    specialty: r.specialty,
    applicationId: null,
    documentId: null,
    eventId: e.id,
    category: e.category as EventCategory,
    audience: e.audience as EventAudience,
    recurrence: e.recurrence,
    editable: ownedBy(scope, e.organizationId),
    conflicts: [],
    sequence: e.sequence,
    updatedAt: e.updatedAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Writes: a program's or facility's coordinators for their own organization; admins name one.

/** The organization a new event belongs to: the coordinator's own (D1), or the one an admin names. */
async function targetOrganization(db: DbOrTx, scope: Scope, requested?: string) {
  let id: string;
  if (scope.kind === "program") id = scope.programId;
  else if (scope.kind === "facility") id = scope.facilityId;
  else if (scope.kind === "all") {
    if (!requested)
      throw invalid([{ path: "organizationId", message: "Choose the program or facility it belongs to" }]);
    id = requested;
  } else throw notFound("Organization");
  const [org] = await db
    .select({ id: organizations.id, kind: organizations.kind })
    .from(organizations)
    .where(and(eq(organizations.id, id), inArray(organizations.kind, ["program", "facility"])));
  if (!org) throw notFound("Organization");
  return org as { id: string; kind: "program" | "facility" };
}

/** The stored columns for valid input; "placement" only with one of the owning facility's placements (422 otherwise). */
async function columnsOf(db: DbOrTx, org: { id: string; kind: "program" | "facility" }, v: CalendarEventValues) {
  let placementId: string | null = null;
  if (v.audience === "placement") {
    if (org.kind !== "facility") {
      throw invalid([{ path: "audience", message: "Only a facility's coordinators address one placement's students" }]);
    }
    const [p] = await db
      .select({ id: placements.id })
      .from(placements)
      .where(and(eq(placements.id, v.placementId!), eq(placements.facilityId, org.id)));
    if (!p) throw invalid([{ path: "placementId", message: "Choose one of your facility's placements" }]);
    placementId = p.id;
  }
  const startsAt = new Date(v.startsAt);
  const endsAt = new Date(v.endsAt);
  const recurrence = v.recurrence ? rruleOf(v.recurrence, v.timeZone) : null;
  return {
    title: v.title,
    category: v.category,
    description: v.description,
    location: v.location,
    startsAt,
    endsAt,
    timeZone: v.timeZone,
    recurrence,
    lastEndsAt: lastEndOf({ startsAt, endsAt, timeZone: v.timeZone, recurrence }),
    audience: v.audience,
    placementId,
  };
}

/** The event as its owner sees it (the series' first occurrence). */
async function ownView(db: DbOrTx, scope: Scope, id: string) {
  const [r] = await rows(db, [eq(calendarEvents.id, id)]);
  if (!r) throw notFound("Event");
  return toEvent(scope, r, r.event.startsAt, r.event.endsAt);
}

export async function createCustomEvent(db: DbOrTx, scope: Scope, userId: string, v: CalendarEventValues) {
  const org = await targetOrganization(db, scope, v.organizationId);
  const columns = await columnsOf(db, org, v);
  const [row] = await db
    .insert(calendarEvents)
    .values({ ...columns, organizationId: org.id, createdBy: userId })
    .returning({ id: calendarEvents.id });
  return ownView(db, scope, row!.id);
}

/** An event the caller may change (its organization's coordinators, admins), or 404. */
async function ownedEvent(db: DbOrTx, scope: Scope, id: string) {
  const [found] = await db
    .select({ id: calendarEvents.id, organizationId: calendarEvents.organizationId, kind: organizations.kind })
    .from(calendarEvents)
    .innerJoin(organizations, eq(organizations.id, calendarEvents.organizationId))
    .where(eq(calendarEvents.id, id));
  if (!found || !ownedBy(scope, found.organizationId)) throw notFound("Event");
  return found;
}

/** Saves the new values and raises SEQUENCE, so subscribed calendars replace their copy. */
export async function updateCustomEvent(db: DbOrTx, scope: Scope, id: string, v: CalendarEventValues) {
  const found = await ownedEvent(db, scope, id);
  const columns = await columnsOf(db, { id: found.organizationId, kind: found.kind as "program" | "facility" }, v);
  const [row] = await db
    .update(calendarEvents)
    .set({ ...columns, sequence: sql`${calendarEvents.sequence} + 1`, updatedAt: sql`now()` })
    .where(eq(calendarEvents.id, id))
    .returning({ id: calendarEvents.id });
  if (!row) throw notFound("Event");
  return ownView(db, scope, id);
}

export async function deleteCustomEvent(db: DbOrTx, scope: Scope, id: string) {
  await ownedEvent(db, scope, id);
  const [row] = await db.delete(calendarEvents).where(eq(calendarEvents.id, id)).returning({ id: calendarEvents.id });
  if (!row) throw notFound("Event");
  return { id: row.id, deleted: true as const };
}
