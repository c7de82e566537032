// `npm run bench:queries`: for each hot read, how many SQL statements one request runs and how long
// they take, on the embedded database with the demo world, through the real app (in process).
// Prints figures; asserts nothing. Finds N+1 queries and slow statements before a load test does.
import { PGlite } from "@electric-sql/pglite";
import { createApp } from "../src/server/app";
import { openDatabase } from "../src/server/db/client";
import { readEnv } from "../src/server/env";
import { createLogger } from "../src/server/lib/logger";
import { seedDemoWorld } from "../src/server/seed/seed";

type Stat = { sql: string; ms: number };
let log: Stat[] | null = null;
for (const method of ["query", "exec"] as const) {
  const original = PGlite.prototype[method] as (...a: unknown[]) => Promise<unknown>;
  // biome-ignore lint/suspicious/noExplicitAny: wraps the driver's two entry points alike
  (PGlite.prototype as any)[method] = async function (this: PGlite, ...args: unknown[]) {
    const started = performance.now();
    try {
      return await original.apply(this, args);
    } finally {
      log?.push({ sql: String(args[0]).replace(/\s+/g, " "), ms: performance.now() - started });
    }
  };
}

const env = readEnv({ LOG_LEVEL: "silent", APP_URL: "http://localhost:3000", NODE_ENV: "production" });
const database = await openDatabase({ dataDir: null });
await database.migrate();
const { app, deps } = createApp({ env, database, log: createLogger("silent"), secret: "x".repeat(40) });
await seedDemoWorld(deps);

async function signIn(email: string) {
  const res = await app.request("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://localhost:3000" },
    body: JSON.stringify({ email, password: "Demo-2026!" }),
  });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
const who = {
  program: await signIn("program@demo.test"),
  facility: await signIn("facility@demo.test"),
  student: await signIn("student@demo.test"),
  admin: await signIn("admin@demo.test"),
};
const routes: [keyof typeof who, string][] = [
  ["program", "/api/accounts/me"],
  ["program", "/api/messages/unread-count"],
  ["program", "/api/messages?box=inbox&page=1&pageSize=20"],
  ["program", "/api/placements?search=Medical&page=1"],
  ["program", "/api/students?page=1"],
  ["program", "/api/analytics/program-dashboard"],
  ["program", "/api/applications?page=1"],
  ["facility", "/api/analytics/facility-dashboard"],
  ["facility", "/api/facility/applications?page=1"],
  ["facility", "/api/facility/placements?page=1"],
  ["student", "/api/me/student/dashboard"],
  ["student", "/api/me/student/placements?page=1"],
  ["admin", "/api/admin/organizations?kind=facility&page=1"],
];
const verbose = process.argv.includes("--sql");
console.log("statements per request (embedded database, demo world), warm:");
for (const [role, url] of routes) {
  await app.request(url, { headers: { cookie: who[role] } }); // warm
  log = [];
  const started = performance.now();
  const res = await app.request(url, { headers: { cookie: who[role] } });
  const total = performance.now() - started;
  const stats = log;
  log = null;
  const sqlMs = stats.reduce((s, x) => s + x.ms, 0);
  console.log(
    `${String(res.status).padEnd(4)} ${`${role} GET ${url}`.padEnd(62)} ${String(stats.length).padStart(3)} statements  sql ${sqlMs.toFixed(1).padStart(6)} ms  total ${total.toFixed(1).padStart(6)} ms`,
  );
  if (verbose)
    for (const s of [...stats].sort((a, b) => b.ms - a.ms).slice(0, 3))
      console.log(`       ${s.ms.toFixed(1)} ms  ${s.sql.slice(0, 220)}`);
}
await database.close();
