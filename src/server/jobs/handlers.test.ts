import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/harness";
import { DATABASE_ANALYZE, PERIODIC_JOBS } from "./handlers";

// The embedded database has no autovacuum: the daily database.analyze job gives its planner the
// tables' sizes (on PostgreSQL autovacuum does, and the job does nothing).

const embedded = !process.env.TEST_DATABASE_URL;

describe("database.analyze", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is scheduled daily", () => {
    expect(PERIODIC_JOBS).toContainEqual({ kind: DATABASE_ANALYZE, every: "day" });
  });

  it.runIf(embedded)("refreshes the embedded database's statistics", async () => {
    await t.createUser("student");
    const tuples = async () =>
      Number(
        (
          (await t.deps.db.execute(sql`select reltuples from pg_class where relname = 'students'`)) as unknown as {
            rows: { reltuples: number }[];
          }
        ).rows[0].reltuples,
      );
    expect(await tuples()).toBeLessThan(0); // never analyzed
    await t.deps.jobs.enqueue(t.deps.db, { kind: DATABASE_ANALYZE, payload: { today: "2026-11-23" } });
    await t.drainJobs();
    expect(await tuples()).toBeGreaterThanOrEqual(1);
  });
});
