import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { jwt, twoFactor } from "better-auth/plugins";
import { isCommonPassword } from "../../domain/common-passwords";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../domain/auth";
import type { Db } from "../db/client";
import { authSchema } from "../db/schema/auth";
import { type Mailer, mailHtml } from "./mail";

export type AuthDeps = { db: Db; mailer: Mailer; appUrl: string; secret: string; production: boolean };

export const APP_NAME = "Clinical Placement Portal";

/** Better Auth at /api/auth/*: email+password, sessions, reset, TOTP two-factor, JWT/JWKS, rate limit. */
export function createAuth({ db, mailer, appUrl, secret, production }: AuthDeps) {
  return betterAuth({
    appName: APP_NAME,
    baseURL: appUrl,
    basePath: "/api/auth",
    secret,
    telemetry: { enabled: false },
    trustedOrigins: [appUrl],
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
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({
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
        });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      // Sessions refresh by themselves: a session used after a day gets a new expiry.
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: production ? 100 : 1000,
      customRules: {
        "/request-password-reset": { window: 60, max: 5 },
        "/two-factor/verify-totp": { window: 60, max: 10 },
        "/two-factor/verify-backup-code": { window: 60, max: 10 },
      },
    },
    advanced: {
      // Every table but Better Auth's own uses uuid; its ids stay text.
      database: { generateId: () => crypto.randomUUID() },
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    hooks: {
      // D4 wherever a password is chosen: common passwords are refused.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/reset-password" || ctx.path === "/change-password") {
          const candidate = ctx.body?.newPassword;
          if (typeof candidate === "string" && isCommonPassword(candidate)) {
            throw new APIError("BAD_REQUEST", { message: "This password is too common. Choose a less guessable one" });
          }
        }
      }),
    },
    plugins: [twoFactor({ issuer: APP_NAME }), jwt()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthSession = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
