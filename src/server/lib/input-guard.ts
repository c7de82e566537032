import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";
import { type ErrorIssue, errorBody } from "./errors";

// PostgreSQL refuses the NUL character (U+0000) in text, so a NUL that reaches a query is a 500
// (issue 8, item 8). No field of ours has a use for it: this guard refuses it once, for every
// route under /api (Better Auth's included), in the path, the query string and the body, raw or
// \u0000-escaped in JSON, with a 422 whose issues name the field. It reads the body from a clone,
// so the routes (c.req.json()) and Better Auth (c.req.raw) still read it afterwards.

const NUL = "\u0000";
export const NUL_MESSAGE = "must not contain the NUL character (\\u0000)";
/** Enough issues to name the fields; a body with thousands of NULs is not worth listing in full. */
const MAX_ISSUES = 20;
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Dotted paths (as our zod issues name fields: `requirements.0`) of every key or string holding a NUL. */
export function nulPaths(value: unknown, root = ""): string[] {
  const found: string[] = [];
  // Iterative: a body of 20,000 nested arrays must not overflow the stack.
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0 && found.length < MAX_ISSUES) {
    const [v, path] = stack.pop() as [unknown, string];
    if (typeof v === "string") {
      if (v.includes(NUL)) found.push(path || "body");
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], path ? `${path}.${i}` : String(i)]);
    } else if (v && typeof v === "object") {
      for (const [key, child] of Object.entries(v).reverse()) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes(NUL)) found.push(path || "body");
        else stack.push([child, childPath]);
      }
    }
  }
  return found;
}

function pathIssues(url: URL): ErrorIssue[] {
  const raw = url.pathname;
  let nul = raw.includes(NUL) || /%00/i.test(raw);
  if (!nul) {
    try {
      nul = decodeURIComponent(raw).includes(NUL);
    } catch {
      // A malformed escape is the router's to refuse, not ours.
    }
  }
  return nul ? [{ path: "path", message: NUL_MESSAGE }] : [];
}

function queryIssues(url: URL): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  for (const [key, value] of new URLSearchParams(url.search)) {
    if (key.includes(NUL)) issues.push({ path: "query", message: NUL_MESSAGE });
    else if (value.includes(NUL)) issues.push({ path: key, message: NUL_MESSAGE });
  }
  return issues;
}

async function bodyIssues(request: Request, kept?: Promise<string>): Promise<ErrorIssue[]> {
  if (!BODY_METHODS.has(request.method)) return [];
  // The body the server already read as text (http-security.ts bodyLimits): nothing to clone.
  if (!kept && request.body === null) return [];
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const toIssues = (paths: string[]) => paths.map((path) => ({ path, message: NUL_MESSAGE }));
  if (type === "multipart/form-data") {
    let form: FormData;
    try {
      form = await request.clone().formData();
    } catch {
      return []; // Malformed: whoever parses it refuses it.
    }
    const paths: string[] = [];
    for (const [key, value] of form) {
      const text = typeof value === "string" ? value : value.name;
      if (key.includes(NUL)) paths.push("body");
      else if (text.includes(NUL)) paths.push(key);
    }
    return toIssues(paths);
  }
  // A read error (a body-size limit cutting the stream) propagates to the limit's handler.
  const text = kept ? await kept : await request.clone().text();
  if (!text) return [];
  if (type === "application/x-www-form-urlencoded") {
    const paths: string[] = [];
    for (const [key, value] of new URLSearchParams(text)) {
      if (key.includes(NUL)) paths.push("body");
      else if (value.includes(NUL)) paths.push(key);
    }
    return toIssues(paths);
  }
  // JSON (or anything else a parser might take as JSON): name the field holding the NUL.
  if (text.includes(NUL) || text.includes("\\u0000")) {
    try {
      return toIssues(nulPaths(JSON.parse(text)));
    } catch {
      // Not JSON: a raw NUL anywhere is refused; otherwise the route answers the malformed body.
      return text.includes(NUL) ? toIssues(["body"]) : [];
    }
  }
  return [];
}

/** Refuses NUL characters anywhere in an /api request with 422 in the one envelope (DESIGN.md). */
export const inputGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  const issues = [...pathIssues(url), ...queryIssues(url)];
  if (issues.length === 0)
    issues.push(...(await bodyIssues(c.req.raw, (c.req.bodyCache as { text?: Promise<string> }).text)));
  if (issues.length === 0) return next();
  const named = issues.slice(0, MAX_ISSUES);
  return c.json(errorBody("invalid", named.map((i) => `${i.path}: ${i.message}`).join("; "), named), 422);
};
