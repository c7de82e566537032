// Makes `npm ci` work on a fresh clone (issue 10, reproducible installs). npm records a package's
// platform-specific optional dependencies (Biome's CLI, Tailwind's oxide, esbuild, ...) only for
// the platform it ran on when the registry it reaches serves no others; `npm ci` then refuses the
// lock file as out of sync. This adds the missing entries with their os/cpu/libc, so npm skips them
// on every other platform (and fetches the right one on theirs). Run after `npm install`:
//   node scripts/complete-lock.mjs          (writes package-lock.json)
//   node scripts/complete-lock.mjs --check  (exit 1 when entries are missing; `npm test` runs it)
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const file = path.join(root, "package-lock.json");
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;

const OS = ["darwin", "linux", "win32", "android", "freebsd", "openbsd", "netbsd", "sunos", "aix"];
const CPU = ["x64", "arm64", "arm", "ia32", "wasm32", "ppc64", "s390x", "riscv64", "loong64", "mips64el"];

/** os, cpu and libc from a platform package's name, e.g. @biomejs/cli-linux-x64-musl. */
function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = OS.find((o) => parts.includes(o));
  const cpu = CPU.find((c) => parts.includes(c)) ?? (parts.includes("gnueabihf") ? "arm" : undefined);
  const libc = parts.includes("musl")
    ? "musl"
    : parts.includes("gnu") || parts.includes("gnueabihf")
      ? "glibc"
      : undefined;
  return { os, cpu, libc };
}

const missing = [];
for (const [key, pkg] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const base = key ? `${key}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[base] || packages[`node_modules/${name}`]) continue;
    const { os, cpu, libc } = platformOf(name);
    // Only platform binaries: a missing optional dependency that names no platform is a real gap.
    if (!os && !cpu) continue;
    const entry = { version, dev: pkg.dev || undefined, optional: true };
    if (os) entry.os = [os];
    if (cpu) entry.cpu = [cpu];
    if (libc) entry.libc = [libc];
    missing.push([`node_modules/${name}`, JSON.parse(JSON.stringify(entry))]);
  }
}

if (process.argv.includes("--check")) {
  if (missing.length > 0) {
    console.error(
      `package-lock.json lacks ${missing.length} platform packages (${missing.map(([k]) => k.slice(13)).join(", ")}).`,
    );
    console.error("Run: node scripts/complete-lock.mjs");
    process.exit(1);
  }
  console.log("package-lock.json lists every platform package: npm ci works on any platform");
} else {
  for (const [key, entry] of missing) packages[key] = entry;
  // Keep npm's order: entries sorted by path.
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
  );
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`added ${missing.length} platform packages to package-lock.json`);
}
