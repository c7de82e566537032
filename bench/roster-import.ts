// Roster import figures (issue 3: "5,000 rows import in a few seconds"). Through the real API
// handlers (JSON body, validation, preview and import, one transaction) on PGlite: on disk, as the
// embedded default runs, and in memory. Prints figures; asserts nothing.
// `node --import tsx bench/roster-import.ts` (ROWS=5000 by default).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApp } from "../src/server/app";
import { openDatabase } from "../src/server/db/client";
import { memberships, organizations } from "../src/server/db/schema/organizations";
import { readEnv } from "../src/server/env";
import { createAccount } from "../src/server/features/accounts/service";
import { grantRole } from "../src/server/lib/access";
import { createLogger } from "../src/server/lib/logger";

const ROWS = Number(process.env.ROWS ?? 5000);
const SPECIALTIES = ["Pediatrics", "Emergency", "Oncology", "Medical-Surgical", "Geriatrics", ""];

function rosterCsv(rows: number, prefix: string) {
  const lines = ["first_name,last_name,email,phone,gpa,specialty_interest"];
  for (let i = 0; i < rows; i++) {
    const gpa = (2 + ((i * 37) % 200) / 100).toFixed(2);
    lines.push(
      `First${i},Last${i},${prefix}.${i}@roster.bench,555-01${String(i % 100).padStart(2, "0")},${gpa},${SPECIALTIES[i % 6]}`,
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

async function run(label: string, dataDir: string | null) {
  const database = await openDatabase({ dataDir });
  await database.migrate();
  const env = readEnv({ LOG_LEVEL: "silent", APP_URL: "http://localhost:3398", NODE_ENV: "test" });
  const { app, deps } = createApp({
    env,
    database,
    log: createLogger("silent"),
    secret: "bench-secret-bench-secret-bench-secret",
  });

  const [program] = await deps.db
    .insert(organizations)
    .values({ kind: "program", name: "Bench Nursing", verificationStatus: "verified", verifiedAt: new Date() })
    .returning();
  const email = "coordinator@roster.bench";
  const password = "Bench-Roster-2026";
  const userId = await createAccount(deps, { email, password, fullName: "Bench Coordinator" });
  await deps.db.insert(memberships).values({ userId, organizationId: program.id });
  await grantRole(deps.db, userId, "program");
  const signIn = await app.request("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://localhost:3398", "x-forwarded-for": "10.9.9.9" },
    body: JSON.stringify({ email, password }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const post = async (url: string, csv: string) => {
    const started = performance.now();
    const res = await app.request(url, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ csv }),
    });
    const body = (await res.json()) as { added?: number; valid?: number; skipped?: unknown[] };
    if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
    return { ms: Math.round(performance.now() - started), body };
  };

  const csv = rosterCsv(ROWS, "a");
  const kb = Math.round(Buffer.byteLength(csv) / 1024);
  const preview = await post("/api/students/import/preview", csv);
  const first = await post("/api/students/import", csv);
  // A second file into a program that already holds ROWS students (every email checked against them).
  const second = await post("/api/students/import", rosterCsv(ROWS, "b"));
  const again = await post("/api/students/import/preview", csv);
  const listMs: number[] = [];
  for (const qs of ["", "?sort=name", "?sort=gpa&page=100", "?search=last49"]) {
    const started = performance.now();
    const res = await app.request(`/api/students${qs}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`list ${qs}: ${res.status}`);
    await res.json();
    listMs.push(Math.round(performance.now() - started));
  }
  console.log(
    `${label.padEnd(15)} ${ROWS} rows (${kb} KB): preview ${preview.ms} ms (${preview.body.valid} valid) · import ${first.ms} ms (${first.body.added} added) · second import into ${ROWS} existing ${second.ms} ms (${second.body.added} added) · re-preview ${again.ms} ms`,
  );
  console.log(
    `${"".padEnd(15)} list of ${ROWS * 2} students, one page of 20 (newest, by name, by GPA p100, search): ${listMs.join(" / ")} ms`,
  );
  await database.close();
}

const dir = mkdtempSync(path.join(tmpdir(), "cpp-roster-bench-"));
try {
  await run("PGlite on disk", dir);
  await run("PGlite memory", null);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
