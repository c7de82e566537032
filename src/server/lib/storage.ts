import { randomBytes } from "node:crypto";
import { mkdir, open, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { Env } from "../env";

/**
 * Where uploaded files live (DESIGN.md: local disk under DATA_DIR, S3-compatible storage when
 * configured). Keys are ours, made by newFileKey(); a user's file name never becomes a key.
 */
export interface FileStore {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The file's bytes, or null when no file has this key. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the file; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

export type FileStoreEnv = Pick<
  Env,
  | "DATA_DIR"
  | "S3_BUCKET"
  | "S3_ENDPOINT"
  | "S3_REGION"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
>;

/** A new random, unguessable key: `documents/<yyyy>/<32 hex>` (128 random bits). */
export function newFileKey(now: Date = new Date()): string {
  return `documents/${now.getUTCFullYear()}/${randomBytes(16).toString("hex")}`;
}

// Segments of letters, digits, '.', '_' and '-', each starting with a letter or digit: no '..',
// no leading '/', no backslash, no control character, no empty segment, no hidden file.
const KEY_SHAPE = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Throws unless the key is one of ours in shape. Keys never come from users, so this is a programming error. */
export function assertFileKey(key: string): void {
  if (typeof key !== "string" || key.length > 512 || !KEY_SHAPE.test(key) || key.includes("..")) {
    throw new Error(`Refused file key ${JSON.stringify(String(key).slice(0, 80))}`);
  }
}

export function createFileStore(env: FileStoreEnv): FileStore {
  if (env.S3_BUCKET) {
    return createS3FileStore({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION || "us-east-1",
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
    });
  }
  return createDiskFileStore(path.join(env.DATA_DIR, "files"));
}

const isMissing = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR";
};

/**
 * Files under `root`, one per key. A put writes a temporary file in `root/.tmp` (never a key: a
 * key's segments cannot start with '.') and renames it into place, so a half-written file is
 * never visible under its key.
 */
export function createDiskFileStore(root: string): FileStore {
  const base = path.resolve(root);
  const tmpDir = path.join(base, ".tmp");
  const fileOf = (key: string) => {
    assertFileKey(key);
    const file = path.resolve(base, ...key.split("/"));
    if (!file.startsWith(base + path.sep)) throw new Error("Refused file key outside the store");
    return file;
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, `${randomBytes(12).toString("hex")}.part`);
      try {
        const handle = await open(tmp, "wx", 0o600);
        try {
          await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const buf = await readFile(file);
        return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

export type S3FileStoreOptions = {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

/** Files as objects of one bucket of any S3-compatible service (AWS, MinIO, R2, ...). */
export function createS3FileStore(options: S3FileStoreOptions): FileStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    // Without keys the SDK's default chain applies (instance role, AWS_* variables, profile).
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  });
  const Bucket = options.bucket;
  return {
    async put(key, body, contentType) {
      assertFileKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async get(key) {
      assertFileKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return null;
        return await res.Body.transformToByteArray();
      } catch (err) {
        const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (e.name === "NoSuchKey" || e.$metadata?.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async delete(key) {
      assertFileKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
