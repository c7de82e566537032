import { describe, expect, it } from "vitest";
import { defaultConcurrency, readEnv } from "./env";

// Issue 11: `npm start` on PostgreSQL uses the machine's cores unless WEB_CONCURRENCY says otherwise.
describe("WEB_CONCURRENCY", () => {
  const pg = "postgres://postgres@127.0.0.1:5432/portal";

  it("defaults to one process per core on PostgreSQL, at most 4", () => {
    expect(defaultConcurrency(pg, 1)).toBe(1);
    expect(defaultConcurrency(pg, 2)).toBe(2);
    expect(defaultConcurrency(pg, 64)).toBe(4);
  });

  it("defaults to one process on the embedded database, whatever the cores", () => {
    expect(defaultConcurrency(undefined, 16)).toBe(1);
    expect(readEnv({}).WEB_CONCURRENCY).toBe(1);
  });

  it("takes the number it is given, and refuses one that is not a count", () => {
    expect(readEnv({ DATABASE_URL: pg, WEB_CONCURRENCY: "1" }).WEB_CONCURRENCY).toBe(1);
    expect(readEnv({ DATABASE_URL: pg, WEB_CONCURRENCY: "3" }).WEB_CONCURRENCY).toBe(3);
    expect(() => readEnv({ DATABASE_URL: pg, WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY/);
    expect(() => readEnv({ DATABASE_URL: pg, WEB_CONCURRENCY: "two" })).toThrow(/WEB_CONCURRENCY/);
  });
});
