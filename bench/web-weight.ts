// For `npm run bench:web` (bench/web.ts): the JavaScript each public page loads, gzipped, as Chromium
// fetches it from the production build served by the real server. Prints figures; asserts nothing.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3392);
export const WEB_BENCH_BASE = `http://127.0.0.1:${PORT}`;
const base = WEB_BENCH_BASE;
export const PUBLIC_PAGES = ["/", "/student", "/auth"];

export async function startServer(): Promise<{ child: ChildProcess; stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), "cpp-web-bench-"));
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      APP_URL: base,
      DATA_DIR: dir,
      DEMO_DATA: "false",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (d) => {
      out += String(d);
      if (out.includes("is running at")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
  return {
    child,
    stop: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function measureWeights(): Promise<{ page: string; files: number; gzipKb: number }[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
  const rows = [];
  for (const page of PUBLIC_PAGES) {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const scripts = new Map<string, number>();
    // Each body is read after its response event: wait for those reads too, or a busy machine counts
    // only the scripts whose bodies happened to arrive before the page went idle.
    const reads: Promise<void>[] = [];
    tab.on("response", (res) => {
      if (res.request().resourceType() !== "script") return;
      reads.push(
        res.body().then(
          (body) => void scripts.set(res.url(), gzipSync(body, { level: 9 }).length),
          () => {},
        ),
      );
    });
    await tab.goto(`${base}${page}`, { waitUntil: "networkidle" });
    await Promise.all(reads);
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    rows.push({ page, files: scripts.size, gzipKb: total / 1024 });
    await context.close();
  }
  await browser.close();
  return rows;
}
