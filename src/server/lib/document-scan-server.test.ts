import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfWithDates, pdfWithInflatingPage } from "./test-pdfs";

// Hostile PDFs sent to the scan of a real server, started the way `npm start` starts it (tsx
// registered in-process, then src/server/index.ts: the document workers must load that way too),
// on the embedded database with the demo world. While a scan runs, the server keeps answering
// /api/health: health requests are sent at a steady pace from this process, and those sent while
// the scan ran must mostly be answered before the scan is. A page that takes pdf.js half a minute
// to read to its end (where its date is) is cut short: no dates. Then a shutdown with scans
// running finishes cleanly (exit code 0, not the forced exit after the grace period).

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const PORT = 3800 + (process.pid % 150);
const base = `http://127.0.0.1:${PORT}`;
// What scripts/start.mjs does once the web app is built.
const START = 'import { register } from "tsx/esm/api"; register(); await import("./src/server/index.ts");';

let child: ChildProcess;
let output = "";
let dataDir: string;
let cookie: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "cpp-scan-"));
  const { DATABASE_URL: _postgres, ...inherited } = process.env;
  child = spawn(process.execPath, ["--input-type=module", "-e", START], {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DEMO_DATA: "true",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      APP_URL: base,
      AUTH_SECRET: "scan-test-secret-scan-test-secret-0123456",
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
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: "student@demo.test", password: "Demo-2026!" }),
  });
  expect(res.status).toBe(200);
  cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function scan(bytes: Uint8Array) {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], "card.pdf", { type: "application/pdf" }));
  const res = await fetch(`${base}/api/compliance/scan`, {
    method: "POST",
    body: form,
    headers: { cookie, origin: base },
  });
  return { status: res.status, json: await res.json() };
}

/**
 * GET /api/health's status on a connection of its own: a kept-alive socket the server closes as it
 * idles could fail a request that a fresh connection would get answered (a dead server still fails).
 */
function healthStatus(): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}/api/health`, { agent: false }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode));
      })
      .on("error", reject);
  });
}

/**
 * Sends GET /api/health every 50 ms (each on its own, not waiting for the previous one) until
 * `work` settles; counts those sent before it settled and those of them answered 200 before it.
 */
async function healthWhile<T>(work: Promise<T>) {
  let settled = false;
  let sent = 0;
  let answeredBefore = 0;
  const pending: Promise<unknown>[] = [];
  const timer = setInterval(() => {
    sent += 1;
    pending.push(
      fetch(`${base}/api/health`)
        .then((res) => {
          if (res.status === 200 && !settled) answeredBefore += 1;
          return res.body?.cancel();
        })
        .catch(() => {}),
    );
  }, 50);
  const result = await work.finally(() => {
    settled = true;
    clearInterval(timer);
  });
  const counts = { sent, answeredBefore };
  await Promise.all(pending);
  return { result, ...counts };
}

describe("the scan of a hostile PDF on a real server", () => {
  it("20,000 dates: proposes from the first ones, and health answers while it runs", async () => {
    const pdf = await pdfWithDates(20_000);
    const { result, sent, answeredBefore } = await healthWhile(scan(pdf));
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({
      contentType: "application/pdf",
      proposedIssuedOn: "2026-01-01",
      proposedExpiresOn: "2025-12-31",
    });
    expect(result.json.found).toHaveLength(200);
    expect(sent).toBeGreaterThan(0);
    expect(answeredBefore).toBeGreaterThanOrEqual(sent / 2);
  }, 60_000);

  it("a page inflating to 90 MB of text operations: cut short without dates, and health answers meanwhile", async () => {
    const pdf = pdfWithInflatingPage(90);
    const { result, sent, answeredBefore } = await healthWhile(scan(pdf));
    expect(result.status).toBe(200);
    expect(result.json).toEqual({
      contentType: "application/pdf",
      proposedIssuedOn: null,
      proposedExpiresOn: null,
      found: [],
    });
    expect(sent).toBeGreaterThan(0);
    expect(answeredBefore).toBeGreaterThanOrEqual(sent / 2);
    expect(await healthStatus()).toBe(200);
  }, 60_000);

  it("SIGTERM while scans run: they are answered, and the server stops within its grace period", async () => {
    const pdf = pdfWithInflatingPage(90);
    const scans = [scan(pdf), scan(pdf)].map((p) => p.catch((err: unknown) => ({ status: 0, json: String(err) })));
    // Let the scans get going: twenty health answers in a row.
    for (let i = 0; i < 20; i++) {
      expect(await healthStatus()).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
    }
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    child.kill("SIGTERM");
    const answers = await Promise.all(scans);
    // Cut short (read to its end, the page proposes 2026-01-10): no dates (200), or busy (503).
    for (const answer of answers) {
      expect([200, 503]).toContain(answer.status);
      if (answer.status === 200) expect(answer.json.found).toEqual([]);
    }
    expect(await exited).toBe(0);
    expect(output).toMatch(/"msg":"stopped"/);
    expect(output).not.toMatch(/closing anyway/);
  }, 60_000);
});
