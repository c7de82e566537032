// `npm run create-super-admin -- --email E --password P [--name N]` (D2): creates the account with
// the role super_admin, or grants the role to the account that has this email already (its
// password is left as it is). Same database as the server: DATA_DIR or DATABASE_URL.
import { parseArgs } from "node:util";
import { createApp } from "../src/server/app";
import { openDatabase } from "../src/server/db/client";
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
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
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
