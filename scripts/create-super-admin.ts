// `npm run create-super-admin -- --email E --password P [--name N]` (D2): creates the account with
// the role super_admin, or grants the role to the account that has this email already (its
// password is left as it is). Same database as the server: DATA_DIR or DATABASE_URL. On the
// embedded database (DATA_DIR) the server must be stopped first: the command refuses otherwise.
import { parseArgs } from "node:util";
import { createApp } from "../src/server/app";
import { type Database, openDatabase } from "../src/server/db/client";
import { DataDirInUseError } from "../src/server/db/data-dir-lock";
import { rawArgv, readEnv } from "../src/server/env";
import { createOrPromoteSuperAdmin } from "../src/server/features/accounts/super-admin";
import { createLogger } from "../src/server/lib/logger";
import type { Realtime } from "../src/server/lib/realtime";
import { resolveAuthSecret } from "../src/server/lib/secret";

const USAGE = 'Usage: npm run create-super-admin -- --email EMAIL --password PASSWORD [--name "FULL NAME"]';

async function main(): Promise<number> {
  let values: { email?: string; password?: string; name?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: rawArgv(),
      options: {
        email: { type: "string" },
        password: { type: "string" },
        name: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    console.error(USAGE);
    return 1;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.email) {
    console.error("email: Email is required");
    console.error(USAGE);
    return 1;
  }

  const env = readEnv();
  const log = createLogger(env.LOG_LEVEL === "info" ? "warn" : env.LOG_LEVEL);
  let database: Database;
  try {
    database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  } catch (err) {
    // The embedded database is one process's: while the server runs, this command would write to a
    // copy the server then overwrites (issue 8, item 4). Nothing is written; the user is told why.
    if (err instanceof DataDirInUseError && err.pid !== process.pid) {
      console.error(
        `The embedded database in ${err.dataDir} is in use by another process (pid ${err.pid}), most likely the running server. Nothing was changed.`,
      );
      console.error(
        "Stop the server first (Ctrl-C), run this command again, then start the server. With DATABASE_URL (PostgreSQL) it runs while the server is up.",
      );
      return 1;
    }
    throw err;
  }
  let realtime: Realtime | null = null;
  try {
    await database.migrate();
    const secret = await resolveAuthSecret(database.db, env.AUTH_SECRET);
    const { deps } = createApp({ env, database, log, secret });
    realtime = deps.realtime;
    const result = await createOrPromoteSuperAdmin(deps, values);
    if (!result.ok) {
      console.error(`${result.field}: ${result.message}`);
      return 1;
    }
    switch (result.outcome) {
      case "created":
        console.log(`Created super admin ${result.email}. Sign in at ${env.appUrl}/auth`);
        break;
      case "promoted":
        console.log(
          `${result.email} already had an account: it is now a super admin (its password was not changed${values.password ? "; --password was ignored" : ""}).`,
        );
        break;
      case "already":
        console.log(`${result.email} is already a super admin; nothing changed.`);
        break;
    }
    return 0;
  } finally {
    // The realtime listener holds its own connection: close it or the process never ends.
    await realtime?.close();
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
