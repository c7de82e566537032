import type { SQL } from "drizzle-orm";
import pg from "pg";
import type { DbOrTx } from "./client";

// Issue 11 (ADR 035): a transaction's BEGIN travels with its first statement, and its COMMIT may
// travel with its last, each in the same write and round trip. Drizzle sends `begin` alone and
// awaits it, and `commit` alone after the last statement: two round trips of their own on every
// write, and on this two-core machine each round trip costs both sides a system call and a wake-up
// (the portal's `writev` was a quarter of its CPU on an approval).
// - `begin` is only noted; the connection's next statement carries it in front (Parse/Bind/Execute
//   of `begin`, then the statement's own messages, one Sync). The server runs them in that order,
//   so the statement runs inside the transaction exactly as before; its error leaves the
//   transaction aborted and the caller's ROLLBACK ends it, as before.
// - `commitWith(tx, statement)` sends a transaction's last statement with `commit` behind it. The
//   server skips the COMMIT when the statement fails (the caller's ROLLBACK then ends the aborted
//   transaction); a failed COMMIT fails the call. Drizzle's own `commit` after it is then answered
//   here without a round trip.

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown; callback?: unknown };
type Connection = {
  parse(m: { text: string; name: string; types: unknown[] }): void;
  bind(m: { portal: string; statement: string; values: unknown[] }): void;
  execute(m: { portal: string; rows: number }): void;
};
type QueryInternals = {
  prepare(connection: Connection): void;
  _getRows(connection: Connection, rows?: number): void;
  handleCommandComplete(msg: unknown, connection: Connection): void;
  callback?: (err: Error | null, res: unknown) => void;
};

const Query = pg.Query as unknown as new (config: QueryConfig, values?: unknown) => QueryInternals;

/** One statement-free command (`begin`, `commit`) as Parse/Bind/Execute, without a Sync of its own. */
function command(connection: Connection, text: string) {
  connection.parse({ text, name: "", types: [] });
  connection.bind({ portal: "", statement: "", values: [] });
  connection.execute({ portal: "", rows: 0 });
}

/**
 * A statement with `begin` in front of it and/or `commit` behind it. No class fields: the base
 * constructor assigns `name` through the accessors below, before a subclass's fields would be set.
 */
class PipelinedQuery extends Query {
  declare realName: unknown;
  /** With `begin` in front: until it completes. The client records a statement as parsed by the
   * query's name on every ParseComplete, and the first one is `begin`'s, not this statement's (which
   * may yet fail to parse). */
  declare hidingName: boolean;
  declare withBegin: boolean;
  declare withCommit: boolean;
  /** CommandComplete messages seen: `begin`'s (if sent), the statement's, then `commit`'s (if sent). */
  declare completed: number;

  get name() {
    return this.hidingName ? undefined : this.realName;
  }
  set name(value: unknown) {
    this.realName = value;
  }

  prepare(connection: Connection) {
    this.completed = 0;
    if (this.withBegin) command(connection, "begin");
    super.prepare(connection);
    if (this.withBegin) this.hidingName = true;
  }

  /** The statement's Execute and the Sync; reached only once its Bind was written (a value that
   * cannot be sent ends the statement before: no COMMIT then). */
  _getRows(connection: Connection & { sync(): void }, rows?: number) {
    if (!this.withCommit) return super._getRows(connection, rows);
    connection.execute({ portal: "", rows: 0 });
    command(connection, "commit");
    connection.sync();
  }

  /** True once the server confirmed the COMMIT sent behind the statement. */
  get committed() {
    return this.withCommit && this.completed === (this.withBegin ? 3 : 2);
  }

  handleCommandComplete(msg: unknown, connection: Connection) {
    this.completed += 1;
    const own = this.withBegin ? 2 : 1;
    if (this.completed === own) return super.handleCommandComplete(msg, connection);
    // `begin`'s, before the statement's: from here on ParseComplete is the statement's own.
    if (this.completed < own) this.hidingName = false;
    // `commit`'s, after it: not a result of the statement.
  }
}

const done = (command: string) => ({ command, rowCount: null, oid: null, rows: [], fields: [] });
const isText = (config: unknown, text: string) =>
  config !== null && typeof config === "object" && (config as QueryConfig).text === text;

type Pipeline = { reset(): void; commitNext(): void };
const pipelines = new WeakMap<object, Pipeline>();

/** Forgets what a connection had not sent yet (it went back to the pool: its next user starts clean). */
export const endPipeline = (client: object) => pipelines.get(client)?.reset();

/** Wraps one pooled connection's `query` so that `begin` (and `commit`, asked for) travel with a statement. */
export function pipelineTransactions(client: pg.Client): void {
  let pendingBegin = false;
  let commitNext = false;
  /** The last statement sent with `commit` behind it, until drizzle's own `commit` or `rollback`. */
  let last: PipelinedQuery | null = null;
  pipelines.set(client, {
    reset() {
      pendingBegin = false;
      commitNext = false;
      last = null;
    },
    commitNext() {
      commitNext = true;
    },
  });
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [config, values] = args;
    const plain = args.length <= 2 && typeof values !== "function";
    const noValues = values === undefined || (Array.isArray(values) && values.length === 0);
    if (last?.committed) {
      // Committed with the last statement: drizzle's own `commit` needs no round trip; a `rollback`
      // (the caller failed after it) is sent and is a no-op; nothing else may follow.
      last = null;
      if (plain && isText(config, "commit")) return Promise.resolve(done("COMMIT"));
      if (!(plain && isText(config, "rollback")))
        return Promise.reject(new Error("A statement was sent after the transaction's COMMIT (commitWith)"));
      return query(...args);
    }
    // Its statement or its COMMIT failed (or it has not been answered yet): what follows goes as usual.
    last = null;
    if (!pendingBegin && !commitNext) {
      if (plain && noValues && isText(config, "begin")) {
        pendingBegin = true;
        return Promise.resolve(done("BEGIN"));
      }
      return query(...args);
    }
    const withBegin = pendingBegin;
    const withCommit = commitNext;
    pendingBegin = false;
    commitNext = false;
    // Nothing was sent: an empty transaction has nothing to commit or roll back.
    if (withBegin && !withCommit && plain && (isText(config, "commit") || isText(config, "rollback")))
      return Promise.resolve(done(isText(config, "commit") ? "COMMIT" : "ROLLBACK"));
    const c = config as QueryConfig;
    const params = Array.isArray(values) ? values : c?.values;
    // A statement with parameters goes by the extended protocol: `begin` and `commit` join its
    // messages. Others (the simple protocol runs several statements in one text) get `begin` sent
    // ahead, in order, and leave the COMMIT to drizzle.
    const extended =
      plain &&
      c !== null &&
      typeof c === "object" &&
      typeof c.text === "string" &&
      typeof c.submit !== "function" &&
      !c.callback &&
      Array.isArray(params) &&
      params.length > 0;
    if (extended) {
      const q = new PipelinedQuery(c, params) as PipelinedQuery;
      q.withBegin = withBegin;
      q.withCommit = withCommit;
      if (withCommit) last = q;
      return new Promise((resolve, reject) => {
        q.callback = (err, res) => (err ? reject(err) : resolve(res));
        query(q);
      });
    }
    // pg runs a client's statements one after another: the next starts once `begin` is answered.
    if (withBegin) (query("begin") as Promise<unknown>).catch(() => {});
    return query(...args);
  };
}

type Internals = {
  session?: { client?: object };
  dialect?: { sqlToQuery(s: SQL): { sql: string; params: unknown[] } };
  nestedIndex?: number;
};

/** The pipelined connection a top-level drizzle transaction runs on; null elsewhere (PGlite, nested, the pool). */
function pipelineOf(tx: DbOrTx) {
  const { session, nestedIndex } = tx as unknown as Internals;
  const client = session?.client;
  const pipeline = client ? pipelines.get(client) : undefined;
  return client && pipeline && nestedIndex === 0 ? { client: client as pg.Client, pipeline } : null;
}

/**
 * Runs a transaction's LAST statement with the COMMIT behind it, in one round trip on PostgreSQL
 * (elsewhere, or inside a nested transaction, it runs as usual and drizzle commits after). Nothing
 * may run in the transaction after it: the callback returns right after. Resolves with the
 * statement's result once both ran; rejects when either failed (nothing is then committed).
 */
export async function commitWith(tx: DbOrTx, statement: SQL): Promise<unknown> {
  const on = pipelineOf(tx);
  const { dialect } = tx as unknown as Internals;
  if (!on || !dialect) return tx.execute(statement);
  const { sql: text, params } = dialect.sqlToQuery(statement);
  // Without parameters it would go by the simple protocol, which cannot carry the COMMIT.
  if (params.length === 0) return tx.execute(statement);
  on.pipeline.commitNext();
  return on.client.query({ text }, params);
}
