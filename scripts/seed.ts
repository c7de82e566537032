// `npm run db:seed`: adds the demo world (D10) to the configured database, once. PGlite in DATA_DIR
// by default, PostgreSQL when DATABASE_URL is set. Every demo account's password is Demo-2026!.
import { createApp } from "../src/server/app";
import { openDatabase } from "../src/server/db/client";
import { readEnv } from "../src/server/env";
import { createLogger } from "../src/server/lib/logger";
import type { Realtime } from "../src/server/lib/realtime";
import { resolveAuthSecret } from "../src/server/lib/secret";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../src/server/seed/data";
import { demoWorldExists, seedDemoWorld } from "../src/server/seed/seed";

async function main() {
  const env = readEnv();
  const log = createLogger(env.LOG_LEVEL);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  let realtime: Realtime | null = null;
  try {
    await database.migrate();
    const secret = await resolveAuthSecret(database.db, env.AUTH_SECRET);
    const { deps } = createApp({ env, database, log, secret });
    realtime = deps.realtime;
    const where = database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${env.DATA_DIR}`;
    if (await demoWorldExists(deps)) {
      console.log(
        `The demo world is already seeded in ${where} (${DEMO_ACCOUNTS.program.email} exists); nothing to do.`,
      );
      return;
    }
    const c = await seedDemoWorld(deps);
    console.log(`Demo world seeded in ${where} in ${(c.ms / 1000).toFixed(1)} s:`);
    console.log(
      `  ${c.organizations} organizations, ${c.departments} departments, ${c.placements} placements, ${c.students} students,`,
    );
    const s = c.applicationsByStatus;
    console.log(
      `  ${c.applications} applications (${s.pending} pending, ${s.approved} approved, ${s.rejected} rejected, ${s.withdrawn} withdrawn), ${c.messages} messages, ${c.users} accounts.`,
    );
    console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of Object.values(DEMO_ACCOUNTS)) console.log(`  ${a.email}`);
  } finally {
    // The realtime listener holds its own connection: close it or the process never ends.
    await realtime?.close();
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
