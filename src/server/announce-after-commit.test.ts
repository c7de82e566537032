import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANNOUNCE_AFTER_COMMIT_OPTION, type Announcement, followCommits } from "./db/announce-after-commit";
import { createTestApp } from "./testing/harness";

// ADR 030: on the portal's own PostgreSQL connections, the triggers' announcements (cached reads'
// tables, recommendations, audit entries) are sent after the commit, never for a rollback; any
// other connection still announces inside its transaction. PGlite has no such connections.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)("announcements after the commit (PostgreSQL)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let client: pg.Client;
  const committed: Announcement[][] = [];
  beforeAll(async () => {
    t = await createTestApp();
    client = new pg.Client({ connectionString: t.databaseUrl!, options: ANNOUNCE_AFTER_COMMIT_OPTION });
    await client.connect();
    followCommits(client, (list) => committed.push(list));
  });
  afterAll(async () => {
    await client?.end();
    await t?.close();
  });
  const touch = "update departments set name = name where false";
  const departments = { channel: "portal_tables", payload: "departments" };
  const outcome = async (run: () => Promise<unknown>) => {
    committed.length = 0;
    await run().catch(() => undefined);
    return committed.map((list) => list.map((a) => a.payload));
  };

  it("hands an autocommitted statement's announcements over once it has committed", async () => {
    committed.length = 0;
    await client.query(touch);
    expect(committed).toEqual([[departments]]);
  });

  it("keeps a transaction's announcements until its COMMIT, and drops them on ROLLBACK", async () => {
    committed.length = 0;
    await client.query("begin");
    await client.query(touch);
    await client.query("update placement_requirements set requirement_type_id = requirement_type_id where false");
    expect(committed).toEqual([]);
    await client.query("commit");
    // placement_requirements also feeds recommendations: everyone's ('*') on portal_matching.
    expect(committed.map((l) => l.map((a) => `${a.channel}:${a.payload}`))).toEqual([
      ["portal_tables:departments", "portal_matching:*", "portal_tables:placement_requirements"],
    ]);

    expect(
      await outcome(async () => {
        await client.query("begin");
        await client.query(touch);
        await client.query("rollback");
      }),
    ).toEqual([]);
  });

  it("sends nothing for a failed statement or a COMMIT that rolls back, and survives a savepoint", async () => {
    // An aborted transaction's COMMIT answers ROLLBACK.
    expect(
      await outcome(async () => {
        await client.query("begin");
        await client.query(touch);
        await client.query("select 1/0").catch(() => undefined);
        await client.query("commit");
      }),
    ).toEqual([]);
    // A failed autocommitted statement (the trigger ran, the statement did not commit).
    expect(
      await outcome(() =>
        // portal_announce runs before the division fails, in the same statement.
        client.query("select portal_announce('portal_tables', 'departments') as a, 1 / (random() * 0)::int as b"),
      ),
    ).toEqual([]);
    // An error rolled back to a savepoint leaves the transaction going: its COMMIT announces.
    expect(
      await outcome(async () => {
        await client.query("begin");
        await client.query(touch);
        await client.query("savepoint s");
        await client.query("select 1/0").catch(() => undefined);
        await client.query("rollback to savepoint s");
        await client.query("commit");
      }),
    ).toEqual([["departments"]]);
  });

  it("announces inside the transaction on any other connection (psql, scripts), as before", async () => {
    const listener = new pg.Client({ connectionString: t.databaseUrl! });
    const other = new pg.Client({ connectionString: t.databaseUrl! });
    await listener.connect();
    await other.connect();
    try {
      const heard: string[] = [];
      listener.on("notification", (n) => heard.push(`${n.channel}:${n.payload}`));
      await listener.query("listen portal_tables");
      const notices: unknown[] = [];
      other.on("notice", (n) => notices.push(n));
      await other.query(touch);
      await expect.poll(() => heard).toContain("portal_tables:departments");
      expect(notices).toEqual([]);
    } finally {
      await listener.end();
      await other.end();
    }
  });

  it("the portal's own writes reach every instance's listeners, sent before the writer's answer", async () => {
    const heard: string[] = [];
    const stop = t.deps.realtime.onTableChange((table) => heard.push(table));
    try {
      await t.database.db.execute(touch);
      await t.database.announcementsSent();
      await expect.poll(() => heard).toContain("departments");
      // Nothing was left waiting on the pool's connections.
      await t.database.db
        .transaction(async (tx) => {
          await tx.execute("update organizations set name = name where false");
          throw new Error("rolled back");
        })
        .catch(() => undefined);
      await t.database.announcementsSent();
      heard.length = 0;
      await t.database.db.execute("select pg_notify('portal_tables', 'marker')");
      await expect.poll(() => heard).toContain("marker");
      expect(heard).not.toContain("organizations");
    } finally {
      stop();
    }
  });
});
