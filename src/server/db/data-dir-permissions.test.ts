import { lstatSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client";

// The embedded database holds education records: its directories and files are the service
// user's alone (0700, 0600), whatever PGlite's filesystem or the process's umask would give.

let root: string;
let umask: number;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "portal-perms-"));
  // A common default, which left PGlite's files world-writable.
  umask = process.umask(0o022);
});
afterAll(() => {
  process.umask(umask);
  rmSync(root, { recursive: true, force: true });
});

/** Every file and directory under `dir` (itself included) that its group or others may read or write. */
function opened(dir: string): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    const st = lstatSync(p);
    if ((st.mode & 0o066) !== 0) out.push(`${(st.mode & 0o777).toString(8)} ${path.relative(dir, p) || "."}`);
    if (st.isDirectory()) for (const name of readdirSync(p)) walk(path.join(p, name));
  };
  walk(dir);
  return out;
}

describe("the embedded database's data directory", () => {
  it("is the service user's alone once opened, after migrations and after closing; again when reopened", async () => {
    const dataDir = path.join(root, "data");
    const database = await openDatabase({ dataDir });
    try {
      expect(opened(dataDir)).toEqual([]);
      await database.migrate();
      expect(opened(dataDir)).toEqual([]);
    } finally {
      await database.close();
    }
    expect(opened(dataDir)).toEqual([]);
    const again = await openDatabase({ dataDir });
    try {
      expect(opened(dataDir)).toEqual([]);
      expect(await again.ping()).toBe(true);
    } finally {
      await again.close();
    }
  }, 120_000);
});
