import { constants, gzipSync } from "node:zlib";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { GuardedEnv } from "./access";
import type { Viewer } from "./context";
import { plainBodyOf } from "./plain-response";
import type { Realtime } from "./realtime";

// The hot reads' answers kept per instance for a moment (issue 11, ADR 027; ADR 016 generalised).
// A route opts in with `cachedRead({ name, tables })` in its middleware, after its `allow(...)`
// guard: the caller's permissions and scope are checked on every request first; only then is a
// kept answer looked up, by route, query string, scope (and the viewer fields the answer depends
// on, and today's date when it does). Statement-level triggers (drizzle/0022) announce every
// change to a declared table on the portal_tables channel, which every instance LISTENs to: the
// route's kept answers are dropped at once. A read that started before an announcement is never
// kept after it (a generation counter); while the LISTEN connection is down nothing is kept; and
// every write request this instance handles drops everything it keeps when it completes, so a
// user reads their own writes on the instance that made them.

export type CachedReadSpec = {
  /** The route, as "GET /api/...": unique among cached reads. */
  name: string;
  /**
   * Every table the route's statements read (a test compares them with a logged run): a change to
   * any of them drops the route's kept answers. Each needs the announcing trigger (drizzle/0022).
   */
  tables: readonly string[];
  /** The viewer fields the answer depends on beyond the scope (a user's own messages: userId). */
  viewer?: readonly (keyof Pick<Viewer, "userId" | "studentId" | "sessionId">)[];
  /** The answer depends on today's date (ages, "upcoming", "expiring"): the day joins the key. */
  today?: boolean;
};

/** Every cached read declared in the app, by name (the declarations' tests walk it). */
export const CACHED_READS = new Map<string, CachedReadSpec>();

/** At most this many answers are kept per instance; the oldest goes first. */
const MAX_KEPT = 5_000;

// Kept as UTF-8 bytes: a hit writes them as they are, with no encoding and no length count (a
// placements page is about 19 kB; a string body is measured, then encoded, on every answer).
// `gzip`: the same bytes compressed, made by the first hit that accepts gzip (every browser does)
// and reused by every later one: a placements page goes out as about 3 kB instead of 19 kB.
type Kept = { body: Uint8Array<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer> | null; until: number };
/** Below this an answer goes out as it is: compressing would save a packet at most. */
export const COMPRESS_FROM_BYTES = 1024;
const utf8 = new TextEncoder();
type TableChanges = Pick<Realtime, "onTableChange" | "hearsTableChanges">;

export type ReadCache = ReturnType<typeof createReadCache>;

export function createReadCache(opts: { ms: number; changes: TableChanges }) {
  const { ms, changes } = opts;
  /** Kept answers by route name, then key. */
  const byRoute = new Map<string, Map<string, Kept>>();
  let size = 0;
  // Bumped by every announcement and every local write: a read started before either is not kept.
  let generation = 0;
  const stats = { hits: 0, misses: 0, stored: 0 };

  const dropRoute = (name: string) => {
    const kept = byRoute.get(name);
    if (!kept) return;
    size -= kept.size;
    byRoute.delete(name);
  };
  const dropAll = () => {
    generation += 1;
    byRoute.clear();
    size = 0;
  };
  changes.onTableChange((table) => {
    if (table === "*") return dropAll();
    generation += 1;
    for (const spec of CACHED_READS.values()) if (spec.tables.includes(table)) dropRoute(spec.name);
  });

  const keeping = () => ms > 0 && changes.hearsTableChanges();

  return {
    /** Whether answers are kept now (a bound above 0, and the LISTEN connection up). */
    keeping,
    /** Drops everything kept (a write handled by this instance completed). */
    dropAll,
    generation: () => generation,
    get(name: string, key: string): Kept | null {
      if (!keeping()) return null;
      const hit = byRoute.get(name)?.get(key);
      if (!hit) return null;
      if (hit.until <= Date.now()) {
        byRoute.get(name)?.delete(key);
        size -= 1;
        return null;
      }
      stats.hits += 1;
      return hit;
    },
    /** Keeps an answer read since `since` (a generation), unless something changed meanwhile. */
    put(name: string, key: string, body: string, since: number) {
      if (!keeping() || since !== generation) return;
      let kept = byRoute.get(name);
      if (!kept) {
        kept = new Map();
        byRoute.set(name, kept);
      }
      if (!kept.has(key)) {
        if (size >= MAX_KEPT) {
          // The oldest route's oldest answer (insertion order): a bound, not an eviction policy.
          const [oldestRoute, oldest] = byRoute.entries().next().value as [string, Map<string, Kept>];
          const oldestKey = oldest.keys().next().value as string | undefined;
          if (oldestKey !== undefined) {
            oldest.delete(oldestKey);
            size -= 1;
          }
          if (oldest.size === 0 && oldestRoute !== name) byRoute.delete(oldestRoute);
        }
        size += 1;
      }
      kept.set(key, { body: utf8.encode(body), gzip: null, until: Date.now() + ms });
      stats.stored += 1;
    },
    miss() {
      stats.misses += 1;
    },
    /** How many answers are kept for a route (tests), and the counters. */
    keptFor: (name: string) => byRoute.get(name)?.size ?? 0,
    stats: () => ({ ...stats, size }),
  };
}

// A scope's text, cheaper than JSON.stringify (issue 11: once per kept-read request). A scope is
// flat: its kind and ids (lib/access.ts); a nested value falls back to JSON.
function scopeKey(scope: unknown): string {
  if (typeof scope !== "object" || scope === null) return String(scope);
  let key = "";
  for (const [name, value] of Object.entries(scope)) {
    if (typeof value === "object" && value !== null) return JSON.stringify(scope);
    key += `${name}=${String(value)};`;
  }
  return key;
}

/** The key of a request's answer: route, query string, scope, the declared viewer fields, the day. */
export function readKey(c: Context<GuardedEnv>, spec: CachedReadSpec): string {
  const url = c.req.url;
  const q = url.indexOf("?");
  const parts = [q < 0 ? "" : url.slice(q + 1), scopeKey(c.get("scope"))];
  const viewer = c.get("viewer");
  for (const field of spec.viewer ?? []) parts.push(String(viewer[field] ?? ""));
  if (spec.today) parts.push(new Date().toISOString().slice(0, 10));
  return parts.join("\u0000");
}

/** Whether an Accept-Encoding header takes gzip (named, not refused with q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const lower = header.toLowerCase();
  if (!lower.includes("gzip")) return false;
  for (const part of lower.split(",")) {
    const [coding, ...params] = part.split(";").map((p) => p.trim());
    if (coding !== "gzip") continue;
    const q = params.find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/**
 * A route's middleware, after its guard: answers a GET from this instance's kept answer when there
 * is one, else runs the route and keeps its 200 answer (ADR 027).
 */
export function cachedRead(spec: CachedReadSpec) {
  if (CACHED_READS.has(spec.name) && CACHED_READS.get(spec.name) !== spec)
    throw new Error(`cached read declared twice: ${spec.name}`);
  CACHED_READS.set(spec.name, spec);
  return createMiddleware<GuardedEnv>(async (c, next) => {
    const cache = c.get("deps").readCache;
    if (c.req.method !== "GET" || !cache.keeping()) return next();
    const key = readKey(c, spec);
    const hit = cache.get(spec.name, key);
    if (hit !== null) {
      if (hit.body.byteLength < COMPRESS_FROM_BYTES)
        return c.newResponse(hit.body, 200, { "content-type": "application/json" });
      if (!acceptsGzip(c.req.header("accept-encoding")))
        return c.newResponse(hit.body, 200, { "content-type": "application/json", vary: "accept-encoding" });
      // Level 6 (zlib's default): 19 kB in about 0.3 ms, once per kept answer.
      hit.gzip ??= new Uint8Array(gzipSync(hit.body, { level: constants.Z_DEFAULT_COMPRESSION }));
      return c.newResponse(hit.gzip, 200, {
        "content-type": "application/json",
        "content-encoding": "gzip",
        vary: "accept-encoding",
      });
    }
    cache.miss();
    const since = cache.generation();
    await next();
    if (c.res.status !== 200) return;
    const text = plainBodyOf(c.res) ?? (await c.res.clone().text());
    cache.put(spec.name, key, text, since);
  });
}
