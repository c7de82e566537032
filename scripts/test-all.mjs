// `npm test`: lint, types, unit + API integration (PGlite; PostgreSQL too when TEST_DATABASE_URL is
// set), build, end to end in Chromium. Ends with one line `N passed, N failed` adding up every suite.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { databaseTestFiles } from "./database-test-files.mjs";
import { ensureBrowser } from "./ensure-browser.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const results = path.join(root, "test-results");
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;
const summary = [];

/** Seconds each stage took, shown in the summary. */
const took = new Map();
const seconds = (label) => (took.has(label) ? ` (${took.get(label)} s)` : "");

function run(label, cmd, args, env = {}) {
  console.log(`\n━━ ${label} ━━`);
  const start = performance.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  took.set(label, Math.round((performance.now() - start) / 1000));
  return r.status === 0;
}

/** A check that is one test: lint, types, build. */
function check(label, cmd, args) {
  const ok = run(label, cmd, args);
  ok ? passed++ : failed++;
  summary.push(`${label}: ${ok ? "passed" : "FAILED"}${seconds(label)}`);
  return ok;
}

/** `files`: only these test files (paths from the root); all of them when not given. */
function vitest(label, outFile, env, files = []) {
  const file = path.join(results, outFile);
  const ok = run(
    label,
    bin("vitest"),
    ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${file}`, ...files],
    env,
  );
  if (!existsSync(file)) {
    failed++;
    summary.push(`${label}: no report (runner crashed)`);
    return;
  }
  const r = JSON.parse(readFileSync(file, "utf8"));
  const p = r.numPassedTests ?? 0;
  // A file that failed to load counts as a failure even if it reported no test.
  const f =
    (r.numFailedTests ?? 0) +
    (r.testResults ?? []).filter((t) => t.status === "failed" && t.assertionResults.length === 0).length;
  passed += p;
  failed += f;
  if (!ok && f === 0) failed++;
  summary.push(`${label}: ${p} passed, ${f} failed${seconds(label)}`);
}

function playwright() {
  const file = path.join(results, "e2e.json");
  ensureBrowser();
  const ok = run("end to end (Playwright, Chromium)", bin("playwright"), ["test"], {
    CI: "true",
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  if (!existsSync(file)) {
    failed++;
    summary.push("end to end: no report (runner crashed)");
    return;
  }
  const s = JSON.parse(readFileSync(file, "utf8")).stats ?? {};
  const p = s.expected ?? 0;
  const f = (s.unexpected ?? 0) + (s.flaky ?? 0);
  passed += p;
  failed += f;
  if (!ok && f === 0) failed++;
  summary.push(`end to end: ${p} passed, ${f} failed${seconds("end to end (Playwright, Chromium)")}`);
}

check("lock file complete (npm ci)", process.execPath, [path.join(root, "scripts/complete-lock.mjs"), "--check"]);
check("lint (Biome)", bin("biome"), ["check", "."]);
check("types (tsc)", bin("tsc"), ["--noEmit", "-p", "."]);
vitest("unit + API on PGlite", "vitest-pglite.json", { TEST_DATABASE_URL: "" });
// Again on PostgreSQL, only the test files that depend on TEST_DATABASE_URL (read it or import the
// harness, found in the source by scripts/database-test-files.mjs): the others never reach a
// database server and would run the same code twice.
if (process.env.TEST_DATABASE_URL) {
  const files = databaseTestFiles();
  console.log(`\n${files.length} test files reach the database (scripts/database-test-files.mjs)`);
  vitest("API on PostgreSQL", "vitest-postgres.json", {}, files);
}
if (check("build (Vite, prerendered public pages)", process.execPath, [path.join(root, "scripts/build.mjs")]))
  playwright();
else {
  failed++;
  summary.push("end to end: skipped, the build failed");
}

console.log(`\n${summary.join("\n")}`);
console.log(`total: ${Math.round(performance.now() / 1000)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
