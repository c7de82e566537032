import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { signInFailures } from "../../db/schema/auth";
import { authRequestAddressOf } from "../../lib/client-address";
import type { Deps } from "../../lib/context";
import { errorBody } from "../../lib/errors";
import { isJsonType } from "../../lib/http-security";

// Repeated failed sign-ins are refused for a while, per email and per address. Counted in the
// database so every server instance enforces the same limit.
export const MAX_FAILURES_PER_EMAIL = 5;
/** The default of SIGN_IN_ADDRESS_LIMIT (env.ts). */
export const MAX_FAILURES_PER_IP = 30;
export const FAILURE_WINDOW_MINUTES = 15;

const since = () => new Date(Date.now() - FAILURE_WINDOW_MINUTES * 60_000);

/**
 * Failures recorded within the window for an email and an address. Counted after this attempt's
 * own row is written (see guardedSignIn), so attempts in flight count too.
 */
async function failures(deps: Deps, email: string, ip: string) {
  const [byEmail, byIp] = await Promise.all([
    deps.db
      .select({ n: count() })
      .from(signInFailures)
      .where(and(eq(signInFailures.email, email), gt(signInFailures.createdAt, since()))),
    deps.db
      .select({ n: count() })
      .from(signInFailures)
      .where(and(eq(signInFailures.ip, ip), gt(signInFailures.createdAt, since()))),
  ]);
  return { email: byEmail[0].n, ip: byIp[0].n };
}

const locked = () => {
  const message = `Too many failed sign-in attempts. Try again in ${FAILURE_WINDOW_MINUTES} minutes or reset your password.`;
  // Our envelope, nothing else (ADR 003): the web reads it through authErrorMessage.
  return Response.json(errorBody("rate_limited", message), {
    status: 429,
    headers: { "retry-after": String(FAILURE_WINDOW_MINUTES * 60) },
  });
};

const refused = (status: number, code: string, message: string) => Response.json(errorBody(code, message), { status });

/**
 * Wraps Better Auth's email sign-in: refuses with 429 while an email or address is locked out,
 * records a failure on a 401, clears the email's failures on success.
 *
 * Every attempt is written down as a failure *before* it is evaluated and forgotten only when it
 * turns out not to be one: concurrent guesses each see the others in flight, so however many arrive
 * at once, no more than the limit are ever evaluated (issue 8, item 1). Only a JSON body reaches
 * Better Auth: a form body (which it would parse too) is refused, never waved through.
 */
export async function guardedSignIn(deps: Deps, request: Request, handle: (r: Request) => Promise<Response>) {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!isJsonType(type)) {
    return refused(415, "unsupported_media_type", "Send the request body as JSON (content-type: application/json)");
  }
  let body: unknown;
  try {
    body = await request.clone().json();
  } catch {
    return refused(400, "malformed", "The request body is not valid JSON");
  }
  const rawEmail = body && typeof body === "object" ? (body as { email?: unknown }).email : undefined;
  if (typeof rawEmail !== "string" || rawEmail.trim() === "") {
    return refused(422, "invalid", "email: Email is required");
  }
  const email = rawEmail.trim().toLowerCase();
  const ip = authRequestAddressOf(request);

  const [attempt] = await deps.db.insert(signInFailures).values({ email, ip }).returning({ id: signInFailures.id });
  const forget = () => deps.db.delete(signInFailures).where(eq(signInFailures.id, attempt.id));
  const seen = await failures(deps, email, ip);
  // This attempt's own row is counted: more than the limit means the limit was already reached.
  if (seen.email > MAX_FAILURES_PER_EMAIL || seen.ip > deps.env.SIGN_IN_ADDRESS_LIMIT) {
    await forget();
    return locked();
  }
  let response: Response;
  try {
    response = await handle(request);
  } catch (err) {
    await forget();
    throw err;
  }
  if (response.ok) await clearSignInFailures(deps.db, email);
  else if (response.status !== 401) await forget();
  return response;
}

/** Forgets an email's failed sign-ins: after a successful sign-in or a password reset. */
export async function clearSignInFailures(db: Db, email: string) {
  await db.delete(signInFailures).where(eq(sql`lower(${signInFailures.email})`, email.trim().toLowerCase()));
}
