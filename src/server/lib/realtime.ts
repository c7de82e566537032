import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database, DbOrTx } from "../db/client";
import type { Logger } from "./logger";

// Live events through PostgreSQL LISTEN/NOTIFY: every server instance listens on one channel and
// hands each event to the SSE connections of the user it is for. On PGlite the same channel works
// inside the one process; on PostgreSQL it crosses instances. Payloads carry ids, not records.

export const CHANNEL = "portal_events";

/** Sent to a user's streams when one of their sessions may have ended: each stream checks its own. */
export const SESSION_ENDED = "session.ended";

export type PortalEvent = { userId: string; type: string; data?: Record<string, unknown> };
type Listener = (event: PortalEvent) => void;

export type Realtime = {
  /** Sends an event to a user's open connections on every instance (inside `tx` when given: sent on commit). */
  publish(db: DbOrTx, event: PortalEvent): Promise<void>;
  subscribe(userId: string, listener: Listener): () => void;
  /** Resolves once this instance listens; SSE connections wait for it. */
  ready: Promise<void>;
  close(): Promise<void>;
};

export function createRealtime(database: Database, log: Logger): Realtime {
  const listeners = new Map<string, Set<Listener>>();
  const deliver = (payload: string) => {
    let event: PortalEvent;
    try {
      event = JSON.parse(payload) as PortalEvent;
    } catch {
      return;
    }
    for (const l of listeners.get(event.userId) ?? []) l(event);
  };

  let stop: () => Promise<void> = async () => {};
  let ready: Promise<void>;
  if (database.pglite) {
    const pglite = database.pglite;
    ready = pglite.listen(CHANNEL, deliver).then((unlisten) => {
      stop = () => unlisten();
    });
  } else {
    const pool = database.pool!;
    const url = (pool.options as { connectionString?: string }).connectionString;
    let client: pg.Client | null = null;
    let closed = false;
    // A dedicated connection (a pooled one would be handed to queries); reconnects after a drop.
    const connect = async () => {
      if (closed) return;
      const c = new pg.Client({ connectionString: url });
      c.on("notification", (msg) => msg.payload && deliver(msg.payload));
      c.on("error", (err) => {
        log.warn({ err }, "realtime listener lost its connection; reconnecting");
        client = null;
        setTimeout(() => void connect().catch(() => undefined), 1000);
      });
      await c.connect();
      await c.query(`listen ${CHANNEL}`);
      client = c;
    };
    ready = connect();
    stop = async () => {
      closed = true;
      await client?.end().catch(() => undefined);
    };
  }
  // Never an unhandled rejection: a failed LISTEN is logged; publishing still works.
  ready = ready.catch((err) => log.error({ err }, "realtime: could not LISTEN"));

  return {
    async publish(db, event) {
      await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
    },
    subscribe(userId, listener) {
      const set = listeners.get(userId) ?? new Set<Listener>();
      listeners.set(userId, set);
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    ready,
    async close() {
      // Ends every open event stream of this instance, so a graceful stop is not held up by them.
      for (const [userId, set] of listeners) for (const l of set) l({ userId, type: "shutdown" });
      listeners.clear();
      await stop();
    },
  };
}
