import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client";
import { complianceDocuments, programRequirements } from "../../db/schema/compliance";
import { learningResources } from "../../db/schema/learning";
import { SHARED_LIBRARY } from "../../seed/learning-library";

// Test helpers of the Learning Center: the shared library in a test database, compliance
// documents for the checklist, and a Server-Sent Events body read back into its data lines.

export async function insertSharedLibrary(db: Db) {
  return db
    .insert(learningResources)
    .values(
      SHARED_LIBRARY.map((e) => ({
        title: e.title,
        summary: e.summary,
        body: e.body,
        category: e.category,
        kind: e.kind,
        durationMinutes: e.durationMinutes,
        specialties: [...e.specialties],
        url: e.url ?? null,
      })),
    )
    .returning({ id: learningResources.id, title: learningResources.title });
}

/** A program's requirement and the student's current document for it, in a status. */
export async function documentFor(
  db: Db,
  programId: string,
  studentId: string,
  typeId: string,
  status: "submitted" | "approved" | "rejected",
) {
  await db.insert(programRequirements).values({ programId, requirementTypeId: typeId }).onConflictDoNothing();
  const [doc] = await db
    .insert(complianceDocuments)
    .values({
      studentId,
      requirementTypeId: typeId,
      issuedOn: new Date().toISOString().slice(0, 10),
      fileKey: `documents/test/${randomUUID().replaceAll("-", "")}`,
      fileName: `${typeId}.pdf`,
      contentType: "application/pdf",
      sizeBytes: 100,
      sha256: "0".repeat(64),
      status,
      ...(status === "submitted" ? {} : { reviewedAt: new Date() }),
    })
    .returning();
  return doc;
}

/** The `data:` payloads of an SSE body, in order. */
export const dataLines = (text: string) =>
  text
    .split("\n\n")
    .map((block) => block.trim())
    .filter((block) => block.startsWith("data: "))
    .map((block) => block.slice("data: ".length));

/** The answer's text as the deltas spell it. */
export const streamedText = (text: string) =>
  dataLines(text)
    .filter((d) => d !== "[DONE]")
    .map((d) => JSON.parse(d))
    .map((d) => d.choices?.[0]?.delta?.content ?? "")
    .join("");
