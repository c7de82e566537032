import { eq } from "drizzle-orm";
import { learningResources as r } from "../../db/schema/learning";
import type { Scope } from "../../lib/access";
import type { Deps } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { checkedUpload, dropStoredFile, readStoredFile, storeAndRecord } from "../../lib/stored-files";
import { readResource, writable } from "./resources";

// A resource's uploaded file (issue 16): a PDF or image checked as compliance documents are (type
// sniffed from the content, size, no scripts in PDFs), kept in the same file store under a key of
// ours and served only through the authorized routes (lib/stored-files.ts), to whoever may read
// the resource. A new upload replaces the previous file.

export async function uploadResourceFile(deps: Deps, scope: Scope, id: string, file: File) {
  // The resource first: nobody stores a file against a resource they may not change.
  await writable(deps.db, scope, id);
  const { bytes, inspected } = await checkedUpload(file);
  await storeAndRecord(
    deps,
    { bytes, contentType: inspected.contentType },
    (key) =>
      deps.db.transaction(async (tx) => {
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
        return { result: null, replaced: row.fileKey };
      }),
    `learning resource ${id}`,
  );
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
    await dropStoredFile(deps, row.fileKey, `learning resource ${id}`);
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
  const bytes = await readStoredFile(deps, row.key, `learning resource ${id}`, "File");
  return { fileName: row.name, contentType: row.contentType ?? "application/octet-stream", bytes };
}
