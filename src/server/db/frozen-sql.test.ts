import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { frozen } from "./frozen-sql";
import { applications } from "./schema/applications";
import { placements } from "./schema/placements";

// A fixed fragment rendered once (issue 11): the statements it is part of render exactly as before.
describe("frozen", () => {
  const dialect = new PgDialect();
  const columns = sql`${applications.id} as id, ${placements.title} as title`;
  const from = sql`from ${applications} join ${placements} on ${placements.id} = ${applications.placementId}`;
  const statement = (c: typeof columns, f: typeof from, id: string) =>
    sql`select ${c} ${f} where ${applications.id} = ${id} and ${placements.capacity} > ${3}`;

  it("renders a statement with the same text and values as the fragment it replaces", () => {
    const live = dialect.sqlToQuery(statement(columns, from, "a-1"));
    const kept = dialect.sqlToQuery(statement(frozen(columns), frozen(from), "a-1"));
    expect(kept).toEqual(live);
    expect(kept.sql).toBe(
      'select "applications"."id" as id, "placements"."title" as title from "applications" join "placements" on "placements"."id" = "applications"."placement_id" where "applications"."id" = $1 and "placements"."capacity" > $2',
    );
    expect(kept.params).toEqual(["a-1", 3]);
  });

  it("refuses a fragment that holds a value, naming it", () => {
    expect(() => frozen(sql`${applications.id} = ${"a-1"}`)).toThrow(/holds 1 value/);
  });
});
