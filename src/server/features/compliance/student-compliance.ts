import { and, eq } from "drizzle-orm";
import { daysBetween, documentInForce, type ItemStatus, itemStatus, pendingRenewal } from "../../../domain/compliance";
import type { DbOrTx } from "../../db/client";
import { organizations } from "../../db/schema/organizations";
import { students } from "../../db/schema/students";
import { type ProgramScope, type Scope, scopeWhere } from "../../lib/access";
import { notFound } from "../../lib/errors";
import { programTypes, studentDocuments, toDocument, today } from "./records";

// One student's compliance (the Item view of the contract): each type their program requires, its
// status today from the document in force, the newer upload that renews it (awaiting review or
// rejected) when there is one, and the other uploads as history.

/** The student in a program scope (coordinator: own program; admin: any), or 404 (D1). */
export async function studentInProgramScope(db: DbOrTx, scope: ProgramScope | Scope, id: string) {
  const [row] = await db
    .select({ id: students.id, programId: students.programId })
    .from(students)
    .where(and(eq(students.id, id), scopeWhere(scope, { program: students.programId, student: students.id })));
  if (!row) throw notFound("Student");
  return row;
}

export async function studentCompliance(db: DbOrTx, studentId: string, day = today()) {
  const [student] = await db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      email: students.email,
      programId: students.programId,
      programName: organizations.name,
      complianceStatus: students.complianceStatus,
    })
    .from(students)
    .innerJoin(organizations, eq(organizations.id, students.programId))
    .where(eq(students.id, studentId));
  if (!student) throw notFound("Student");
  const [types, docs] = await Promise.all([programTypes(db, student.programId), studentDocuments(db, [studentId])]);
  const counts = {
    required: types.length,
    approved: 0,
    submitted: 0,
    missing: 0,
    rejected: 0,
    expiring: 0,
    expired: 0,
  };
  const items = types.map((type) => {
    const ofType = docs.filter((d) => d.requirementTypeId === type.id);
    const inForce = documentInForce(ofType, day);
    const renewal = pendingRenewal(ofType, inForce);
    const status: ItemStatus = itemStatus(inForce, day);
    counts[status] += 1;
    return {
      type,
      status,
      daysToExpiry: inForce?.expiresOn ? daysBetween(day, inForce.expiresOn) : null,
      current: inForce ? toDocument(inForce) : null,
      renewal: renewal ? toDocument(renewal) : null,
      history: ofType.filter((d) => d !== inForce && d !== renewal).map(toDocument),
    };
  });
  return { student, items, counts };
}
