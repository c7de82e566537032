// HTTP load figures for the main endpoints, through a real server on a fresh embedded database with
// the demo world. Prints figures; asserts nothing. `npm run bench` (loopback only, bounded in time).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import autocannon from "autocannon";
import { createApp } from "../src/server/app";
import { openDatabase } from "../src/server/db/client";
import { readEnv } from "../src/server/env";
import { createLogger } from "../src/server/lib/logger";
import { seedDemoWorld } from "../src/server/seed/seed";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const dir = mkdtempSync(path.join(tmpdir(), "cpp-bench-"));
const env = readEnv({ DATA_DIR: dir, LOG_LEVEL: "silent", APP_URL: "http://localhost:3399" });
const database = await openDatabase({ dataDir: dir });
await database.migrate();
const { app, deps } = createApp({
  env,
  database,
  log: createLogger("silent"),
  secret: "bench-secret-bench-secret-bench-secret",
});
const seedStart = performance.now();
await seedDemoWorld(deps);
console.log(`demo world seeded in ${Math.round(performance.now() - seedStart)} ms`);
const server = serve({ fetch: app.fetch, port: 3399, hostname: "127.0.0.1" });

const signIn = await fetch("http://127.0.0.1:3399/api/auth/sign-in/email", {
  method: "POST",
  headers: { "content-type": "application/json", origin: "http://localhost:3399" },
  body: JSON.stringify({ email: "program@demo.test", password: "Demo-2026!" }),
});
const cookie = signIn.headers
  .getSetCookie()
  .map((c) => c.split(";")[0])
  .join("; ");

async function load(title: string, url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url: `http://127.0.0.1:3399${url}`, connections: 10, duration: SECONDS, headers });
  console.log(
    `${title.padEnd(34)} ${String(Math.round(r.requests.average)).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  errors ${r.errors + r.non2xx}`,
  );
}

console.log(`PGlite, 10 connections, ${SECONDS} s each`);
await load("GET /api/health", "/api/health");
await load("GET /api/accounts/me (signed in)", "/api/accounts/me", { cookie });
await load("GET /api/messages/unread-count", "/api/messages/unread-count", { cookie });
server.close();
await database.close();
rmSync(dir, { recursive: true, force: true });
