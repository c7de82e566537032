import { and, eq, gte, inArray, lte, ne, sql } from "drizzle-orm";
import { applyWindowRefusal, type RefusalCode, type SubmissionStudent } from "../../../domain/applications";
import { deadlinePassed, deadlinePassedMessage } from "../../../domain/placements";
import type { DbOrTx } from "../../db/client";
import { commitWith, sendWithNext } from "../../db/pipelined-transactions";
import { applications } from "../../db/schema/applications";
import { organizations } from "../../db/schema/organizations";
import { placements } from "../../db/schema/placements";
import { students } from "../../db/schema/students";
import { assertVerified, type ProgramScope, programScope, type Scope, type StudentScope } from "../../lib/access";
import type { Deps, Viewer } from "../../lib/context";
import { notFound, refused } from "../../lib/errors";
import { mailHtml } from "../../lib/mail";
import type { QueuedMail } from "../../lib/mail-queue";
import { assertAgreementCovers, programsWithoutAgreement } from "../agreements/requirement";
import { findPlacementForApplication } from "../placements/slots";

// Submitting applications (D3, D7): a program for one or many of its students, or a student for
// themselves. One set of checks and one race-safe insert; the Scope says for whom the caller may
// apply: the program's students, or the student's own roster entry.

const fullName = (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}`;

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
 * without late joiners or ended, deadline passed, placement full, already applied, not selected before); the others
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
/**
 * A student applies for themselves (D3): the same checks and the same race-safe insert as a
 * program's submission, for the student's own roster entry and program. One application per
 * placement: a refusal is the whole answer (409 when already applied, with the program route's code).
 */
export async function submitOwnApplication(
  deps: Deps,
  viewer: Viewer,
  scope: StudentScope,
  input: { placementId: string; notes: string | null },
) {
  const [own] = await deps.db
    .select({ programId: students.programId })
    .from(students)
    .where(eq(students.id, scope.studentId));
  if (!own) throw notFound("Student");
  const result = await submitInScope(
    deps,
    viewer.userId,
    { kind: "program", programId: own.programId },
    { placementId: input.placementId, students: [{ studentId: scope.studentId, notes: input.notes }] },
  );
  const [submitted] = result.submitted;
  if (submitted) {
    return {
      id: submitted.id,
      status: submitted.status,
      submittedAt: submitted.submittedAt,
      placement: result.placement,
    };
  }
  const [refusal] = result.refused;
  const code = refusal?.code ?? "already_applied";
  // The refusal's code and status are the program route's (one table: ADR 003).
  throw refused(code, OWN_REFUSAL_MESSAGE[code] ?? refusal?.reason ?? "Could not submit the application");
}

/** The student's refusals in the student's words. */
const OWN_REFUSAL_MESSAGE: Partial<Record<RefusalCode, string>> = {
  already_applied: "You already applied to this placement",
  student_withdrawn: "You are withdrawn from your program's roster: ask your program coordinator",
};

async function submitInScope(
  deps: Deps,
  submittedBy: string,
  scope: ProgramScope,
  input: { placementId: string; students: SubmissionStudent[] },
): Promise<SubmissionResult> {
  const placement = await findPlacementForApplication(deps.db, input.placementId);
  if (!placement) throw notFound("Placement");
  // Issue 15: past its application deadline a placement takes nobody, whoever applies: a refusal
  // of the whole request (409 naming the date), before any student is looked at.
  if (placement.status === "active" && deadlinePassed(placement.applicationDeadline, placement.today)) {
    throw refused("deadline_passed", deadlinePassedMessage(placement.applicationDeadline as string));
  }
  // Issue 17: one program's request to a facility requiring an agreement it lacks is refused whole (409).
  if (scope.kind === "program") await assertAgreementCovers(deps.db, placement, { programId: scope.programId });
  const { maxPendingApplicationsPerStudent } = await deps.settings.get();
  const outcome = await deps.db.transaction(async (tx) => {
    await lockStudentsPending(
      tx,
      input.students.map((s) => s.studentId),
    );
    const outcome = await checkAndInsert(tx, submittedBy, scope, placement, input.students, {
      maxPending: maxPendingApplicationsPerStudent,
      // A program's own students: its agreement was checked above (issue 11: not asked again).
      agreementChecked: scope.kind === "program",
    });
    // The facility's notices are queued with the applications (ADR 015), by the transaction's last
    // statement, which carries its COMMIT (issue 11, ADR 035: one round trip and one commit fewer).
    const notices = deps.jobs.enqueuingMails(tx, facilityNotices(deps, placement, outcome.submitted, outcome.eligible));
    if (notices) await commitWith(tx, notices);
    return outcome;
  });
  return {
    placement: { id: placement.id, title: placement.title, facilityName: placement.facilityName },
    submitted: outcome.submitted,
    // The overlap check is only asked for by submitLines: this path never refuses with it.
    refused: outcome.refused as Refusal[],
  };
}

type ApplicationPlacement = NonNullable<Awaited<ReturnType<typeof findPlacementForApplication>>>;
type StudentRow = { id: string; firstName: string; lastName: string; programId: string; programName: string };
/** A refusal of one student of a batch; `overlapping_rotation` only when the caller asks for that check. */
export type LineRefusal = Omit<Refusal, "code"> & { code: RefusalCode | "overlapping_rotation" };
type Outcome = { submitted: Submitted[]; refused: LineRefusal[]; eligible: StudentRow[] };

/**
 * Checks each student against one placement and inserts the applications of those who pass, on
 * `db` (a transaction when the caller holds one). Every student gets an answer: submitted, or
 * refused with a code and a reason. With `seats`, at most that many go through (the later ones,
 * in the order asked, are refused as full); with `refuseOverlapping`, a student holding an
 * approved rotation whose dates overlap this one is refused (approval would refuse it anyway).
 */
async function checkAndInsert(
  db: DbOrTx,
  submittedBy: string,
  scope: ProgramScope,
  placement: ApplicationPlacement,
  items: SubmissionStudent[],
  opts: { seats?: number; refuseOverlapping?: boolean; maxPending?: number; agreementChecked?: boolean } = {},
): Promise<Outcome> {
  const notesOf = new Map<string, string | null>();
  for (const item of items) if (!notesOf.has(item.studentId)) notesOf.set(item.studentId, item.notes);
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
      // The platform setting (issue 14): pending applications held elsewhere (to other placements:
      // one to this placement is "already applied"), read with the students (issue 11: one round
      // trip), after the caller's lock on their pending applications.
      pending: sql<number>`(select count(*)::int from ${applications} where ${applications.studentId} = ${students.id}
        and ${applications.status} = 'pending' and ${applications.placementId} <> ${placement.id})`,
    })
    .from(students)
    .innerJoin(organizations, eq(organizations.id, students.programId))
    .where(inArray(students.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));

  const refused: LineRefusal[] = [];
  let eligible: typeof rows = [];
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
    } else if (deadlinePassed(placement.applicationDeadline, placement.today)) {
      // Issue 15 (a bulk proposal's line: the placement's deadline passed since it was proposed).
      const reason = deadlinePassedMessage(placement.applicationDeadline as string);
      refused.push({ studentId, name, reason, code: "deadline_passed" });
    } else if (full) {
      refused.push({ studentId, name, reason: "This placement is full", code: "placement_full" });
    } else {
      eligible.push(s);
    }
  }

  if (eligible.length > 0 && !opts.agreementChecked) {
    // Issue 17: students of a program without an affiliation agreement covering the rotation, when
    // the facility requires one (an administrator's mixed batch, a bulk match's lines).
    const lacking = await programsWithoutAgreement(
      db,
      placement,
      eligible.map((s) => s.programId),
    );
    eligible = eligible.filter((s) => {
      const reason = lacking.get(s.programId);
      if (reason) refused.push({ studentId: s.id, name: fullName(s), reason, code: "agreement_required" });
      return !reason;
    });
  }

  if (opts.maxPending !== undefined && eligible.length > 0) {
    // The platform setting (issue 14): a student already holding that many pending applications
    // (to other placements: one to this placement is "already applied") gets no more.
    const limit = opts.maxPending;
    eligible = eligible.filter((s) => {
      if (Number(s.pending) < limit) return true;
      refused.push({
        studentId: s.id,
        name: fullName(s),
        reason: `Already has ${limit} pending application${limit === 1 ? "" : "s"}, the most a student may hold at once: wait for a decision or withdraw one first`,
        code: "too_many_pending",
      });
      return false;
    });
  }

  if (opts.refuseOverlapping && eligible.length > 0) {
    const overlapping = await db
      .select({ studentId: applications.studentId, title: placements.title })
      .from(applications)
      .innerJoin(placements, eq(placements.id, applications.placementId))
      .where(
        and(
          inArray(
            applications.studentId,
            eligible.map((s) => s.id),
          ),
          eq(applications.status, "approved"),
          ne(applications.placementId, placement.id),
          lte(placements.startDate, placement.endDate),
          gte(placements.endDate, placement.startDate),
        ),
      );
    const clash = new Map(overlapping.map((r) => [r.studentId, r.title]));
    eligible = eligible.filter((s) => {
      const title = clash.get(s.id);
      if (title === undefined) return true;
      refused.push({
        studentId: s.id,
        name: fullName(s),
        reason: `Holds an approved rotation on overlapping dates (${title})`,
        code: "overlapping_rotation",
      });
      return false;
    });
  }

  if (opts.seats !== undefined && eligible.length > 0) {
    // Seats go to the students asked first; those who applied already take none.
    const earlier = await existingApplications(
      db,
      placement.id,
      eligible.map((s) => s.id),
    );
    let left = opts.seats;
    eligible = eligible.filter((s) => {
      if (earlier.has(s.id)) return true;
      if (left > 0) {
        left--;
        return true;
      }
      refused.push({
        studentId: s.id,
        name: fullName(s),
        reason:
          opts.seats === 0
            ? "This placement is full"
            : `This placement has ${opts.seats} ${opts.seats === 1 ? "spot" : "spots"} left, taken by the lines before this one`,
        code: "placement_full",
      });
      return false;
    });
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
  const existingStatus = notInserted.length > 0 ? await existingApplications(db, placement.id, notInserted) : new Map();
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
  return { submitted, refused, eligible };
}

/** How many pending applications each student holds to other placements than `placementId`. */
/**
 * The pending-applications limit (issue 14) is counted and raised by one submission at a time per
 * student: a transaction-scoped advisory lock per student, taken in id order (no deadlock between
 * two submissions; no row lock, so the approval path's placement and department locks are not met).
 * Sent with the transaction's next statement, in the same round trip (issue 11), which then reads
 * after the lock.
 */
async function lockStudentsPending(tx: DbOrTx, studentIds: string[]) {
  const ids = [...new Set(studentIds)].filter((id) => UUID.test(id)).sort();
  if (ids.length === 0) return;
  await sendWithNext(
    tx,
    sql`
    select pg_advisory_xact_lock(hashtextextended('pending:' || s.id, 0))
    from (select id from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as a(id) order by id) as s`,
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The students' applications to a placement that are not withdrawn, by student: their status. */
async function existingApplications(db: DbOrTx, placementId: string, studentIds: string[]) {
  const rows = await db
    .select({ studentId: applications.studentId, status: applications.status })
    .from(applications)
    .where(
      and(
        eq(applications.placementId, placementId),
        inArray(applications.studentId, studentIds),
        ne(applications.status, "withdrawn"),
      ),
    );
  return new Map(rows.map((r) => [r.studentId, r.status]));
}

/** Tells the facility after the applications committed; a failure to queue its mail is logged, never the caller's. */
async function notifyFacilityLater(deps: Deps, placement: ApplicationPlacement, outcome: Outcome) {
  await notifyFacility(deps, placement, outcome.submitted, outcome.eligible).catch((err) =>
    deps.log.error(
      { err, placementId: placement.id },
      "could not queue the mail to the facility about new applications",
    ),
  );
}

export type LineOutcome =
  | { studentId: string; placementId: string; submitted: Submitted }
  | { studentId: string; placementId: string; refused: LineRefusal };

/**
 * Submits lines of students and placements (a bulk match proposal) in ONE transaction, through
 * the same checks as submitApplications, each line on its own: submitted, or refused with its
 * reason (never moved to another placement). A placement takes at most the spots it has left, in
 * the order of the lines; a student with an approved rotation on overlapping dates is refused. An
 * unknown, draft or unverified facility's placement refuses its lines as closed. The facilities
 * are told after the transaction commits.
 */
export async function submitLines(
  deps: Deps,
  submittedBy: string,
  scope: ProgramScope,
  input: { lines: { studentId: string; placementId: string }[]; notes: string | null },
): Promise<LineOutcome[]> {
  const groups = new Map<string, string[]>();
  for (const line of input.lines) {
    const group = groups.get(line.placementId) ?? [];
    group.push(line.studentId);
    groups.set(line.placementId, group);
  }
  // Placements in id order: two submissions touching the same placements meet them in one order.
  const placementIds = [...groups.keys()].sort();
  const { maxPendingApplicationsPerStudent } = await deps.settings.get();
  const done = await deps.db.transaction(async (tx) => {
    await lockStudentsPending(
      tx,
      input.lines.map((l) => l.studentId),
    );
    const results: { placement: ApplicationPlacement | null; placementId: string; outcome: Outcome }[] = [];
    for (const placementId of placementIds) {
      const studentIds = groups.get(placementId) ?? [];
      const placement = await findPlacementForApplication(tx, placementId);
      if (!placement) {
        const names = await studentNames(tx, scope, studentIds);
        results.push({
          placement: null,
          placementId,
          outcome: {
            submitted: [],
            eligible: [],
            refused: studentIds.map((studentId) => ({
              studentId,
              name: names.get(studentId) ?? null,
              reason: "This placement is no longer accepting applications",
              code: "placement_closed",
            })),
          },
        });
        continue;
      }
      const outcome = await checkAndInsert(
        tx,
        submittedBy,
        scope,
        placement,
        studentIds.map((studentId) => ({ studentId, notes: input.notes })),
        {
          seats: Math.max(0, placement.capacity - placement.slotsFilled),
          refuseOverlapping: true,
          maxPending: maxPendingApplicationsPerStudent,
        },
      );
      results.push({ placement, placementId, outcome });
    }
    return results;
  });
  const byStudent = new Map<string, LineOutcome>();
  for (const { placement, placementId, outcome } of done) {
    for (const s of outcome.submitted)
      byStudent.set(s.studentId, { studentId: s.studentId, placementId, submitted: s });
    for (const r of outcome.refused) byStudent.set(r.studentId, { studentId: r.studentId, placementId, refused: r });
    if (placement && outcome.submitted.length > 0) await notifyFacilityLater(deps, placement, outcome);
  }
  return input.lines.map(
    (l) =>
      byStudent.get(l.studentId) ?? {
        studentId: l.studentId,
        placementId: l.placementId,
        refused: { studentId: l.studentId, name: null, reason: "Student not found", code: "student_not_found" },
      },
  );
}

/** The names of the scope's students among `ids` (others stay unnamed: D1). */
async function studentNames(db: DbOrTx, scope: ProgramScope, ids: string[]) {
  const rows = await db
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .where(
      and(inArray(students.id, ids), scope.kind === "program" ? eq(students.programId, scope.programId) : undefined),
    );
  return new Map(rows.map((r) => [r.id, fullName(r)]));
}

/**
 * One mail per submission batch to each coordinator of the facility, queued right after the
 * applications committed (bulk match proposals, `submitLines`; a single submission queues its
 * notices with the applications, ADR 035): an SMTP failure retries later instead of failing the
 * submission.
 */
async function notifyFacility(
  deps: Deps,
  placement: { title: string; facilityName: string; coordinators: { email: string; name: string }[] },
  submitted: Submitted[],
  studentsOf: { id: string; programName: string }[],
) {
  const mails = facilityNotices(deps, placement, submitted, studentsOf);
  // One statement for every coordinator's notice.
  if (mails.length > 0) await deps.jobs.enqueueMails(deps.db, mails);
}

/** The facility coordinators' notices of a submission batch (none when nothing was submitted). */
function facilityNotices(
  deps: Deps,
  placement: { title: string; facilityName: string; coordinators: { email: string; name: string }[] },
  submitted: Submitted[],
  studentsOf: { id: string; programName: string }[],
): QueuedMail[] {
  const { coordinators } = placement;
  if (coordinators.length === 0 || submitted.length === 0) return [];
  const programOf = new Map(studentsOf.map((s) => [s.id, s.programName]));
  const n = submitted.length;
  const subject = n === 1 ? `New application for ${placement.title}` : `${n} new applications for ${placement.title}`;
  const lines = submitted.map((s) => `${s.name} (${programOf.get(s.studentId) ?? "nursing program"})`);
  const link = `${deps.env.appUrl}/dashboard/facility/applications`;
  const intro = `${n === 1 ? "A new application was" : `${n} new applications were`} submitted to ${placement.title} at ${placement.facilityName}:`;
  return coordinators.map((c) => ({
    to: c.email,
    subject,
    text: `Hello ${c.name},\n\n${intro}\n\n${lines.map((l) => `- ${l}`).join("\n")}\n\nReview them: ${link}`,
    html: mailHtml(subject, [`Hello ${c.name},`, intro, ...lines], { label: "Review applications", url: link }),
    link,
  }));
}
