import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { openDatabase } from "./db/client";
import { readEnv } from "./env";
import { createLogger } from "./lib/logger";
import { resolveAuthSecret } from "./lib/secret";
import { seedIfEmpty } from "./seed/seed";

/** Process entry: env, database, migrations, demo world, listen; stops cleanly on SIGTERM/SIGINT. */
export async function main() {
  const env = readEnv();
  const log = createLogger(env.LOG_LEVEL);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  log.info({ database: database.kind }, "running migrations");
  await database.migrate();
  const secret = await resolveAuthSecret(database.db, env.AUTH_SECRET);
  const { app, deps } = createApp({ env, database, log, secret });
  if (env.demoData) await seedIfEmpty(deps);

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    log.info(`Clinical Placement Portal is running at ${env.APP_URL ?? `http://localhost:${info.port}`}`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "stopping: finishing requests");
    // Stop accepting, let in-flight requests finish, then close the database.
    const closing = deps.realtime.close();
    server.close(async () => {
      await closing;
      await database.close();
      log.info("stopped");
      process.exit(0);
    });
    setTimeout(() => {
      log.warn("requests still open after 10 s; closing anyway");
      process.exit(1);
    }, 10_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
