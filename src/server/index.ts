import cluster from "node:cluster";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { openDatabase } from "./db/client";
import { type Env, readEnv } from "./env";
import { stopDocumentWork } from "./lib/document-text";
import { createLogger, type Logger } from "./lib/logger";
import { resolveAuthSecret } from "./lib/secret";
import { seedIfEmpty } from "./seed/seed";
import { serverProcessFlags } from "./server-process-flags";

/**
 * Process entry: env, database, migrations, demo world, listen; stops cleanly on SIGTERM/SIGINT.
 * With WEB_CONCURRENCY > 1 on PostgreSQL, this process prepares the database once and runs that
 * many server processes sharing the port (node:cluster); sessions, rate limits, lockouts and live
 * events live in PostgreSQL, so every process sees the same (issue 11). Each process runs one job
 * runner on the shared job table (lib/jobs.ts).
 */
export async function main() {
  // What the server creates is its user's alone: folders 0700 (uploads', the database's), files 0600.
  process.umask(0o077);
  const env = readEnv();
  const log = createLogger(env.LOG_LEVEL);
  if (cluster.isWorker) return serveRequests(env, log, { prepare: false });
  if (env.WEB_CONCURRENCY > 1 && env.DATABASE_URL) return runCluster(env, log);
  if (env.WEB_CONCURRENCY > 1)
    log.warn("WEB_CONCURRENCY needs PostgreSQL (DATABASE_URL): the embedded database serves one process");
  return serveRequests(env, log, { prepare: true });
}

/** ADR 030: an announcement that could not be sent leaves kept answers until READ_CACHE_MS ends them. */
const announceError = (log: Logger) => (err: unknown) =>
  log.warn({ err }, "could not announce changes after their commit; kept answers expire on their own");

const openConfigured = (env: Env, log: Logger) =>
  openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onAnnounceError: announceError(log),
    preparedStatements: env.DATABASE_PREPARED_STATEMENTS,
  });

/** Migrations, the auth secret and the demo world: once, before any request is served. */
async function prepareDatabase(env: Env, log: Logger) {
  const database = await openConfigured(env, log);
  log.info({ database: database.kind }, "running migrations");
  await database.migrate();
  const secret = await resolveAuthSecret(database.db, env.AUTH_SECRET);
  return { database, secret };
}

async function serveRequests(env: Env, log: Logger, opts: { prepare: boolean }) {
  let database: Awaited<ReturnType<typeof openDatabase>>;
  let secret: string;
  if (opts.prepare) {
    ({ database, secret } = await prepareDatabase(env, log));
  } else {
    database = await openConfigured(env, log);
    secret = await resolveAuthSecret(database.db, env.AUTH_SECRET);
  }
  const { app, deps, jobRunner } = createApp({ env, database, log, secret });
  if (opts.prepare && env.demoData) await seedIfEmpty(deps);
  // Every process polls the job queue (ADR 015): mail, reminders, digests; claims never overlap.
  jobRunner.start();

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    if (cluster.isPrimary)
      log.info(`Clinical Placement Portal is running at ${env.APP_URL ?? `http://localhost:${info.port}`}`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "stopping: finishing requests");
    // Stop accepting, let in-flight requests finish, then close the database. Document workers are
    // killed first: a scan waiting on one answers at once (no dates) instead of at its deadline.
    const closing = Promise.all([deps.realtime.close(), jobRunner.stop(), stopDocumentWork()]);
    server.close(async () => {
      await closing;
      await database.close();
      log.info("stopped");
      log.flush(() => process.exit(0));
    });
    setTimeout(() => {
      log.warn("requests still open after 10 s; closing anyway");
      process.exit(1);
    }, 10_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

async function runCluster(env: Env, log: Logger) {
  const { database, secret } = await prepareDatabase(env, log);
  if (env.demoData) {
    const { deps } = createApp({ env, database, log, secret });
    await seedIfEmpty(deps);
    await deps.realtime.close();
  }
  await database.close();

  const count = env.WEB_CONCURRENCY;
  let listening = 0;
  let stopping = false;
  cluster.setupPrimary({ execArgv: serverProcessFlags(process.execArgv, process.env.NODE_OPTIONS) });
  const fork = () => cluster.fork();
  cluster.on("listening", () => {
    listening += 1;
    if (listening === count)
      log.info(
        `Clinical Placement Portal is running at ${env.APP_URL ?? `http://localhost:${env.PORT}`} (${count} processes)`,
      );
  });
  // A process that dies unexpectedly is replaced; on shutdown they all finish their requests first.
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) log.flush(() => process.exit(0));
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, "server process exited: starting another");
    fork();
  });
  for (let i = 0; i < count; i++) fork();

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, processes: count }, "stopping: finishing requests");
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    setTimeout(() => process.exit(1), 12_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
