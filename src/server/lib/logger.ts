import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  // Asynchronous writes (issue 11): a line per API request must not block the event loop on a slow
  // terminal or pipe. The server flushes before it exits (index.ts).
  return pino(
    { level, base: undefined, redact: ["req.headers.cookie", "req.headers.authorization"] },
    level === "silent" ? undefined : pino.destination({ dest: 1, sync: false }),
  );
}

/**
 * A child logger made on first use (issue 11): every request gets one on its context, few use it,
 * and pino's child() costs a bindings object and a serializer chain per request.
 */
export function lazyChild(parent: Logger, bindings: () => pino.Bindings): Logger {
  let child: Logger | null = null;
  return new Proxy({} as Logger, {
    get(_target, key) {
      child ??= parent.child(bindings());
      const value = Reflect.get(child, key, child);
      return typeof value === "function" ? value.bind(child) : value;
    },
  });
}

/** Path segments that are secrets themselves: what follows the prefix, up to the next "/", is cut. */
const TOKEN_IN_PATH = [
  // Student invitation links (GET /api/invitations/<token>, POST .../<token>/accept) and the page.
  /^(\/api\/invitations\/)[^/?#]+/,
  /^(\/invite\/)[^/?#]+/,
  // Better Auth's reset link (GET /api/auth/reset-password/<token>).
  /(\/reset-password\/)[^/?#]+/,
];

/** Query parameters that carry a secret (Better Auth's verify-email, callbacks, one-time tokens, codes). */
const SECRET_QUERY = /([?&](?:token|code|otp|secret|key|signature|state)=)[^&#]*/gi;

/**
 * A request path (optionally with its query string) as the log may keep it: tokens carried in the
 * path (invitation and reset links) and secret query parameters are cut (issue 8, item 7).
 */
export function loggablePath(path: string): string {
  // Most paths carry neither (issue 11: this runs for every API request's log line).
  if (!path.includes("/invit") && !path.includes("reset-password") && !path.includes("=")) return path;
  let out = path;
  for (const pattern of TOKEN_IN_PATH) out = out.replace(pattern, "$1[token]");
  return out.replace(SECRET_QUERY, "$1[redacted]");
}
