// @hono/node-server's own Response (used when the server runs under it, not in app.request tests)
// keeps its body and a plain header object in a slot until someone reads `.headers` or the body;
// reading those builds a web Response (a Headers object, every name and value validated), and the
// server then turns it back into an object to write. The slot's symbol is private: it is found by
// its description once. Used on the hot path only (issue 11); every caller has a web-API fallback.

let slot: symbol | null | undefined;

type Slot = [status: number, body: unknown, headers: unknown];

function slotOf(res: Response): Slot | null {
  if (slot === null) return null;
  if (slot === undefined) {
    const found = Object.getOwnPropertySymbols(res).find((s) => s.description === "cache");
    if (!found) return null;
    slot = found;
  }
  const cache = (res as unknown as Record<symbol, unknown>)[slot];
  return Array.isArray(cache) && cache.length === 3 ? (cache as Slot) : null;
}

/**
 * The plain header object of a node-server answer with a text or bytes body (undefined: none set yet), and
 * a setter; null when the answer is anything else (a web Response, a stream, a Headers object).
 */
export function plainHeadersOf(
  res: Response,
): { headers: Record<string, string> | undefined; set(headers: Record<string, string>): void } | null {
  const cache = slotOf(res);
  // A text body, or bytes (a kept answer of the read cache, encoded once: issue 11).
  if (!cache || (typeof cache[1] !== "string" && !(cache[1] instanceof Uint8Array))) return null;
  const headers = cache[2];
  if (
    headers !== undefined &&
    (headers === null || typeof headers !== "object" || Object.getPrototypeOf(headers) !== Object.prototype)
  )
    return null;
  return {
    headers: headers as Record<string, string> | undefined,
    set: (next) => {
      cache[2] = next;
    },
  };
}

/** The text body of a node-server answer, without turning it into a web Response; else null. */
export function plainBodyOf(res: Response): string | null {
  const cache = slotOf(res);
  return cache && typeof cache[1] === "string" ? cache[1] : null;
}
