import type { EventEmitter } from "node:events";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "./db/client";
import { nameStatements } from "./db/named-statements";
import { commitWith, endPipeline, pipelineTransactions, sendWithNext } from "./db/pipelined-transactions";
import { createDepartment, createPlacement } from "./factories/placements";
import { createStudent } from "./testing/factories";
import { createTestApp } from "./testing/harness";

// ADR 035: on PostgreSQL a transaction's BEGIN travels with its first statement (one round trip,
// not two). What must hold: the statement runs inside the transaction, a rollback undoes it, an
// error leaves the connection usable, and nothing of a transaction leaks to the next user.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Round trips: each ends with the server's ReadyForQuery. */
function countRoundTrips(client: pg.Client) {
  const connection = (client as unknown as { connection: EventEmitter }).connection;
  const seen = { n: 0 };
  connection.on("readyForQuery", () => {
    seen.n += 1;
  });
  return seen;
}

describe.skipIf(!onPostgres)("BEGIN sent with the transaction's first statement (PostgreSQL)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let client: pg.Client;
  beforeAll(async () => {
    t = await createTestApp();
    client = new pg.Client({ connectionString: t.databaseUrl! });
    await client.connect();
    pipelineTransactions(client);
    nameStatements(client);
    await client.query("create temporary table pb (n int primary key)");
  });
  afterAll(async () => {
    await client?.end();
    await t?.close();
  });

  const inserted = async () =>
    (await client.query("select coalesce(array_agg(n order by n), '{}') as ns from pb")).rows[0].ns as number[];

  it("a transaction of one statement takes two round trips (statement with BEGIN, COMMIT), not three", async () => {
    const trips = countRoundTrips(client);
    await client.query({ text: "begin" }, []);
    const { rows } = await client.query(
      { text: "insert into pb values ($1) returning n, now() = statement_timestamp() as alone" },
      [1],
    );
    await client.query({ text: "commit" }, []);
    // Inside a transaction now() is its start, which precedes the statement's own timestamp.
    expect(rows).toEqual([{ n: 1, alone: false }]);
    expect(trips.n).toBe(2);
    expect(await inserted()).toEqual([1]);
  });

  it("the statement runs inside the transaction: a rollback undoes it, and its answer is its own", async () => {
    await client.query({ text: "begin" }, []);
    const first = await client.query({ text: "insert into pb values ($1) returning n" }, [2]);
    const second = await client.query({ text: "select count(*)::int as c from pb where n >= $1" }, [0]);
    await client.query({ text: "rollback" }, []);
    expect(first.rows).toEqual([{ n: 2 }]);
    expect(first.command).toBe("INSERT");
    expect(second.rows).toEqual([{ c: 2 }]);
    expect(await inserted()).toEqual([1]);
    const { rows } = await client.query("select now() = statement_timestamp() as alone");
    expect(rows[0].alone).toBe(true);
  });

  it("a failing first statement aborts the transaction; its ROLLBACK leaves the connection clean", async () => {
    await client.query({ text: "begin" }, []);
    await expect(client.query({ text: "insert into pb values ($1)" }, [1])).rejects.toThrow(/duplicate key/);
    await expect(client.query({ text: "select $1::int" }, [1])).rejects.toThrow(/current transaction is aborted/);
    await client.query({ text: "rollback" }, []);
    const { rows } = await client.query({ text: "select $1::int as n" }, [7]);
    expect(rows).toEqual([{ n: 7 }]);
  });

  it("a first statement that does not parse is not recorded as prepared (it is parsed again next time)", async () => {
    const bad = { text: "select $1::int from no_such_table_pb" };
    for (let k = 0; k < 2; k++) {
      await client.query({ text: "begin" }, []);
      await expect(client.query(bad, [1])).rejects.toThrow(/no_such_table_pb/);
      await client.query({ text: "rollback" }, []);
    }
    await client.query("create temporary table no_such_table_pb (x int)");
    await client.query("insert into no_such_table_pb values (1)");
    await client.query({ text: "begin" }, []);
    const { rows } = await client.query(bad, [5]);
    await client.query({ text: "commit" }, []);
    expect(rows).toEqual([{ int4: 5 }]);
  });

  it("a value that cannot be sent fails the statement; the transaction still ends cleanly", async () => {
    await client.query({ text: "begin" }, []);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(client.query({ text: "select $1::jsonb" }, [circular])).rejects.toThrow();
    await client.query({ text: "rollback" }, []);
    const { rows } = await client.query("select now() = statement_timestamp() as alone");
    expect(rows[0].alone).toBe(true);
  });

  it("a statement sent ahead (`first`) that parsed, then failed while running, is sent again fine on this connection", async () => {
    // Its name is kept once it has run: one that failed after the server prepared it (a deadlock
    // while locking) is prepared again, which the server would refuse as taken unless closed first.
    const first = { text: "select 1 / ($1::int - 1) as n from pb limit 1", values: [1] };
    // The portal's wrappers take `first` on the config (pg's own types do not know it).
    const query = client.query.bind(client) as (config: object, values: unknown[]) => Promise<pg.QueryResult>;
    await client.query({ text: "begin" }, []);
    await expect(query({ text: "select $1::int as n", first }, [5])).rejects.toThrow(/division by zero/);
    await client.query({ text: "rollback" }, []);
    for (const attempt of [1, 2]) {
      await client.query({ text: "begin" }, []);
      try {
        const { rows } = await query({ text: "select $1::int as n", first: { ...first, values: [2] } }, [attempt]);
        expect(rows).toEqual([{ n: attempt }]);
      } finally {
        await client.query({ text: "rollback" }, []);
      }
    }
  });

  it("an empty transaction sends nothing; a first statement without parameters gets BEGIN ahead of it", async () => {
    const trips = countRoundTrips(client);
    await client.query({ text: "begin" }, []);
    await client.query({ text: "commit" }, []);
    expect(trips.n).toBe(0);
    await client.query({ text: "begin" }, []);
    const many = (await client.query(
      "insert into pb values (3); insert into pb values (4)",
    )) as unknown as pg.QueryResult[];
    await client.query({ text: "rollback" }, []);
    expect(many).toHaveLength(2);
    expect(await inserted()).toEqual([1]);
  });

  it("a BEGIN not yet sent is forgotten when the connection goes back to the pool", async () => {
    await client.query({ text: "begin" }, []);
    endPipeline(client);
    await client.query({ text: "insert into pb values ($1)" }, [9]);
    // Autocommitted: visible from another connection.
    const other = new pg.Client({ connectionString: t.databaseUrl! });
    await other.connect();
    try {
      const trips = await other.query("select 1");
      expect(trips.rowCount).toBe(1);
    } finally {
      await other.end();
    }
    const { rows } = await client.query(
      "select now() = statement_timestamp() as alone, count(*)::int as c from pb where n = 9",
    );
    expect(rows[0]).toEqual({ alone: true, c: 1 });
  });

  it("the portal's own transactions (drizzle over the pool) commit and roll back as before", async () => {
    const db = t.database.db;
    await db.execute(sql`create table if not exists pb_pool (n int primary key)`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into pb_pool values (${1})`);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into pb_pool values (${2})`);
        throw new Error("no");
      }),
    ).rejects.toThrow("no");
    // Twenty at once on a pool of ten: every connection back in the pool outside any transaction.
    await Promise.all(
      Array.from({ length: 20 }, (_, k) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`insert into pb_pool values (${10 + k})`);
        }),
      ),
    );
    const rows = rowsOf<{ c: number; open: number }>(
      await db.execute(sql`select (select count(*)::int from pb_pool) as c,
        (select count(*)::int from pg_stat_activity where datname = current_database() and state like 'idle in transaction%') as open`),
    );
    expect(rows[0]).toEqual({ c: 21, open: 0 });
  });
});

/** Round trips of every pooled connection of the app's database from now on. */
function countPoolRoundTrips(pool: pg.Pool) {
  const seen = { n: 0 };
  const counted = new WeakSet<object>();
  pool.on("acquire", (client) => {
    if (counted.has(client)) return;
    counted.add(client);
    const connection = (client as unknown as { connection: EventEmitter }).connection;
    connection.on("readyForQuery", () => {
      seen.n += 1;
    });
  });
  return seen;
}

// Both databases: what a caller of commitWith gets. On PGlite it is a statement like any other.
describe("commitWith: a transaction's last statement with its COMMIT", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.execute(sql`create table cw (n int primary key)`);
    await t.database.db.execute(sql`create table cw_child (n int references cw (n) deferrable initially deferred)`);
  });
  afterAll(async () => {
    await t?.close();
  });
  const stored = async () =>
    rowsOf<{ n: number }>(await t.database.db.execute(sql`select n from cw order by n`)).map((r) => r.n);
  const openTransactions = async () =>
    rowsOf<{ open: number }>(
      await t.database.db.execute(sql`select count(*)::int as open from pg_stat_activity
        where datname = current_database() and state like 'idle in transaction%'`),
    )[0]?.open ?? 0;

  it("commits what the transaction wrote, its last statement included, and answers with its rows", async () => {
    const trips = t.database.pool ? countPoolRoundTrips(t.database.pool) : null;
    const answer = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into cw values (${1})`);
      return rowsOf<{ n: number }>(await commitWith(tx, sql`insert into cw values (${2}) returning n`));
    });
    // BEGIN with the first insert, the COMMIT with the second: two round trips, not four.
    if (trips) expect(trips.n).toBe(2);
    expect(answer).toEqual([{ n: 2 }]);
    expect(await stored()).toEqual([1, 2]);
  });

  it("a whole transaction of one statement is one round trip", async () => {
    const trips = t.database.pool ? countPoolRoundTrips(t.database.pool) : null;
    await t.database.db.transaction(async (tx) => {
      await commitWith(tx, sql`insert into cw values (${3})`);
    });
    if (trips) expect(trips.n).toBe(1);
    expect(await stored()).toEqual([1, 2, 3]);
  });

  it("a failing last statement commits nothing of the transaction", async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into cw values (${10})`);
        await commitWith(tx, sql`insert into cw values (${1})`);
      }),
    ).rejects.toThrow();
    expect(await stored()).toEqual([1, 2, 3]);
    expect(await openTransactions()).toBe(0);
  });

  it("a COMMIT that fails (a deferred check) fails the call and keeps nothing", async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into cw values (${20})`);
        // The reference is checked at COMMIT: the statement itself succeeds.
        await commitWith(tx, sql`insert into cw_child values (${999})`);
      }),
    ).rejects.toThrow(/foreign key/);
    expect(await stored()).toEqual([1, 2, 3]);
    expect(await openTransactions()).toBe(0);
  });

  it("a failure before the statement is sent (a value that cannot be sent) commits nothing", async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into cw values (${30})`);
        await commitWith(tx, sql`select ${circular}::jsonb`);
      }),
    ).rejects.toThrow();
    expect(await stored()).toEqual([1, 2, 3]);
    expect(await openTransactions()).toBe(0);
  });

  it("with `first`: runs it as a statement of its own before the last one, drops its rows, one round trip", async () => {
    await t.database.db.execute(sql`insert into cw values (${50})`);
    const trips = t.database.pool ? countPoolRoundTrips(t.database.pool) : null;
    const answer = await t.database.db.transaction(async (tx) =>
      rowsOf<{ n: number; locked: boolean }>(
        await commitWith(tx, sql`insert into cw select n + 1 from cw where n = ${50} returning n, true as locked`, {
          first: sql`select n, 'dropped' as note from cw where n = ${50} for update`,
        }),
      ),
    );
    if (trips) expect(trips.n).toBe(1);
    // Only the last statement's rows, named by its own columns.
    expect(answer).toEqual([{ n: 51, locked: true }]);
    expect(await stored()).toEqual([1, 2, 3, 50, 51]);
    // Again on the same connections: `first` is then sent by name (prepared once per connection).
    const again = await t.database.db.transaction(async (tx) =>
      rowsOf<{ n: number }>(
        await commitWith(tx, sql`insert into cw select n + 2 from cw where n = ${50} returning n`, {
          first: sql`select n, 'dropped' as note from cw where n = ${50} for update`,
        }),
      ),
    );
    expect(again).toEqual([{ n: 52 }]);
  });

  it("with `first`: the last statement's snapshot is taken after it (it reads what `first` waited for)", async () => {
    // A write holds the row; `first` waits for its lock; the writer commits; the last statement
    // (a statement of its own) then reads the committed value, not the one before the wait.
    if (!t.database.pool) return;
    const holder = await t.database.pool.connect();
    try {
      await holder.query("begin");
      await holder.query("update cw set n = 60 where n = 52");
      const decided = t.database.db.transaction(async (tx) =>
        rowsOf<{ ns: number[] }>(
          await commitWith(tx, sql`select array_agg(n order by n) as ns from cw where n >= ${50}`, {
            first: sql`select 1 from cw where n >= ${50} for update`,
          }),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      await holder.query("commit");
      expect(await decided).toEqual([{ ns: [50, 51, 60] }]);
    } finally {
      holder.release();
    }
    expect(await openTransactions()).toBe(0);
  });

  it("with `first` failing: nothing is committed and the connection is clean", async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await commitWith(tx, sql`insert into cw values (${70})`, { first: sql`select 1 / (${0}::int - 0)` });
      }),
    ).rejects.toThrow();
    expect(await stored()).not.toContain(70);
    expect(await openTransactions()).toBe(0);
  });

  it("sendWithNext: the statement goes with the transaction's next one, which reads after it", async () => {
    const trips = t.database.pool ? countPoolRoundTrips(t.database.pool) : null;
    const answer = await t.database.db.transaction(async (tx) => {
      await sendWithNext(tx, sql`insert into cw values (${80}) returning n, 'dropped' as note`);
      const read = rowsOf<{ ns: number[] }>(
        await tx.execute(sql`select array_agg(n order by n) as ns from cw where n >= ${80}`),
      );
      await tx.execute(sql`insert into cw values (${81})`);
      return read;
    });
    // BEGIN, the insert and the read in one round trip; the second insert; COMMIT.
    if (trips) expect(trips.n).toBe(3);
    expect(answer).toEqual([{ ns: [80] }]);
    expect(await stored()).toEqual(expect.arrayContaining([80, 81]));
  });

  it("sendWithNext: when it fails, the next statement fails and nothing is committed", async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await sendWithNext(tx, sql`insert into cw values (${1})`);
        await tx.execute(sql`insert into cw values (${90})`);
      }),
    ).rejects.toThrow();
    expect(await stored()).not.toContain(90);
    expect(await openTransactions()).toBe(0);
  });

  it.skipIf(!onPostgres)("refuses a statement sent after it (it would run outside the transaction)", async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await commitWith(tx, sql`insert into cw values (${40})`);
        await tx.execute(sql`insert into cw values (${41})`);
      }),
    ).rejects.toSatisfy((err: Error) => /after the transaction's COMMIT/.test(String(err.cause ?? err)));
    // The transaction had committed with its last statement; the one after it never ran.
    expect(await stored()).toEqual([1, 2, 3, 40, 50, 51, 60, 80, 81]);
    expect(await openTransactions()).toBe(0);
  });
});

// The writes this was made for, through the real app: each round trip of the portal's pool counted
// (the session read included; the batch after the commit goes on a connection of its own).
describe.skipIf(!onPostgres)("a submission and an approval through the app (PostgreSQL)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a submission takes 5 round trips, an approval 3 and a rejection 3 (8, 7 and 8 with BEGIN and COMMIT alone and a read after)", async () => {
    const facility = await t.createUser("facility", { name: "Fran Facility" });
    const program = await t.createUser("program", { name: "Pat Program" });
    const unit = await createDepartment(t.deps.db, facility.organizationId!, { name: "MICU" });
    const placement = await createPlacement(t.deps.db, facility.organizationId!, { departmentId: unit.id });
    const student = await createStudent(t, program.organizationId!);
    // The platform settings are kept once read (as on a running server).
    await t.deps.settings.get();
    const trips = countPoolRoundTrips(t.database.pool!);
    const applied = await t.call("POST", "/api/applications", {
      cookie: program.cookie,
      body: { placementId: placement.id, studentIds: [student.id] },
    });
    expect(applied.status).toBe(201);
    // Session; placement; BEGIN with the pending lock and the students; insert; the notices with COMMIT.
    expect(trips.n).toBe(5);
    const id = (applied.json as { submitted: { id: string }[] }).submitted[0]!.id;
    const queued = rowsOf<{ n: number }>(
      await t.deps.db.execute(sql`select count(*)::int as n from jobs where payload->>'to' = ${facility.email}`),
    );
    expect(queued[0]?.n).toBe(1);

    trips.n = 0;
    const approved = await t.call("POST", `/api/facility/applications/${id}/approve`, {
      cookie: facility.cookie,
      body: { confirmNotReady: true },
    });
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({ id, status: "approved" });
    // Session; the application read; BEGIN with the locks, the decision and COMMIT (answered from them).
    expect(trips.n).toBe(3);
    const stored = rowsOf<{ status: string; slots: number }>(
      await t.deps.db.execute(sql`select a.status, p.slots_filled as slots from applications a
        join placements p on p.id = a.placement_id where a.id = ${id}`),
    );
    expect(stored).toEqual([{ status: "approved", slots: 1 }]);

    const other = await createStudent(t, program.organizationId!);
    const second = await t.call("POST", "/api/applications", {
      cookie: program.cookie,
      body: { placementId: placement.id, studentIds: [other.id] },
    });
    const secondId = (second.json as { submitted: { id: string }[] }).submitted[0]!.id;
    trips.n = 0;
    const rejected = await t.call("POST", `/api/facility/applications/${secondId}/reject`, {
      cookie: facility.cookie,
      body: {},
    });
    expect(rejected.status).toBe(200);
    expect(rejected.json).toMatchObject({ id: secondId, status: "rejected" });
    // Session; BEGIN with the application, locked, and its readiness; the decision with COMMIT.
    expect(trips.n).toBe(3);
  });
});
