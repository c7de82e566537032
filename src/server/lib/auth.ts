import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { jwt, twoFactor } from "better-auth/plugins";
import { PASSWORD_MAX, PASSWORD_MIN, passwordSchema } from "../../domain/auth";
import type { Db } from "../db/client";
import { authSchema } from "../db/schema/auth";
import { refuseReusedTotp, TOTP_VERIFY_PATH } from "../features/accounts/totp-replay-guard";
import { withQuietContextHooks } from "./auth-context-hooks";
import { CLIENT_ADDRESS_HEADER } from "./client-address";
import { loggableDetail } from "./errors";
import { createLogger, type Logger } from "./logger";
import { type Mailer, mailHtml } from "./mail";
import { mailQuotaAuthPlugin, sendSecurityMail } from "./mail-quota";

export type AuthDeps = {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  secret: string;
  production: boolean;
  /** The port the server listens on: in development its loopback addresses are trusted origins. */
  port?: number;
  log?: Logger;
  /** Called after a password was reset by email (the sign-in lockout is lifted there). */
  onPasswordReset?: (user: { id: string; email: string }) => Promise<void>;
  /** Multiplies every per-address request limit (AUTH_RATE_LIMIT_FACTOR; 1 by default). */
  rateLimitFactor?: number;
};

export const APP_NAME = "Clinical Placement Portal";

const silentLogger = createLogger("silent");

/** Better Auth at /api/auth/*: email+password, sessions, reset, TOTP two-factor, JWT/JWKS, rate limit. */
/**
 * The origins Better Auth accepts sign-ins from: APP_URL's, and in development also the addresses
 * the server itself answers on this machine (http://localhost:PORT, http://127.0.0.1:PORT,
 * http://[::1]:PORT), so a newcomer opening any of them can sign in. Never in production: there
 * only APP_URL counts.
 */
export function trustedOriginsFor(appUrl: string, production: boolean, port?: number): string[] {
  const origins = [new URL(appUrl).origin];
  if (!production && port) {
    for (const host of ["localhost", "127.0.0.1", "[::1]"]) {
      const o = `http://${host}:${port}`;
      if (!origins.includes(o)) origins.push(o);
    }
  }
  return origins;
}

export function createAuth({
  db,
  mailer,
  appUrl,
  secret,
  production,
  port,
  log,
  onPasswordReset,
  rateLimitFactor = 1,
}: AuthDeps) {
  const limit = (max: number) => Math.max(1, Math.round(max * rateLimitFactor));
  const quotaDeps = { db, mailer, log: log ?? silentLogger };
  const auth = betterAuth({
    // Better Auth's own messages go to our JSON log, not to the console.
    logger: log
      ? {
          // "info": at "warn" or "error" Better Auth also prints every refused request to the console.
          level: "info",
          log: (level, message, ...args) => {
            const data = args.length > 0 ? { details: args.map(loggableDetail) } : {};
            if (level === "error") log.error(data, `auth: ${message}`);
            else if (level === "warn") log.warn(data, `auth: ${message}`);
            else if (level === "info") log.info(data, `auth: ${message}`);
            else log.debug(data, `auth: ${message}`);
          },
        }
      : undefined,
    appName: APP_NAME,
    baseURL: appUrl,
    basePath: "/api/auth",
    secret,
    telemetry: { enabled: false },
    trustedOrigins: trustedOriginsFor(appUrl, production, port),
    database: drizzleAdapter(db, { provider: "pg", schema: authSchema }),
    // Accounts are made through /api/accounts/sign-up (roles and organization in one step, D2),
    // or by invitation; the bare Better Auth sign-up endpoint is closed.
    disabledPaths: ["/sign-up/email"],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => {
        await onPasswordReset?.(user);
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      // Limited per recipient (issue 8, item 6); the token is marked secret so the outbox keeps
      // none (item 7).
      sendResetPassword: async ({ user, url, token }) => {
        await sendSecurityMail(quotaDeps, {
          to: user.email,
          subject: "Reset your Clinical Placement Portal password",
          text: `Hello ${user.name},\n\nSomeone asked to reset the password of your Clinical Placement Portal account. Choose a new password here (the link works for one hour):\n\n${url}\n\nIf it was not you, ignore this mail; your password stays as it is.`,
          html: mailHtml(
            "Reset your password",
            [
              `Hello ${user.name},`,
              "Someone asked to reset the password of your Clinical Placement Portal account. The link works for one hour.",
              "If it was not you, ignore this mail; your password stays as it is.",
            ],
            { label: "Choose a new password", url },
          ),
          link: url,
          secrets: [token],
        });
      },
    },
    // Reset tokens (and every other verification value) are stored as SHA-256 hashes (item 7).
    verification: { storeIdentifier: "hashed" },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      // Sessions refresh by themselves: a session used after a day gets a new expiry.
      updateAge: 60 * 60 * 24,
      // The organization the session acts for (ADR 011): set only by POST /api/me/organization.
      additionalFields: { activeOrganizationId: { type: "string", required: false, input: false } },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: limit(production ? 100 : 1000),
      customRules: {
        // Better Auth's default (3 per 10 s per address) locks out a hospital or school sharing one
        // address. Guessing is stopped by the failed-attempt lockout (sign-in-guard.ts) instead.
        "/sign-in/email": { window: 60, max: limit(60) },
        "/request-password-reset": { window: 60, max: limit(5) },
        "/two-factor/verify-totp": { window: 60, max: limit(10) },
        "/two-factor/verify-backup-code": { window: 60, max: limit(10) },
      },
    },
    advanced: {
      // Better Auth skips its origin and callback URL checks when NODE_ENV is "test"; keep them on
      // so tests see what users get.
      disableOriginCheck: false,
      // Every table but Better Auth's own uses uuid; its ids stay text.
      database: { generateId: () => crypto.randomUUID() },
      // Only the address app.ts resolved (socket, or TRUST_PROXY hops): never a client-written header.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    hooks: {
      // D4 wherever a password is chosen: the same rules and messages as the forms (at least 8,
      // at most 100, common passwords refused).
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/reset-password" || ctx.path === "/change-password") {
          const candidate = ctx.body?.newPassword;
          if (typeof candidate !== "string") return;
          const checked = passwordSchema.safeParse(candidate);
          if (!checked.success) {
            throw new APIError("BAD_REQUEST", { code: "INVALID_PASSWORD", message: checked.error.issues[0].message });
          }
        }
        // A TOTP code is accepted once (issue 8, item 13).
        if (ctx.path === TOTP_VERIFY_PATH) await refuseReusedTotp(ctx, db);
      }),
    },
    plugins: [twoFactor({ issuer: APP_NAME }), jwt(), mailQuotaAuthPlugin(quotaDeps)],
  });
  // Issue 11: the process-wide async hook Better Auth needs is on only while it runs.
  return withQuietContextHooks(auth);
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthSession = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
