import { and, asc, eq, gt, type SQL, sql } from "drizzle-orm";
import pg from "pg";
import type { Database, Db, DbOrTx } from "../db/client";
import { portalEvents } from "../db/schema/events";
import type { Logger } from "./logger";

// Live events (ADR 008). `publish` stores the event in `portal_events` in the caller's transaction
// and NOTIFYs its id (with the event, when small) on commit; every server instance LISTENs on one
// channel and hands each event to the SSE streams of the user it is for. The table gives every event
// a durable, ordered id: a stream that reconnects with Last-Event-ID is replayed what it missed.
// On PGlite the channel works inside the one process; on PostgreSQL it crosses instances.

export const CHANNEL = "portal_events";
/** Announced by database triggers (drizzle/0011): a user's viewer changed; '*' for anyone's (ADR 016). */
export const VIEWER_CHANNEL = "portal_viewer";
/**
 * Announced by database triggers (drizzle/0012): what a student's recommendations are computed from
 * changed; the student's id, or '*' for everyone's (placements, requirements, organizations).
 */
export const MATCHING_CHANNEL = "portal_matching";
/** Announcements for every instance, not stored (drizzle/0015): `{ topic: "audit", id }`, `{ topic: "settings" }`. */
export const BROADCAST_CHANNEL = "portal_broadcast";
export type Broadcast = { topic: string; [key: string]: unknown };
/**
 * Announced by statement-level triggers (drizzle/0022): a table the cached reads depend on changed
 * (ADR 027); the payload is the table's name, or '*' locally when changes may have been missed.
 */
export const TABLE_CHANNEL = "portal_tables";

/** Sent to a user's streams when one of their sessions may have ended: each stream checks its own. */
export const SESSION_ENDED = "session.ended";

/** Local signals to a stream, never stored: the instance stops; or live events may have been missed. */
export const SHUTDOWN = "shutdown";
export const MAY_HAVE_MISSED = "realtime.gap";

/** How long events are kept for replay. */
export const RETENTION_HOURS = 24;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

// Storing an event (drizzle/0024's portal_store_events) takes ADR 008's order lock, from the first
// id it draws to its commit, so ids are handed out and committed in the same order: a stream that
// has sent id n has seen every committed id below n, which makes Last-Event-ID replay gap-free. A
// payload above 7000 bytes (NOTIFY's limit is 8000) is announced by id and read from the table.

export type PortalEvent = { userId: string; type: string; data?: Record<string, unknown> };
/** An event as stored: `id` orders it among all events (local signals have none). */
export type LiveEvent = PortalEvent & { id?: number };
type Listener = (event: LiveEvent) => void;

export type Realtime = {
  /**
   * Stores an event for a user's open connections on every instance and announces it, once `tx`
   * (when given) commits, never for a rollback. On PostgreSQL it is stored after the commit, in a
   * batch (ADR 031); on PGlite inside the transaction, which is then serialized from here to its
   * commit: call it last. Several events: one statement, in order.
   */
  publish(db: DbOrTx, event: PortalEvent | PortalEvent[], opts?: { alongside?: SQL | SQL[] }): Promise<void>;
  /**
   * The SQL expression that publishes these events as `publish` does, for a statement of the
   * caller's own that evaluates it once per event batch (say once per row a write returned: a write
   * that wrote nothing publishes nothing). One round trip for the write, its events and its answer.
   */
  publishing(event: PortalEvent | PortalEvent[]): SQL;
  subscribe(userId: string, listener: Listener): () => void;
  /** Resolves once this instance listens; SSE connections wait for it. */
  ready: Promise<void>;
  /**
   * Called with a user id ('*': anyone) when what their viewer is made of changed, on any instance;
   * and with '*' when this instance's LISTEN connection was lost (changes may have been missed).
   */
  onViewerChange(listener: (userId: string) => void): () => void;
  /** Whether viewer changes reach this instance now (its LISTEN connection is up). */
  hearsViewerChanges(): boolean;
  /**
   * Called with a student's id ('*': everyone's) when what recommendations are computed from
   * changed, on any instance; and with '*' when this instance's LISTEN connection was lost.
   */
  onMatchingChange(listener: (studentId: string) => void): () => void;
  /** Whether matching changes reach this instance now (the same LISTEN connection as the viewer's). */
  hearsMatchingChanges(): boolean;
  /**
   * Called with a table's name when a statement changed it, on any instance (ADR 027); and with '*'
   * when this instance's LISTEN connection was lost.
   */
  onTableChange(listener: (table: string) => void): () => void;
  /** Whether table changes reach this instance now (the same LISTEN connection). */
  hearsTableChanges(): boolean;
  /**
   * Announcements to every instance (a new audit entry, a changed setting). `{ topic: "*" }` after
   * the LISTEN connection was lost: anything may have been missed.
   */
  onBroadcast(listener: (message: Broadcast) => void): () => void;
  close(): Promise<void>;
};

/** A user's stored events after `afterId`, oldest first (at most `limit`). */
export async function eventsAfter(db: Db, userId: string, afterId: number, limit: number): Promise<LiveEvent[]> {
  const rows = await db
    .select({ id: portalEvents.id, userId: portalEvents.userId, type: portalEvents.type, data: portalEvents.data })
    .from(portalEvents)
    .where(and(eq(portalEvents.userId, userId), gt(portalEvents.id, afterId)))
    .orderBy(asc(portalEvents.id))
    .limit(limit);
  return rows;
}

/** The id range still kept: a Last-Event-ID outside it cannot be replayed exactly. */
export async function keptRange(db: Db): Promise<{ oldest: number | null; newest: number | null }> {
  const [row] = await db
    .select({
      oldest: sql<string | null>`min(${portalEvents.id})`,
      newest: sql<string | null>`max(${portalEvents.id})`,
    })
    .from(portalEvents);
  return {
    oldest: row?.oldest == null ? null : Number(row.oldest),
    newest: row?.newest == null ? null : Number(row.newest),
  };
}

/** The newest id of a user's events (0 when none is kept). */
export async function newestEventId(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ id: sql<string | null>`max(${portalEvents.id})` })
    .from(portalEvents)
    .where(eq(portalEvents.userId, userId));
  return row?.id == null ? 0 : Number(row.id);
}

export function createRealtime(database: Database, log: Logger): Realtime {
  const db = database.db;
  const listeners = new Map<string, Set<Listener>>();
  const dispatch = (event: LiveEvent) => {
    for (const l of listeners.get(event.userId) ?? []) l(event);
  };
  const deliver = (payload: string) => {
    let event: LiveEvent & { large?: boolean };
    try {
      event = JSON.parse(payload) as LiveEvent & { large?: boolean };
    } catch {
      return;
    }
    if (typeof event.id !== "number" || !listeners.has(event.userId)) return;
    if (!event.large) return dispatch(event);
    // Announced by id only: this user's streams catch up from the table (their replay path).
    dispatch({ userId: event.userId, type: MAY_HAVE_MISSED });
  };
  const viewerListeners = new Set<(userId: string) => void>();
  let hearing = false;
  const viewerChanged = (userId: string) => {
    for (const l of viewerListeners) l(userId);
  };
  const matchingListeners = new Set<(studentId: string) => void>();
  const matchingChanged = (studentId: string) => {
    for (const l of matchingListeners) l(studentId);
  };
  const tableListeners = new Set<(table: string) => void>();
  const tableChanged = (table: string) => {
    for (const l of tableListeners) l(table);
  };
  const broadcastListeners = new Set<(message: Broadcast) => void>();
  const broadcast = (payload: string) => {
    let message: Broadcast;
    try {
      message = JSON.parse(payload) as Broadcast;
    } catch {
      return;
    }
    if (typeof message?.topic !== "string") return;
    for (const l of broadcastListeners) l(message);
  };
  /** Every open stream replays from its last id: after the LISTEN connection was lost and regained. */
  const catchUpAll = () => {
    for (const userId of listeners.keys()) dispatch({ userId, type: MAY_HAVE_MISSED });
  };

  let stop: () => Promise<void> = async () => {};
  let ready: Promise<void>;
  if (database.pglite) {
    const pglite = database.pglite;
    ready = Promise.all([
      pglite.listen(CHANNEL, deliver),
      pglite.listen(VIEWER_CHANNEL, viewerChanged),
      pglite.listen(MATCHING_CHANNEL, matchingChanged),
      pglite.listen(BROADCAST_CHANNEL, broadcast),
      pglite.listen(TABLE_CHANNEL, tableChanged),
    ]).then(([unlisten, unlistenViewer, unlistenMatching, unlistenBroadcast, unlistenTables]) => {
      hearing = true;
      stop = async () => {
        hearing = false;
        await unlisten();
        await unlistenViewer();
        await unlistenMatching();
        await unlistenBroadcast();
        await unlistenTables();
      };
    });
  } else {
    const pool = database.pool!;
    const url = (pool.options as { connectionString?: string }).connectionString;
    let client: pg.Client | null = null;
    let closed = false;
    let everConnected = false;
    // A dedicated connection (a pooled one would be handed to queries); reconnects after a drop,
    // then tells every stream to replay from its last id what was announced meanwhile.
    const connect = async (): Promise<void> => {
      if (closed) return;
      const c = new pg.Client({ connectionString: url });
      c.on("notification", (msg) => {
        if (!msg.payload) return;
        if (msg.channel === VIEWER_CHANNEL) viewerChanged(msg.payload);
        else if (msg.channel === MATCHING_CHANNEL) matchingChanged(msg.payload);
        else if (msg.channel === BROADCAST_CHANNEL) broadcast(msg.payload);
        else if (msg.channel === TABLE_CHANNEL) tableChanged(msg.payload);
        else deliver(msg.payload);
      });
      let lost = false;
      const reconnect = (err: unknown) => {
        if (lost || closed) return;
        lost = true;
        // Changes made while nobody listens would go unheard: forget every kept viewer now.
        hearing = false;
        viewerChanged("*");
        matchingChanged("*");
        tableChanged("*");
        broadcast(JSON.stringify({ topic: "*" }));
        log.warn({ err }, "realtime listener lost its connection; reconnecting");
        client = null;
        c.end().catch(() => undefined);
        setTimeout(() => void connect().catch(reconnect), 1000);
      };
      c.on("error", reconnect);
      c.on("end", () => reconnect(new Error("connection ended")));
      await c.connect();
      await c.query(`listen ${CHANNEL}`);
      await c.query(`listen ${VIEWER_CHANNEL}`);
      await c.query(`listen ${MATCHING_CHANNEL}`);
      await c.query(`listen ${BROADCAST_CHANNEL}`);
      await c.query(`listen ${TABLE_CHANNEL}`);
      client = c;
      hearing = true;
      if (everConnected) catchUpAll();
      everConnected = true;
    };
    ready = connect();
    stop = async () => {
      closed = true;
      hearing = false;
      await client?.end().catch(() => undefined);
    };
  }
  // Never an unhandled rejection: a failed LISTEN is logged; publishing still works.
  ready = ready.catch((err) => log.error({ err }, "realtime: could not LISTEN"));

  // Replay needs a day of events, not more.
  const prune = () =>
    db
      .delete(portalEvents)
      .where(sql`${portalEvents.createdAt} < now() - make_interval(hours => ${RETENTION_HOURS})`)
      .catch((err) => log.warn({ err }, "realtime: could not prune old events"));
  const pruning = setInterval(() => void prune(), PRUNE_EVERY_MS);
  pruning.unref();

  const store = async (tx: DbOrTx, events: PortalEvent[], alongside: SQL[] = []) => {
    // `alongside`: data-modifying statements run in the same statement (a CTE runs exactly once), so
    // a write and its events commit together without an explicit transaction (issue 11).
    // portal_publish (drizzle/0024, ADR 031): on the portal's PostgreSQL connections the events are
    // handed to the connection and stored with the order lock once the transaction has committed,
    // in a batch with other writes' (db/announce-after-commit.ts); elsewhere (PGlite, psql) they are
    // stored here, inside the transaction, under the order lock (ADR 008).
    await tx.execute(sql`
      with ${sql.join(
        alongside.map((s, i) => sql`${sql.raw(`w${i}`)} as (${s}), `),
        sql``,
      )}v as (select ${eventsJson(events)}::jsonb as events)
      select portal_publish(v.events) from v`);
  };
  const eventsJson = (events: PortalEvent[]) =>
    JSON.stringify(events.map((e) => ({ userId: e.userId, type: e.type, data: e.data ?? {} })));

  return {
    async publish(target, event, opts = {}) {
      const events = Array.isArray(event) ? event : [event];
      if (events.length === 0) {
        for (const s of [opts.alongside ?? []].flat()) await target.execute(s);
        return;
      }
      // Inside the caller's transaction when there is one. Otherwise one statement is its own
      // transaction: the lock lasts to its commit, with no round trip between (issue 11: publishing
      // transactions queue behind that lock).
      await store(target, events, [opts.alongside ?? []].flat());
    },
    publishing(event) {
      return sql`portal_publish(${eventsJson([event].flat())}::jsonb)`;
    },
    subscribe(userId, listener) {
      const set = listeners.get(userId) ?? new Set<Listener>();
      listeners.set(userId, set);
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(userId) === set) listeners.delete(userId);
      };
    },
    ready,
    onViewerChange(listener) {
      viewerListeners.add(listener);
      return () => viewerListeners.delete(listener);
    },
    hearsViewerChanges: () => hearing,
    onMatchingChange(listener) {
      matchingListeners.add(listener);
      return () => matchingListeners.delete(listener);
    },
    hearsMatchingChanges: () => hearing,
    onTableChange(listener) {
      tableListeners.add(listener);
      return () => tableListeners.delete(listener);
    },
    hearsTableChanges: () => hearing,
    onBroadcast(listener) {
      broadcastListeners.add(listener);
      return () => broadcastListeners.delete(listener);
    },
    async close() {
      clearInterval(pruning);
      // Ends every open event stream of this instance, so a graceful stop is not held up by them.
      for (const [userId, set] of listeners) for (const l of set) l({ userId, type: SHUTDOWN });
      listeners.clear();
      await stop();
    },
  };
}
