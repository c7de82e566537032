import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

// Issue 11: drizzle renders a statement by walking every chunk of every fragment in it, each time it
// is sent, and each column or table in a fragment costs a few prototype walks (`is(...)`) to name.
// A write such as an approval is mostly fixed fragments (the columns it reads, its joins), and that
// walk was a quarter of the portal's CPU per approval in a perf profile (18% after). A fragment that
// holds no value is rendered once, when it is declared, and kept as its text: the walk then meets
// one raw chunk.

const dialect = new PgDialect();

/**
 * `fragment` rendered to its SQL text once (a column renders as `"table"."column"`, as it does in
 * any statement). Only a fragment without values can be: a value would be bound by position, so it
 * throws; keep the values outside (`sql\`${frozen(head)} where id = ${id}\``).
 */
export function frozen(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error(`frozen: this fragment holds ${params.length} value(s): ${text.slice(0, 80)}`);
  return sql.raw(text);
}
