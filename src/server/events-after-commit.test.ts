import { and, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "./db/client";
import { portalEvents } from "./db/schema/events";
import { createTestApp, type TestApp } from "./testing/harness";

// ADR 031: on the portal's PostgreSQL connections a write's live events are stored (order lock, row,
// NOTIFY) after its transaction has committed, in batches with other writes' events; never for a
// rollback; and a write's answer comes only once they are stored. PGlite stores them inside the
// transaction, as ADR 008 first did.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const eventsOf = (userId: string, db = t.database.db) =>
  db
    .select({ id: portalEvents.id, type: portalEvents.type, data: portalEvents.data })
    .from(portalEvents)
    .where(eq(portalEvents.userId, userId))
    .orderBy(portalEvents.id);

describe.skipIf(!onPostgres)("live events stored after the commit (PostgreSQL)", () => {
  it("stores a transaction's events once it has committed, and a rolled-back one's never", async () => {
    const student = await t.createUser("student");
    const other = new pg.Client({ connectionString: t.databaseUrl! });
    await other.connect();
    try {
      const count = async () =>
        Number(
          (await other.query("select count(*) from portal_events where user_id = $1", [student.userId])).rows[0].count,
        );
      let inside = -1;
      let seenElsewhere = -1;
      await t.database.db.transaction(async (tx) => {
        await t.deps.realtime.publish(tx, { userId: student.userId, type: "message.created", data: { id: "kept" } });
        // Not even this transaction holds the row: it is written after the commit.
        inside = (await eventsOf(student.userId, tx)).length;
        seenElsewhere = await count();
      });
      expect(inside).toBe(0);
      expect(seenElsewhere).toBe(0);
      await t.database.announcementsSent();
      expect((await eventsOf(student.userId)).map((e) => e.data)).toEqual([{ id: "kept" }]);

      await t.database.db
        .transaction(async (tx) => {
          await t.deps.realtime.publish(tx, { userId: student.userId, type: "message.created", data: { id: "gone" } });
          throw new Error("rolled back");
        })
        .catch(() => undefined);
      // A statement that fails after publishing: nothing either.
      await t.database.db
        .execute(
          sql`with v as (select ${JSON.stringify([{ userId: student.userId, type: "x", data: { id: "failed" } }])}::jsonb as e)
              select portal_publish(v.e), 1 / 0 from v`,
        )
        .catch(() => undefined);
      await t.database.announcementsSent();
      expect((await eventsOf(student.userId)).map((e) => e.data)).toEqual([{ id: "kept" }]);
    } finally {
      await other.end();
    }
  });

  it("answers a write only once its event is stored: twenty messages at once, each event there with its answer", async () => {
    const admin = await t.createUser("admin");
    const student = await t.createUser("student");
    const found: boolean[] = [];
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const res = await t.call("POST", "/api/messages", {
          cookie: admin.cookie,
          body: { recipientId: student.userId, subject: `Batch ${i}`, content: "Hello" },
        });
        expect(res.status, JSON.stringify(res.json)).toBe(201);
        const rows = await t.database.db
          .select({ id: portalEvents.id })
          .from(portalEvents)
          .where(
            and(eq(portalEvents.userId, student.userId), sql`${portalEvents.data} ->> 'id' = ${res.json.item.id}`),
          );
        // Its audit entry rode in the same batch, and is there with its answer too.
        const audit = await t.database.db.execute(
          sql`select count(*)::int as n from audit_log where entity_id = ${res.json.item.id} and action = 'POST /api/messages'`,
        );
        found.push(rows.length === 1 && rowsOf<{ n: number }>(audit)[0]?.n === 1);
      }),
    );
    expect(found).toEqual(Array(20).fill(true));
    const events = await eventsOf(student.userId);
    expect(events).toHaveLength(20);
    expect(new Set(events.map((e) => e.id)).size).toBe(20);
  });

  it("answers a write only once its events are stored: held back while their batch waits for the order lock", async () => {
    const admin = await t.createUser("admin");
    const student = await t.createUser("student");
    const holder = new pg.Client({ connectionString: t.databaseUrl! });
    await holder.connect();
    try {
      // ADR 008's order lock, held by someone else: the write's batch of events must wait for it.
      await holder.query("select pg_advisory_lock(1886352500, 1)");
      const entries = async () =>
        Number(
          (await holder.query("select count(*) from audit_log where actor_id = $1", [admin.userId])).rows[0].count,
        );
      const before = await entries();
      let answered = false;
      const subject = `Held ${Date.now()}`;
      const stored = async () =>
        Number((await holder.query("select count(*) from messages where subject = $1", [subject])).rows[0].count);
      const sending = t
        .call("POST", "/api/messages", {
          cookie: admin.cookie,
          body: { recipientId: student.userId, subject, content: "Wait for it" },
        })
        .then((res) => {
          answered = true;
          return res;
        });
      // The write has committed (its answer would be on its way without the wait: nothing but the
      // batch is left), and the batch, with its events and the audit entry, is waiting for the lock.
      const waiting = async () =>
        Number(
          (
            await holder.query(
              "select count(*) from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())",
            )
          ).rows[0].count,
        );
      await expect.poll(async () => (await stored()) === 1 && (await waiting()) > 0, { timeout: 20_000 }).toBe(true);
      expect(answered).toBe(false);
      expect(await entries()).toBe(before);
      await holder.query("select pg_advisory_unlock(1886352500, 1)");
      const res = await sending;
      expect(res.status, res.text).toBe(201);
      const events = await eventsOf(student.userId);
      expect(events.map((e) => e.data)).toContainEqual({ id: res.json.item.id });
      // The audit entry came with the batch, by the time the answer did.
      expect(await entries()).toBe(before + 1);
    } finally {
      await holder.end();
    }
  });

  it("stores audit rows in the batch, and one bad row loses neither the others nor the events", async () => {
    const student = await t.createUser("student");
    const row = (action: string | null) => ({
      action,
      summary: "Batched",
      actor_id: null,
      actor_email: null,
      actor_role: null,
      acting_as: null,
      entity_type: "test",
      entity_id: student.userId,
      organization_id: null,
      before: null,
      after: { n: 1 },
      detail: null,
      ip: null,
    });
    const reported: unknown[] = [];
    const { createAnnouncer } = await import("./db/announce-after-commit");
    const announcer = createAnnouncer(t.databaseUrl!, (err) => reported.push(err));
    try {
      announcer.add([
        {
          channel: "portal_events",
          payload: JSON.stringify([{ userId: student.userId, type: "x", data: { id: "with-audit" } }]),
        },
      ]);
      // action is NOT NULL: the one statement fails; the event and the good rows are stored anyway.
      await Promise.all([
        announcer.appendAudit([row("good.one"), row(null)]),
        announcer.appendAudit([row("good.two")]),
      ]);
      const stored = await t.database.db.execute(
        sql`select action, after from audit_log where entity_id = ${student.userId} and entity_type = 'test' order by id`,
      );
      expect(rowsOf(stored)).toEqual([
        { action: "good.one", after: { n: 1 } },
        { action: "good.two", after: { n: 1 } },
      ]);
      expect((await eventsOf(student.userId)).map((e) => e.data)).toEqual([{ id: "with-audit" }]);
      expect(reported).toHaveLength(1);
    } finally {
      await announcer.close();
    }
  });

  it("another connection (psql, a script) still stores them inside its transaction", async () => {
    const student = await t.createUser("student");
    const other = new pg.Client({ connectionString: t.databaseUrl! });
    await other.connect();
    try {
      await other.query("begin");
      await other.query("select portal_publish($1::jsonb)", [
        JSON.stringify([{ userId: student.userId, type: "message.created", data: { id: "psql" } }]),
      ]);
      const inside = await other.query("select count(*) from portal_events where user_id = $1", [student.userId]);
      await other.query("commit");
      expect(Number(inside.rows[0].count)).toBe(1);
    } finally {
      await other.end();
    }
  });
});

describe.skipIf(onPostgres)("live events on the embedded database", () => {
  it("are stored inside the publishing transaction (one process: no flush to share)", async () => {
    const student = await t.createUser("student");
    let inside = -1;
    await t.database.db.transaction(async (tx) => {
      await t.deps.realtime.publish(tx, { userId: student.userId, type: "message.created", data: { id: "one" } });
      inside = (await eventsOf(student.userId, tx)).length;
    });
    expect(inside).toBe(1);
  });
});

describe.skipIf(!onPostgres)("a database configured to send no notices", () => {
  it("still gets its events stored: the portal's connections ask for notices themselves", async () => {
    const app = await createTestApp();
    try {
      const dbName = new URL(app.databaseUrl!).pathname.slice(1);
      await app.database.db.execute(sql.raw(`alter database "${dbName}" set client_min_messages = warning`));
      // A connection opened after the change, as the portal's would be after a restart.
      const fresh = await (await import("./db/client")).openDatabase({ url: app.databaseUrl! });
      try {
        const student = await app.createUser("student");
        await app.deps.realtime.publish(fresh.db, {
          userId: student.userId,
          type: "message.created",
          data: { id: "q" },
        });
        await fresh.announcementsSent();
        expect((await eventsOf(student.userId, fresh.db)).map((e) => e.data)).toEqual([{ id: "q" }]);
      } finally {
        await fresh.close();
      }
    } finally {
      await app.close();
    }
  });
});
