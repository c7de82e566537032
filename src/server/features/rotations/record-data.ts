import { and, asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { EvaluationAnswer, EvaluationQuestion } from "../../../domain/evaluations";
import { type RotationPhase, rotationPhase } from "../../../domain/rotation-records";
import type { DbOrTx } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { users } from "../../db/schema/auth";
import { complianceDocuments, requirementTypes } from "../../db/schema/compliance";
import { memberships, organizations } from "../../db/schema/organizations";
import { departments, placements } from "../../db/schema/placements";
import { evaluations, hourLogs, rotationPreceptors } from "../../db/schema/rotations";
import { students } from "../../db/schema/students";
import { type Scope, scopeWhere } from "../../lib/access";
import { notFound } from "../../lib/errors";
import { inForce, renewedDocuments } from "../compliance/records";
import { siteEvaluationsWithheld } from "../evaluations/queries";
import { requiredHoursSql } from "../hours/required-hours";

// Everything one rotation's record shows, read for a caller who may see it (another
// organization's rotation, or one not approved, is 404). Six small indexed reads: the rotation,
// then its preceptors, hours, evaluations and the student's documents side by side.

/** Entries beyond this are left out of the PDF, which says how many (the hours CSV has them all). */
export const MAX_RECORD_ENTRIES = 3000;

const program = alias(organizations, "record_program");
const facility = alias(organizations, "record_facility");
const shown = alias(complianceDocuments, "record_document");

export type RecordEntry = {
  workDate: string;
  startMinute: number;
  minutes: number;
  categories: string[];
  status: "submitted" | "approved" | "returned";
  reviewNote: string | null;
};

export type RecordEvaluation = {
  kind: "student" | "site";
  phase: "midpoint" | "final";
  status: "pending" | "submitted";
  dueDate: string;
  submittedAt: Date | null;
  submittedBy: string | null;
  templateName: string;
  questions: EvaluationQuestion[];
  answers: EvaluationAnswer[] | null;
};

export type RotationRecord = {
  id: string;
  generatedAt: Date;
  today: string;
  student: { id: string; name: string; email: string; program: string; programId: string };
  rotation: {
    placement: string;
    facility: string;
    facilityId: string;
    department: string | null;
    specialty: string;
    startDate: string;
    endDate: string;
    phase: RotationPhase;
    approvedAt: Date | null;
  };
  preceptors: { name: string; title: string | null; email: string }[];
  hours: {
    requiredHours: number | null;
    approvedMinutes: number;
    submittedMinutes: number;
    returnedMinutes: number;
    entries: RecordEntry[];
    /** Entries left out past MAX_RECORD_ENTRIES. */
    omitted: number;
  };
  evaluations: RecordEvaluation[];
  /** The student's evaluation of the site is not part of a facility's or preceptor's copy (shown to them only aggregated). */
  siteEvaluationsWithheld: boolean;
  documents: {
    type: string;
    status: "submitted" | "approved" | "rejected";
    issuedOn: string | null;
    expiresOn: string | null;
  }[];
};

/** Who may see a rotation: its program, its facility, its assigned preceptors, the student, admins. */
export const rotationVisibleTo = (scope: Scope) =>
  scopeWhere(scope, {
    program: applications.programId,
    facility: placements.facilityId,
    rotation: applications.id,
    student: applications.studentId,
  });

export async function loadRotationRecord(db: DbOrTx, scope: Scope, applicationId: string): Promise<RotationRecord> {
  const [r] = await db
    .select({
      id: applications.id,
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      email: students.email,
      programId: program.id,
      programName: program.name,
      placement: placements.title,
      facilityId: facility.id,
      facilityName: facility.name,
      department: departments.name,
      specialty: placements.specialty,
      startDate: placements.startDate,
      endDate: placements.endDate,
      reviewedAt: applications.reviewedAt,
      requiredHours: requiredHoursSql(applications.id),
      today: sql<string>`to_char(current_date, 'YYYY-MM-DD')`,
    })
    .from(applications)
    .innerJoin(students, eq(students.id, applications.studentId))
    .innerJoin(placements, eq(placements.id, applications.placementId))
    .innerJoin(program, eq(program.id, applications.programId))
    .innerJoin(facility, eq(facility.id, placements.facilityId))
    .leftJoin(departments, eq(departments.id, placements.departmentId))
    .where(and(eq(applications.id, applicationId), eq(applications.status, "approved"), rotationVisibleTo(scope)));
  if (!r) throw notFound("Rotation");

  const preceptorTitle = sql<
    string | null
  >`(select m.title from ${memberships} m where m.user_id = ${users.id} and m.organization_id = ${r.facilityId} limit 1)`;
  const withheld = siteEvaluationsWithheld(scope);
  const renewed = renewedDocuments(
    db,
    r.today,
    db.select({ id: students.id }).from(students).where(eq(students.id, r.studentId)),
  ).as("renewed");
  const [preceptors, entries, totals, evaluationRows, documents] = await Promise.all([
    db
      .select({ name: users.name, email: users.email, title: preceptorTitle })
      .from(rotationPreceptors)
      .innerJoin(users, eq(users.id, rotationPreceptors.userId))
      .where(eq(rotationPreceptors.applicationId, r.id))
      .orderBy(asc(users.name)),
    db
      .select({
        workDate: hourLogs.workDate,
        startMinute: hourLogs.startMinute,
        minutes: hourLogs.minutes,
        categories: hourLogs.categories,
        status: hourLogs.status,
        reviewNote: hourLogs.reviewNote,
      })
      .from(hourLogs)
      .where(eq(hourLogs.applicationId, r.id))
      .orderBy(asc(hourLogs.workDate), asc(hourLogs.startMinute))
      .limit(MAX_RECORD_ENTRIES),
    db
      .select({
        approved: sql<number>`coalesce(sum(${hourLogs.minutes}) filter (where ${hourLogs.status} = 'approved'), 0)::int`,
        submitted: sql<number>`coalesce(sum(${hourLogs.minutes}) filter (where ${hourLogs.status} = 'submitted'), 0)::int`,
        returned: sql<number>`coalesce(sum(${hourLogs.minutes}) filter (where ${hourLogs.status} = 'returned'), 0)::int`,
        count: sql<number>`count(*)::int`,
      })
      .from(hourLogs)
      .where(eq(hourLogs.applicationId, r.id)),
    db
      .select({
        kind: evaluations.kind,
        phase: evaluations.phase,
        status: evaluations.status,
        dueDate: evaluations.dueDate,
        submittedAt: evaluations.submittedAt,
        submittedBy: users.name,
        templateName: evaluations.templateName,
        questions: evaluations.questions,
        answers: evaluations.answers,
      })
      .from(evaluations)
      .leftJoin(users, eq(users.id, evaluations.submittedBy))
      .where(and(eq(evaluations.applicationId, r.id), withheld ? eq(evaluations.kind, "student") : undefined))
      // Midpoint before final; the preceptor's of the student before the student's of the site.
      .orderBy(desc(evaluations.phase), asc(evaluations.kind)),
    // Per type, the document in force: an approved one a renewal under review has not replaced.
    db
      .select({
        type: requirementTypes.name,
        status: shown.status,
        issuedOn: shown.issuedOn,
        expiresOn: shown.expiresOn,
      })
      .from(complianceDocuments)
      .leftJoin(renewed, eq(renewed.requirementTypeId, complianceDocuments.requirementTypeId))
      .innerJoin(shown, eq(shown.id, inForce(renewed.id, renewed.id, complianceDocuments.id)))
      .innerJoin(requirementTypes, eq(requirementTypes.id, complianceDocuments.requirementTypeId))
      .where(and(eq(complianceDocuments.studentId, r.studentId), eq(complianceDocuments.isCurrent, true)))
      .orderBy(asc(requirementTypes.sortOrder), asc(requirementTypes.name)),
  ]);
  const t = totals[0] ?? { approved: 0, submitted: 0, returned: 0, count: 0 };
  return {
    id: r.id,
    generatedAt: new Date(),
    today: r.today,
    student: {
      id: r.studentId,
      name: `${r.firstName} ${r.lastName}`.trim(),
      email: r.email,
      program: r.programName,
      programId: r.programId,
    },
    rotation: {
      placement: r.placement,
      facility: r.facilityName,
      facilityId: r.facilityId,
      department: r.department,
      specialty: r.specialty,
      startDate: r.startDate,
      endDate: r.endDate,
      phase: rotationPhase(r, r.today),
      approvedAt: r.reviewedAt,
    },
    preceptors,
    hours: {
      requiredHours: r.requiredHours,
      approvedMinutes: t.approved,
      submittedMinutes: t.submitted,
      returnedMinutes: t.returned,
      entries,
      omitted: Math.max(0, t.count - entries.length),
    },
    evaluations: evaluationRows.map((e) => ({ ...e, submittedAt: e.submittedAt ?? null })),
    siteEvaluationsWithheld: withheld,
    documents,
  };
}
