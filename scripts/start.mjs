// `npm start`: builds the web app when the build is missing or older than its sources, then runs
// the server in this same process (so the PID you stop is the server's).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const built = path.join(root, "dist/web/index.html");
const sources = ["src/web", "src/domain", "index.html", "vite.config.ts", "public"];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(p).reduce((m, name) => Math.max(m, newest(path.join(p, name))), s.mtimeMs);
}

const sourceTime = Math.max(...sources.map((s) => newest(path.join(root, s))));
if (!existsSync(built) || statSync(built).mtimeMs < sourceTime) {
  console.log(existsSync(built) ? "Web app sources changed: rebuilding..." : "Building the web app (first start)...");
  execFileSync(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
  });
}

process.chdir(root);
const { register } = await import("tsx/esm/api");
register();
await import("../src/server/index.ts");
