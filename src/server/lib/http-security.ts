import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "./context";
import { errorBody } from "./errors";
import { plainHeadersOf } from "./plain-response";

// What every response and every state-changing request goes through (issue 8, items 9, 10, 12):
// security headers, a same-origin check, JSON-only bodies and body-size limits.

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The built app loads only its own hashed scripts (no inline script). Styles allow inline: sonner
 * and Radix set styles at run time. The API reference (/api/docs) is the one page with an inline
 * script (Scalar's configuration) and gets its own policy.
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const DOCS_CSP = APP_CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'");

const BASE_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-opener-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
};
const HSTS = "max-age=31536000; includeSubDomains";

/** Security headers on every response; `no-store` on every API answer (they carry student data). */
export function securityHeaders(opts: { https: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const path = c.req.path;
    const isApi = path.startsWith("/api");
    const plain = plainHeadersOf(c.res);
    if (plain) {
      // The same rules as below, on the plain object (no set-cookie can be in one: Hono uses Headers then).
      const was = plain.headers ?? { "content-type": "text/plain; charset=UTF-8" };
      const out: Record<string, string> = {};
      for (const key in was) out[key.toLowerCase()] = was[key];
      if (out["content-security-policy"] === undefined)
        out["content-security-policy"] = path.startsWith("/api/docs") ? DOCS_CSP : APP_CSP;
      if (out["x-frame-options"] !== "SAMEORIGIN") out["x-frame-options"] = "DENY";
      Object.assign(out, BASE_HEADERS);
      const id = c.get("requestId");
      if (id) out["x-request-id"] = id;
      if (opts.https) out["strict-transport-security"] = HSTS;
      const cache = out["cache-control"] ?? "";
      if (isApi && path !== "/api/docs/scalar.js" && !cache.includes("no-store")) out["cache-control"] = "no-store";
      if (!isApi && !out["cache-control"] && (out["content-type"] ?? "").includes("text/html"))
        out["cache-control"] = "no-cache";
      plain.set(out);
      return;
    }
    const h = c.res.headers;
    if (!h.has("content-security-policy"))
      h.set("content-security-policy", path.startsWith("/api/docs") ? DOCS_CSP : APP_CSP);
    // A route may allow its own pages to frame it (a compliance document's preview): SAMEORIGIN only.
    if (h.get("x-frame-options") !== "SAMEORIGIN") h.set("x-frame-options", "DENY");
    for (const key in BASE_HEADERS) h.set(key, BASE_HEADERS[key]);
    const id = c.get("requestId");
    if (id) h.set("x-request-id", id);
    if (opts.https) h.set("strict-transport-security", HSTS);
    // Answers of the API are personal (education records, FERPA): never kept by a browser or proxy.
    // The reference UI's script is the one public, cacheable file under /api.
    // A route that already forbids storing (a document's file: "private, no-store") keeps its words.
    if (isApi && path !== "/api/docs/scalar.js" && !(h.get("cache-control") ?? "").includes("no-store"))
      h.set("cache-control", "no-store");
    if (!isApi && !h.has("cache-control") && (h.get("content-type") ?? "").includes("text/html"))
      h.set("cache-control", "no-cache");
  };
}

/** The origin (scheme://host[:port]) of a URL, or null when it is not one. */
function originOf(url: string | null | undefined): string | null {
  if (!url || url === "null") return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Cross-site request forgery: a state-changing API request from a browser must come from our own
 * pages. Browsers send Origin (and Sec-Fetch-Site) on every cross-origin POST; a request whose
 * Origin is neither APP_URL nor the host it was sent to is refused. Requests without either header
 * (curl, scripts with a bearer token) carry no ambient cookie from a victim's browser and pass.
 */
export function sameOriginGuard(appUrl: string): MiddlewareHandler<AppEnv> {
  const appOrigin = originOf(appUrl);
  return async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const site = c.req.header("sec-fetch-site");
    const requestOrigin = originOf(c.req.url);
    const host = c.req.header("host");
    const fromUs = (o: string | null) =>
      o !== null && (o === appOrigin || o === requestOrigin || (host !== undefined && new URL(o).host === host));
    if (origin !== undefined) {
      if (!fromUs(originOf(origin))) return refuseCrossSite(c);
    } else if (site === "cross-site" || site === "same-site") {
      return refuseCrossSite(c);
    }
    return next();
  };
}

function refuseCrossSite(c: Context) {
  return c.json(
    errorBody("cross_site_refused", "This request did not come from the portal's own pages and was refused"),
    403,
  );
}

/**
 * Request bodies of the API are JSON. A form-encoded or multipart body (what an HTML form on
 * another site can send without a preflight) is refused with 415, including on Better Auth's
 * routes, which would otherwise accept form bodies (and skip our sign-in guard). The few routes
 * that take a file (compliance documents) accept multipart/form-data only, behind the same-origin
 * guard, which refuses a cross-site form post by its Origin.
 */
export function jsonBodies(multipartPaths: RegExp[] = []): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method)) return next();
    const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
    // No content type: a bodiless call (our client's POST /withdraw), which nothing parses as a form.
    if (!type || isJsonType(type)) return next();
    if (type === "multipart/form-data" && multipartPaths.some((p) => p.test(c.req.path))) return next();
    return c.json(
      errorBody("unsupported_media_type", "Send the request body as JSON (content-type: application/json)"),
      415,
    );
  };
}

export const jsonBodiesOnly: MiddlewareHandler<AppEnv> = jsonBodies();

export const isJsonType = (type: string) => type === "application/json" || type.endsWith("+json");

/** Default limit of a request body under /api; routes that take more (roster files) declare their own. */
export const DEFAULT_BODY_LIMIT = 256 * 1024;

/** A route's own limit; `field` names the form field a too-large body is blamed on (an upload's file). */
export type BodyLimitRule = { path: RegExp; maxSize: number; message: string; field?: string };

/**
 * Body-size limits for /api: the first rule whose path matches, else DEFAULT_BODY_LIMIT. Checked on
 * the declared length and on the bytes as they arrive (a chunked body cannot slip past), before
 * any handler reads the body, so a huge body costs the server nothing.
 */
export function bodyLimits(rules: BodyLimitRule[]): MiddlewareHandler<AppEnv> {
  const tooLarge = (c: Context<AppEnv>, message: string, field?: string) =>
    c.json(errorBody("too_large", message, field ? [{ path: field, message }] : undefined), 413) as Response;
  const make = (maxSize: number, message: string, field?: string) =>
    bodyLimit({ maxSize, onError: (c) => tooLarge(c as Context<AppEnv>, message, field) });
  const fallbackMessage = `The request body is larger than ${DEFAULT_BODY_LIMIT / 1024} kB`;
  type Limit = { maxSize: number; message: string; field?: string; limit: MiddlewareHandler };
  const fallback: Limit = {
    maxSize: DEFAULT_BODY_LIMIT,
    message: fallbackMessage,
    limit: make(DEFAULT_BODY_LIMIT, fallbackMessage),
  };
  const limited = rules.map((r): Limit & { path: RegExp } => ({
    path: r.path,
    maxSize: r.maxSize,
    message: r.message,
    field: r.field,
    limit: make(r.maxSize, r.message, r.field),
  }));
  return async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method)) return next();
    const rule = limited.find((r) => r.path.test(c.req.path)) ?? fallback;
    // Issue 11: a JSON body on the Node server is read straight from the socket's stream, within
    // the limit, and kept as the request's text (c.req.json() and the input guard read it there):
    // no web Request, stream, or clone of it per write. Better Auth reads the raw request itself.
    const given = (c.env as { incoming?: unknown } | undefined)?.incoming;
    // Only the server's own stream (app.request() callers may pass a bare peer address instead).
    const incoming = given instanceof Readable ? (given as IncomingMessage) : null;
    const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (incoming && isJsonType(type) && !c.req.path.startsWith("/api/auth/")) {
      const declared = Number(c.req.header("content-length") ?? Number.NaN);
      if (declared > rule.maxSize) return tooLarge(c, rule.message, rule.field);
      const text = await readText(incoming, rule.maxSize);
      if (text === null) return tooLarge(c, rule.message, rule.field);
      // Hono keeps promises there (its types say the values).
      (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
      return next();
    }
    return rule.limit(c, next);
  };
}

/**
 * A request body as UTF-8 text (a byte-order mark dropped, as Request.text() does), or null once it
 * passes `maxSize` bytes (the rest is drained unread). Rejects when the client goes away mid-body.
 */
export function readText(incoming: IncomingMessage, maxSize: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxSize) {
        over = true;
        chunks.length = 0;
        incoming.off("data", onData);
        incoming.resume();
        resolve(null);
      } else chunks.push(chunk);
    };
    incoming.on("data", onData);
    incoming.once("end", () => {
      if (!over) resolve(new TextDecoder().decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size)));
    });
    incoming.once("error", reject);
    incoming.once("close", () => {
      if (!incoming.complete && !over) reject(new Error("The client closed the connection before its body arrived"));
    });
  });
}
