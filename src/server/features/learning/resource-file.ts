import { eq } from "drizzle-orm";
import { learningResources as r } from "../../db/schema/learning";
import type { Scope } from "../../lib/access";
import type { Deps } from "../../lib/context";
import { invalid, notFound } from "../../lib/errors";
import { inspectUpload, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "../../lib/file-inspection";
import { newFileKey } from "../../lib/storage";
import { fileStore, tooLarge } from "../compliance/documents";
import { readResource, writable } from "./resources";

// A resource's uploaded file (issue 16): a PDF or image checked as compliance documents are (type
// sniffed from the content, size, no scripts in PDFs; lib/file-inspection.ts), kept in the same
// file store under a key of ours and served only through the authorized routes, to whoever may read
// the resource. A new upload replaces the previous file.

export async function uploadResourceFile(deps: Deps, scope: Scope, id: string, file: File) {
  // The resource first: nobody stores a file against a resource they may not change.
  await writable(deps.db, scope, id);
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
      const [row] = await tx.select({ fileKey: r.fileKey }).from(r).where(eq(r.id, id)).for("update");
      if (!row) throw notFound("Resource"); // deleted meanwhile
      await tx
        .update(r)
        .set({
          fileKey: key,
          fileName: inspected.safeFileName,
          fileType: inspected.contentType,
          fileSize: bytes.byteLength,
          fileSha256: inspected.sha256,
          updatedAt: new Date(),
        })
        .where(eq(r.id, id));
      return row.fileKey;
    });
  } catch (err) {
    await store.delete(key).catch((e) => deps.log.error({ err: e, key }, "could not delete a refused upload's file"));
    throw err;
  }
  if (previous) await dropStored(deps, previous, id);
  return readResource(deps.db, { kind: "all" }, id);
}

/** Takes the file off the resource (the text or link stays). */
export async function removeResourceFile(deps: Deps, scope: Scope, id: string) {
  await writable(deps.db, scope, id);
  const [row] = await deps.db.select({ fileKey: r.fileKey }).from(r).where(eq(r.id, id));
  if (row?.fileKey) {
    await deps.db
      .update(r)
      .set({ fileKey: null, fileName: null, fileType: null, fileSize: null, fileSha256: null, updatedAt: new Date() })
      .where(eq(r.id, id));
    await dropStored(deps, row.fileKey, id);
  }
  return readResource(deps.db, { kind: "all" }, id);
}

/** The file's bytes for a caller who may read the resource (students: theirs and the shared), or 404. */
export async function resourceFile(deps: Deps, scope: Scope, id: string) {
  await readResource(deps.db, scope, id);
  const [row] = await deps.db
    .select({ key: r.fileKey, name: r.fileName, contentType: r.fileType })
    .from(r)
    .where(eq(r.id, id));
  if (!row?.key || !row.name) throw notFound("File");
  const bytes = await fileStore(deps).get(row.key);
  if (!bytes) {
    deps.log.error({ resourceId: id }, "a learning resource's file is missing from the store");
    throw notFound("File");
  }
  return { fileName: row.name, contentType: row.contentType ?? "application/octet-stream", bytes };
}

/** A file no row points at any more (replaced, removed, or its resource deleted): a failure is only logged. */
export async function dropStored(deps: Pick<Deps, "env" | "log">, key: string, resourceId: string) {
  await fileStore(deps)
    .delete(key)
    .catch((err) => deps.log.error({ err, resourceId }, "could not delete a learning resource's file"));
}
