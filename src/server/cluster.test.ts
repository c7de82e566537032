import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Issue 11: several server processes on one PostgreSQL (WEB_CONCURRENCY, node:cluster). The real
// entry point runs; what must hold across processes (sessions, the sign-in lockout) is checked
// through the port they share. PostgreSQL only: the embedded database serves one process.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const adminUrl = process.env.TEST_DATABASE_URL;
const PORT = 3700 + (process.pid % 200);
const base = `http://127.0.0.1:${PORT}`;

describe.skipIf(!adminUrl)("several server processes on one database", () => {
  let child: ChildProcess;
  let output = "";
  const name = `cpp_test_cluster_${randomBytes(4).toString("hex")}`;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    child = spawn(process.execPath, ["--import", "tsx", "src/server/index.ts"], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: url.toString(),
        DEMO_DATA: "true",
        WEB_CONCURRENCY: "2",
        PORT: String(PORT),
        HOST: "127.0.0.1",
        APP_URL: base,
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (d) => {
      output += String(d);
    });
    child.stderr?.on("data", (d) => {
      output += String(d);
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (output.includes("is running at")) {
          clearInterval(timer);
          resolve();
        }
      }, 100);
      child.once("exit", (code) => {
        clearInterval(timer);
        reject(new Error(`the server exited (${code}):\n${output}`));
      });
    });
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }, 30_000);

  const signIn = (email: string, password: string) =>
    fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email, password }),
    });

  it("starts the processes it was asked for, after one migration and one demo world", async () => {
    expect(output).toContain("(2 processes)");
    expect(output.match(/running migrations/g)).toHaveLength(1);
    expect(output.match(/demo world seeded/g)).toHaveLength(1);
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${base}/api/health`)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
  });

  it("runs its server processes with the larger young generation", () => {
    // The primary's children, by their /proc entries (Linux): each is node with the added flag.
    const workers = readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .map((pid) => {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
          const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
          return parent === child.pid ? readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0") : null;
        } catch {
          return null; // a process that ended meanwhile
        }
      })
      // The server processes, not a helper a child started (tsx's esbuild service).
      .filter((cmdline) => cmdline?.[0] === process.execPath);
    expect(workers).toHaveLength(2);
    for (const cmdline of workers) expect(cmdline).toContain("--max-semi-space-size=64");
  });

  it("keeps a session valid on every process and a signed-out session refused on every process", async () => {
    const res = await signIn("program@demo.test", "Demo-2026!");
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const me = await Promise.all(
      Array.from({ length: 10 }, () => fetch(`${base}/api/accounts/me`, { headers: { cookie } })),
    );
    expect(me.map((r) => r.status)).toEqual(Array(10).fill(200));
    const out = await fetch(`${base}/api/auth/sign-out`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/json" },
      body: "{}",
    });
    expect(out.status).toBe(200);
    const after = await Promise.all(
      Array.from({ length: 10 }, () => fetch(`${base}/api/accounts/me`, { headers: { cookie } })),
    );
    expect(after.map((r) => r.status)).toEqual(Array(10).fill(401));
  });

  it("counts failed sign-ins across processes: the lockout holds whichever process answers", async () => {
    // One after another: the processes take turns answering (round robin), so the five failures
    // are spread over both; the sixth attempt is refused, right password or not.
    for (let i = 0; i < 5; i++) expect((await signIn("facility@demo.test", `wrong-${i}`)).status).toBe(401);
    for (let i = 0; i < 4; i++) {
      const right = await signIn("facility@demo.test", "Demo-2026!");
      expect(right.status).toBe(429);
      expect((await right.json()).error.code).toBe("rate_limited");
    }
  });
});
