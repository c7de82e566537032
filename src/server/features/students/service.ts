import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { rotationPhase } from "../../../domain/applications";
import { parseRoster, type RosterColumn } from "../../../domain/roster";
import { programNotVerifiedMessage } from "../../../domain/student-accounts";
import {
  DEFAULT_SORT_ORDER,
  type EnrollmentFilter,
  INVITATION_TTL_DAYS,
  type InvitationState,
  invitationState,
  type StudentSort,
} from "../../../domain/student-list";
import type { ComplianceStatus, StudentValues } from "../../../domain/students";
import type { DbOrTx } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { organizations } from "../../db/schema/organizations";
import { placements } from "../../db/schema/placements";
import { studentInvitations, studentPreferences, students, studentUsers } from "../../db/schema/students";
import { type ProgramScope, scopeWhere } from "../../lib/access";
import type { Deps, Viewer } from "../../lib/context";
import { AppError, conflict, invalid, notFound } from "../../lib/errors";
import { mailHtml } from "../../lib/mail";
import { likePattern, offsetOf } from "../../lib/pagination";
import { isUniqueViolation } from "../../lib/pg-errors";
import { withdrawnDetails } from "../applications/service";
import { mailWithdrawals, publishWithdrawals } from "../applications/withdrawal-notices";
import { lockPlacement, releaseSlot } from "../placements/service";

// A program's roster. Every query is scoped by `scope` (ADR 011): the coordinator's program, or an
// admin's "all" or named program (D1). A student outside the scope is "not found", never "forbidden".

export type Scope = ProgramScope;

const inScope = (scope: Scope) => scopeWhere(scope, { program: students.programId });

export const DUPLICATE_EMAIL = "A student with this email is already in your program";
export const ALREADY_IN_PROGRAM = "Already in your program";
export const HAS_APPLICATIONS =
  "This student has applications, so they can't be removed. Withdraw them from the roster instead: their history is kept.";
const EMAIL_UNIQUE_INDEX = "students_program_email_uq";
const IMPORT_CHUNK = 500;

export type StudentFilters = {
  search?: string;
  specialty?: string;
  complianceStatus?: ComplianceStatus;
  enrollment: EnrollmentFilter;
  sort: StudentSort;
  order?: "asc" | "desc";
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 404 for an id that is not even a UUID: same answer as for a student the caller may not see. */
function assertId(id: string) {
  if (!UUID.test(id)) throw notFound("Student");
}

const iso = (v: Date | string | null | undefined): string | null => (v ? new Date(v).toISOString() : null);

/** The admin's program for a new student, or the coordinator's own (D1); 422 when an admin names none. */
export async function targetProgram(db: DbOrTx, scope: Scope, requested?: string | null): Promise<string> {
  if (scope.kind === "all")
    throw invalid([{ path: "programId", message: "Choose the program the student belongs to" }]);
  const programId = scope.programId;
  if (programId === requested) {
    const [org] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.id, programId), eq(organizations.kind, "program")));
    if (!org) throw invalid([{ path: "programId", message: "Unknown program" }]);
  }
  return programId;
}

/** One roster row with its application counts and invitation state, in a single statement (no N+1). */
function rosterSelect(db: DbOrTx) {
  const counts = db
    .select({
      pending: sql<number>`count(*) filter (where ${applications.status} = 'pending')`.mapWith(Number).as("n_pending"),
      approved: sql<number>`count(*) filter (where ${applications.status} = 'approved')`
        .mapWith(Number)
        .as("n_approved"),
      rejected: sql<number>`count(*) filter (where ${applications.status} = 'rejected')`
        .mapWith(Number)
        .as("n_rejected"),
      withdrawn: sql<number>`count(*) filter (where ${applications.status} = 'withdrawn')`
        .mapWith(Number)
        .as("n_withdrawn"),
      total: sql<number>`count(*)`.mapWith(Number).as("n_total"),
    })
    .from(applications)
    .where(eq(applications.studentId, students.id))
    .as("app_counts");
  const latestInvitation = db
    .select({
      sentAt: studentInvitations.createdAt,
      expiresAt: studentInvitations.expiresAt,
      acceptedAt: studentInvitations.acceptedAt,
    })
    .from(studentInvitations)
    .where(eq(studentInvitations.studentId, students.id))
    .orderBy(desc(studentInvitations.createdAt))
    .limit(1)
    .as("latest_invitation");
  return db
    .select({
      id: students.id,
      programId: students.programId,
      programName: organizations.name,
      firstName: students.firstName,
      lastName: students.lastName,
      email: students.email,
      phone: students.phone,
      gpa: students.gpa,
      specialtyInterest: students.specialtyInterest,
      complianceStatus: students.complianceStatus,
      enrollmentStatus: students.enrollmentStatus,
      withdrawnAt: students.withdrawnAt,
      createdAt: students.createdAt,
      updatedAt: students.updatedAt,
      accountUserId: studentUsers.userId,
      nPending: counts.pending,
      nApproved: counts.approved,
      nRejected: counts.rejected,
      nWithdrawn: counts.withdrawn,
      nTotal: counts.total,
      invSentAt: latestInvitation.sentAt,
      invExpiresAt: latestInvitation.expiresAt,
      invAcceptedAt: latestInvitation.acceptedAt,
    })
    .from(students)
    .innerJoin(organizations, eq(organizations.id, students.programId))
    .leftJoin(studentUsers, eq(studentUsers.studentId, students.id))
    .leftJoinLateral(counts, sql`true`)
    .leftJoinLateral(latestInvitation, sql`true`);
}

type RosterRow = Awaited<ReturnType<typeof rosterSelect>>[number];

function toItem(r: RosterRow, now = new Date()) {
  const state: InvitationState = invitationState(
    r.accountUserId !== null,
    r.invExpiresAt ? { expiresAt: r.invExpiresAt, acceptedAt: r.invAcceptedAt } : null,
    now,
  );
  return {
    id: r.id,
    programId: r.programId,
    programName: r.programName,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    gpa: r.gpa === null ? null : Number(r.gpa),
    specialtyInterest: r.specialtyInterest,
    complianceStatus: r.complianceStatus,
    enrollmentStatus: r.enrollmentStatus,
    withdrawnAt: iso(r.withdrawnAt),
    createdAt: iso(r.createdAt) as string,
    updatedAt: iso(r.updatedAt) as string,
    applications: {
      pending: r.nPending ?? 0,
      approved: r.nApproved ?? 0,
      rejected: r.nRejected ?? 0,
      withdrawn: r.nWithdrawn ?? 0,
      total: r.nTotal ?? 0,
    },
    invitation: { state, sentAt: iso(r.invSentAt), expiresAt: iso(r.invExpiresAt) },
  };
}
export type StudentItem = ReturnType<typeof toItem>;

function filtersWhere(scope: Scope, f: Omit<StudentFilters, "sort" | "order">): SQL | undefined {
  const term = f.search ? likePattern(f.search) : null;
  return and(
    inScope(scope),
    f.enrollment === "all" ? undefined : eq(students.enrollmentStatus, f.enrollment),
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
  );
}

function orderOf(f: Pick<StudentFilters, "sort" | "order">): SQL[] {
  const order = f.order ?? DEFAULT_SORT_ORDER[f.sort];
  const dir = order === "asc" ? asc : desc;
  const byName = [asc(sql`lower(${students.lastName})`), asc(sql`lower(${students.firstName})`), asc(students.id)];
  switch (f.sort) {
    case "name":
      return [dir(sql`lower(${students.lastName})`), dir(sql`lower(${students.firstName})`), dir(students.id)];
    case "createdAt":
      return [dir(students.createdAt), ...byName];
    case "gpa":
      return [order === "asc" ? sql`${students.gpa} asc nulls last` : sql`${students.gpa} desc nulls last`, ...byName];
    case "complianceStatus":
      return [dir(sql`${students.complianceStatus}::text`), ...byName];
  }
}

export async function listStudents(db: DbOrTx, scope: Scope, q: StudentFilters & { page: number; pageSize: number }) {
  const where = filtersWhere(scope, q);
  // The page's ids first (on the students table and its indexes alone), then their counts and
  // invitations for those rows only: three statements per page, whatever the roster's size.
  const [pageIds, [total]] = await Promise.all([
    db
      .select({ id: students.id })
      .from(students)
      .where(where)
      .orderBy(...orderOf(q))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(students).where(where),
  ]);
  const ids = pageIds.map((r) => r.id);
  const rows = ids.length > 0 ? await rosterSelect(db).where(inArray(students.id, ids)) : [];
  const position = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  const now = new Date();
  return { items: rows.map((r) => toItem(r, now)), total: total.n, page: q.page, pageSize: q.pageSize };
}

/** Every student matching the filters (D13: no cap), for the CSV export. */
export async function exportStudents(db: DbOrTx, scope: Scope, f: StudentFilters) {
  const rows = await rosterSelect(db)
    .where(filtersWhere(scope, f))
    .orderBy(...orderOf(f));
  const now = new Date();
  return rows.map((r) => toItem(r, now));
}

export const EXPORT_HEADER = [
  "First name",
  "Last name",
  "Email",
  "Phone",
  "GPA",
  "Specialty interest",
  "Compliance status",
  "Enrollment",
  "Invitation",
  "Applications",
  "Pending",
  "Approved",
  "Rejected",
  "Withdrawn",
  "Added",
  "Program",
];

export const exportRow = (s: StudentItem) => [
  s.firstName,
  s.lastName,
  s.email,
  s.phone,
  s.gpa === null ? null : s.gpa.toFixed(2),
  s.specialtyInterest,
  s.complianceStatus,
  s.enrollmentStatus,
  s.invitation.state,
  s.applications.total,
  s.applications.pending,
  s.applications.approved,
  s.applications.rejected,
  s.applications.withdrawn,
  s.createdAt.slice(0, 10),
  s.programName,
];

/** One student in scope, or 404. */
export async function getStudentItem(db: DbOrTx, scope: Scope, id: string): Promise<StudentItem> {
  assertId(id);
  const [row] = await rosterSelect(db).where(and(eq(students.id, id), inScope(scope)));
  if (!row) throw notFound("Student");
  return toItem(row);
}

/** The student, statistics (applications by status, one grouped query) and their applications. */
export async function getStudentDetail(db: DbOrTx, scope: Scope, id: string) {
  const student = await getStudentItem(db, scope, id);
  const [grouped, apps, accommodation] = await Promise.all([
    db
      .select({ status: applications.status, n: count() })
      .from(applications)
      .where(eq(applications.studentId, id))
      .groupBy(applications.status),
    db
      .select({
        id: applications.id,
        placementId: applications.placementId,
        placementTitle: placements.title,
        specialty: placements.specialty,
        facilityName: organizations.name,
        facilityCity: organizations.city,
        facilityState: organizations.state,
        startDate: placements.startDate,
        endDate: placements.endDate,
        status: applications.status,
        notes: applications.notes,
        submittedAt: applications.submittedAt,
        reviewedAt: applications.reviewedAt,
      })
      .from(applications)
      .innerJoin(placements, eq(placements.id, applications.placementId))
      .innerJoin(organizations, eq(organizations.id, placements.facilityId))
      .where(eq(applications.studentId, id))
      .orderBy(desc(applications.submittedAt)),
    // The student's accommodation requests: visible to the student and their program only.
    db
      .select({ requests: studentPreferences.accommodationRequests })
      .from(studentUsers)
      .innerJoin(studentPreferences, eq(studentPreferences.userId, studentUsers.userId))
      .where(eq(studentUsers.studentId, id))
      .limit(1),
  ]);
  const statistics = { pending: 0, approved: 0, rejected: 0, withdrawn: 0, total: 0 };
  for (const g of grouped) {
    statistics[g.status] = g.n;
    statistics.total += g.n;
  }
  return {
    student: { ...student, applications: statistics },
    statistics,
    accommodationRequests: accommodation[0]?.requests ?? null,
    applications: apps.map((a) => ({
      ...a,
      submittedAt: iso(a.submittedAt) as string,
      reviewedAt: iso(a.reviewedAt),
    })),
  };
}

async function assertEmailFree(db: DbOrTx, programId: string, email: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: students.id })
    .from(students)
    .where(
      and(
        eq(students.programId, programId),
        eq(sql`lower(${students.email})`, email.toLowerCase()),
        exceptId ? ne(students.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw conflict(DUPLICATE_EMAIL);
}

/** The unique index decides when two requests race: the loser gets the same 409. */
async function mapDuplicate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, EMAIL_UNIQUE_INDEX)) throw conflict(DUPLICATE_EMAIL);
    throw err;
  }
}

/** A new roster entry; compliance starts 'pending' (spec section 4). */
export async function createStudent(db: DbOrTx, programId: string, input: StudentValues) {
  await assertEmailFree(db, programId, input.email);
  const [created] = await mapDuplicate(() =>
    db
      .insert(students)
      .values({ programId, ...input, complianceStatus: "pending" })
      .returning({ id: students.id }),
  );
  return getStudentItem(db, { kind: "program", programId }, created.id);
}

export async function updateStudent(db: DbOrTx, scope: Scope, id: string, patch: Partial<StudentValues>) {
  const current = await getStudentItem(db, scope, id);
  if (patch.email !== undefined && patch.email.toLowerCase() !== current.email.toLowerCase()) {
    await assertEmailFree(db, current.programId, patch.email, id);
  }
  const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  await mapDuplicate(() =>
    db
      .update(students)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(students.id, id)),
  );
  return getStudentItem(db, scope, id);
}

/**
 * Removes a student who has no applications. The row lock makes this safe against an application
 * being submitted at the same moment (its foreign key check holds a share lock on the student).
 */
export async function deleteStudent(db: DbOrTx, scope: Scope, id: string) {
  assertId(id);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.id, id), inScope(scope)))
      .for("update");
    if (!row) throw notFound("Student");
    const [apps] = await tx.select({ n: count() }).from(applications).where(eq(applications.studentId, id));
    if (apps.n > 0) throw conflict(HAS_APPLICATIONS);
    await tx.delete(students).where(eq(students.id, id));
  });
  return { id, deleted: true as const };
}

/**
 * Withdraw a student from the roster (issue 9), in one transaction: the student's row is updated
 * (its lock makes a facility's approval of this student wait, then refuse), their pending
 * applications are withdrawn, and so are their approved ones whose rotation has not started (each
 * seat freed, its placement locked first as every slot change does, D8). Approved rotations under
 * way or ended are kept (history; the program may still withdraw one under way). Each facility
 * concerned hears of it: its coordinators by mail, and live events for everyone's open pages.
 * Repeating it is harmless.
 */
export async function withdrawStudent(deps: Deps, scope: Scope, id: string) {
  assertId(id);
  const notices = await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(students)
      .set({
        enrollmentStatus: "withdrawn",
        withdrawnAt: sql`coalesce(${students.withdrawnAt}, now())`,
        updatedAt: new Date(),
      })
      .where(and(eq(students.id, id), inScope(scope)))
      .returning({ id: students.id });
    if (updated.length === 0) throw notFound("Student");
    const open = await tx
      .select({
        id: applications.id,
        placementId: applications.placementId,
        status: applications.status,
        startDate: placements.startDate,
        endDate: placements.endDate,
        today: sql<string>`to_char(current_date, 'YYYY-MM-DD')`,
      })
      .from(applications)
      .innerJoin(placements, eq(placements.id, applications.placementId))
      .where(and(eq(applications.studentId, id), inArray(applications.status, ["pending", "approved"])));
    const targets = open.filter(
      (a) => a.status === "pending" || rotationPhase(a.startDate, a.endDate, a.today) === "upcoming",
    );
    if (targets.length === 0) return [];
    const seats = [...new Set(targets.filter((a) => a.status === "approved").map((a) => a.placementId))].sort();
    for (const placementId of seats) await lockPlacement(tx, placementId);
    const locked = await tx
      .select({ id: applications.id, placementId: applications.placementId, status: applications.status })
      .from(applications)
      .where(
        inArray(
          applications.id,
          targets.map((a) => a.id),
        ),
      )
      .for("update");
    const withdrawn: { id: string; previousStatus: "pending" | "approved"; leftEarly: boolean }[] = [];
    for (const a of locked) {
      if (a.status === "pending") withdrawn.push({ id: a.id, previousStatus: "pending", leftEarly: false });
      else if (a.status === "approved" && seats.includes(a.placementId)) {
        await releaseSlot(tx, a.placementId);
        withdrawn.push({ id: a.id, previousStatus: "approved", leftEarly: false });
      }
    }
    if (withdrawn.length === 0) return [];
    await tx
      .update(applications)
      .set({ status: "withdrawn", withdrawnAt: new Date() })
      .where(
        inArray(
          applications.id,
          withdrawn.map((w) => w.id),
        ),
      );
    const details = await withdrawnDetails(tx, withdrawn);
    await publishWithdrawals(deps, tx, details);
    return details;
  });
  await mailWithdrawals(deps, notices, "roster").catch((err) =>
    deps.log.error({ err, studentId: id }, "could not mail the facilities about a withdrawn student"),
  );
  return getStudentItem(deps.db, scope, id);
}

/** Withdraw from the roster (history kept) or reinstate. Repeating either is harmless. */
export async function setEnrollment(db: DbOrTx, scope: Scope, id: string, status: "active" | "withdrawn") {
  assertId(id);
  const updated = await db
    .update(students)
    .set({
      enrollmentStatus: status,
      withdrawnAt: status === "withdrawn" ? sql`coalesce(${students.withdrawnAt}, now())` : null,
      updatedAt: new Date(),
    })
    .where(and(eq(students.id, id), inScope(scope)))
    .returning({ id: students.id });
  if (updated.length === 0) throw notFound("Student");
  return getStudentItem(db, scope, id);
}

// ---- Roster import -------------------------------------------------------------------------------

export type RosterPreviewRow = { line: number; values: Record<string, string>; errors: string[] };

async function programEmails(db: DbOrTx, programId: string) {
  const rows = await db
    .select({ email: sql<string>`lower(${students.email})` })
    .from(students)
    .where(eq(students.programId, programId));
  return new Set(rows.map((r) => r.email));
}

/** Parses and validates every row, and flags emails already on the program's roster. Saves nothing. */
export async function previewRoster(db: DbOrTx, programId: string, csv: string) {
  const parsed = parseRoster(csv);
  const existing = await programEmails(db, programId);
  const rows = parsed.rows.map((r) => {
    const errors = [...r.errors];
    const email = (r.raw.email ?? "").trim().toLowerCase();
    if (email && existing.has(email)) errors.push(ALREADY_IN_PROGRAM);
    return { line: r.line, values: r.raw, errors, parsed: errors.length === 0 ? r.values : null };
  });
  return {
    rows,
    missingColumns: parsed.missingColumns as RosterColumn[],
    unknownColumns: parsed.unknownColumns,
  };
}

export function previewSummary(p: Awaited<ReturnType<typeof previewRoster>>) {
  const valid = p.rows.filter((r) => r.errors.length === 0).length;
  return {
    rows: p.rows.map(({ line, values, errors }) => ({ line, values, errors })),
    missingColumns: p.missingColumns,
    unknownColumns: p.unknownColumns,
    total: p.rows.length,
    valid,
    invalid: p.rows.length - valid,
  };
}

/**
 * Re-validates on the server and inserts every valid row in one transaction, in multi-row inserts of
 * 500. Invalid rows are skipped with their reasons; a row whose email arrived on the roster since the
 * preview (a concurrent import) is skipped too, by the unique index.
 */
export async function importRoster(db: DbOrTx, programId: string, csv: string) {
  const preview = await previewRoster(db, programId, csv);
  const skipped: { line: number; email: string; reasons: string[] }[] = [];
  const valid: { line: number; values: StudentValues }[] = [];
  for (const r of preview.rows) {
    if (r.parsed) valid.push({ line: r.line, values: r.parsed });
    else skipped.push({ line: r.line, email: r.values.email ?? "", reasons: r.errors });
  }
  const inserted = new Set<string>();
  if (valid.length > 0) {
    await db.transaction(async (tx) => {
      for (let i = 0; i < valid.length; i += IMPORT_CHUNK) {
        const chunk = valid.slice(i, i + IMPORT_CHUNK);
        const rows = await tx
          .insert(students)
          .values(chunk.map((r) => ({ programId, ...r.values, complianceStatus: "pending" as const })))
          .onConflictDoNothing()
          .returning({ email: students.email });
        for (const row of rows) inserted.add(row.email.toLowerCase());
      }
    });
  }
  for (const r of valid) {
    if (!inserted.has(r.values.email.toLowerCase())) {
      skipped.push({ line: r.line, email: r.values.email, reasons: [ALREADY_IN_PROGRAM] });
    }
  }
  skipped.sort((a, b) => a.line - b.line);
  return { added: inserted.size, skipped };
}

// ---- Invitations (D3) ----------------------------------------------------------------------------

/** Only the token's SHA-256 is stored; the acceptance page hashes the token from the link the same way. */
export const hashInvitationToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * D2/D3: a program pending verification (or rejected) may prepare its roster, but none of its
 * roster entries may be linked to an account: it cannot invite, and its links do not work. 403.
 */
export async function assertProgramMayLink(db: DbOrTx, programId: string) {
  const [org] = await db
    .select({ name: organizations.name, status: organizations.verificationStatus })
    .from(organizations)
    .where(eq(organizations.id, programId));
  if (org && org.status !== "verified") {
    throw new AppError("program_unverified", programNotVerifiedMessage(org.name, org.status), 403);
  }
}

/**
 * Invites (or re-invites) a student to create their account: a fresh invitation valid for 7 days,
 * emailed with its link. Older pending invitations of the student stop working once the new mail is sent.
 */
export async function inviteStudent(deps: Deps, viewer: Viewer, scope: Scope, id: string) {
  const { db } = deps;
  const student = await getStudentItem(db, scope, id);
  await assertProgramMayLink(db, student.programId);
  if (student.invitation.state === "accepted") throw conflict("This student already has an account");
  if (student.enrollmentStatus === "withdrawn") {
    throw conflict("This student is withdrawn from the roster: reinstate them before inviting");
  }
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
  const [invitation] = await db
    .insert(studentInvitations)
    .values({
      studentId: id,
      email: student.email,
      tokenHash: hashInvitationToken(token),
      invitedBy: viewer.userId,
      expiresAt,
    })
    .returning();
  const link = `${deps.env.appUrl}/invite/${token}`;
  const program = student.programName;
  try {
    await deps.mailer.send({
      to: student.email,
      subject: "You're invited to the Clinical Placement Portal",
      text: [
        `Hello ${student.firstName},`,
        "",
        `${program} invites you to create your account on the Clinical Placement Portal, where you can browse clinical placements, follow your applications and keep your compliance documents in one place.`,
        "",
        `Create your account: ${link}`,
        "",
        `This link works for ${INVITATION_TTL_DAYS} days. If you did not expect it, you can ignore this email.`,
      ].join("\n"),
      html: mailHtml(
        "You're invited to the Clinical Placement Portal",
        [
          `Hello ${student.firstName},`,
          `${program} invites you to create your account on the Clinical Placement Portal, where you can browse clinical placements, follow your applications and keep your compliance documents in one place.`,
          `This link works for ${INVITATION_TTL_DAYS} days. If you did not expect it, you can ignore this email.`,
        ],
        { label: "Create your account", url: link },
      ),
      link,
      secrets: [token],
    });
  } catch (err) {
    deps.log.error({ err, studentId: id }, "invitation mail failed");
    await db.delete(studentInvitations).where(eq(studentInvitations.id, invitation.id));
    throw new AppError("mail_failed", "We could not send the invitation email. Please try again.", 502);
  }
  // The newest link is the one that works.
  await db
    .update(studentInvitations)
    .set({ expiresAt: now })
    .where(
      and(
        eq(studentInvitations.studentId, id),
        ne(studentInvitations.id, invitation.id),
        isNull(studentInvitations.acceptedAt),
        gt(studentInvitations.expiresAt, now),
      ),
    );
  return {
    state: "invited" as const,
    sentAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}
