import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Env } from "../../env";

// STAND-INS, replaced at merge by the c-files branch (one-file swap): src/server/lib/storage.ts
// (FileStore, createFileStore, newFileKey), src/server/lib/file-inspection.ts (inspectUpload,
// MAX_UPLOAD_BYTES, UPLOAD_MESSAGES), src/server/lib/document-text.ts (extractText) and
// src/domain/document-dates.ts (proposeDates). The compliance feature imports them only from here.

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const UPLOAD_MESSAGES = {
  empty: "The file is empty.",
  tooLarge: "The file is larger than 10 MB.",
  type: "Upload a PDF, JPEG or PNG file.",
} as const;

export interface FileStore {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The file's bytes, or null when no file has this key. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the file; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** A new random, unguessable key: `documents/<yyyy>/<32 hex>`. */
export function newFileKey(now: Date = new Date()): string {
  return `documents/${now.getUTCFullYear()}/${randomBytes(16).toString("hex")}`;
}

const KEY = /^documents\/\d{4}\/[0-9a-f]{32}$/;

function createDiskFileStore(root: string): FileStore {
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error("unsafe file key");
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomBytes(4).toString("hex")}.tmp`;
      await writeFile(tmp, body);
      await rename(tmp, file);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(fileOf(key)));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

export function createFileStore(env: Pick<Env, "DATA_DIR">): FileStore {
  return createDiskFileStore(path.resolve(env.DATA_DIR, "files"));
}

export type UploadContentType = "application/pdf" | "image/jpeg" | "image/png";
export type InspectedUpload =
  | { ok: true; contentType: UploadContentType; extension: "pdf" | "jpg" | "png"; safeFileName: string; sha256: string }
  | { ok: false; field: "file" | "fileName"; message: string };

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** Content sniff of the PDF/PNG/JPEG magic bytes (the c-files version checks much more). */
export async function inspectUpload(input: { bytes: Uint8Array; fileName: string }): Promise<InspectedUpload> {
  const { bytes } = input;
  if (bytes.byteLength === 0) return { ok: false, field: "file", message: UPLOAD_MESSAGES.empty };
  if (bytes.byteLength > MAX_UPLOAD_BYTES) return { ok: false, field: "file", message: UPLOAD_MESSAGES.tooLarge };
  const type: { contentType: UploadContentType; extension: "pdf" | "jpg" | "png" } | null = startsWith(
    bytes,
    [0x25, 0x50, 0x44, 0x46, 0x2d],
  )
    ? { contentType: "application/pdf", extension: "pdf" }
    : startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
      ? { contentType: "image/png", extension: "png" }
      : startsWith(bytes, [0xff, 0xd8, 0xff])
        ? { contentType: "image/jpeg", extension: "jpg" }
        : null;
  if (!type) return { ok: false, field: "file", message: UPLOAD_MESSAGES.type };
  const base = (input.fileName.split(/[\\/]/).pop() ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"<>:|?*]/g, "")
    .replace(/\.[^.]*$/, "")
    .replace(/^\.+/, "")
    .trim()
    .slice(0, 100);
  const safeFileName = `${base || "document"}.${type.extension}`;
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  return { ok: true, ...type, safeFileName, sha256 };
}

/** The text layer of a PDF or OCR of an image (the stand-in finds none). */
export async function extractText(_input: { bytes: Uint8Array; contentType: string }): Promise<string> {
  return "";
}

/** Dates found in a document's text (the stand-in proposes none). */
export function proposeDates(
  _text: string,
  _today: string,
): { issuedOn?: string; expiresOn?: string; found: string[] } {
  return { found: [] };
}
