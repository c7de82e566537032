import { and, eq } from "drizzle-orm";
import { affiliationAgreements as a } from "../../db/schema/agreements";
import type { Scope } from "../../lib/access";
import type { Deps } from "../../lib/context";
import { AppError, conflict, notFound } from "../../lib/errors";
import { checkedUpload, readStoredFile, storeAndRecord } from "../../lib/stored-files";
import { visibleTo } from "./queries";
import { getAgreement } from "./service";

// The signed agreement (issue 17): a PDF or image checked as compliance documents are (type by
// content, size, no scripts in PDFs), kept in the same file store under a key of ours, and served
// only through the authorized route (lib/stored-files.ts). A new upload replaces the previous file.
// The document is part of what each side signs: replacing a draft's withdraws its signatures, and a
// signed agreement's document, once there, is replaced only through an amendment (409 here).

export async function uploadAgreementDocument(deps: Deps, scope: Scope, id: string, file: File) {
  // The agreement first: nobody stores a file against an agreement they cannot see.
  await getAgreement(deps.db, scope, id);
  const { bytes, inspected } = await checkedUpload(file);
  await storeAndRecord(
    deps,
    { bytes, contentType: inspected.contentType },
    (key) =>
      deps.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ documentKey: a.documentKey, stage: a.stage })
          .from(a)
          .where(and(eq(a.id, id), visibleTo(scope)))
          .for("update");
        if (!row) throw notFound("Agreement"); // deleted meanwhile
        if (row.stage === "terminated") throw conflict("This agreement was terminated: it can no longer be edited");
        if (row.stage === "executed" && row.documentKey) {
          const message =
            "Both sides signed this agreement: propose its new document as an amendment the other side accepts";
          throw new AppError("amendment_required", message, 409, [{ path: "file", message }]);
        }
        const signaturesWithdrawn =
          row.documentKey !== null
            ? { programSignedAt: null, programSignedBy: null, facilitySignedAt: null, facilitySignedBy: null }
            : {};
        await tx
          .update(a)
          .set({
            documentKey: key,
            documentName: inspected.safeFileName,
            documentType: inspected.contentType,
            documentSize: bytes.byteLength,
            documentSha256: inspected.sha256,
            documentUploadedAt: new Date(),
            // A draft's replaced document is new terms: whoever signed signs again.
            ...(row.stage === "draft" ? signaturesWithdrawn : {}),
            updatedAt: new Date(),
          })
          .where(eq(a.id, id));
        return { result: null, replaced: row.documentKey };
      }),
    `agreement ${id}`,
  );
  return getAgreement(deps.db, scope, id);
}

/** The signed document's bytes for a caller who may see the agreement, or 404. */
export async function agreementDocument(deps: Deps, scope: Scope, id: string) {
  const [row] = await deps.db
    .select({ key: a.documentKey, name: a.documentName, contentType: a.documentType })
    .from(a)
    .where(and(eq(a.id, id), visibleTo(scope)));
  if (!row) throw notFound("Agreement");
  if (!row.key || !row.name) throw notFound("Signed document");
  const bytes = await readStoredFile(deps, row.key, `agreement ${id}`, "Signed document");
  return { fileName: row.name, contentType: row.contentType ?? "application/octet-stream", bytes };
}
