import { createRequire } from "node:module";
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
// - `commitWith(tx, statement, { first })` also sends a statement before it, in the same write
//   (a decision's locks: issue 11). The server runs it as a statement of its own (the next one's
//   snapshot is taken after it, so what it locked is read as committed), and its rows are dropped.

/** A statement sent ahead of the pipelined one, in the same write; its rows are dropped. */
export type FirstStatement = { text: string; values: unknown[]; name?: string };
type QueryConfig = {
  text?: unknown;
  name?: unknown;
  values?: unknown;
  submit?: unknown;
  callback?: unknown;
  first?: FirstStatement;
};
type Connection = {
  parsedStatements: Record<string, string>;
  close(m: { type: "S" | "P"; name: string }): void;
  parse(m: { text: string; name: string; types: unknown[] }): void;
  bind(m: { portal: string; statement: string; values: unknown[]; valueMapper?: (v: unknown) => unknown }): void;
  execute(m: { portal: string; rows: number }): void;
};
type QueryInternals = {
  prepare(connection: Connection): void;
  _getRows(connection: Connection, rows?: number): void;
  handleCommandComplete(msg: unknown, connection: Connection): void;
  handleDataRow(msg: unknown): void;
  callback?: (err: Error | null, res: unknown) => void;
};

const Query = pg.Query as unknown as new (config: QueryConfig, values?: unknown) => QueryInternals;
// node-postgres's own conversion of a value to its text form (dates, arrays, JSON), as its queries bind.
const { prepareValue } = createRequire(import.meta.url)("pg/lib/utils") as { prepareValue(v: unknown): unknown };

/** One statement-free command (`begin`, `commit`) as Parse/Bind/Execute, without a Sync of its own. */
function command(connection: Connection, text: string) {
  connection.parse({ text, name: "", types: [] });
  connection.bind({ portal: "", statement: "", values: [] });
  connection.execute({ portal: "", rows: 0 });
}

/** The statement sent ahead, without a Describe (the server sends no row description; its rows are dropped). */
function sendFirst(connection: Connection, first: FirstStatement) {
  const name = first.name ?? "";
  if (!name || connection.parsedStatements[name] === undefined) {
    // Its name is recorded once it has run: an earlier call may have prepared it and then failed
    // while running (a deadlock while locking), and the server refuses to prepare a name twice.
    // Closing a statement that does not exist is no error.
    if (name) connection.close({ type: "S", name });
    connection.parse({ text: first.text, name, types: [] });
  }
  connection.bind({ portal: "", statement: name, values: first.values, valueMapper: prepareValue });
  connection.execute({ portal: "", rows: 0 });
}

/**
 * A statement with `begin` in front of it and/or `commit` behind it (and another statement, `first`,
 * between `begin` and it). No class fields: the base
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
  declare first: FirstStatement | null;
  /** CommandComplete messages seen: `begin`'s (if sent), `first`'s (if sent), the statement's, then `commit`'s (if sent). */
  declare completed: number;

  /** The CommandComplete that is the statement's own (1-based). */
  get own() {
    return (this.withBegin ? 1 : 0) + (this.first ? 1 : 0) + 1;
  }

  get name() {
    return this.hidingName ? undefined : this.realName;
  }
  set name(value: unknown) {
    this.realName = value;
  }

  prepare(connection: Connection) {
    this.completed = 0;
    if (this.withBegin) command(connection, "begin");
    if (this.first) sendFirst(connection, this.first);
    super.prepare(connection);
    if (this.withBegin || this.first) this.hidingName = true;
  }

  /** `first`'s rows are not this statement's result. */
  handleDataRow(msg: unknown) {
    if (this.completed < this.own - 1) return;
    super.handleDataRow(msg);
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
    return this.withCommit && this.completed === this.own + 1;
  }

  handleCommandComplete(msg: unknown, connection: Connection) {
    this.completed += 1;
    const own = this.own;
    if (this.completed === own) return super.handleCommandComplete(msg, connection);
    if (this.completed === own - 1) {
      // `first` ran: its text is parsed on this connection under its name (sent again by name).
      if (this.first?.name) connection.parsedStatements[this.first.name] = this.first.text;
      // The last before the statement's: from here on ParseComplete is the statement's own.
      this.hidingName = false;
    }
    // `begin`'s before them, `commit`'s after it: not results of the statement.
  }
}

const done = (command: string) => ({ command, rowCount: null, oid: null, rows: [], fields: [] });
const isText = (config: unknown, text: string) =>
  config !== null && typeof config === "object" && (config as QueryConfig).text === text;

type Pipeline = { reset(): void; commitNext(): void; firstNext(first: FirstStatement): void };
const pipelines = new WeakMap<object, Pipeline>();

/** Forgets what a connection had not sent yet (it went back to the pool: its next user starts clean). */
export const endPipeline = (client: object) => pipelines.get(client)?.reset();

/** Wraps one pooled connection's `query` so that `begin` (and `commit`, asked for) travel with a statement. */
export function pipelineTransactions(client: pg.Client): void {
  let pendingBegin = false;
  let commitNext = false;
  /** A statement to send ahead of the next one, in the same write (`sendWithNext`). */
  let firstNext: FirstStatement | null = null;
  /** The last statement sent with `commit` behind it, until drizzle's own `commit` or `rollback`. */
  let last: PipelinedQuery | null = null;
  pipelines.set(client, {
    reset() {
      pendingBegin = false;
      commitNext = false;
      firstNext = null;
      last = null;
    },
    commitNext() {
      commitNext = true;
    },
    firstNext(first) {
      if (firstNext) throw new Error("A statement is already waiting to be sent with the next one");
      firstNext = first;
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
    if (!pendingBegin && !commitNext && !firstNext) {
      if (plain && noValues && isText(config, "begin")) {
        pendingBegin = true;
        return Promise.resolve(done("BEGIN"));
      }
      return query(...args);
    }
    const withBegin = pendingBegin;
    const withCommit = commitNext;
    const first = firstNext;
    pendingBegin = false;
    commitNext = false;
    firstNext = null;
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
      if (first && c.first) return Promise.reject(new Error("Two statements to send ahead of one"));
      q.first = c.first ?? first;
      if (withCommit) last = q;
      return new Promise((resolve, reject) => {
        q.callback = (err, res) => (err ? reject(err) : resolve(res));
        query(q);
      });
    }
    // pg runs a client's statements one after another: the next starts once `begin` is answered
    // (and `first`: should it fail, the statement fails too, in the aborted transaction).
    if (withBegin) (query("begin") as Promise<unknown>).catch(() => {});
    if (first) (query({ text: first.text }, first.values) as Promise<unknown>).catch(() => {});
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
 *
 * `first`: a statement run just before it, as a statement of its own, in the same round trip (its
 * rows are dropped): say, one that takes the locks the last statement's checks need, so that they
 * are held only while the server runs the two and commits.
 */
export async function commitWith(tx: DbOrTx, statement: SQL, opts: { first?: SQL } = {}): Promise<unknown> {
  const on = pipelineOf(tx);
  const { dialect } = tx as unknown as Internals;
  const first = opts.first && dialect ? dialect.sqlToQuery(opts.first) : null;
  // Without parameters a statement would go by the simple protocol, which cannot carry the COMMIT.
  if (!on || !dialect || (first && first.params.length === 0)) {
    if (opts.first) await tx.execute(opts.first);
    return tx.execute(statement);
  }
  const { sql: text, params } = dialect.sqlToQuery(statement);
  if (params.length === 0) {
    if (opts.first) await tx.execute(opts.first);
    return tx.execute(statement);
  }
  on.pipeline.commitNext();
  return on.client.query({ text, ...(first ? { first: { text: first.sql, values: first.params } } : {}) }, params);
}

/**
 * Sends `statement` ahead of the transaction's NEXT statement, in the same write and round trip, as
 * a statement of its own (its rows are dropped; the next one's snapshot is taken after it): say, a
 * lock the next statement's reads need held. Elsewhere (PGlite, a nested transaction) it runs now.
 * The caller's next statement in this transaction must follow at once: it carries this one.
 */
export async function sendWithNext(tx: DbOrTx, statement: SQL): Promise<void> {
  const on = pipelineOf(tx);
  const { dialect } = tx as unknown as Internals;
  const query = on && dialect ? dialect.sqlToQuery(statement) : null;
  if (!on || !query || query.params.length === 0) {
    await tx.execute(statement);
    return;
  }
  on.pipeline.firstNext({ text: query.sql, values: query.params });
}
