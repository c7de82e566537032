// `npm start`: builds the web app when the build is missing, older than its sources, or not a
// production build (whatever NODE_ENV says, `npm start` serves React's production runtime; issue 11),
// then runs the server in this same process (so the PID you stop is the server's).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const built = path.join(root, "dist/web/index.html");
const stamp = path.join(root, "dist/web/build.json");
const sources = ["src/web", "src/domain", "index.html", "vite.config.ts", "public"];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(p).reduce((m, name) => Math.max(m, newest(path.join(p, name))), s.mtimeMs);
}

function isProductionBuild() {
  try {
    return JSON.parse(readFileSync(stamp, "utf8")).production === true;
  } catch {
    return false;
  }
}

const sourceTime = Math.max(...sources.map((s) => newest(path.join(root, s))));
const reason = !existsSync(built)
  ? "Building the web app (first start)..."
  : statSync(built).mtimeMs < sourceTime
    ? "Web app sources changed: rebuilding..."
    : !isProductionBuild()
      ? "The web app was built for development: rebuilding for production..."
      : null;
if (reason) {
  console.log(reason);
  execFileSync(process.execPath, [path.join(root, "scripts/build.mjs")], { cwd: root, stdio: "inherit" });
}

process.chdir(root);
const { register } = await import("tsx/esm/api");
register();
await import("../src/server/index.ts");
