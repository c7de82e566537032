import { and, asc, count, desc, eq, gte, ilike, lt, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import { APPLICATION_STATUS_LABELS, type ApplicationStatus, rotationPhase } from "../../../domain/applications";
import type { PlacedPhase } from "../../../domain/placements";
import type { Db, Tx } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { users } from "../../db/schema/auth";
import { memberships, organizations } from "../../db/schema/organizations";
import { departments, placements } from "../../db/schema/placements";
import { students, studentUsers } from "../../db/schema/students";
import { type FacilityScope, facilityScope, type Scope, scopeWhere } from "../../lib/access";
import type { Deps, Viewer } from "../../lib/context";
import { conflict, notFound, refused } from "../../lib/errors";
import { mailHtml } from "../../lib/mail";
import { likePattern, offsetOf } from "../../lib/pagination";
import { assertDepartmentSeat } from "../departments/service";
import { lockPlacement } from "../placements/service";

// Applications to the facility's placements, as the facility reviews them (issue 4, D7, D8). Every
// query is scoped by the facility the session may see (D1): a facility sees an applicant only
// through an application to one of its own placements; anything else is 404.

const fullName = (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}`;
const facility = alias(organizations, "facility");
const program = alias(organizations, "program");

export type FacilityApplicationFilters = {
  search?: string;
  status?: ApplicationStatus;
  placementId?: string;
  departmentId?: string;
  facilityId?: string;
};

const listColumns = {
  id: applications.id,
  status: applications.status,
  notes: applications.notes,
  // Issue 9: whose note it is (the student applying for themselves, or their program).
  notesByStudent: sql<boolean>`exists (select 1 from ${studentUsers} where ${studentUsers.studentId} = ${applications.studentId} and ${studentUsers.userId} = ${applications.submittedBy})`,
  today: sql<string>`to_char(current_date, 'YYYY-MM-DD')`,
  reviewNotes: applications.reviewNotes,
  submittedAt: applications.submittedAt,
  reviewedAt: applications.reviewedAt,
  withdrawnAt: applications.withdrawnAt,
  studentId: students.id,
  firstName: students.firstName,
  lastName: students.lastName,
  email: students.email,
  gpa: students.gpa,
  placementId: placements.id,
  title: placements.title,
  specialty: placements.specialty,
  startDate: placements.startDate,
  endDate: placements.endDate,
  placementStatus: placements.status,
  capacity: placements.capacity,
  slotsFilled: placements.slotsFilled,
  departmentId: departments.id,
  departmentName: departments.name,
  facilityId: facility.id,
  facilityName: facility.name,
  programId: program.id,
  programName: program.name,
};

function withJoins<T extends PgSelect>(qb: T) {
  return qb
    .innerJoin(students, eq(students.id, applications.studentId))
    .innerJoin(placements, eq(placements.id, applications.placementId))
    .innerJoin(facility, eq(facility.id, placements.facilityId))
    .innerJoin(program, eq(program.id, applications.programId))
    .leftJoin(departments, eq(departments.id, placements.departmentId));
}

function listWhere(scope: FacilityScope, f: FacilityApplicationFilters): SQL | undefined {
  const term = f.search ? likePattern(f.search) : null;
  return and(
    scopeWhere(scope, { facility: placements.facilityId }),
    f.status ? eq(applications.status, f.status) : undefined,
    f.placementId ? eq(applications.placementId, f.placementId) : undefined,
    f.departmentId ? eq(placements.departmentId, f.departmentId) : undefined,
    term
      ? or(
          ilike(sql`${students.firstName} || ' ' || ${students.lastName}`, term),
          ilike(students.email, term),
          ilike(placements.title, term),
          ilike(program.name, term),
        )
      : undefined,
  );
}

function listQuery(db: Db, scope: FacilityScope, f: FacilityApplicationFilters) {
  return withJoins(db.select(listColumns).from(applications).$dynamic())
    .where(listWhere(scope, f))
    .orderBy(desc(applications.submittedAt), desc(applications.id));
}
type ListRow = Awaited<ReturnType<typeof listQuery>>[number];

function toItem(r: ListRow) {
  return {
    id: r.id,
    status: r.status,
    notes: r.notes,
    notesBy: r.notes === null ? null : r.notesByStudent ? ("student" as const) : ("program" as const),
    reviewNotes: r.reviewNotes,
    submittedAt: r.submittedAt.toISOString(),
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
    student: {
      id: r.studentId,
      name: fullName(r),
      email: r.email,
      gpa: r.gpa === null ? null : Number(r.gpa),
    },
    placement: {
      id: r.placementId,
      title: r.title,
      specialty: r.specialty,
      startDate: r.startDate,
      endDate: r.endDate,
      status: r.placementStatus,
      capacity: r.capacity,
      slotsFilled: r.slotsFilled,
    },
    department: r.departmentId && r.departmentName ? { id: r.departmentId, name: r.departmentName } : null,
    facility: { id: r.facilityId, name: r.facilityName },
    program: { id: r.programId, name: r.programName },
  };
}
export type FacilityApplication = ReturnType<typeof toItem>;

/** Applications to the facility's placements, newest first, filtered and paginated (D13). */
export async function listFacilityApplications(
  db: Db,
  access: Scope,
  q: FacilityApplicationFilters & { page: number; pageSize: number },
) {
  const scope = facilityScope(access, q.facilityId);
  const [rows, [total]] = await Promise.all([
    listQuery(db, scope, q).limit(q.pageSize).offset(offsetOf(q)),
    withJoins(db.select({ n: count() }).from(applications).$dynamic()).where(listWhere(scope, q)),
  ]);
  return { items: rows.map(toItem), total: Number(total.n), page: q.page, pageSize: q.pageSize };
}

export const FACILITY_APPLICATION_CSV_HEADER = [
  "Student",
  "Email",
  "GPA",
  "Program",
  "Placement",
  "Specialty",
  "Department",
  "Start date",
  "End date",
  "Status",
  "Submitted",
  "Reviewed",
  "Program notes",
  "Review notes",
];

/** Every application matching the filters, as CSV rows with the facility's labels ('New' for pending). */
export async function exportFacilityApplications(db: Db, access: Scope, f: FacilityApplicationFilters) {
  const scope = facilityScope(access, f.facilityId);
  const rows = (await listQuery(db, scope, f)).map(toItem);
  return rows.map((a) => [
    a.student.name,
    a.student.email,
    a.student.gpa?.toFixed(2) ?? "",
    a.program.name,
    a.placement.title,
    a.placement.specialty,
    a.department?.name ?? "",
    a.placement.startDate,
    a.placement.endDate,
    APPLICATION_STATUS_LABELS.facility[a.status],
    a.submittedAt,
    a.reviewedAt,
    a.notes,
    a.reviewNotes,
  ]);
}

/**
 * One application with the applicant's details (D1): visible to a facility only through an
 * application to one of its own placements; another facility's coordinator gets 404.
 */
export async function getFacilityApplication(db: Db, access: Scope, id: string) {
  const scope = facilityScope(access);
  const [row] = await withJoins(
    db
      .select({
        ...listColumns,
        phone: students.phone,
        specialtyInterest: students.specialtyInterest,
        complianceStatus: students.complianceStatus,
      })
      .from(applications)
      .$dynamic(),
  ).where(and(eq(applications.id, id), scopeWhere(scope, { facility: placements.facilityId })));
  if (!row) throw notFound("Application");
  const item = toItem(row);
  return {
    ...item,
    student: {
      ...item.student,
      phone: row.phone,
      specialtyInterest: row.specialtyInterest,
      complianceStatus: row.complianceStatus,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Decisions

type Decision = "approved" | "rejected";

/**
 * Approve or reject a pending application (D7), stamping reviewed_at and reviewed_by.
 *
 * Approving takes a slot (D8) in one transaction: the placement row is locked FIRST (as
 * withdrawals do, so the two never deadlock), then the student's roster row (FOR NO KEY UPDATE:
 * two approvals of one student at different placements serialize, while new applications, which
 * only take a key-share lock on it, are not held up), then the application. Under those locks it
 * checks the placement is active and not full and the student holds no other approved placement
 * whose dates overlap, then increments slots_filled.
 */
export async function decideApplication(
  deps: Deps,
  viewer: Viewer,
  access: Scope,
  id: string,
  decision: Decision,
  notes: string | null,
) {
  const scope = facilityScope(access);
  const result = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: applications.id, placementId: applications.placementId, studentId: applications.studentId })
      .from(applications)
      .innerJoin(placements, eq(placements.id, applications.placementId))
      .where(and(eq(applications.id, id), scopeWhere(scope, { facility: placements.facilityId })));
    // Another facility's application is reported exactly like an unknown one (D1).
    if (!found) throw notFound("Application");

    const placement = decision === "approved" ? await lockPlacement(tx, found.placementId) : null;
    // Under the student's row lock, so withdrawing the student from the roster (which updates that
    // row) and this approval serialize: whichever commits second sees the other (issue 9).
    const [applicant] =
      decision === "approved"
        ? await tx
            .select({
              enrollmentStatus: students.enrollmentStatus,
              firstName: students.firstName,
              lastName: students.lastName,
            })
            .from(students)
            .where(eq(students.id, found.studentId))
            .for("no key update")
        : [];
    const [current] = await tx
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.id, id))
      .for("update");
    if (!current) throw notFound("Application");
    if (current.status !== "pending") {
      throw conflict(
        `This application was already ${APPLICATION_STATUS_LABELS.facility[current.status].toLowerCase()}`,
      );
    }

    if (decision === "approved") {
      if (!placement) throw notFound("Placement");
      await assertApprovable(tx, found.placementId, applicant);
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
      await assertNoOverlap(tx, found.studentId, found.placementId, id);
      await assertDepartmentSeat(tx, found.placementId); // issue 9: the department's seats, under its row lock
      await tx
        .update(placements)
        .set({ slotsFilled: sql`${placements.slotsFilled} + 1`, updatedAt: new Date() })
        .where(eq(placements.id, found.placementId));
    }

    await tx
      .update(applications)
      .set({ status: decision, reviewNotes: notes, reviewedAt: new Date(), reviewedBy: viewer.userId })
      .where(eq(applications.id, id));

    const recipients = await decisionRecipients(tx, id);
    // Sent on commit (NOTIFY inside the transaction): live lists refresh for the program and student.
    for (const userId of new Set([
      ...recipients.coordinators.map((c) => c.userId),
      ...recipients.studentUsers.map((s) => s.userId),
    ])) {
      await deps.realtime.publish(tx, { userId, type: "application.updated", data: { id, status: decision } });
    }
    return recipients;
  });

  await mailDecision(deps, result, decision, notes).catch((err) =>
    deps.log.error({ err, applicationId: id }, "could not mail the decision on an application"),
  );
  return getFacilityApplication(deps.db, access, id);
}

/**
 * Issue 9: nothing is approved for a student withdrawn from their program's roster, nor for a
 * rotation that has already ended (the database's current_date).
 */
async function assertApprovable(
  tx: Tx,
  placementId: string,
  applicant: { enrollmentStatus: string; firstName: string; lastName: string } | undefined,
) {
  if (applicant && applicant.enrollmentStatus !== "active") {
    throw refused(
      "student_withdrawn",
      `${fullName(applicant)} was withdrawn from their program's roster: this application cannot be approved`,
    );
  }
  const [dates] = await tx
    .select({ endDate: placements.endDate, today: sql<string>`to_char(current_date, 'YYYY-MM-DD')` })
    .from(placements)
    .where(eq(placements.id, placementId));
  if (dates && rotationPhase(dates.endDate, dates.endDate, dates.today) === "ended") {
    throw refused(
      "rotation_ended",
      `This rotation ended on ${dates.endDate}: an application to it can no longer be approved`,
    );
  }
}

/** D7: one student cannot hold two approved placements whose dates overlap (409 naming the clash). */
async function assertNoOverlap(tx: Tx, studentId: string, placementId: string, applicationId: string) {
  const target = alias(placements, "target");
  const other = alias(placements, "other");
  const otherFacility = alias(organizations, "other_facility");
  const [clash] = await tx
    .select({
      firstName: students.firstName,
      lastName: students.lastName,
      title: other.title,
      facilityName: otherFacility.name,
      startDate: other.startDate,
      endDate: other.endDate,
      sameFacility: sql<boolean>`${other.facilityId} = ${target.facilityId}`,
    })
    .from(applications)
    .innerJoin(students, eq(students.id, applications.studentId))
    .innerJoin(other, eq(other.id, applications.placementId))
    .innerJoin(otherFacility, eq(otherFacility.id, other.facilityId))
    .innerJoin(target, eq(target.id, placementId))
    .where(
      and(
        eq(applications.studentId, studentId),
        eq(applications.status, "approved"),
        ne(applications.id, applicationId),
        lte(other.startDate, target.endDate),
        gte(other.endDate, target.startDate),
      ),
    )
    .orderBy(asc(other.startDate))
    .limit(1);
  if (clash) {
    // D1: a rotation at another facility is the student's record, not this facility's: dates only.
    const where = clash.sameFacility ? `${clash.title} at ${clash.facilityName}` : "a rotation at another facility";
    throw refused(
      "overlapping_rotation",
      `${fullName(clash)} already has an approved placement with overlapping dates: ${where} (${clash.startDate} to ${clash.endDate})`,
    );
  }
}

type Recipients = Awaited<ReturnType<typeof decisionRecipients>>;

/** Who hears about a decision: the program's coordinators and, when they have an account, the student. */
async function decisionRecipients(tx: Tx, id: string) {
  const [app] = await tx
    .select({
      studentId: applications.studentId,
      programId: applications.programId,
      firstName: students.firstName,
      lastName: students.lastName,
      title: placements.title,
      startDate: placements.startDate,
      facilityName: organizations.name,
    })
    .from(applications)
    .innerJoin(students, eq(students.id, applications.studentId))
    .innerJoin(placements, eq(placements.id, applications.placementId))
    .innerJoin(organizations, eq(organizations.id, placements.facilityId))
    .where(eq(applications.id, id));
  const [coordinators, studentAccounts] = await Promise.all([
    tx
      .select({ userId: users.id, email: users.email, name: users.name })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.organizationId, app.programId)),
    tx
      .select({ userId: users.id, email: users.email, name: users.name })
      .from(studentUsers)
      .innerJoin(users, eq(users.id, studentUsers.userId))
      .where(eq(studentUsers.studentId, app.studentId)),
  ]);
  return { application: app, coordinators, studentUsers: studentAccounts };
}

async function mailDecision(deps: Deps, r: Recipients, decision: Decision, notes: string | null) {
  const a = r.application;
  const student = fullName(a);
  const where = `${a.title} at ${a.facilityName}`;
  const notesLine = notes ? `Notes from ${a.facilityName}: ${notes}` : null;

  const programWord = APPLICATION_STATUS_LABELS.program[decision].toLowerCase();
  const programSubject = `Application ${programWord}: ${student}, ${a.title}`;
  const programLink = `${deps.env.appUrl}/applications`;
  for (const c of r.coordinators) {
    const lines = [`Hello ${c.name},`, `${student}'s application to ${where} was ${programWord}.`];
    if (notesLine) lines.push(notesLine);
    await deps.mailer.send({
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
    await deps.mailer.send({
      to: s.email,
      subject: studentSubject,
      text: `${lines.join("\n\n")}\n\nSee your applications: ${studentLink}`,
      html: mailHtml(studentSubject, lines, { label: "My applications", url: studentLink }),
      link: studentLink,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Placed students

export type PlacedQuery = {
  page: number;
  pageSize: number;
  search?: string;
  phase?: PlacedPhase;
  facilityId?: string;
};

/**
 * Students with approved applications at the facility: current and upcoming by default (or one
 * phase), soonest first. 'Today' is the database's current_date, as the dashboard's.
 */
export async function listPlacedStudents(db: Db, access: Scope, q: PlacedQuery) {
  const scope = facilityScope(access, q.facilityId);
  const term = q.search ? likePattern(q.search) : null;
  const today = sql`current_date`;
  const phase =
    q.phase === "current"
      ? and(lte(placements.startDate, today), gte(placements.endDate, today))
      : q.phase === "upcoming"
        ? sql`${placements.startDate} > ${today}`
        : q.phase === "past"
          ? lt(placements.endDate, today)
          : gte(placements.endDate, today);
  const where = and(
    eq(applications.status, "approved"),
    scopeWhere(scope, { facility: placements.facilityId }),
    phase,
    term
      ? or(
          ilike(sql`${students.firstName} || ' ' || ${students.lastName}`, term),
          ilike(students.email, term),
          ilike(placements.title, term),
          ilike(program.name, term),
        )
      : undefined,
  );
  // The phase as placedPhase() in src/domain defines it, against the database's current_date.
  const phaseColumn = sql<PlacedPhase>`case when ${placements.endDate} < current_date then 'past' when ${placements.startDate} <= current_date then 'current' else 'upcoming' end`;
  const [rows, [total]] = await Promise.all([
    withJoins(
      db
        .select({ ...listColumns, phase: phaseColumn })
        .from(applications)
        .$dynamic(),
    )
      .where(where)
      .orderBy(
        q.phase === "past" ? desc(placements.endDate) : asc(placements.startDate),
        asc(students.lastName),
        asc(applications.id),
      )
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    withJoins(db.select({ n: count() }).from(applications).$dynamic()).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      applicationId: r.id,
      student: { id: r.studentId, name: fullName(r), email: r.email },
      program: { id: r.programId, name: r.programName },
      placement: {
        id: r.placementId,
        title: r.title,
        specialty: r.specialty,
        startDate: r.startDate,
        endDate: r.endDate,
      },
      department: r.departmentId && r.departmentName ? { id: r.departmentId, name: r.departmentName } : null,
      facility: { id: r.facilityId, name: r.facilityName },
      phase: r.phase,
    })),
    total: Number(total.n),
    page: q.page,
    pageSize: q.pageSize,
  };
}
