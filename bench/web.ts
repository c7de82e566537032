// `npm run bench:web`: the public pages' JavaScript weight (gzipped, as Chromium loads them from the
// production build served by the real server) and their Lighthouse scores (mobile, default
// throttling; Lighthouse fetched from the npm registry by `npm exec`, Debian's Chromium). Prints
// figures and the machine; asserts nothing.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { measureWeights, PUBLIC_PAGES, startServer, WEB_BENCH_BASE } from "./web-weight";

const LIGHTHOUSE = "lighthouse@13.5.0";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
].join(" ");

type Scores = { performance: number; accessibility: number; lcpMs: number; fcpMs: number; tbtMs: number };

function lighthouse(url: string): Scores {
  const dir = mkdtempSync(path.join(tmpdir(), "cpp-lighthouse-"));
  const out = path.join(dir, "report.json");
  try {
    execFileSync(
      "npm",
      [
        "exec",
        "-y",
        `--package=${LIGHTHOUSE}`,
        "--",
        "lighthouse",
        url,
        `--chrome-path=${process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"}`,
        `--chrome-flags=${CHROME_FLAGS}`,
        "--only-categories=performance,accessibility",
        "--output=json",
        `--output-path=${out}`,
        "--quiet",
      ],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
    const r = JSON.parse(readFileSync(out, "utf8"));
    return {
      performance: r.categories.performance.score,
      accessibility: r.categories.accessibility.score,
      lcpMs: r.audits["largest-contentful-paint"].numericValue,
      fcpMs: r.audits["first-contentful-paint"].numericValue,
      tbtMs: r.audits["total-blocking-time"].numericValue,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`machine: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? "unknown CPU"}, Node ${process.version}`);
const server = await startServer();
try {
  const weights = await measureWeights();
  if (process.env.BENCH_WEB_ONLY === "weight") {
    // `BENCH_WEB_ONLY=weight`: the weights alone, without Lighthouse (seconds instead of minutes).
    console.log("\n| page | scripts | JavaScript, gzipped |\n|---|---|---|");
    for (const w of weights) console.log(`| \`${w.page}\` | ${w.files} | ${w.gzipKb.toFixed(1)} kB |`);
  } else {
    lighthouseRows(weights);
  }
} finally {
  await server.stop();
}

function lighthouseRows(weights: Awaited<ReturnType<typeof measureWeights>>) {
  console.log(
    "\n| page | scripts | JavaScript, gzipped | Lighthouse performance | accessibility | FCP | LCP | TBT |\n|---|---|---|---|---|---|---|---|",
  );
  for (const page of PUBLIC_PAGES) {
    const w = weights.find((x) => x.page === page)!;
    const s = lighthouse(`${WEB_BENCH_BASE}${page}`);
    console.log(
      `| \`${page}\` | ${w.files} | ${w.gzipKb.toFixed(1)} kB | ${s.performance.toFixed(2)} | ${s.accessibility.toFixed(2)} | ${(s.fcpMs / 1000).toFixed(1)} s | ${(s.lcpMs / 1000).toFixed(1)} s | ${Math.round(s.tbtMs)} ms |`,
    );
  }
}
