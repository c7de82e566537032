import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { signInFailures } from "../../db/schema/auth";
import { clientAddressOf } from "../../lib/client-address";
import type { Deps } from "../../lib/context";
import { errorBody } from "../../lib/errors";

// Repeated failed sign-ins are refused for a while, per email and per address. Counted in the
// database so every server instance enforces the same limit.
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 30;
export const FAILURE_WINDOW_MINUTES = 15;

const since = () => new Date(Date.now() - FAILURE_WINDOW_MINUTES * 60_000);

async function failures(deps: Deps, email: string, ip: string | null) {
  const [byEmail, byIp] = await Promise.all([
    deps.db
      .select({ n: count() })
      .from(signInFailures)
      .where(and(eq(signInFailures.email, email), gt(signInFailures.createdAt, since()))),
    ip
      ? deps.db
          .select({ n: count() })
          .from(signInFailures)
          .where(and(eq(signInFailures.ip, ip), gt(signInFailures.createdAt, since())))
      : Promise.resolve([{ n: 0 }]),
  ]);
  return { email: byEmail[0].n, ip: byIp[0].n };
}

/**
 * Wraps Better Auth's email sign-in: refuses with 429 while an email or address is locked out,
 * records a failure on a 401, clears the email's failures on success.
 */
export async function guardedSignIn(deps: Deps, request: Request, handle: (r: Request) => Promise<Response>) {
  let email = "";
  try {
    const body = (await request.clone().json()) as { email?: unknown };
    if (typeof body.email === "string") email = body.email.trim().toLowerCase();
  } catch {
    return handle(request);
  }
  const ip = clientAddressOf(request.headers);
  const seen = await failures(deps, email, ip);
  if (seen.email >= MAX_FAILURES_PER_EMAIL || seen.ip >= MAX_FAILURES_PER_IP) {
    const message = `Too many failed sign-in attempts. Try again in ${FAILURE_WINDOW_MINUTES} minutes or reset your password.`;
    // Our envelope, plus the top-level code/message the Better Auth client reads.
    return Response.json(
      { ...errorBody("rate_limited", message), code: "RATE_LIMITED", message },
      { status: 429, headers: { "retry-after": String(FAILURE_WINDOW_MINUTES * 60) } },
    );
  }
  const response = await handle(request);
  if (response.status === 401 && email) {
    await deps.db.insert(signInFailures).values({ email, ip });
  } else if (response.ok && email) {
    await clearSignInFailures(deps.db, email);
  }
  return response;
}

/** Forgets an email's failed sign-ins: after a successful sign-in or a password reset. */
export async function clearSignInFailures(db: Db, email: string) {
  await db.delete(signInFailures).where(eq(sql`lower(${signInFailures.email})`, email.trim().toLowerCase()));
}
