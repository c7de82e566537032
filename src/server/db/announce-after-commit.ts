import type { EventEmitter } from "node:events";
import pg from "pg";

// ADR 030: announcements sent after the commit instead of inside the transaction. PostgreSQL
// commits transactions that called NOTIFY one at a time, each holding a database-wide lock through
// its disk flush (ADR 029), so every write that announced a table queued behind every other. On the
// portal's own connections (started with portal.announce_after_commit=on) the triggers of
// drizzle/0023 hand their announcements to the connection as notices instead; this module follows
// each connection's protocol, keeps them while the transaction runs, and sends them once it has
// committed, in a statement that writes nothing (no flush, no queue). A rollback, a failed
// statement or a failed COMMIT sends nothing.

/** The SQLSTATE portal_announce() raises its notices with (drizzle/0023). */
export const ANNOUNCE_NOTICE = "PA001";
/**
 * Given to every pooled connection: the triggers then announce through notices. Notices reach the
 * client only at client_min_messages=notice or below, so the connection sets it too: a database or
 * role configured quieter (a common setting) would otherwise drop every announcement and event.
 */
export const ANNOUNCE_AFTER_COMMIT_OPTION = "-c portal.announce_after_commit=on -c client_min_messages=notice";

export type Announcement = { channel: string; payload: string };

type Notice = { code?: string; message?: string; detail?: string };

/**
 * Follows one connection: notices of portal_announce() collected since its transaction began are
 * handed to `committed` when the server reports the connection idle again after a COMMIT or after
 * an autocommitted statement that did not fail.
 */
export function followCommits(client: pg.Client, committed: (list: Announcement[]) => void): void {
  // node-postgres's protocol connection: the only place the transaction's outcome is visible.
  const connection = (client as unknown as { connection: EventEmitter }).connection;
  let pending: Announcement[] = [];
  let failed = false;
  let tag = "";
  client.on("notice", (notice: Notice) => {
    if (notice.code === ANNOUNCE_NOTICE && notice.detail && notice.message !== undefined)
      pending.push({ channel: notice.detail, payload: notice.message });
  });
  connection.on("errorMessage", () => {
    failed = true;
  });
  connection.on("commandComplete", (msg: { text?: string }) => {
    tag = msg.text ?? "";
  });
  connection.on("readyForQuery", (msg: { status?: string }) => {
    const ended = msg.status === "I";
    // "T": inside a transaction (an error rolled back to a savepoint leaves it going); "E": aborted,
    // waiting for its ROLLBACK. Only "I" ends it.
    if (ended) {
      // COMMIT of an aborted transaction answers ROLLBACK; a failed statement has no tag of its own.
      const ok = !failed && !tag.startsWith("ROLLBACK");
      const list = pending;
      pending = [];
      if (ok && list.length > 0) committed(list);
    }
    failed = false;
    tag = "";
  });
}

/** The notices of drizzle/0024's portal_publish carry this channel: live events to store (ADR 031). */
export const EVENTS_CHANNEL = "portal_events";

export type Announcer = {
  add(list: Announcement[]): void;
  /** Resolves once everything added so far has been stored and sent (or failed and was reported). */
  sent(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Sends what committed transactions handed over, in batches: everything committed in one turn of the
 * event loop goes together, one batch after another. Live events (ADR 031) are stored in one short
 * transaction of their own (drizzle/0024's portal_store_events: the order lock, the rows, the
 * NOTIFY), in commit order; the other announcements in one statement that writes nothing (identical
 * ones once). On a connection of its own: behind the pool's queue, a batch would wait for the very
 * requests waiting for it.
 */
export function createAnnouncer(url: string, onError: (err: unknown) => void): Announcer {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  // A dropped idle connection must not crash the process; the next batch opens another.
  pool.on("error", () => {});
  const queued = new Map<string, Announcement>();
  let events: unknown[] = [];
  let scheduled = false;
  let tail: Promise<void> = Promise.resolve();
  const flush = async () => {
    scheduled = false;
    const list = [...queued.values()];
    queued.clear();
    const stored = events;
    events = [];
    const channels = list.map((a) => a.channel);
    const payloads = list.map((a) => a.payload);
    const notify = (c: string, p: string) =>
      `select count(pg_notify(a.c, a.p)) from unnest(${c}::text[], ${p}::text[]) as a(c, p)`;
    // One round trip: with events, the table announcements ride in their transaction.
    if (stored.length > 0)
      await pool
        .query(`select portal_store_events($1::jsonb), (${notify("$2", "$3")})`, [
          JSON.stringify(stored),
          channels,
          payloads,
        ])
        .catch(onError);
    else if (list.length > 0) await pool.query(notify("$1", "$2"), [channels, payloads]).catch(onError);
  };
  return {
    add(list) {
      for (const a of list) {
        if (a.channel === EVENTS_CHANNEL) {
          // Each write's events, in the order they committed (never merged: two are never the same).
          try {
            events.push(...(JSON.parse(a.payload) as unknown[]));
          } catch (err) {
            onError(err);
          }
        } else queued.set(`${a.channel}\u0000${a.payload}`, a);
      }
      if (scheduled) return;
      scheduled = true;
      tail = tail.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(flush);
    },
    sent: () => tail,
    async close() {
      await tail;
      await pool.end();
    },
  };
}
