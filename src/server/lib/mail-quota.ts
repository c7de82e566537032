import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { and, count, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { mailQuotaEvents } from "../db/schema/mail";
import { authRequestAddressOf } from "./client-address";
import { AppError } from "./errors";
import type { Logger } from "./logger";
import type { Mail, Mailer } from "./mail";

// Issue 8, item 6: mail that anyone can make the portal send (a password reset, a student sign-up
// code, "you already have an account") is limited per recipient and per client address, counted in
// the database so every server instance shares one count. Beyond the recipient's limit the flow
// answers exactly as when the mail goes out (nothing tells whether an account exists), but nothing
// is sent; beyond the client's limit the request is refused with 429 before anything is looked up.

const MINUTE = 60_000;

/** At most 3 security mails to one address in 15 minutes, and 10 in a day. */
export const RECIPIENT_LIMITS = [
  { max: 3, windowMs: 15 * MINUTE },
  { max: 10, windowMs: 24 * 60 * MINUTE },
] as const;

/** At most 20 requests that may send a security mail from one client address in an hour. */
export const CLIENT_LIMIT = { max: 20, windowMs: 60 * MINUTE } as const;

const KEEP_MS = 24 * 60 * MINUTE;

export const TOO_MANY_MAIL_REQUESTS = "Too many requests from your network. Please try again in an hour.";

type Limit = { max: number; windowMs: number };
type QuotaDeps = { db: Db; log: Logger };

/**
 * Counts one event for `key` when every window still has room, atomically: a transaction-scoped
 * advisory lock on the key serializes concurrent takers (on PostgreSQL across instances; PGlite has
 * one connection), so N parallel requests never get more than `max` between them.
 */
async function take(db: Db, key: string, limits: readonly Limit[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mail-quota:${key}`}, 0))`);
    for (const limit of limits) {
      const since = sql`now() - make_interval(secs => ${limit.windowMs / 1000})`;
      const [row] = await tx
        .select({ n: count() })
        .from(mailQuotaEvents)
        .where(and(eq(mailQuotaEvents.key, key), gt(mailQuotaEvents.createdAt, since)));
      if (row.n >= limit.max) return false;
    }
    await tx.insert(mailQuotaEvents).values({ key });
    // What no window looks at any more.
    await tx
      .delete(mailQuotaEvents)
      .where(lt(mailQuotaEvents.createdAt, sql`now() - make_interval(secs => ${KEEP_MS / 1000})`));
    return true;
  });
}

export const recipientKey = (email: string) => `to:${email.trim().toLowerCase()}`;
export const clientKey = (address: string) => `client:${address}`;

/**
 * Per client: counts this request against its address (20 an hour) and refuses it with 429 beyond.
 * Call it first, for every request of the flow, whatever the email: a count that grew only for
 * existing accounts would tell them apart.
 */
export async function requireClientMailQuota(deps: QuotaDeps, address: string): Promise<void> {
  if (!(await takeClientMailQuota(deps, address))) throw new AppError("rate_limited", TOO_MANY_MAIL_REQUESTS, 429);
}

/** As requireClientMailQuota, answering false instead of throwing (for Better Auth's hooks). */
export async function takeClientMailQuota(deps: QuotaDeps, address: string): Promise<boolean> {
  const ok = await take(deps.db, clientKey(address), [CLIENT_LIMIT]);
  if (!ok) deps.log.warn({ reason: "client mail quota" }, "security mail request refused");
  return ok;
}

/**
 * Per recipient: sends the mail when the address got fewer than 3 security mails in 15 minutes (10
 * in a day), and counts it; otherwise sends nothing. Returns whether it went out; callers answer
 * the same either way.
 */
export async function sendSecurityMail(deps: QuotaDeps & { mailer: Mailer }, mail: Mail): Promise<boolean> {
  if (!(await takeRecipientMailQuota(deps, mail.to))) return false;
  await deps.mailer.send(mail);
  return true;
}

/**
 * The per-recipient half of sendSecurityMail, for a flow that decides which mail to send after
 * the check: true counts one mail to `email`; false means send nothing (and answer as usual).
 */
export async function takeRecipientMailQuota(deps: QuotaDeps, email: string): Promise<boolean> {
  const ok = await take(deps.db, recipientKey(email), RECIPIENT_LIMITS);
  if (!ok) deps.log.warn({ reason: "recipient mail quota" }, "security mail not sent");
  return ok;
}

/**
 * Better Auth's password reset under the same per-client limit, for every request (whether the
 * email has an account or not); the per-recipient limit is applied where the reset mail is sent
 * (sendSecurityMail in auth.ts).
 */
export function mailQuotaAuthPlugin(deps: QuotaDeps) {
  return {
    id: "mail-quota",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/request-password-reset",
          handler: createAuthMiddleware(async (ctx) => {
            // auth.api calls from our own code carry no client request.
            if (!ctx.request || !ctx.headers) return;
            if (!(await takeClientMailQuota(deps, authRequestAddressOf(ctx.request)))) {
              throw new APIError("TOO_MANY_REQUESTS", { code: "RATE_LIMITED", message: TOO_MANY_MAIL_REQUESTS });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
