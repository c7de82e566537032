import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { DataDirInUseError, LOCK_FILE } from "./data-dir-lock";
import { users } from "./schema/auth";
import { userRoles } from "./schema/organizations";

// Issue 8, item 4: one process per embedded data directory; create-super-admin refuses while the
// server holds it instead of printing "Created" for an account the server then overwrites.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const CLIENT = pathToFileURL(path.join(ROOT, "src/server/db/client.ts")).href;

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "portal-lock-"));
  dirs.push(dir);
  return dir;
}

/** The environment of a child process on the embedded database in `dataDir`. */
function childEnv(dataDir: string) {
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" };
  delete env.DATABASE_URL;
  return env;
}

/** Another process (as the server does) opens the embedded database in `dataDir` and keeps it open. */
async function holdInAnotherProcess(dataDir: string): Promise<ChildProcess> {
  const script = `const { openDatabase } = await import(${JSON.stringify(CLIENT)});
await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
console.log("ready");
setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: ROOT,
    env: childEnv(dataDir),
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let err = "";
  child.stderr?.on("data", (d) => {
    err += d;
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (d) => {
      if (String(d).includes("ready")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`holder exited with ${code}: ${err}`)));
  });
  return child;
}

function run(args: string[], env: Record<string, string | undefined>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    children.push(child);
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (d) => {
      stdout += d;
    });
    child.stderr?.on("data", (d) => {
      stderr += d;
    });
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

const createSuperAdmin = (dataDir: string, email: string) =>
  run(
    ["--import", "tsx", "scripts/create-super-admin.ts", "--email", email, "--password", "A-long-passphrase-2026"],
    childEnv(dataDir),
  );

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.on("exit", resolve));
  return child.pid as number;
}

describe("the embedded data directory is one process's", () => {
  it("refuses a second open of the same data directory in this process, until the first is closed", async () => {
    const dir = tempDataDir();
    const first = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirInUseError);
    await first.close();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    const again = await openDatabase({ dataDir: dir });
    expect(await again.ping()).toBe(true);
    await again.close();
  }, 60_000);

  it("refuses to open a data directory another process holds, naming it and its pid", async () => {
    const dir = tempDataDir();
    const holder = await holdInAnotherProcess(dir);
    const refused = await openDatabase({ dataDir: dir }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(DataDirInUseError);
    expect((refused as Error).message).toContain(
      `The embedded database in ${dir} is in use by another process (pid ${holder.pid}). Stop it first`,
    );
    // The holder's lock is untouched.
    expect(readFileSync(path.join(dir, LOCK_FILE), "utf8").trim()).toBe(String(holder.pid));
  }, 60_000);

  it("takes over the lock of a process that died without releasing it", async () => {
    const dir = tempDataDir();
    const holder = await holdInAnotherProcess(dir);
    holder.kill("SIGKILL");
    await new Promise((resolve) => holder.on("exit", resolve));
    expect(readFileSync(path.join(dir, LOCK_FILE), "utf8").trim()).toBe(String(holder.pid));

    const db = await openDatabase({ dataDir: dir });
    expect(readFileSync(path.join(dir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    await db.close();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  }, 60_000);

  it("takes over a stale lock file whose pid no longer runs", async () => {
    const dir = tempDataDir();
    writeFileSync(path.join(dir, LOCK_FILE), `${await deadPid()}\n`);
    const db = await openDatabase({ dataDir: dir });
    expect(await db.ping()).toBe(true);
    expect(readFileSync(path.join(dir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    await db.close();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  }, 60_000);
});

describe("npm run create-super-admin on the embedded database", () => {
  it("refuses while another process (the server) holds the data directory, and says so", async () => {
    const dir = tempDataDir();
    const holder = await holdInAnotherProcess(dir);
    const res = await createSuperAdmin(dir, "root@test.dev");
    expect(res.code).toBe(1);
    expect(res.stdout).not.toContain("Created");
    expect(res.stderr).toContain(`is in use by another process (pid ${holder.pid})`);
    expect(res.stderr).toContain("Stop the server first");
  }, 120_000);

  it("creates the super admin when the data directory is free", async () => {
    const dir = tempDataDir();
    const res = await createSuperAdmin(dir, "root@test.dev");
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    expect(res.stdout).toContain("Created super admin root@test.dev");
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);

    const database = await openDatabase({ dataDir: dir });
    try {
      const rows = await database.db
        .select({ role: userRoles.role })
        .from(users)
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .where(eq(users.email, "root@test.dev"));
      expect(rows.map((r) => r.role)).toContain("super_admin");
    } finally {
      await database.close();
    }
  }, 180_000);
});
