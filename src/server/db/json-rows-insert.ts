import { type SQL, sql } from "drizzle-orm";

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * An INSERT of many rows as ONE jsonb parameter (`jsonb_populate_recordset`): one statement text
 * whatever the number of rows, so it is prepared once (ADR 034), and one round trip for all of
 * them. `table` and `columns` are names fixed in code, never input; the columns not named take
 * their defaults.
 */
export function insertingJsonRows(table: string, columns: readonly string[], rows: readonly object[]): SQL {
  const list = columns.map(quoted).join(", ");
  return sql`insert into ${sql.raw(`${quoted(table)} (${list}) select ${list} from jsonb_populate_recordset(null::${quoted(table)}, `)}${JSON.stringify(rows)}::jsonb)`;
}
