import { and, eq, type SQL, sql } from "drizzle-orm";
import { APPLICATION_STATUS_LABELS, rotationPhase } from "../../../domain/applications";
import { departmentSeatsMessage } from "../../../domain/placements";
import { fromJson, type JsonColumn, rowsOf, type Tx } from "../../db/client";
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
import { getFacilityApplication } from "./list";

// The facility's decision on an application to one of its placements (issue 4, D7, D8): approve
// (takes a seat) or reject. The Scope is the facility's: another facility's application is 404 (D1).

const fullName = (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}`;

type Decision = "approved" | "rejected";

/**
 * Approve or reject a pending application (D7), stamping reviewed_at and reviewed_by.
 *
 * Approving takes a slot (D8) in one transaction: the placement row is locked FIRST (as
 * withdrawals do, so the two never deadlock), then the student's roster row (FOR NO KEY UPDATE:
 * two approvals of one student at different placements serialize, while new applications, which
 * only take a key-share lock on it, are not held up), then the application. Under those locks it
 * checks the placement is active and not full; the statement that increments slots_filled and
 * decides the application also reads whether the student holds another approved placement whose
 * dates overlap and the department's seats, and a refusal rolls it back.
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
  // The platform setting (issue 14): whether a not-ready approval needs the recorded override.
  const { approvalRequiresCompliance } =
    decision === "approved" ? await deps.settings.get() : { approvalRequiresCompliance: true };
  let override: string[] | null = null;
  // Issue 11: the writes under the placement's lock go with the live events in one statement.
  const writes: SQL[] = [];
  const decided = await deps.db.transaction(async (tx) => {
    // An approval reads the application, the student's readiness and who hears of it, and takes its
    // locks, in one statement (issue 11); a rejection reads it and locks the application.
    const read = decision === "approved" ? await findAndLockForApproval(tx, scope, id) : null;
    const found = decision === "approved" ? (read?.found ?? null) : await findDecision(tx, scope, id);
    // Another facility's application is reported exactly like an unknown one (D1).
    if (!found) throw notFound("Application");

    const readiness = found.readinessLists ? readinessFrom([found], found.readinessLists) : null;
    const recipients = found.recipients;
    const approval = read?.approval ?? null;
    if (found.status !== "pending") {
      throw conflict(`This application was already ${APPLICATION_STATUS_LABELS.facility[found.status].toLowerCase()}`);
    }

    // What the checks under the locks read, in the decision's own statement (a rejection: none).
    let checks: SQL | null = null;
    let passes: SQL = sql`true`;
    let checked: ((row: CheckRow) => void) | null = null;
    if (decision === "approved") {
      if (!approval) throw notFound("Placement");
      const placement = approval.placement;
      assertApprovable(placement, approval);
      if (placement.status !== "active") {
        throw refused(
          "placement_closed",
          "This placement is not active: publish it again before approving applications",
        );
      }
      if (placement.slotsFilled >= placement.capacity) {
        throw refused(
          "placement_full",
          `This placement is full: ${placement.slotsFilled} of ${placement.capacity} spot${placement.capacity === 1 ? "" : "s"} filled`,
        );
      }
      // The overlap and the department's seats are read by the statement that writes the decision
      // (its snapshot is taken after the locks above, before its own writes), and its writes are
      // made only when every check passes: the statement carries the COMMIT (issue 11), so a refusal
      // must write nothing. Refusals keep their order: overlap, seats, then readiness.
      const clashInput = { studentId: found.studentId, applicationId: id, placement, department: approval.department };
      const confirmed = confirmNotReady || !approvalRequiresCompliance;
      const unmet = unmetRequirements(readiness, id);
      override = unmet.length > 0 ? unmet.map((i) => i.type.id) : null;
      const ready = unmet.length === 0 || confirmed;
      checks = clashChecks(clashInput);
      passes = checksPass(approval.department, ready);
      checked = (row) => {
        assertNoClash(row, clashInput);
        if (!ready)
          throw new AppError("not_ready", NOT_READY_MESSAGE, 409, undefined, {
            missing: unmet.map((i) => i.type.name),
          });
      };
      writes.push(
        tx
          .update(placements)
          .set({ slotsFilled: sql`${placements.slotsFilled} + 1`, updatedAt: new Date() })
          .where(and(eq(placements.id, found.placementId), PASSED))
          .getSQL(),
      );
    }

    const reviewedAt = new Date();
    const decided = tx
      .update(applications)
      .set({
        status: decision,
        reviewNotes: notes,
        reviewedAt,
        reviewedBy: viewer.userId,
        // Issue 12: approving a student who was not ready is recorded with who, when and what was missing.
        ...(override
          ? { readinessOverrideBy: viewer.userId, readinessOverrideAt: reviewedAt, readinessMissing: override }
          : {}),
      })
      .where(and(eq(applications.id, id), PASSED));
    writes.push(decided.getSQL());
    // The notices, queued with the decision (ADR 015): sent once it commits, retried if the SMTP
    // server fails; a refusal queues none.
    const mails = deps.jobs.enqueuingMails(tx, decisionMails(deps, recipients, decision, notes), PASSED);
    if (mails) writes.push(mails);

    // Sent once the decision commits: live lists refresh for the program and student. Last, in one
    // statement: on PGlite, publishing transactions are serialized from here to their commit (ADR 031).
    const notified = new Set([
      ...recipients.coordinators.map((c) => c.userId),
      ...recipients.studentUsers.map((s) => s.userId),
    ]);
    const events = [...notified].map((userId) => ({
      userId,
      type: "application.updated",
      data: { id, status: decision },
    }));
    const published = events.length > 0 ? sql`(select ${deps.realtime.publishing(events)} from passed)` : sql`null`;
    // Issue 11 (ADR 035): the decision's statement is the transaction's last and carries the COMMIT
    // (on PostgreSQL: one round trip, and the placement's lock is held one round trip less).
    const result = await commitWith(
      tx,
      sql`
      with checks as (select ${checks ?? sql`null::json as clash, 0 as taken`}),
      passed as (select 1 from checks where ${passes}),
      ${sql.join(
        writes.map((s, i) => sql`${sql.raw(`w${i}`)} as (${s})`),
        sql`, `,
      )}
      select checks.clash, checks.taken, ${published} as published, exists (select 1 from passed) as passed
      from checks`,
    );
    const [row] = rowsOf<CheckRow & { passed: boolean }>(result);
    if (!row) throw new Error("The decision's statement answered no row");
    if (checked) checked(row);
    // Every check passed here: the statement wrote the decision (the two agree by construction).
    if (!row.passed) throw new Error("The decision's checks and its statement disagree");
    // The readiness computed above still holds (a decision changes no document): not computed again.
    return readiness?.get(id);
  });

  // Read once the decision has committed (the placement's lock is released by then).
  return getFacilityApplication(deps.db, access, id, decided ? { ready: decided.ready } : undefined);
}

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

type LockedDepartment = { id: string; name: string; capacity: number };

type ApplicationStatus = keyof (typeof APPLICATION_STATUS_LABELS)["facility"];

/**
 * An approval's read and locks, in one statement: the application in the facility's scope with
 * what `findDecision` reads (readiness, recipients), and the locks in this order (PostgreSQL takes a
 * statement's row locks in the order its locking clauses name the tables): the placement (update:
 * withdrawals lock it first too, so the two never deadlock), the student's roster row (no key
 * update: two approvals of one student at different placements serialize, while new applications,
 * which only take a key-share lock on it, are not held up; withdrawing the student from the roster
 * updates that row: issue 9), the application (update), the placement's department (no key update:
 * issue 9, its seats). What needs no lock (readiness, recipients) is read by the statement's
 * snapshot, as before the locks. Null for an unknown application or another facility's.
 */
async function findAndLockForApproval(tx: Tx, scope: ReturnType<typeof facilityScope>, id: string) {
  type Row = FoundColumns & {
    capacity: number;
    slotsFilled: number;
    placementStatus: string;
    today: string;
    enrollmentStatus: string;
    departmentName: string | null;
    departmentCapacity: number | null;
  };
  const readiness = readinessColumns(readinessIds);
  const lock = async (withDepartment: boolean) => {
    const result = await tx.execute(sql`
      select ${foundColumns}, ${readiness.required} as required, ${readiness.docs} as docs,
        ${placements.capacity} as capacity, ${placements.slotsFilled} as "slotsFilled",
        ${placements.status} as "placementStatus", to_char(current_date, 'YYYY-MM-DD') as today,
        ${students.enrollmentStatus} as "enrollmentStatus",
        ${withDepartment ? sql`${departments.name} as "departmentName", ${departments.capacity} as "departmentCapacity"` : sql`null as "departmentName", null as "departmentCapacity"`}
      ${foundFrom}
      ${withDepartment ? sql`join ${departments} on ${departments.id} = ${placements.departmentId}` : sql``}
      where ${foundWhere(scope, id)}
      for update of ${placements} for no key update of ${students} for update of ${applications}
      ${withDepartment ? sql`for no key update of ${departments}` : sql``}`);
    return rowsOf<Row>(result)[0] ?? null;
  };
  // With its department first (most placements have one); no row: the placement has none, or its
  // row changed while this statement waited for its lock (PostgreSQL then rechecks the join with
  // the new row, and a department changed since no longer joins), or the application is unknown.
  let row = await lock(true);
  if (!row) row = await lock(false);
  // The placement's department as locked (given or changed since it was read), locked after the
  // others, which this transaction already holds: its seats are checked against the right unit.
  if (row && row.departmentId !== null && row.departmentName === null) row = (await lock(true)) ?? row;
  if (!row) return null;
  const department: LockedDepartment | null =
    row.departmentId && row.departmentName !== null && row.departmentCapacity !== null
      ? { id: row.departmentId, name: row.departmentName, capacity: Number(row.departmentCapacity) }
      : null;
  const placement = {
    id: row.placementId,
    capacity: Number(row.capacity),
    slotsFilled: Number(row.slotsFilled),
    status: row.placementStatus,
    startDate: row.startDate,
    endDate: row.endDate,
    today: row.today,
  };
  return { found: asFound(row), approval: { ...row, placement, department } };
}

type Clash = {
  firstName: string;
  lastName: string;
  title: string;
  facilityName: string;
  startDate: string;
  endDate: string;
  sameFacility: boolean;
};

type ClashInput = {
  studentId: string;
  applicationId: string;
  placement: { id: string; startDate: string; endDate: string };
  department: LockedDepartment | null;
};
type CheckRow = { clash: JsonColumn<Clash> | null; taken: number | string };

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
      (select json_build_object('firstName', s.first_name, 'lastName', s.last_name, 'title', o.title,
          'facilityName', f.name, 'startDate', o.start_date, 'endDate', o.end_date,
          'sameFacility', o.facility_id = t.facility_id)
        from ${applications} x
        join ${students} s on s.id = x.student_id
        join ${placements} o on o.id = x.placement_id
        join ${organizations} f on f.id = o.facility_id
        join ${placements} t on t.id = ${placement.id}
        where x.student_id = ${a.studentId} and x.status = 'approved' and x.id <> ${a.applicationId}
          and o.start_date <= t.end_date and o.end_date >= t.start_date
        order by o.start_date limit 1) as clash,
      ${
        claims
          ? sql`(with c as ${claims}
        select coalesce(max((select sum(c.seats) from c where c.start_date <= d.day and c.end_date >= d.day)), 0)
        from (select ${start} as day union select c.start_date from c where c.start_date > ${start}) d)::int`
          : sql`0`
      } as taken`;
}

/** Whether the decision is written: no overlap, a seat left in the department, and ready (or confirmed). */
function checksPass(department: LockedDepartment | null, ready: boolean): SQL {
  return sql`checks.clash is null and ${department ? sql`checks.taken + 1 <= ${department.capacity}` : sql`true`} and ${ready}`;
}

/** The overlap (409 naming the clash) and the department's seats (409), from `clashChecks`. */
function assertNoClash(row: CheckRow, a: ClashInput) {
  const { placement, department } = a;
  const clash = row.clash ? fromJson(row.clash) : null;
  if (clash) {
    // D1: a rotation at another facility is the student's record, not this facility's: dates only.
    const where = clash.sameFacility ? `${clash.title} at ${clash.facilityName}` : "a rotation at another facility";
    throw refused(
      "overlapping_rotation",
      `${fullName(clash)} already has an approved placement with overlapping dates: ${where} (${clash.startDate} to ${clash.endDate})`,
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

const foundColumns = sql`${applications.id} as id, ${applications.placementId} as "placementId",
  ${applications.studentId} as "studentId", ${applications.programId} as "programId",
  ${applications.status} as status, ${placements.facilityId} as "facilityId",
  ${placements.departmentId} as "departmentId", ${placements.startDate} as "startDate",
  ${placements.endDate} as "endDate", ${students.firstName} as "firstName",
  ${students.lastName} as "lastName", ${placements.title} as title, ${organizations.name} as "facilityName",
  ${coordinatorsJson(applications.programId)} as coordinators,
  (select coalesce(json_agg(json_build_object('userId', u.id, 'email', u.email, 'name', u.name)), '[]'::json)
    from ${studentUsers} su join ${users} u on u.id = su.user_id
    where su.student_id = ${applications.studentId}) as "studentAccounts"`;

const foundFrom = sql`from ${applications}
  join ${placements} on ${placements.id} = ${applications.placementId}
  join ${students} on ${students.id} = ${applications.studentId}
  join ${organizations} on ${organizations.id} = ${placements.facilityId}`;

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
 * account, the student) and the student's readiness. Null for an unknown application or another
 * facility's.
 */
async function findDecision(tx: Tx, scope: ReturnType<typeof facilityScope>, id: string) {
  // The student's readiness too: the answer shows it (read here, not in two statements after).
  const readiness = readinessColumns(readinessIds);
  const result = await tx.execute(sql`
    select ${foundColumns}, ${readiness.required} as required, ${readiness.docs} as docs
    ${foundFrom}
    where ${foundWhere(scope, id)}
    for update of ${applications}`);
  const row = rowsOf<FoundColumns>(result)[0];
  return row ? asFound(row) : null;
}

function decisionMails(deps: Deps, r: Recipients, decision: Decision, notes: string | null): QueuedMail[] {
  const a = r.application;
  const student = fullName(a);
  const where = `${a.title} at ${a.facilityName}`;
  // A queued mail is JSON in the database: half a character (a lone surrogate, which a request may
  // carry) would be refused there, so it is sent as U+FFFD.
  const wellFormed = notes ? (notes as unknown as { toWellFormed(): string }).toWellFormed() : null;
  const notesLine = wellFormed ? `Notes from ${a.facilityName}: ${wellFormed}` : null;

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
