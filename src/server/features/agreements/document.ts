import { and, eq } from "drizzle-orm";
import { affiliationAgreements as a } from "../../db/schema/agreements";
import type { Scope } from "../../lib/access";
import type { Deps } from "../../lib/context";
import { invalid, notFound } from "../../lib/errors";
import { inspectUpload, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "../../lib/file-inspection";
import { newFileKey } from "../../lib/storage";
import { fileStore, tooLarge } from "../compliance/documents";
import { visibleTo } from "./queries";
import { getAgreement } from "./service";

// The signed agreement (issue 17): a PDF or image checked as compliance documents are (type by
// content, size, no scripts in PDFs), kept in the same file store under a key of ours, and served
// only through the authorized route. A new upload replaces the previous file.

export async function uploadAgreementDocument(deps: Deps, scope: Scope, id: string, file: File) {
  // The agreement first: nobody stores a file against an agreement they cannot see.
  await getAgreement(deps.db, scope, id);
  if (file.size > MAX_UPLOAD_BYTES) throw tooLarge();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const inspected = await inspectUpload({ bytes, fileName: file.name });
  if (!inspected.ok) {
    if (inspected.message === UPLOAD_MESSAGES.tooLarge) throw tooLarge();
    throw invalid([{ path: inspected.field, message: inspected.message }], inspected.message);
  }
  const store = fileStore(deps);
  const key = newFileKey();
  await store.put(key, bytes, inspected.contentType);
  let previous: string | null = null;
  try {
    previous = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ documentKey: a.documentKey })
        .from(a)
        .where(and(eq(a.id, id), visibleTo(scope)))
        .for("update");
      if (!row) throw notFound("Agreement"); // deleted meanwhile
      await tx
        .update(a)
        .set({
          documentKey: key,
          documentName: inspected.safeFileName,
          documentType: inspected.contentType,
          documentSize: bytes.byteLength,
          documentSha256: inspected.sha256,
          documentUploadedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(a.id, id));
      return row.documentKey;
    });
  } catch (err) {
    await store.delete(key).catch((e) => deps.log.error({ err: e, key }, "could not delete a refused upload's file"));
    throw err;
  }
  if (previous) {
    await store
      .delete(previous)
      .catch((err) => deps.log.error({ err, agreementId: id }, "could not delete a replaced agreement file"));
  }
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
  const bytes = await fileStore(deps).get(row.key);
  if (!bytes) {
    deps.log.error({ agreementId: id }, "an agreement's signed document is missing from the store");
    throw notFound("Signed document");
  }
  return { fileName: row.name, contentType: row.contentType ?? "application/octet-stream", bytes };
}
