import { createHash } from "node:crypto";
import type { EvaluationAnswer, EvaluationQuestion } from "../../../domain/evaluations";
import type { DbOrTx } from "../../db/client";
import { complianceDocuments } from "../../db/schema/compliance";
import {
  evaluations,
  hourLogs,
  programEvaluationSettings,
  programHourRequirements,
  rotationPreceptors,
} from "../../db/schema/rotations";
import { uniqueTag } from "../../factories/unique";

// Rows of the rotation tables (issue 17) as the record tests need them, inserted directly: the
// hours, evaluations and preceptor features write them through their own routes.

export type Rotation = { id: string; studentId: string; programId: string; facilityId: string };

export async function assignPreceptor(db: DbOrTx, rotation: Rotation, userId: string) {
  await db
    .insert(rotationPreceptors)
    .values({ applicationId: rotation.id, userId, facilityId: rotation.facilityId })
    .onConflictDoNothing();
}

export type HourValues = {
  workDate: string;
  startMinute?: number;
  minutes?: number;
  categories?: string[];
  status?: "submitted" | "approved" | "returned";
  reviewNote?: string | null;
};

export async function logHours(db: DbOrTx, rotation: Rotation, entries: HourValues[]) {
  if (entries.length === 0) return;
  await db.insert(hourLogs).values(
    entries.map((e) => ({
      applicationId: rotation.id,
      studentId: rotation.studentId,
      programId: rotation.programId,
      facilityId: rotation.facilityId,
      workDate: e.workDate,
      startMinute: e.startMinute ?? 7 * 60,
      minutes: e.minutes ?? 8 * 60,
      categories: e.categories ?? ["Direct patient care"],
      status: e.status ?? "submitted",
      reviewNote: e.reviewNote ?? null,
      reviewedAt: e.status && e.status !== "submitted" ? new Date() : null,
    })),
  );
}

export async function requireHours(db: DbOrTx, programId: string, hours: number, specialty = "") {
  await db
    .insert(programHourRequirements)
    .values({ programId, specialty, hours })
    .onConflictDoUpdate({
      target: [programHourRequirements.programId, programHourRequirements.specialty],
      set: { hours },
    });
}

export async function askMidpoint(db: DbOrTx, programId: string, midpoint: boolean) {
  await db
    .insert(programEvaluationSettings)
    .values({ programId, midpoint })
    .onConflictDoUpdate({ target: programEvaluationSettings.programId, set: { midpoint } });
}

export const QUESTIONS: EvaluationQuestion[] = [
  { id: "safety", type: "rating", label: "Practices safely", scale: 5, required: true, section: "Safety" },
  { id: "communication", type: "rating", label: "Communicates clearly", scale: 5, required: true },
  { id: "overall", type: "comment", label: "Overall comment", required: false },
];

export async function addEvaluation(
  db: DbOrTx,
  rotation: Rotation,
  values: {
    kind: "student" | "site";
    phase?: "midpoint" | "final";
    dueDate: string;
    answers?: EvaluationAnswer[];
    submittedBy?: string;
  },
) {
  const submitted = values.answers !== undefined;
  const [row] = await db
    .insert(evaluations)
    .values({
      applicationId: rotation.id,
      studentId: rotation.studentId,
      programId: rotation.programId,
      facilityId: rotation.facilityId,
      kind: values.kind,
      phase: values.phase ?? "final",
      templateName: values.kind === "student" ? "Clinical performance evaluation" : "Site evaluation",
      questions: QUESTIONS,
      answers: values.answers ?? null,
      status: submitted ? "submitted" : "pending",
      dueDate: values.dueDate,
      submittedAt: submitted ? new Date() : null,
      submittedBy: values.submittedBy ?? null,
    })
    .returning();
  return row;
}

/** A current compliance document of the student (no file behind it: the record lists, never serves, it). */
export async function addDocument(
  db: DbOrTx,
  studentId: string,
  values: { requirementTypeId: string; status?: "submitted" | "approved" | "rejected"; expiresOn?: string | null },
) {
  const tag = uniqueTag();
  await db.insert(complianceDocuments).values({
    studentId,
    requirementTypeId: values.requirementTypeId,
    status: values.status ?? "approved",
    expiresOn: values.expiresOn ?? null,
    fileKey: `test/${tag}`,
    fileName: `${tag}.pdf`,
    contentType: "application/pdf",
    sizeBytes: 10,
    sha256: createHash("sha256").update(tag).digest("hex"),
  });
}
