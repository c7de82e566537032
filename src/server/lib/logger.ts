import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, redact: ["req.headers.cookie", "req.headers.authorization"] });
}

/** A request path as the log may keep it: tokens carried in the path (reset links) are cut. */
export function loggablePath(path: string): string {
  return path.replace(/(\/reset-password\/)[^/]+/, "$1[token]");
}
