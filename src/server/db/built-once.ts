import type { Db } from "./client";

// Issue 11: drizzle builds a select's SQL text on every call, and for a select with several joins
// that costs the server more than PostgreSQL spends running it. A query that only ever differs by
// its values is built once per database, with `sql.placeholder` for the values, and kept: drizzle's
// `prepare(name)` turns it into a named statement on each pooled connection (PGlite runs it as is).

const kept = new WeakMap<Db, Map<string, unknown>>();

/**
 * The query `build` makes for this database, made on the first call and kept. `name` is the
 * statement's name on PostgreSQL: one text per name (node-postgres refuses a name reused with
 * another text), so a variant of the query needs a name of its own.
 */
export function builtOnce<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let byName = kept.get(db);
  if (!byName) {
    byName = new Map();
    kept.set(db, byName);
  }
  if (!byName.has(name)) byName.set(name, build(db, name));
  return byName.get(name) as T;
}
