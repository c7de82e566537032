import type { Context } from "hono";
import type { Deps } from "./context";
import { AppError, notFound } from "./errors";
import { inspectUpload, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, uploadRefused } from "./file-inspection";
import { createFileStore, type FileStore, newFileKey } from "./storage";

// Uploaded files, one way for every feature that keeps them (compliance documents, signed
// agreements, learning resources): checked by content (lib/file-inspection.ts), stored under a key
// of ours (never a user's file name), recorded by the caller's own transaction, and sent back only
// through an authorized route, never as a page of ours. Written once here because three features
// had each written it out (review of stop 22).

const stores = new WeakMap<object, FileStore>();

/** The app's file store (disk under DATA_DIR/files, or S3 when configured), one per environment. */
export function fileStore(deps: Pick<Deps, "env">): FileStore {
  let store = stores.get(deps.env);
  if (!store) {
    store = createFileStore(deps.env);
    stores.set(deps.env, store);
  }
  return store;
}

export const tooLarge = () =>
  new AppError("too_large", UPLOAD_MESSAGES.tooLarge, 413, [{ path: "file", message: UPLOAD_MESSAGES.tooLarge }]);

/** The file's bytes after the cheap checks (size, emptiness) and the content inspection, or 413/422 (503 when busy). */
export async function checkedUpload(file: File) {
  if (file.size > MAX_UPLOAD_BYTES) throw tooLarge();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const inspected = await inspectUpload({ bytes, fileName: file.name });
  if (!inspected.ok) {
    if (inspected.message === UPLOAD_MESSAGES.tooLarge) throw tooLarge();
    throw uploadRefused(inspected);
  }
  return { bytes, inspected };
}

/**
 * Stores `bytes` under a new key, then lets `record` save that key in the caller's transaction and
 * answer the key it replaces (or null). If `record` throws, the new file is deleted: nothing is
 * left half-saved. The replaced file is deleted after the commit; failing that is only logged.
 */
export async function storeAndRecord<T>(
  deps: Pick<Deps, "env" | "log">,
  file: { bytes: Uint8Array; contentType: string },
  record: (key: string) => Promise<{ result: T; replaced: string | null }>,
  what: string,
): Promise<T> {
  const store = fileStore(deps);
  const key = newFileKey();
  await store.put(key, file.bytes, file.contentType);
  let saved: { result: T; replaced: string | null };
  try {
    saved = await record(key);
  } catch (err) {
    await store.delete(key).catch((e) => deps.log.error({ err: e, key }, "could not delete a refused upload's file"));
    throw err;
  }
  if (saved.replaced) await dropStoredFile(deps, saved.replaced, what);
  return saved.result;
}

/** A file no row points at any more (replaced, removed, or its record deleted): a failure is only logged. */
export async function dropStoredFile(deps: Pick<Deps, "env" | "log">, key: string, what: string) {
  await fileStore(deps)
    .delete(key)
    .catch((err) => deps.log.error({ err, key }, `could not delete ${what}'s file`));
}

/** The stored bytes of a file a row points at, or 404 `notFoundAs` (logged: the store lost it). */
export async function readStoredFile(deps: Pick<Deps, "env" | "log">, key: string, what: string, notFoundAs: string) {
  const bytes = await fileStore(deps).get(key);
  if (!bytes) {
    deps.log.error({ key }, `${what}'s file is missing from the store`);
    throw notFound(notFoundAs);
  }
  return bytes;
}

export type SentFile = { fileName: string; contentType: string; bytes: Uint8Array };

/**
 * A stored file sent to a browser that may read it: shown inline where the browser can (the pages
 * preview it in an <iframe>/<object> of our own origin; nobody else may frame it), but never as a
 * page of ours (sandboxed, no sniffing, not cached).
 */
export function sendStoredFile(c: Context, file: SentFile) {
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  c.header("content-type", file.contentType);
  c.header("content-disposition", `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
  c.header("x-content-type-options", "nosniff");
  c.header(
    "content-security-policy",
    "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'",
  );
  c.header("cache-control", "private, no-store");
  c.header("x-frame-options", "SAMEORIGIN");
  c.header("content-length", String(file.bytes.byteLength));
  return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200) as never;
}
