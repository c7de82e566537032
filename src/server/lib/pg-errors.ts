// PostgreSQL errors reach us wrapped (Drizzle's DrizzleQueryError keeps the driver's error as
// `cause`); node-postgres and PGlite both carry the SQLSTATE in `code` and the constraint's name.

type PgErrorLike = { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };

function driverError(err: unknown): PgErrorLike | null {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === "object"; depth++) {
    const candidate = e as PgErrorLike;
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    e = candidate.cause;
  }
  return null;
}

/** True for a unique violation (23505), of the named constraint or index when one is given. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = driverError(err);
  if (e?.code !== "23505") return false;
  if (!constraint) return true;
  if (e.constraint === constraint) return true;
  return typeof e.message === "string" && e.message.includes(constraint);
}
