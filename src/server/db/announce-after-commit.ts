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
  /**
   * Audit rows (audit_log's columns by name) stored in the next batch, with the events: one round
   * trip and one commit shared by every write of that turn instead of one each (issue 11). Resolves
   * once stored (or failed and reported).
   */
  appendAudit(rows: AuditRow[]): Promise<void>;
  /** Resolves once everything added so far has been stored and sent (or failed and was reported). */
  sent(): Promise<void>;
  close(): Promise<void>;
};

/** An audit_log row by column name; id and at are left to the table's defaults. */
export type AuditRow = Record<(typeof AUDIT_COLUMNS)[number], unknown>;

export const AUDIT_COLUMNS = [
  "actor_id",
  "actor_email",
  "actor_role",
  "acting_as",
  "action",
  "summary",
  "entity_type",
  "entity_id",
  "organization_id",
  "before",
  "after",
  "detail",
  "ip",
] as const;

/** The head of the insert of a jsonb array of audit rows: its parameter and `::jsonb)` follow. */
export const AUDIT_INSERT_HEAD = `insert into audit_log (${AUDIT_COLUMNS.map((c) => `"${c}"`).join(", ")}) select ${AUDIT_COLUMNS.map((c) => `"${c}"`).join(", ")} from jsonb_populate_recordset(null::audit_log, `;

/** Inserts the audit rows of a jsonb array (parameter `param`), as a statement or a WITH clause. */
export const auditInsertSql = (param: string) => `${AUDIT_INSERT_HEAD}${param}::jsonb)`;

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
  let audits: AuditRow[] = [];
  let scheduled = false;
  let tail: Promise<void> = Promise.resolve();
  const flush = async () => {
    scheduled = false;
    const list = [...queued.values()];
    queued.clear();
    const stored = events;
    events = [];
    const entries = audits;
    audits = [];
    const channels = list.map((a) => a.channel);
    const payloads = list.map((a) => a.payload);
    // One round trip, one transaction: events (their order lock and NOTIFY), the table
    // announcements, and the audit rows in a WITH clause (a data-modifying WITH always runs whole).
    const run = (withAudit: AuditRow[]) => {
      const params: unknown[] = [];
      const arg = (v: unknown) => `$${params.push(v)}`;
      const parts: string[] = [];
      if (stored.length > 0) parts.push(`portal_store_events(${arg(JSON.stringify(stored))}::jsonb)`);
      if (list.length > 0)
        parts.push(
          `(select count(pg_notify(a.c, a.p)) from unnest(${arg(channels)}::text[], ${arg(payloads)}::text[]) as a(c, p))`,
        );
      let head = "";
      if (withAudit.length > 0) {
        head = `with audit as (${auditInsertSql(arg(JSON.stringify(withAudit)))} returning 1) `;
        parts.push("(select count(*) from audit)");
      }
      return parts.length > 0 ? pool.query(`${head}select ${parts.join(", ")}`, params) : Promise.resolve();
    };
    try {
      await run(entries);
    } catch (err) {
      if (entries.length === 0) return onError(err);
      // One bad row must not lose the batch: the rest again, each audit row on its own.
      await run([]).catch(onError);
      for (const row of entries) await pool.query(auditInsertSql("$1"), [JSON.stringify([row])]).catch(onError);
    }
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    tail = tail.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(flush);
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
      schedule();
    },
    appendAudit(rows) {
      audits.push(...rows);
      schedule();
      return tail;
    },
    sent: () => tail,
    async close() {
      await tail;
      await pool.end();
    },
  };
}
