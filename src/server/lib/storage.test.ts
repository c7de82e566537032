import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "../env";
import { assertFileKey, createDiskFileStore, createFileStore, type FileStore, newFileKey } from "./storage";

const BAD_KEYS = [
  "",
  "../etc/passwd",
  "documents/../../etc/passwd",
  "documents/2026/..",
  "/etc/passwd",
  "documents\\2026\\abc",
  "documents/2026/a\u0000b",
  "documents/2026/a\nb",
  "documents//abc",
  "documents/.tmp/abc",
  "C:/windows",
  "documents/2026/abc/",
];

function contract(name: string, makeStore: () => FileStore) {
  describe(name, () => {
    it("puts, gets and deletes a file", async () => {
      const store = makeStore();
      const key = newFileKey();
      const body = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0, 1, 2, 255]);
      await store.put(key, body, "application/pdf");
      expect(await store.get(key)).toEqual(body);
      await store.put(key, new Uint8Array([9, 9]), "application/pdf");
      expect(await store.get(key)).toEqual(new Uint8Array([9, 9]));
      await store.delete(key);
      expect(await store.get(key)).toBeNull();
    });

    it("answers null for a missing key, and deleting a missing key is fine", async () => {
      const store = makeStore();
      const key = newFileKey();
      expect(await store.get(key)).toBeNull();
      await expect(store.delete(key)).resolves.toBeUndefined();
    });

    it("keeps an empty file and a larger one intact", async () => {
      const store = makeStore();
      const empty = newFileKey();
      const big = newFileKey();
      const bytes = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 31) & 0xff);
      await store.put(empty, new Uint8Array(0), "image/png");
      await store.put(big, bytes, "image/png");
      expect(await store.get(empty)).toEqual(new Uint8Array(0));
      // Compared as buffers: a deep equality over 3 MB element by element takes seconds.
      const got = await store.get(big);
      expect(got && Buffer.from(got).equals(Buffer.from(bytes))).toBe(true);
    });

    it("refuses keys that could leave the store", async () => {
      const store = makeStore();
      for (const key of BAD_KEYS) {
        await expect(store.put(key, new Uint8Array([1]), "application/pdf"), key).rejects.toThrow(/Refused file key/);
        await expect(store.get(key), key).rejects.toThrow(/Refused file key/);
        await expect(store.delete(key), key).rejects.toThrow(/Refused file key/);
      }
    });
  });
}

describe("file keys", () => {
  it("are random, unguessable and of our shape", () => {
    const a = newFileKey(new Date("2026-03-14T12:00:00Z"));
    expect(a).toMatch(/^documents\/2026\/[0-9a-f]{32}$/);
    expect(newFileKey()).not.toBe(newFileKey());
    expect(() => assertFileKey(a)).not.toThrow();
    for (const key of BAD_KEYS) expect(() => assertFileKey(key), key).toThrow();
  });
});

let diskRoot = "";
let s3Dir = "";
let s3: S3rver | undefined;
let s3Port = 0;
const BUCKET = "portal-files";

beforeAll(async () => {
  diskRoot = await mkdtemp(path.join(os.tmpdir(), "portal-files-"));
  s3Dir = await mkdtemp(path.join(os.tmpdir(), "portal-s3-"));
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  s3Port = (await s3.run()).port;
});

afterAll(async () => {
  await s3?.close();
  await rm(diskRoot, { recursive: true, force: true });
  await rm(s3Dir, { recursive: true, force: true });
});

contract("disk store", () => createDiskFileStore(diskRoot));

contract("S3 store (s3rver)", () =>
  createFileStore(
    readEnv({
      DATA_DIR: diskRoot,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_REGION: "",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    }),
  ),
);

describe("createFileStore", () => {
  it("uses DATA_DIR/files without S3_BUCKET (an empty S3_BUCKET is unset)", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "portal-data-"));
    try {
      const store = createFileStore(readEnv({ DATA_DIR: dataDir, S3_BUCKET: "" }));
      const key = newFileKey(new Date("2026-01-02T00:00:00Z"));
      await store.put(key, new Uint8Array([1, 2, 3]), "application/pdf");
      expect(await readdir(path.join(dataDir, "files", "documents", "2026"))).toEqual([key.split("/")[2]]);
      // The temporary file was renamed into place: nothing is left beside it.
      expect(await readdir(path.join(dataDir, "files", ".tmp"))).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("reads the S3 settings from the environment", () => {
    const env = readEnv({ S3_BUCKET: "b", S3_FORCE_PATH_STYLE: "1", S3_REGION: "" });
    expect(env.S3_REGION).toBe("us-east-1");
    expect(env.S3_FORCE_PATH_STYLE).toBe(true);
    expect(() => readEnv({ S3_ACCESS_KEY_ID: "only-one" })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => readEnv({ S3_ENDPOINT: "not a url" })).toThrow(/S3_ENDPOINT/);
  });
});
