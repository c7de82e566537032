// The test files whose behaviour depends on TEST_DATABASE_URL: those that read it themselves or
// import, directly or through other modules, one that does (the harness, src/server/testing). Only
// these run a second time on PostgreSQL (`npm test`); every other test file never reaches a database
// server and would run the same code twice. Decided from the source, not from a kept list:
// `node scripts/database-test-files.mjs` prints them.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const src = path.join(root, "src");
const MARK = "TEST_DATABASE_URL";

/** Vitest's include (vitest.config.ts): src/**\/*.test.{ts,tsx}. */
function testFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) out.push(...testFiles(file));
    else if (/\.test\.tsx?$/.test(name)) out.push(file);
  }
  return out;
}

// Imports that load a module at run time: `import x from "m"`, `import "m"`, `export * from "m"`,
// `import("m")`, `vi.importActual("m")`. Type-only imports (`import type`, `export type`) load nothing.
const IMPORT =
  /(?:^|[;\n])\s*(import|export)\s+(type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|\b(?:import|importActual|importOriginal)\s*\(\s*["']([^"']+)["']/g;

function specifiers(code) {
  const out = [];
  for (const m of code.matchAll(IMPORT)) {
    if (m[2]) continue;
    out.push(m[3] ?? m[4]);
  }
  return out;
}

function resolve(from, spec) {
  let base;
  if (spec.startsWith("@/")) base = path.join(src, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null; // a package: it cannot read the project's TEST_DATABASE_URL convention
  const stem = base.replace(/\.(m?js|jsx)$/, "");
  for (const candidate of [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const deps = new Map();
/** The project modules `file` loads at run time, and whether it mentions TEST_DATABASE_URL. */
function scan(file) {
  if (!deps.has(file)) {
    const code = readFileSync(file, "utf8");
    const loads = specifiers(code)
      .map((spec) => resolve(file, spec))
      .filter(Boolean);
    deps.set(file, { marked: code.includes(MARK), loads });
  }
  return deps.get(file);
}

/** True when `file` or a module it loads (transitively) mentions TEST_DATABASE_URL. */
function reachesDatabase(file) {
  const seen = new Set([file]);
  const todo = [file];
  while (todo.length > 0) {
    const { marked, loads } = scan(todo.pop());
    if (marked) return true;
    for (const dep of loads) {
      if (!seen.has(dep)) {
        seen.add(dep);
        todo.push(dep);
      }
    }
  }
  return false;
}

/** Paths relative to the project root, sorted. */
export function databaseTestFiles() {
  return testFiles(src)
    .filter((f) => reachesDatabase(f))
    .map((f) => path.relative(root, f).split(path.sep).join("/"))
    .sort();
}

export function allTestFiles() {
  return testFiles(src)
    .map((f) => path.relative(root, f).split(path.sep).join("/"))
    .sort();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const f of databaseTestFiles()) console.log(f);
}
