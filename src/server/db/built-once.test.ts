import { describe, expect, it } from "vitest";
import { builtOnce } from "./built-once";
import type { Db } from "./client";

// A query built once per database and name (issue 11), kept apart for each database and each name.
describe("builtOnce", () => {
  const a = {} as Db;
  const b = {} as Db;
  it("builds on the first call only, and hands back what it built", () => {
    let built = 0;
    const make = (_db: Db, name: string) => ({ name, n: ++built });
    const first = builtOnce(a, "q", make);
    expect(builtOnce(a, "q", make)).toBe(first);
    expect(first).toEqual({ name: "q", n: 1 });
    expect(built).toBe(1);
  });
  it("keeps each name and each database apart", () => {
    const make = (db: Db, name: string) => ({ db, name });
    expect(builtOnce(a, "other", make)).toEqual({ db: a, name: "other" });
    expect(builtOnce(b, "q", make)).toEqual({ db: b, name: "q" });
    expect(builtOnce(a, "q", make)).not.toEqual({ db: a, name: "q" }); // the first test's, kept
  });
});
