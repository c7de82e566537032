import type { DbOrTx } from "../../db/client";
import type { ProgramScope } from "../../lib/access";
import { allStudents, type StudentFilters, type StudentItem } from "./roster";

// The roster as CSV (D13): every student matching the list's filters, in its order.

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

/** The CSV rows of every student matching the filters. */
export async function exportStudents(db: DbOrTx, scope: ProgramScope, f: StudentFilters) {
  return (await allStudents(db, scope, f)).map(exportRow);
}
