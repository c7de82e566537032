import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "./db/client";
import { NAMED_STATEMENTS_PER_CONNECTION, nameStatements } from "./db/named-statements";
import { users } from "./db/schema/auth";
import { createTestApp } from "./testing/harness";

// ADR 034: on PostgreSQL the portal's connections prepare each statement text once and run it again
// by name; a connection prepares a bounded number of them; statements without parameters keep the
// simple protocol. PGlite has no such connections.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)("statements prepared once per connection (PostgreSQL)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a service's query runs by name the second time, with each call's own parameters", async () => {
    const user = await t.createUser("program");
    const found = await t.database.db.transaction(async (tx) => {
      // One connection for the whole transaction: the prepared statements are that connection's.
      const byId = (id: string) => tx.select({ email: users.email }).from(users).where(eq(users.id, id));
      const first = await byId(user.userId);
      const second = await byId("00000000-0000-0000-0000-000000000000");
      const third = await byId(user.userId);
      const prepared = rowsOf<{ name: string; statement: string }>(
        await tx.execute(sql`select name, statement from pg_prepared_statements`),
      );
      return { first, second, third, prepared };
    });
    expect(found.first).toEqual([{ email: user.email }]);
    expect(found.second).toEqual([]);
    expect(found.third).toEqual([{ email: user.email }]);
    const ours = found.prepared.filter((p) => p.statement.startsWith('select "email" from "users"'));
    expect(ours).toHaveLength(1);
    expect(ours[0]!.name).toMatch(/^s_/);
  });

  it("prepares at most its bound per connection; the statements past it still run, unnamed", async () => {
    const client = new pg.Client({ connectionString: t.databaseUrl! });
    await client.connect();
    try {
      nameStatements(client);
      const total = NAMED_STATEMENTS_PER_CONNECTION + 5;
      for (let k = 0; k < total; k++) {
        const { rows } = await client.query({ text: `select $1::int + ${k} as n` }, [1]);
        expect(rows[0].n).toBe(1 + k);
      }
      // Again: the named ones by name, the others unnamed, every answer right.
      for (let k = 0; k < total; k++) {
        const { rows } = await client.query({ text: `select $1::int + ${k} as n` }, [2]);
        expect(rows[0].n).toBe(2 + k);
      }
      const { rows } = await client.query("select count(*)::int as n from pg_prepared_statements");
      expect(rows[0].n).toBe(NAMED_STATEMENTS_PER_CONNECTION);
    } finally {
      await client.end();
    }
  });

  it("statements without parameters keep the simple protocol (several in one text); a failed one is not kept", async () => {
    const client = new pg.Client({ connectionString: t.databaseUrl! });
    await client.connect();
    try {
      nameStatements(client);
      const many = (await client.query("select 1 as a; select 2 as b")) as unknown as pg.QueryResult[];
      expect(many.map((r) => r.rows[0])).toEqual([{ a: 1 }, { b: 2 }]);
      // A text that does not parse is never recorded as prepared: the next call parses it again.
      const bad = { text: "select $1::int from no_such_table" };
      await expect(client.query(bad, [1])).rejects.toThrow(/no_such_table/);
      await expect(client.query(bad, [1])).rejects.toThrow(/no_such_table/);
      const { rows } = await client.query("select count(*)::int as n from pg_prepared_statements");
      expect(rows[0].n).toBe(0);
    } finally {
      await client.end();
    }
  });
});
