// `npm run bench:scan`: hostile PDFs sent to the compliance scan of a real server, started as
// `npm start` starts it (scripts/start.mjs: its own process, embedded database, demo world), while
// /api/health is polled. Prints /api/health's latency with no load, then while 10 hostile PDFs are
// scanned at once (10 pages inflating to 90 MB of text operations; 10 PDFs of 20,000 dates), the
// scans' answers, the CPU the thread serving requests spent meanwhile (what other processes on a
// busy machine cannot inflate), and how long SIGTERM takes to stop the server with 10 scans running.
// Prints figures; asserts nothing. Loopback only.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { pdfWithDates, pdfWithInflatingPage } from "../src/server/lib/test-pdfs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PORT = Number(process.env.BENCH_PORT ?? 3395);
const base = `http://127.0.0.1:${PORT}`;
const AT_ONCE = 10;
/** One health request every POLL_MS, each on its own (a slow answer does not delay the next). */
const POLL_MS = 20;
const BASELINE_MS = 5_000;

function startServer(dataDir: string): Promise<{ child: ChildProcess; output: () => string }> {
  const { DATABASE_URL: _postgres, ...inherited } = process.env;
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      APP_URL: base,
      DATA_DIR: dataDir,
      DEMO_DATA: "true",
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => {
    out += String(d);
  });
  child.stderr?.on("data", (d) => {
    out += String(d);
  });
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (out.includes("is running at")) {
        clearInterval(timer);
        resolve({ child, output: () => out });
      }
    }, 100);
    child.once("exit", (code) => {
      clearInterval(timer);
      reject(new Error(`the server exited (${code}) before it was ready:\n${out.slice(-2000)}`));
    });
  });
}

async function signIn(email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password: "Demo-2026!" }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function scan(cookie: string, bytes: Uint8Array) {
  const started = performance.now();
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], "card.pdf", { type: "application/pdf" }));
  try {
    const res = await fetch(`${base}/api/compliance/scan`, {
      method: "POST",
      body: form,
      headers: { cookie, origin: base },
    });
    const json = (await res.json()) as { found?: string[] };
    return { status: res.status, found: json.found?.length ?? 0, ms: performance.now() - started };
  } catch {
    return { status: 0, found: 0, ms: performance.now() - started };
  }
}

/** Polls /api/health until `stop` resolves; answers the latencies (ms) and the failures. */
async function pollHealth(stop: Promise<unknown>) {
  const latencies: number[] = [];
  let failed = 0;
  const pending: Promise<void>[] = [];
  let done = false;
  void stop.finally(() => {
    done = true;
  });
  while (!done) {
    const started = performance.now();
    pending.push(
      fetch(`${base}/api/health`)
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.ok) latencies.push(performance.now() - started);
          else failed += 1;
        })
        .catch(() => {
          failed += 1;
        }),
    );
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  await Promise.all(pending);
  return { latencies, failed };
}

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? Number.NaN };
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "-");

/**
 * CPU seconds (user + system) of the server's thread serving requests (its main thread: the task
 * whose id is the pid) and of the whole process, from /proc (Linux; NaN elsewhere). On a busy
 * machine the latencies also measure other processes; this does not.
 */
function cpuOf(pid: number) {
  const read = (file: string) => {
    try {
      const fields = readFileSync(file, "utf8").split(") ")[1]!.split(" ");
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return Number.NaN;
    }
  };
  return { main: read(`/proc/${pid}/task/${pid}/stat`), all: read(`/proc/${pid}/stat`) };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "cpp-bench-scan-"));
  console.log("Starting the server (scripts/start.mjs, embedded database, demo world)...");
  const { child, output } = await startServer(dataDir);
  try {
    const cookie = await signIn("student@demo.test");
    const inflating = pdfWithInflatingPage(90);
    const dates = await pdfWithDates(20_000);
    // Warm-up: one clean scan, so the first row does not pay for the first worker's start.
    await scan(cookie, await pdfWithDates(2));

    type Row = { title: string; health: ReturnType<typeof stats>; failed: number; cpu: string; scans?: string };
    const rows: Row[] = [];
    const pid = child.pid!;
    const cpuSince = (before: ReturnType<typeof cpuOf>) => {
      const after = cpuOf(pid);
      return `${fmt(after.main - before.main)} / ${fmt(after.all - after.main - (before.all - before.main))}`;
    };
    let cpu = cpuOf(pid);
    const baseline = await pollHealth(new Promise((r) => setTimeout(r, BASELINE_MS)));
    rows.push({
      title: "no load (baseline)",
      health: stats(baseline.latencies),
      failed: baseline.failed,
      cpu: cpuSince(cpu),
    });

    for (const [title, bytes] of [
      [`${AT_ONCE} pages inflating to 90 MB (${Math.round(inflating.byteLength / 1024)} kB each)`, inflating],
      [`${AT_ONCE} PDFs of 20,000 dates (${Math.round(dates.byteLength / 1024)} kB each)`, dates],
    ] as const) {
      cpu = cpuOf(pid);
      const scans = Promise.all(Array.from({ length: AT_ONCE }, () => scan(cookie, bytes)));
      const health = await pollHealth(scans);
      const answers = await scans;
      const byStatus = new Map<number, number>();
      for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
      const took = stats(answers.map((a) => a.ms));
      const found = stats(answers.map((a) => a.found));
      rows.push({
        title,
        health: stats(health.latencies),
        failed: health.failed,
        cpu: cpuSince(cpu),
        scans: `${[...byStatus].map(([s, n]) => `${n}×${s}`).join(" ")}; answered in ${fmt(took.p50)}..${fmt(took.max)} ms; dates found ${found.p50}..${found.max}`,
      });
    }

    console.log(
      "\n| /api/health while | answers | p50 ms | p99 ms | max ms | failed | CPU s: request thread / other threads | the scans |",
    );
    console.log("|---|---|---|---|---|---|---|---|");
    for (const r of rows) {
      console.log(
        `| ${r.title} | ${r.health.n} | ${fmt(r.health.p50)} | ${fmt(r.health.p99)} | ${fmt(r.health.max)} | ${r.failed} | ${r.cpu} | ${r.scans ?? ""} |`,
      );
    }

    // Shutdown with scans running: SIGTERM once the scans are on their workers.
    let answeredAt = 0;
    const running = Promise.all(Array.from({ length: AT_ONCE }, () => scan(cookie, inflating))).then((answers) => {
      answeredAt = performance.now();
      return answers;
    });
    await new Promise((r) => setTimeout(r, 1_500));
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    const started = performance.now();
    child.kill("SIGTERM");
    const code = await exited;
    const stopMs = performance.now() - started;
    const answers = await running;
    const forced = /closing anyway/.test(output());
    console.log(
      `\nSIGTERM with ${AT_ONCE} scans running: all scans answered ${fmt(answeredAt - started)} ms after it (${answers.map((a) => a.status).join(" ")}); the process exited after ${fmt(stopMs)} ms, exit code ${code}${forced ? " (forced after the grace period)" : ""}`,
    );
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
