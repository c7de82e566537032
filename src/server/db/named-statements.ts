import { createHash } from "node:crypto";
import type pg from "pg";

// Issue 11: on PostgreSQL every statement the services send has its text parsed and planned again
// on each call (node-postgres sends unnamed statements). Naming each statement by its text's hash
// lets a connection parse it once and reuse it (PostgreSQL's prepared statements: the plan is
// cached once a generic plan is as good as the custom ones). The set a connection prepares is
// bounded: texts built for a variable list (IN lists of every length) would otherwise grow it
// without end, on the client and in the server's backend.

/** The most statements one connection prepares; later new texts go unnamed, as before. */
export const NAMED_STATEMENTS_PER_CONNECTION = 400;
/** Longer texts (generated bulk inserts) are rarely sent twice: not worth a prepared statement. */
const MAX_TEXT = 8_000;

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; first?: { text: string; values: unknown[] } };

/** Wraps one pooled connection's `query` so repeated statement texts run as prepared statements. */
export function nameStatements(client: pg.Client): void {
  const named = new Set<string>();
  /** The name a text with parameters runs under on this connection; none past the bound. */
  const nameFor = (text: string, values: unknown): string | undefined => {
    // Statements without parameters keep the simple protocol (it runs several statements in one text).
    if (!Array.isArray(values) || values.length === 0 || text.length > MAX_TEXT) return undefined;
    const name = `s_${createHash("sha1").update(text).digest("base64url").slice(0, 22)}`;
    if (!named.has(name) && named.size >= NAMED_STATEMENTS_PER_CONNECTION) return undefined;
    named.add(name);
    return name;
  };
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const config = args[0] as QueryConfig | string | null;
    if (config && typeof config === "object" && typeof config.text === "string" && config.name === undefined) {
      const name = nameFor(config.text, Array.isArray(args[1]) ? args[1] : config.values);
      // A statement sent ahead of it in the same write (pipelined-transactions.ts) is named alike.
      const first = config.first
        ? { ...config.first, name: nameFor(config.first.text, config.first.values) }
        : undefined;
      if (name || first) args[0] = { ...config, ...(name ? { name } : {}), ...(first ? { first } : {}) };
    }
    return query(...args);
  };
}
