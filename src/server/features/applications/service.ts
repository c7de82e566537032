import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import {
  APPLICATION_STATUS_LABELS,
  type ApplicationStatus,
  applyWindowRefusal,
  type RefusalCode,
  type SubmissionStudent,
  withdrawalFlags,
  withdrawalRule,
} from "../../../domain/applications";
import type { Db, DbOrTx } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { users } from "../../db/schema/auth";
import { memberships, organizations } from "../../db/schema/organizations";
import { placements } from "../../db/schema/placements";
import { students, studentUsers } from "../../db/schema/students";
import { assertVerified, type ProgramScope, programScope, type Scope, scopeWhere } from "../../lib/access";
import type { Deps, Viewer } from "../../lib/context";
import { conflict, notFound } from "../../lib/errors";
import { mailHtml } from "../../lib/mail";
import { likePattern, offsetOf } from "../../lib/pagination";
import { findPlacementForApplication, lockPlacement, releaseSlot } from "../placements/service";
import { mailWithdrawals, publishWithdrawals, type WithdrawnApplication } from "./withdrawal-notices";

// Applications of a program's students to placements (D7). Every query is scoped by the program
// the session may see (D1): a coordinator's own program, or any program for an admin.

const fullName = (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}`;

// ---------------------------------------------------------------------------------------------
// Submit (single or bulk)

export type Refusal = { studentId: string; name: string | null; reason: string; code: RefusalCode };
export type Submitted = { id: string; studentId: string; name: string; status: "pending"; submittedAt: string };
export type SubmissionResult = {
  placement: { id: string; title: string; facilityName: string };
  submitted: Submitted[];
  refused: Refusal[];
};

/**
 * Submits one application per student to one placement, each with their own note (or none). Each
 * student is checked on its own and refused with a reason (unknown or another program's student,
 * withdrawn from the roster, program pending verification, placement closed, rotation started
 * without late joiners or ended, placement full, already applied, not selected before); the others
 * go through. program_id is always the student's own program (D3), never the browser's.
 */
export async function submitApplications(
  deps: Deps,
  viewer: Viewer,
  access: Scope,
  input: { placementId: string; students: SubmissionStudent[] },
): Promise<SubmissionResult> {
  const scope = programScope(access);
  // D2: a coordinator's program pending verification cannot submit yet.
  if (scope.kind === "program") assertVerified(viewer.organization);
  return submitInScope(deps, viewer.userId, scope, input);
}

/**
 * A student applies for themselves (D3): the same checks and the same race-safe insert as a
 * program's submission, scoped to the student's own roster entry and program.
 */
export async function submitStudentApplication(
  deps: Deps,
  viewer: Viewer,
  studentId: string,
  input: { placementId: string; notes: string | null },
): Promise<SubmissionResult> {
  const [own] = await deps.db
    .select({ programId: students.programId })
    .from(students)
    .where(eq(students.id, studentId));
  if (!own) throw notFound("Student");
  return submitInScope(
    deps,
    viewer.userId,
    { kind: "program", programId: own.programId },
    {
      placementId: input.placementId,
      students: [{ studentId, notes: input.notes }],
    },
  );
}

async function submitInScope(
  deps: Deps,
  submittedBy: string,
  scope: ProgramScope,
  input: { placementId: string; students: SubmissionStudent[] },
): Promise<SubmissionResult> {
  const { db } = deps;

  const placement = await findPlacementForApplication(db, input.placementId);
  if (!placement) throw notFound("Placement");

  const notesOf = new Map<string, string | null>();
  for (const item of input.students) if (!notesOf.has(item.studentId)) notesOf.set(item.studentId, item.notes);
  const ids = [...notesOf.keys()];
  const rows = await db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      programId: students.programId,
      enrollmentStatus: students.enrollmentStatus,
      programName: organizations.name,
      programVerification: organizations.verificationStatus,
    })
    .from(students)
    .innerJoin(organizations, eq(organizations.id, students.programId))
    .where(inArray(students.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));

  const refused: Refusal[] = [];
  const eligible: typeof rows = [];
  const full = placement.slotsFilled >= placement.capacity;
  // Issue 9: no application once the rotation has started (unless the facility takes late
  // joiners on this placement), never once it has ended.
  const window = applyWindowRefusal(placement, placement.today);
  for (const studentId of ids) {
    const s = byId.get(studentId);
    // Another program's student is reported exactly like an unknown one: nothing leaks (D1, FERPA).
    if (!s || (scope.kind === "program" && s.programId !== scope.programId)) {
      refused.push({ studentId, name: null, reason: "Student not found", code: "student_not_found" });
      continue;
    }
    const name = fullName(s);
    if (s.enrollmentStatus !== "active") {
      refused.push({ studentId, name, reason: "Withdrawn from the roster", code: "student_withdrawn" });
    } else if (s.programVerification !== "verified") {
      refused.push({
        studentId,
        name,
        reason: `${s.programName} is pending verification: applications open once a platform administrator verifies it`,
        code: "program_unverified",
      });
    } else if (placement.status !== "active") {
      refused.push({
        studentId,
        name,
        reason: "This placement is no longer accepting applications",
        code: "placement_closed",
      });
    } else if (window) {
      refused.push({ studentId, name, reason: window.reason, code: window.code });
    } else if (full) {
      refused.push({ studentId, name, reason: "This placement is full", code: "placement_full" });
    } else {
      eligible.push(s);
    }
  }

  // "Already applied" and "not selected before" are decided by the partial unique index (one
  // application per student and placement that is not withdrawn) with INSERT ... ON CONFLICT DO
  // NOTHING RETURNING, so identical submissions racing each other create exactly one row, and a
  // withdrawn application does not stand in the way of a new one.
  let inserted: { id: string; studentId: string; submittedAt: Date }[] = [];
  if (eligible.length > 0) {
    inserted = await db
      .insert(applications)
      .values(
        eligible.map((s) => ({
          studentId: s.id,
          placementId: placement.id,
          programId: s.programId,
          notes: notesOf.get(s.id) ?? null,
          submittedBy,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: applications.id, studentId: applications.studentId, submittedAt: applications.submittedAt });
  }
  const insertedBy = new Map(inserted.map((r) => [r.studentId, r]));
  const notInserted = eligible.filter((s) => !insertedBy.has(s.id)).map((s) => s.id);
  const existing =
    notInserted.length > 0
      ? await db
          .select({ studentId: applications.studentId, status: applications.status })
          .from(applications)
          .where(
            and(
              eq(applications.placementId, placement.id),
              inArray(applications.studentId, notInserted),
              ne(applications.status, "withdrawn"),
            ),
          )
      : [];
  const existingStatus = new Map(existing.map((r) => [r.studentId, r.status]));
  const submitted: Submitted[] = [];
  for (const s of eligible) {
    const row = insertedBy.get(s.id);
    if (row) {
      submitted.push({
        id: row.id,
        studentId: s.id,
        name: fullName(s),
        status: "pending",
        submittedAt: row.submittedAt.toISOString(),
      });
    } else if (existingStatus.get(s.id) === "rejected") {
      refused.push({
        studentId: s.id,
        name: fullName(s),
        reason: "Not selected for this placement before: the facility's decision stands, apply to another placement",
        code: "not_selected_before",
      });
    } else {
      refused.push({
        studentId: s.id,
        name: fullName(s),
        reason: "Already applied to this placement",
        code: "already_applied",
      });
    }
  }

  // In the order the students were asked for.
  const order = new Map(ids.map((id, i) => [id, i]));
  refused.sort((a, b) => (order.get(a.studentId) ?? 0) - (order.get(b.studentId) ?? 0));

  if (submitted.length > 0) {
    await notifyFacility(deps, placement, submitted, eligible).catch((err) =>
      deps.log.error({ err, placementId: placement.id }, "could not mail the facility about new applications"),
    );
  }
  return {
    placement: { id: placement.id, title: placement.title, facilityName: placement.facilityName },
    submitted,
    refused,
  };
}

/** One mail per submission batch to each coordinator of the facility. */
async function notifyFacility(
  deps: Deps,
  placement: { title: string; facilityId: string; facilityName: string },
  submitted: Submitted[],
  studentsOf: { id: string; programName: string }[],
) {
  const coordinators = await deps.db
    .select({ email: users.email, name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, placement.facilityId));
  if (coordinators.length === 0) return;
  const programOf = new Map(studentsOf.map((s) => [s.id, s.programName]));
  const n = submitted.length;
  const subject = n === 1 ? `New application for ${placement.title}` : `${n} new applications for ${placement.title}`;
  const lines = submitted.map((s) => `${s.name} (${programOf.get(s.studentId) ?? "nursing program"})`);
  const link = `${deps.env.appUrl}/dashboard/facility/applications`;
  const intro = `${n === 1 ? "A new application was" : `${n} new applications were`} submitted to ${placement.title} at ${placement.facilityName}:`;
  for (const c of coordinators) {
    await deps.mailer.send({
      to: c.email,
      subject,
      text: `Hello ${c.name},\n\n${intro}\n\n${lines.map((l) => `- ${l}`).join("\n")}\n\nReview them: ${link}`,
      html: mailHtml(subject, [`Hello ${c.name},`, intro, ...lines], { label: "Review applications", url: link }),
      link,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// List, export, filter options

export type ApplicationFilters = {
  search?: string;
  status?: ApplicationStatus;
  specialty?: string;
  facilityId?: string;
  programId?: string;
};

const facility = alias(organizations, "facility");
const program = alias(organizations, "program");

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
  facilityId: facility.id,
  facilityName: facility.name,
  facilityCity: facility.city,
  facilityState: facility.state,
  programId: program.id,
  programName: program.name,
};

function listWhere(scope: ProgramScope, f: ApplicationFilters): SQL | undefined {
  const term = f.search ? likePattern(f.search) : null;
  return and(
    scopeWhere(scope, { program: applications.programId }),
    f.status ? eq(applications.status, f.status) : undefined,
    f.specialty ? eq(placements.specialty, f.specialty) : undefined,
    f.facilityId ? eq(placements.facilityId, f.facilityId) : undefined,
    term
      ? or(ilike(sql`${students.firstName} || ' ' || ${students.lastName}`, term), ilike(students.email, term))
      : undefined,
  );
}

/** The joins every list query shares (dynamic query: the selection keeps its types). */
function withJoins<T extends PgSelect>(qb: T) {
  return qb
    .innerJoin(students, eq(students.id, applications.studentId))
    .innerJoin(placements, eq(placements.id, applications.placementId))
    .innerJoin(facility, eq(facility.id, placements.facilityId))
    .innerJoin(program, eq(program.id, applications.programId));
}

function listQuery(db: Db, scope: ProgramScope, f: ApplicationFilters) {
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
    ...withdrawalFlags(r, r.today),
    reviewNotes: r.reviewNotes,
    submittedAt: r.submittedAt.toISOString(),
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
    student: {
      id: r.studentId,
      firstName: r.firstName,
      lastName: r.lastName,
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
    },
    facility: { id: r.facilityId, name: r.facilityName, city: r.facilityCity, state: r.facilityState },
    program: { id: r.programId, name: r.programName },
  };
}
export type ApplicationItem = ReturnType<typeof toItem>;

async function selectRows(
  db: Db,
  scope: ProgramScope,
  f: ApplicationFilters,
  page?: { page: number; pageSize: number },
) {
  const query = listQuery(db, scope, f);
  const rows = page ? await query.limit(page.pageSize).offset(offsetOf(page)) : await query;
  return rows.map(toItem);
}

/** The program's applications, newest first, filtered and paginated (D13). */
export async function listApplications(
  db: Db,
  access: Scope,
  q: ApplicationFilters & { page: number; pageSize: number },
) {
  const scope = programScope(access, q.programId);
  const [items, [total]] = await Promise.all([
    selectRows(db, scope, q, q),
    withJoins(db.select({ n: count() }).from(applications).$dynamic()).where(listWhere(scope, q)),
  ]);
  return { items, total: Number(total.n), page: q.page, pageSize: q.pageSize };
}

export const APPLICATION_CSV_HEADER = [
  "Student",
  "Email",
  "GPA",
  "Program",
  "Placement",
  "Specialty",
  "Facility",
  "City",
  "State",
  "Start date",
  "End date",
  "Status",
  "Submitted",
  "Reviewed",
  "Notes",
  "Review notes",
];

/** Every application matching the filters, as CSV rows (program view labels). */
export async function exportApplications(db: Db, access: Scope, f: ApplicationFilters) {
  const scope = programScope(access, f.programId);
  const items = await selectRows(db, scope, f);
  return items.map((a) => [
    a.student.name,
    a.student.email,
    a.student.gpa?.toFixed(2) ?? "",
    a.program.name,
    a.placement.title,
    a.placement.specialty,
    a.facility.name,
    a.facility.city,
    a.facility.state,
    a.placement.startDate,
    a.placement.endDate,
    APPLICATION_STATUS_LABELS.program[a.status],
    a.submittedAt,
    a.reviewedAt,
    a.notes,
    a.reviewNotes,
  ]);
}

/** The facilities the program applied to (the facility filter's options), by name. */
export async function listAppliedFacilities(db: Db, access: Scope, programId?: string) {
  const scope = programScope(access, programId);
  return db
    .selectDistinct({ id: organizations.id, name: organizations.name })
    .from(applications)
    .innerJoin(placements, eq(placements.id, applications.placementId))
    .innerJoin(organizations, eq(organizations.id, placements.facilityId))
    .where(scopeWhere(scope, { program: applications.programId }))
    .orderBy(asc(organizations.name), asc(organizations.id));
}

// ---------------------------------------------------------------------------------------------
// Withdraw

export type WithdrawResult = {
  id: string;
  status: "withdrawn";
  previousStatus: "pending" | "approved";
  withdrawnAt: string;
  /** An approved rotation already under way: the student leaves it early. */
  leftEarly: boolean;
  message: string;
};

/**
 * The program (or an admin) withdraws one of its applications: the rules of `withdrawalRule`
 * (src/domain/applications.ts), the same as the student's.
 */
export async function withdrawApplication(deps: Deps, access: Scope, id: string) {
  const scope = programScope(access);
  return withdrawWhere(deps, id, scopeWhere(scope, { program: applications.programId }), "program");
}

/** A student withdraws their own application (another's is 404), under the program's rules. */
export async function withdrawStudentApplication(deps: Deps, studentId: string, id: string) {
  return withdrawWhere(deps, id, eq(applications.studentId, studentId), "student");
}

/**
 * One transaction: the placement row is locked first (as every slot change does, D8), then the
 * application; the rule is checked on the locked status against the database's current_date. An
 * approved application frees its seat. The facility's coordinators (and the program's and the
 * student's open pages) hear of it live on commit, and the facility's coordinators by mail.
 */
async function withdrawWhere(
  deps: Deps,
  id: string,
  owned: SQL | undefined,
  by: "student" | "program",
): Promise<WithdrawResult> {
  const { result, notice } = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: applications.id, placementId: applications.placementId })
      .from(applications)
      .where(and(eq(applications.id, id), owned));
    if (!found) throw notFound("Application");
    await lockPlacement(tx, found.placementId);
    const [current] = await tx
      .select({
        status: applications.status,
        startDate: placements.startDate,
        endDate: placements.endDate,
        today: sql<string>`to_char(current_date, 'YYYY-MM-DD')`,
      })
      .from(applications)
      .innerJoin(placements, eq(placements.id, applications.placementId))
      .where(eq(applications.id, id))
      .for("update", { of: applications });
    if (!current) throw notFound("Application");
    const rule = withdrawalRule(current, current.today);
    if (!rule.allowed) throw conflict(rule.reason);
    if (rule.freesSeat) await releaseSlot(tx, found.placementId);
    const [updated] = await tx
      .update(applications)
      .set({ status: "withdrawn", withdrawnAt: new Date() })
      .where(eq(applications.id, id))
      .returning({ id: applications.id, withdrawnAt: applications.withdrawnAt });
    const previousStatus = current.status as "pending" | "approved";
    const [item] = await withdrawnDetails(tx, [{ id, previousStatus, leftEarly: rule.leavingEarly }]);
    await publishWithdrawals(deps, tx, [item]);
    const message = rule.leavingEarly
      ? `Withdrawn during the rotation: the student leaves ${item.title} early, the seat is freed and ${item.facilityName} is told`
      : previousStatus === "approved"
        ? `Withdrawn: the seat in ${item.title} is freed and ${item.facilityName} is told`
        : `Withdrawn: ${item.facilityName} will no longer review this application`;
    return {
      result: {
        id: updated.id,
        status: "withdrawn" as const,
        previousStatus,
        withdrawnAt: (updated.withdrawnAt ?? new Date()).toISOString(),
        leftEarly: rule.leavingEarly,
        message,
      },
      notice: item,
    };
  });
  await mailWithdrawals(deps, [notice], by).catch((err) =>
    deps.log.error({ err, applicationId: id }, "could not mail the facility about a withdrawal"),
  );
  return result;
}

/** What the facility is told about withdrawn applications (names, placement, dates). */
export async function withdrawnDetails(
  db: DbOrTx,
  items: { id: string; previousStatus: "pending" | "approved"; leftEarly: boolean }[],
): Promise<WithdrawnApplication[]> {
  if (items.length === 0) return [];
  const rows = await db
    .select({
      id: applications.id,
      studentId: applications.studentId,
      programId: applications.programId,
      firstName: students.firstName,
      lastName: students.lastName,
      programName: organizations.name,
      placementId: placements.id,
      title: placements.title,
      startDate: placements.startDate,
      endDate: placements.endDate,
      facilityId: placements.facilityId,
    })
    .from(applications)
    .innerJoin(students, eq(students.id, applications.studentId))
    .innerJoin(placements, eq(placements.id, applications.placementId))
    .innerJoin(organizations, eq(organizations.id, applications.programId))
    .where(
      inArray(
        applications.id,
        items.map((i) => i.id),
      ),
    );
  const facilityIds = [...new Set(rows.map((r) => r.facilityId))];
  const facilities = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.id, facilityIds));
  const facilityName = new Map(facilities.map((f) => [f.id, f.name]));
  const byId = new Map(items.map((i) => [i.id, i]));
  return rows.map((r) => ({
    applicationId: r.id,
    studentId: r.studentId,
    programId: r.programId,
    studentName: fullName(r),
    programName: r.programName,
    placementId: r.placementId,
    title: r.title,
    startDate: r.startDate,
    endDate: r.endDate,
    facilityId: r.facilityId,
    facilityName: facilityName.get(r.facilityId) ?? "the facility",
    previousStatus: byId.get(r.id)?.previousStatus ?? "pending",
    leftEarly: byId.get(r.id)?.leftEarly ?? false,
  }));
}
