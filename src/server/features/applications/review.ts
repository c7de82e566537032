import { and, eq, type SQL, sql } from "drizzle-orm";
import { APPLICATION_STATUS_LABELS, rotationPhase } from "../../../domain/applications";
import { departmentSeatsMessage } from "../../../domain/placements";
import { fromJson, type JsonColumn, rowsOf, type Tx } from "../../db/client";
import { frozen } from "../../db/frozen-sql";
import { commitWith } from "../../db/pipelined-transactions";
import { applications } from "../../db/schema/applications";
import { users } from "../../db/schema/auth";
import { organizations } from "../../db/schema/organizations";
import { departments, placements } from "../../db/schema/placements";
import { students, studentUsers } from "../../db/schema/students";
import { facilityScope, type Scope, scopeWhere } from "../../lib/access";
import type { Deps, Viewer } from "../../lib/context";
import { AppError, conflict, notFound, refused } from "../../lib/errors";
import { mailHtml } from "../../lib/mail";
import type { QueuedMail } from "../../lib/mail-queue";
import { coordinatorsJson, type Person } from "../../lib/organization-people";
import {
  type ApplicationReadiness,
  type ReadinessLists,
  readinessColumns,
  readinessFrom,
} from "../compliance/readiness";
import { type FacilityApplicationRow, facilityApplicationFrom } from "./list";
import { type Overlap, overlappingApproved, overlapText } from "./overlap";

// The facility's decision on an application to one of its placements (issue 4, D7, D8): approve
// (takes a seat) or reject. The Scope is the facility's: another facility's application is 404 (D1).

const fullName = (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}`;

type Decision = "approved" | "rejected";

/**
 * Approve or reject a pending application (D7), stamping reviewed_at and reviewed_by.
 *
 * Approving takes a slot (D8) in one transaction, sent in one round trip with its locks (issue 11):
 * the placement row is locked FIRST (as withdrawals do, so the two never deadlock), then the
 * student's roster row (FOR NO KEY UPDATE: two approvals of one student at different placements
 * serialize, while new applications, which only take a key-share lock on it, are not held up), then
 * the application, then the placement's department. The statement after the locks reads what they
 * guard as committed (the application still pending, the placement active and not full, the
 * student on the roster, whether the student holds another approved placement whose dates overlap,
 * the department's seats) and writes the decision only when every check passes; a refusal commits
 * a transaction that wrote nothing.
 */
export async function decideApplication(
  deps: Deps,
  viewer: Viewer,
  access: Scope,
  id: string,
  decision: Decision,
  notes: string | null,
  confirmNotReady = false,
) {
  const scope = facilityScope(access);
  // Absent notes are none (a body without them): written, and answered, as null. Half a character
  // (a lone surrogate, which a request may carry) is stored as U+FFFD by the driver's UTF-8: the
  // answer says what is stored.
  const reviewNotes = notes ? (notes as unknown as { toWellFormed(): string }).toWellFormed() : (notes ?? null);
  // Answered from what the decision read and wrote, not read again after its COMMIT (answerOf).
  return decision === "approved"
    ? approve(deps, viewer, scope, id, reviewNotes, confirmNotReady)
    : reject(deps, viewer, scope, id, reviewNotes);
}

/** How often an approval is tried when what it read changed before its locks (a unit, the dates). */
const APPROVAL_ATTEMPTS = 3;

/**
 * An approval (issue 11): what the decision needs (the application in the facility's scope, its
 * placement and department, the student's readiness, who hears of it) is read first, without locks,
 * and refused there when it must be. Then ONE round trip sends the locks, the statement that
 * re-checks under them and writes, and the COMMIT: the locks are held only while the server runs
 * them, never while this process builds the decision (at 50 approvals at once, that wait was most of
 * an approval's time). When the checks under the locks fail, the refusal is answered from what they
 * read, in the same order as the first checks; when the placement's unit, dates or the day changed
 * since the read, the approval is tried again from the read.
 */
async function approve(
  deps: Deps,
  viewer: Viewer,
  scope: FacilityScope,
  id: string,
  notes: string | null,
  confirmNotReady: boolean,
) {
  // The platform setting (issue 14): whether a not-ready approval needs the recorded override.
  const { approvalRequiresCompliance } = await deps.settings.get();
  for (let attempt = 1; ; attempt++) {
    const read = await readForApproval(deps.db, scope, id);
    // Another facility's application is reported exactly like an unknown one (D1).
    if (!read) throw notFound("Application");
    const { found, state } = read;
    assertDecidable(state);
    const readiness = found.readinessLists ? readinessFrom([found], found.readinessLists) : null;
    const unmet = unmetRequirements(readiness, id);
    // Issue 12: approving a student who was not ready is recorded with who, when and what was missing.
    const override =
      unmet.length > 0
        ? {
            ids: unmet.map((i) => i.type.id),
            names: Object.fromEntries(unmet.map((i) => [i.type.id, i.type.name])),
          }
        : null;
    const ready = unmet.length === 0 || confirmNotReady || !approvalRequiresCompliance;
    const clashInput = { studentId: found.studentId, applicationId: id, placement: state.placement };
    const { writes, published, written } = decisionWrites(deps, viewer, found, "approved", notes, override);
    const statement = decisionStatement({
      state: freshState(id),
      checks: clashChecks({ ...clashInput, department: state.department }),
      passes: sql`${stillAsRead(state)} and ${checksPass(state.department, ready)}`,
      writes,
      published,
    });
    const result = await deps.db.transaction((tx) => commitWith(tx, statement, { first: approvalLocks(found, state) }));
    const [row] = rowsOf<CheckRow & StateRow & { passed: boolean }>(result);
    if (!row) throw new Error("The decision's statement answered no row");
    // The readiness computed above still holds (a decision changes no document): not computed again.
    if (row.passed) return answerOf(read.row, written, readiness?.get(id)?.ready ?? true, row);
    const now = row.status === null ? null : stateFrom(row);
    if (!now || changedSince(state, now)) {
      if (attempt < APPROVAL_ATTEMPTS) continue;
      throw conflict("This application changed while it was being decided: try again");
    }
    // The refusal, from what the checks read under the locks, in the same order as before them.
    assertDecidable(now);
    assertNoClash(row, { ...clashInput, department: now.department });
    if (!ready)
      throw new AppError("not_ready", NOT_READY_MESSAGE, 409, undefined, { missing: unmet.map((i) => i.type.name) });
    throw new Error("The decision's checks and its statement disagree");
  }
}

/** A rejection: the application read locked (update), and the decision written with the COMMIT. */
async function reject(deps: Deps, viewer: Viewer, scope: FacilityScope, id: string, notes: string | null) {
  return deps.db.transaction(async (tx) => {
    const read = await findDecision(tx, scope, id);
    // Another facility's application is reported exactly like an unknown one (D1).
    if (!read) throw notFound("Application");
    const { found } = read;
    if (found.status !== "pending") throw alreadyDecided(found.status);
    const readiness = found.readinessLists ? readinessFrom([found], found.readinessLists) : null;
    const { writes, published, written } = decisionWrites(deps, viewer, found, "rejected", notes, null);
    // Issue 11 (ADR 035): the decision's statement is the transaction's last and carries the COMMIT.
    const result = await commitWith(
      tx,
      decisionStatement({ state: null, checks: null, passes: sql`true`, writes, published }),
    );
    const [row] = rowsOf<{ passed: boolean }>(result);
    if (!row?.passed) throw new Error("The rejection's statement wrote nothing");
    return answerOf(read.row, written, readiness?.get(id)?.ready ?? true, null);
  });
}

const alreadyDecided = (status: ApplicationStatus) =>
  conflict(`This application was already ${APPLICATION_STATUS_LABELS.facility[status].toLowerCase()}`);

/**
 * What a decision writes, each write only when the statement's checks pass: the seat (an approval),
 * the decision, its notices (queued with it, ADR 015: sent once it commits, retried if the SMTP
 * server fails) and the live events that refresh the program's and the student's lists.
 */
function decisionWrites(
  deps: Deps,
  viewer: Viewer,
  found: Found,
  decision: Decision,
  notes: string | null,
  override: Override | null,
) {
  const writes: SQL[] = [];
  if (decision === "approved")
    writes.push(
      deps.db
        .update(placements)
        .set({ slotsFilled: sql`${placements.slotsFilled} + 1`, updatedAt: new Date() })
        .where(and(eq(placements.id, found.placementId), PASSED))
        .getSQL(),
    );
  const reviewedAt = new Date();
  writes.push(
    deps.db
      .update(applications)
      .set({
        status: decision,
        reviewNotes: notes,
        reviewedAt,
        reviewedBy: viewer.userId,
        ...(override
          ? { readinessOverrideBy: viewer.userId, readinessOverrideAt: reviewedAt, readinessMissing: override.ids }
          : {}),
      })
      .where(and(eq(applications.id, found.id), PASSED))
      .getSQL(),
  );
  const { recipients } = found;
  const mails = deps.jobs.enqueuingMails(deps.db, decisionMails(deps, recipients, decision, notes), PASSED);
  if (mails) writes.push(mails);
  const notified = new Set([
    ...recipients.coordinators.map((c) => c.userId),
    ...recipients.studentUsers.map((s) => s.userId),
  ]);
  const events = [...notified].map((userId) => ({
    userId,
    type: "application.updated",
    data: { id: found.id, status: decision },
  }));
  // Last, in one statement: on PGlite, publishing transactions are serialized from here to their
  // commit (ADR 031).
  const published = events.length > 0 ? sql`(select ${deps.realtime.publishing(events)} from passed)` : sql`null`;
  const written: Written = {
    status: decision,
    reviewNotes: notes,
    reviewedAt,
    override: override ? { ...override, by: { id: viewer.userId, name: viewer.name } } : null,
  };
  return { writes, published, written };
}

/** The requirement types an approval of a student not ready records as missing (issue 12), with their names. */
type Override = { ids: string[]; names: Record<string, string> };

/** What a decision writes on the application, as its answer shows it. */
type Written = {
  status: Decision;
  reviewNotes: string | null;
  reviewedAt: Date;
  override: (Override & { by: { id: string; name: string } }) | null;
};

/**
 * A decision's answer, in GET /api/facility/applications/:id's shape, without a read after its
 * COMMIT (issue 11: that round trip was a sixth of an approval's CPU on two cores): the application
 * as the first read saw it, with what the decision wrote; for an approval, the placement, its unit
 * and the student's name as the statement read them under its locks, with the seat it took.
 */
function answerOf(read: DecisionRow, written: Written, ready: boolean, locked: StateRow | null) {
  const now = locked ?? read;
  const { override } = written;
  const row: FacilityApplicationRow = {
    id: read.id,
    // Decided: no longer pending, so no clash to show.
    overlap: null,
    status: written.status,
    notes: read.notes,
    notesByStudent: read.notesByStudent,
    today: now.today,
    reviewNotes: written.reviewNotes,
    // The driver's text, mapped as drizzle maps these columns for GET.
    submittedAt: applications.submittedAt.mapFromDriverValue(read.submittedAt) as Date,
    reviewedAt: written.reviewedAt,
    withdrawnAt:
      read.withdrawnAt === null ? null : (applications.withdrawnAt.mapFromDriverValue(read.withdrawnAt) as Date),
    studentId: read.studentId,
    firstName: now.firstName,
    lastName: now.lastName,
    email: read.email,
    gpa: read.gpa === null ? null : (students.gpa.mapFromDriverValue(read.gpa) as string),
    placementId: read.placementId,
    title: read.title,
    specialty: read.specialty,
    startDate: read.startDate,
    endDate: read.endDate,
    placementStatus: now.placementStatus as FacilityApplicationRow["placementStatus"],
    capacity: Number(now.capacity),
    slotsFilled: Number(now.slotsFilled) + (written.status === "approved" ? 1 : 0),
    departmentId: now.departmentName === null ? null : now.departmentId,
    departmentName: now.departmentName,
    facilityId: read.facilityId,
    facilityName: read.facilityName,
    facilityCity: read.facilityCity,
    facilityState: read.facilityState,
    programId: read.programId,
    programName: read.programName,
    phone: read.phone,
    specialtyInterest: read.specialtyInterest,
    complianceStatus: read.complianceStatus,
    overrideById: override?.by.id ?? null,
    overrideByName: override?.by.name ?? null,
    overrideAt: override ? written.reviewedAt : null,
    overrideMissing: override?.ids ?? null,
    overrideMissingNames: override?.names ?? null,
  };
  return facilityApplicationFrom(row, ready);
}

/**
 * The statement that writes a decision: `state` (what the locks guard, as committed), `checks` (the
 * overlap and the department's seats), `passed` (a row when every check holds), then the writes,
 * each conditioned on it.
 */
function decisionStatement(parts: {
  state: SQL | null;
  checks: SQL | null;
  passes: SQL;
  writes: SQL[];
  published: SQL;
}) {
  const { state, checks, passes, writes, published } = parts;
  return sql`
    with ${state ? sql`state as (${state}),` : sql``}
    checks as (select ${checks ?? sql`null::json as clash, 0 as taken`}),
    passed as (select 1 from checks ${state ? sql`join state on true` : sql``} where ${passes}),
    ${sql.join(
      writes.map((s, i) => sql`${sql.raw(`w${i}`)} as (${s})`),
      sql`, `,
    )}
    select checks.clash, checks.taken, ${published} as published, exists (select 1 from passed) as passed
      ${state ? sql`, state.*` : sql``}
    from checks ${state ? sql`left join state on true` : sql``}`;
}

type Found = ReturnType<typeof asFound>;

/** The name the decision's statement gives its checks' verdict: its writes are made only under it. */
const PASSED = sql`exists (select 1 from passed)`;

export const NOT_READY_MESSAGE = "This student has not met every requirement. Confirm to approve anyway.";

/**
 * Issue 12: a student who has not met every requirement of the program, the facility and the
 * placement (approved, valid through the rotation's end) is approved only with an explicit
 * confirmation: 409 not_ready naming what is missing; with it, the requirement types not met are
 * recorded with the approval. With the setting "approval requires compliance" off, approval counts
 * as confirmed: what was missing is still recorded.
 */
function unmetRequirements(all: Map<string, ApplicationReadiness> | null, applicationId: string) {
  return all?.get(applicationId)?.items.filter((i) => i.readiness !== "met") ?? [];
}

/**
 * Issue 9: nothing is approved for a student withdrawn from their program's roster, nor for a
 * rotation that has already ended (the database's current_date).
 */
function assertApprovable(
  dates: { endDate: string; today: string },
  applicant: { enrollmentStatus: string; firstName: string; lastName: string } | undefined,
) {
  if (applicant && applicant.enrollmentStatus !== "active") {
    throw refused(
      "student_withdrawn",
      `${fullName(applicant)} was withdrawn from their program's roster: this application cannot be approved`,
    );
  }
  // The placement's row as locked (its end date and the database's current_date).
  if (rotationPhase(dates.endDate, dates.endDate, dates.today) === "ended") {
    throw refused(
      "rotation_ended",
      `This rotation ended on ${dates.endDate}: an application to it can no longer be approved`,
    );
  }
}

/** The placement's department (its unit): its seats are counted across its placements (issue 9). */
type Unit = { id: string; name: string; capacity: number };

type ApplicationStatus = keyof (typeof APPLICATION_STATUS_LABELS)["facility"];

type FacilityScope = ReturnType<typeof facilityScope>;

/** What an approval's checks read, by name: from the first read, and again under the locks. */
type StateRow = {
  status: ApplicationStatus | null;
  placementId: string;
  facilityId: string;
  departmentId: string | null;
  startDate: string;
  endDate: string;
  capacity: number;
  slotsFilled: number;
  placementStatus: string;
  today: string;
  enrollmentStatus: string;
  firstName: string;
  lastName: string;
  departmentName: string | null;
  departmentCapacity: number | null;
};

type ApprovalState = ReturnType<typeof stateFrom>;

function stateFrom(row: StateRow) {
  const department: Unit | null =
    row.departmentId && row.departmentName !== null && row.departmentCapacity !== null
      ? { id: row.departmentId, name: row.departmentName, capacity: Number(row.departmentCapacity) }
      : null;
  return {
    status: row.status as ApplicationStatus,
    facilityId: row.facilityId,
    departmentId: row.departmentId,
    applicant: { enrollmentStatus: row.enrollmentStatus, firstName: row.firstName, lastName: row.lastName },
    placement: {
      id: row.placementId,
      capacity: Number(row.capacity),
      slotsFilled: Number(row.slotsFilled),
      status: row.placementStatus,
      startDate: row.startDate,
      endDate: row.endDate,
      today: row.today,
    },
    department,
  };
}

/**
 * The checks an approval makes before its seat is counted, in this order: still pending; the
 * student on the roster and the rotation not ended (issue 9); the placement active and not full.
 * Made on the first read, and on what the locks guarded when the statement refused.
 */
function assertDecidable(state: ApprovalState) {
  if (state.status !== "pending") throw alreadyDecided(state.status);
  const { placement } = state;
  assertApprovable(placement, state.applicant);
  if (placement.status !== "active") {
    throw refused("placement_closed", "This placement is not active: publish it again before approving applications");
  }
  if (placement.slotsFilled >= placement.capacity) {
    throw refused(
      "placement_full",
      `This placement is full: ${placement.slotsFilled} of ${placement.capacity} spot${placement.capacity === 1 ? "" : "s"} filled`,
    );
  }
}

/**
 * What the checks were built on, by the state's column: the facility, the unit, the dates, the day.
 * When one changed between the read and the locks, the approval is tried again from the read.
 */
const BUILT_ON = {
  facilityId: (s: ApprovalState) => s.facilityId,
  departmentId: (s: ApprovalState) => s.departmentId,
  startDate: (s: ApprovalState) => s.placement.startDate,
  endDate: (s: ApprovalState) => s.placement.endDate,
  today: (s: ApprovalState) => s.placement.today,
} satisfies Partial<Record<keyof StateRow, (s: ApprovalState) => string | null>>;

/** The first checks again, in SQL, on the state read under the locks; and what the others were built on unchanged. */
function stillAsRead(read: ApprovalState): SQL {
  const unchanged = Object.entries(BUILT_ON).map(
    ([column, of]) => sql`state.${sql.raw(`"${column}"`)} is not distinct from ${of(read)}`,
  );
  return sql`state.status = 'pending' and state."enrollmentStatus" = 'active'
    and state."placementStatus" = 'active' and state."slotsFilled" < state.capacity
    and ${sql.join(unchanged, sql` and `)}`;
}

/** Whether what the checks were built on changed since the read. */
function changedSince(read: ApprovalState, now: ApprovalState) {
  return Object.values(BUILT_ON).some((of) => of(now) !== of(read));
}

/** The state's columns beyond `foundColumns` (which names the others alike). */
const stateColumns = frozen(sql`${placements.capacity} as capacity, ${placements.slotsFilled} as "slotsFilled",
  ${placements.status} as "placementStatus", to_char(current_date, 'YYYY-MM-DD') as today,
  ${students.enrollmentStatus} as "enrollmentStatus", ${departments.name} as "departmentName",
  ${departments.capacity} as "departmentCapacity"`);

/** The application, its placement and its student: what every decision reads from. */
const applicationJoins = frozen(sql`from ${applications}
  join ${placements} on ${placements.id} = ${applications.placementId}
  join ${students} on ${students.id} = ${applications.studentId}`);

/** The placement's unit, when it has one. */
const unitJoin = frozen(sql`left join ${departments} on ${departments.id} = ${placements.departmentId}`);

/** The state under the locks: the decision statement's own snapshot, taken after them. */
const freshStateSelect = frozen(sql`select ${applications.status} as status,
    ${placements.id} as "placementId", ${placements.facilityId} as "facilityId",
    ${placements.departmentId} as "departmentId",
    -- As text: this statement's rows come back without drizzle's type parsers (a date is not a Date).
    to_char(${placements.startDate}, 'YYYY-MM-DD') as "startDate", to_char(${placements.endDate}, 'YYYY-MM-DD') as "endDate", ${students.firstName} as "firstName", ${students.lastName} as "lastName",
    ${stateColumns}
  ${applicationJoins} ${unitJoin}`);
const freshState = (id: string) => sql`${freshStateSelect} where ${applications.id} = ${id}`;

/**
 * An approval's first read, without locks: the application in the facility's scope with what
 * `findDecision` reads (readiness, recipients), and the state its checks need. Null for an unknown
 * application or another facility's.
 */
async function readForApproval(db: Deps["db"], scope: FacilityScope, id: string) {
  const result = await db.execute(sql`${decisionReadHead} where ${foundWhere(scope, id)}`);
  const row = rowsOf<DecisionRow>(result)[0];
  return row ? { row, found: asFound(row), state: stateFrom(row) } : null;
}

/**
 * The approval's locks, in this order (PostgreSQL takes a statement's row locks in the order its
 * locking clauses name the tables): the placement (update: withdrawals lock it first too, so the
 * two never deadlock), the student's roster row (no key update: two approvals of one student at
 * different placements serialize, while new applications, which only take a key-share lock on it,
 * are not held up; withdrawing the student from the roster updates that row: issue 9), the
 * application (update), the placement's department as read (no key update: issue 9, its seats).
 */
function approvalLocks(found: Found, state: ApprovalState): SQL {
  const unit = state.departmentId;
  return sql`select 1 from ${placements}
    join ${students} on ${students.id} = ${found.studentId}
    join ${applications} on ${applications.id} = ${found.id}
    ${unit ? sql`join ${departments} on ${departments.id} = ${unit}` : sql``}
    where ${placements.id} = ${state.placement.id}
    for update of ${placements} for no key update of ${students} for update of ${applications}
    ${unit ? sql`for no key update of ${departments}` : sql``}`;
}

type ClashInput = {
  studentId: string;
  applicationId: string;
  placement: { id: string; startDate: string; endDate: string };
  department: Unit | null;
};
type CheckRow = { clash: JsonColumn<Overlap> | null; taken: number | string };

/**
 * What the checks under the locks read, as the columns of the decision's statement: D7, one
 * student cannot hold two approved placements whose dates overlap; issue 9, the department's seats
 * taken on the busiest day of the placement's dates by its approved students, before this approval
 * (as `peakSeats` counts them: the busiest day is the range's first day or the first day of a
 * placement within it).
 */
function clashChecks(a: ClashInput): SQL {
  const { placement, department } = a;
  const start = sql`${placement.startDate}::date`;
  const claims = department
    ? sql`(select p.start_date, p.end_date, p.slots_filled as seats from ${placements} p
        where p.department_id = ${department.id} and p.status <> 'draft' and p.slots_filled > 0
          and p.start_date <= ${placement.endDate}::date and p.end_date >= ${start})`
    : null;
  return sql`
      ${overlappingApproved({ studentId: a.studentId, applicationId: a.applicationId, placementId: placement.id })} as clash,
      ${
        claims
          ? sql`(with c as ${claims}
        select coalesce(max((select sum(c.seats) from c where c.start_date <= d.day and c.end_date >= d.day)), 0)
        from (select ${start} as day union select c.start_date from c where c.start_date > ${start}) d)::int`
          : sql`0`
      } as taken`;
}

/** Whether the decision is written: no overlap, a seat left in the department (its capacity as locked), and ready (or confirmed). */
function checksPass(department: Unit | null, ready: boolean): SQL {
  return sql`checks.clash is null and ${department ? sql`checks.taken + 1 <= state."departmentCapacity"` : sql`true`} and ${ready}`;
}

/** The overlap (409 naming the clash) and the department's seats (409), from `clashChecks`. */
function assertNoClash(row: CheckRow, a: ClashInput) {
  const { placement, department } = a;
  const clash = row.clash ? fromJson(row.clash) : null;
  if (clash) {
    throw refused(
      "overlapping_rotation",
      `${fullName(clash)} already has an approved placement with overlapping dates: ${overlapText(clash)}`,
    );
  }
  if (!department) return;
  const taken = Number(row.taken);
  if (taken + 1 > department.capacity) {
    throw new AppError("conflict", departmentSeatsMessage(department, placement, taken, "approved students"), 409);
  }
}

type Recipients = {
  application: { firstName: string; lastName: string; title: string; startDate: string; facilityName: string };
  coordinators: Person[];
  studentUsers: Person[];
};

/** What a decision reads of the application, its student, placement and facility, by name. */
type FoundColumns = {
  id: string;
  placementId: string;
  studentId: string;
  programId: string;
  status: ApplicationStatus;
  facilityId: string;
  departmentId: string | null;
  startDate: string;
  endDate: string;
  firstName: string;
  lastName: string;
  title: string;
  facilityName: string;
  coordinators: JsonColumn<Person[]>;
  studentAccounts: JsonColumn<Person[]>;
  required: ReadinessLists["required"] | null;
  docs: ReadinessLists["docs"] | null;
};

const readinessIds = {
  programs: sql`array[${applications.programId}]`,
  facilities: sql`array[${placements.facilityId}]`,
  placements: sql`array[${applications.placementId}]`,
  students: sql`array[${applications.studentId}]`,
};

const foundColumns = frozen(sql`${applications.id} as id, ${applications.placementId} as "placementId",
  ${applications.studentId} as "studentId", ${applications.programId} as "programId",
  ${applications.status} as status, ${placements.facilityId} as "facilityId",
  ${placements.departmentId} as "departmentId", ${placements.startDate} as "startDate",
  ${placements.endDate} as "endDate", ${students.firstName} as "firstName",
  ${students.lastName} as "lastName", ${placements.title} as title, ${organizations.name} as "facilityName",
  ${coordinatorsJson(applications.programId)} as coordinators,
  (select coalesce(json_agg(json_build_object('userId', u.id, 'email', u.email, 'name', u.name)), '[]'::json)
    from ${studentUsers} su join ${users} u on u.id = su.user_id
    where su.student_id = ${applications.studentId}) as "studentAccounts"`);

const foundFrom = frozen(
  sql`${applicationJoins} join ${organizations} on ${organizations.id} = ${placements.facilityId}`,
);

// The student's readiness too: the answer shows it (read with the decision's first read, not in two
// statements after).
const foundReadiness = readinessColumns(readinessIds);

/** What the answer shows beyond the decision's own columns (answerOf), read with them. */
const answerColumns = frozen(sql`${applications.notes} as notes,
  exists (select 1 from ${studentUsers} su where su.student_id = ${applications.studentId}
    and su.user_id = ${applications.submittedBy}) as "notesByStudent",
  ${applications.submittedAt} as "submittedAt", ${applications.withdrawnAt} as "withdrawnAt",
  ${students.email} as email, ${students.gpa} as gpa, ${students.phone} as phone,
  ${students.specialtyInterest} as "specialtyInterest", ${students.complianceStatus} as "complianceStatus",
  ${placements.specialty} as specialty, ${organizations.city} as "facilityCity",
  ${organizations.state} as "facilityState",
  (select p.name from ${organizations} p where p.id = ${applications.programId}) as "programName"`);

/** The answer's columns, by name, as the driver gives them (answerOf maps them as drizzle would). */
type AnswerColumns = {
  notes: string | null;
  notesByStudent: boolean;
  submittedAt: string;
  withdrawnAt: string | null;
  email: string;
  gpa: string | null;
  phone: string | null;
  specialtyInterest: string | null;
  complianceStatus: FacilityApplicationRow["complianceStatus"];
  specialty: string;
  facilityCity: string | null;
  facilityState: string | null;
  programName: string;
};

type DecisionRow = FoundColumns & StateRow & AnswerColumns;

/**
 * A decision's first read up to its condition: the application, readiness, the checks' state and
 * what the answer shows (one statement for an approval's read and a rejection's).
 */
const decisionReadHead = frozen(sql`select ${foundColumns}, ${foundReadiness.required} as required,
  ${foundReadiness.docs} as docs, ${stateColumns}, ${answerColumns}
  ${foundFrom} ${unitJoin}`);

const foundWhere = (scope: ReturnType<typeof facilityScope>, id: string) =>
  and(eq(applications.id, id), scopeWhere(scope, { facility: placements.facilityId })) ?? sql`true`;

/** The application as a decision uses it: who hears about it, and readiness's lists when read. */
function asFound(row: FoundColumns) {
  const { required, docs, coordinators, studentAccounts, ...application } = row;
  const recipients: Recipients = {
    application,
    coordinators: fromJson(coordinators),
    studentUsers: fromJson(studentAccounts),
  };
  const readinessLists = required !== null && docs !== null ? { required, docs } : null;
  return { ...application, recipients, readinessLists };
}

/**
 * A rejection's read, in one statement (issue 11): the application in the facility's scope, locked
 * (update), with who hears about the decision (the program's coordinators and, when they have an
 * account, the student), the student's readiness and what the answer shows (answerOf). Null for an
 * unknown application or another facility's.
 */
async function findDecision(tx: Tx, scope: ReturnType<typeof facilityScope>, id: string) {
  const result = await tx.execute(
    sql`${decisionReadHead} where ${foundWhere(scope, id)} for update of ${applications}`,
  );
  const row = rowsOf<DecisionRow>(result)[0];
  return row ? { row, found: asFound(row) } : null;
}

function decisionMails(deps: Deps, r: Recipients, decision: Decision, notes: string | null): QueuedMail[] {
  const a = r.application;
  const student = fullName(a);
  const where = `${a.title} at ${a.facilityName}`;
  // The notes are well formed (decideApplication): a queued mail is JSON, which refuses half a character.
  const notesLine = notes ? `Notes from ${a.facilityName}: ${notes}` : null;

  const programWord = APPLICATION_STATUS_LABELS.program[decision].toLowerCase();
  const programSubject = `Application ${programWord}: ${student}, ${a.title}`;
  const programLink = `${deps.env.appUrl}/applications`;
  const mails: QueuedMail[] = [];
  for (const c of r.coordinators) {
    const lines = [`Hello ${c.name},`, `${student}'s application to ${where} was ${programWord}.`];
    if (notesLine) lines.push(notesLine);
    mails.push({
      to: c.email,
      subject: programSubject,
      text: `${lines.join("\n\n")}\n\nSee your applications: ${programLink}`,
      html: mailHtml(programSubject, lines, { label: "View applications", url: programLink }),
      link: programLink,
    });
  }

  const studentWord = APPLICATION_STATUS_LABELS.student[decision];
  const studentSubject = `Your application to ${a.title}: ${studentWord}`;
  const studentLink = `${deps.env.appUrl}/student/applications`;
  for (const s of r.studentUsers) {
    const lines = [
      `Hello ${a.firstName},`,
      decision === "approved"
        ? `Your application to ${where} was approved. The rotation starts on ${a.startDate}.`
        : `Your application to ${where} was not selected.`,
    ];
    if (notesLine) lines.push(notesLine);
    mails.push({
      to: s.email,
      subject: studentSubject,
      text: `${lines.join("\n\n")}\n\nSee your applications: ${studentLink}`,
      html: mailHtml(studentSubject, lines, { label: "My applications", url: studentLink }),
      link: studentLink,
    });
  }
  return mails;
}
