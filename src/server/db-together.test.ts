import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf, together } from "./db/client";
import { createTestApp, type TestApp } from "./testing/harness";

// `together` runs a request's independent queries at once on the pool and one after another in a
// transaction (whose one connection node-postgres 9 will not queue queries on). Either way each
// answer comes back in its place.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const n = (db: Parameters<typeof together>[0], value: number) => async () =>
  rowsOf<{ n: number }>(await db.execute(sql`select ${value}::int as n`))[0]!.n;

describe("together", () => {
  it("answers each query in its place, on the pool and inside a transaction", async () => {
    const db = t.database.db;
    expect(await together(db, n(db, 1), n(db, 2), n(db, 3))).toEqual([1, 2, 3]);
    const inside = await db.transaction(async (tx) => together(tx, n(tx, 4), n(tx, 5), n(tx, 6)));
    expect(inside).toEqual([4, 5, 6]);
  });

  it("inside a transaction, a failing query stops the ones after it and rolls the transaction back", async () => {
    const db = t.database.db;
    const ran: number[] = [];
    const failing = await db
      .transaction(async (tx) =>
        together(
          tx,
          async () => ran.push(1),
          async () => {
            await tx.execute(sql`select 1 / 0`);
          },
          async () => ran.push(3),
        ),
      )
      .catch((err: Error) => err);
    expect(failing).toBeInstanceOf(Error);
    expect(ran).toEqual([1]);
  });
});
