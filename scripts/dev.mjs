// `npm run dev`: the API server (restarted on change) on :3000 and Vite with hot reload on :5173.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const children = [
  // One server process in development (restarts and debuggers follow one process), whatever the cores.
  spawn(process.execPath, ["--import", "tsx", "--watch", "src/server/index.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "1" },
  }),
  spawn(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js")], { cwd: root, stdio: "inherit" }),
];
const stop = () => {
  for (const c of children) c.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const c of children) c.on("exit", stop);
