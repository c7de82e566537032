import { chmodSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import {
  ANNOUNCE_AFTER_COMMIT_OPTION,
  type AuditRow,
  auditInsertSql,
  createAnnouncer,
  followCommits,
} from "./announce-after-commit";
import { type DataDirLock, lockDataDir } from "./data-dir-lock";
import { nameStatements } from "./named-statements";
import { endPipeline, pipelineTransactions } from "./pipelined-transactions";

/** The one database type every service takes: the same PostgreSQL dialect on PGlite or a server. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * Runs queries together: at once on the pool (each takes a connection of its own), one after
 * another in a transaction, whose one connection takes one query at a time (node-postgres 8 queues
 * them with a deprecation warning; version 9 refuses them).
 */
export async function together<T extends unknown[]>(
  db: DbOrTx,
  ...queries: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<T> {
  if (!("rollback" in db)) return (await Promise.all(queries.map((q) => q()))) as T;
  const out: unknown[] = [];
  for (const q of queries) out.push(await q());
  return out as T;
}

/** The rows of `db.execute(sql...)`: both drivers answer `{ rows }`; the shared type says unknown. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A json column of a raw statement: parsed here where a driver answered it as text. */
export type JsonColumn<T> = T | string;
export const fromJson = <T>(v: JsonColumn<T>): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The underlying PGlite, for LISTEN/NOTIFY in one process; null on a server. */
  pglite: PGlite | null;
  /** A pool for LISTEN on a real server; null on PGlite. */
  pool: pg.Pool | null;
  /**
   * Resolves once the announcements of every transaction committed so far have been sent (ADR 030:
   * on PostgreSQL they follow the commit; on PGlite they are sent with it, and this resolves at once).
   */
  announcementsSent(): Promise<void>;
  /**
   * Stores audit rows outside any request transaction (the audit trail's entry after a write): on
   * PostgreSQL in the announcer's next batch, one round trip and one commit for every write of that
   * turn (issue 11); on PGlite at once. A failure is reported, never thrown (PostgreSQL), or thrown
   * (PGlite) for the caller to report.
   */
  appendAudit(rows: AuditRow[]): Promise<void>;
};

/**
 * The embedded database's files are the service user's alone (education records). PGlite's node
 * filesystem creates its files 0666 whatever the umask, so each open, migration and close sets the
 * tree to 0700 directories and 0600 files; the directory's 0700 keeps private what it adds between.
 */
function ownerOnly(dir: string) {
  const set = (p: string, mode: number) => {
    try {
      chmodSync(p, mode);
    } catch (err) {
      // PGlite may remove a file meanwhile (a table rewritten): nothing left to protect.
      if ((err as { code?: unknown }).code !== "ENOENT") throw err;
    }
  };
  set(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) ownerOnly(p);
    else if (entry.isFile()) set(p, 0o600);
  }
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../drizzle");

/** `url` set: node-postgres pool. Otherwise PGlite on disk in `dataDir`, or in memory when dataDir is null. */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string | null;
  /** PGlite only: start from this data directory (a `dumpDataDir` file) instead of a new one. */
  loadDataDir?: Blob;
  /** Where a failure to send announcements is reported (ADR 030); ignored when not given. */
  onAnnounceError?: (err: unknown) => void;
  /** PostgreSQL: statements run again are prepared once per connection (ADR 034); on unless false. */
  preparedStatements?: boolean;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, options: ANNOUNCE_AFTER_COMMIT_OPTION });
    // A dropped idle client must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    const announcer = createAnnouncer(opts.url, opts.onAnnounceError ?? (() => {}));
    pool.on("connect", (client) => {
      followCommits(client, announcer.add);
      // Named outside the pipeline, so a statement carrying `begin` or `commit` keeps its name (ADR 034, 035).
      pipelineTransactions(client);
      if (opts.preparedStatements !== false) nameStatements(client);
    });
    pool.on("release", (_err: unknown, client: object) => endPipeline(client));
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: "postgres",
      pglite: null,
      pool,
      announcementsSent: announcer.sent,
      appendAudit: announcer.appendAudit,
      migrate: async () => {
        await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR });
      },
      ping: async () => {
        try {
          await pool.query("select 1");
          return true;
        } catch {
          return false;
        }
      },
      close: async () => {
        await announcer.close();
        await pool.end();
      },
    };
  }
  let dir: string | undefined;
  let lock: DataDirLock | null = null;
  if (opts.dataDir) {
    dir = path.resolve(opts.dataDir, "pglite");
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // One process per data directory (issue 8, item 4): a second one is refused here.
    lock = lockDataDir(path.resolve(opts.dataDir), opts.dataDir);
  }
  let client: PGlite;
  try {
    // In memory when neither is given.
    client = new PGlite({ dataDir: dir, loadDataDir: opts.loadDataDir });
    await client.waitReady;
    if (dir) ownerOnly(dir);
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite: client,
    pool: null,
    announcementsSent: () => Promise.resolve(),
    appendAudit: async (rows) => {
      if (rows.length > 0) await client.query(auditInsertSql("$1"), [JSON.stringify(rows)]);
    },
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
      if (dir) ownerOnly(dir);
    },
    ping: async () => {
      try {
        await client.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      try {
        await client.close();
        if (dir) ownerOnly(dir);
      } finally {
        lock?.release();
      }
    },
  };
}
