import { createHmac, timingSafeEqual } from "node:crypto";
import { APIError, type createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { twoFactors } from "../../db/schema/auth";
import { totpUsedCodes } from "../../db/schema/totp-used-codes";

// Issue 8, item 13: a TOTP code is accepted once. Better Auth accepts the code of the current
// 30-second step and of the steps on either side, any number of times; this guard runs before its
// /two-factor/verify-totp (the only endpoint that takes a TOTP: sign-in and enrolment confirmation;
// turning it off asks the password) and claims the step the code belongs to. The claim is an insert
// on the primary key (user, step): of parallel requests with one code, exactly one gets through.
// Only a code that is right is claimed, so a typo neither burns a code nor changes Better Auth's
// count of wrong attempts.

export const TOTP_VERIFY_PATH = "/two-factor/verify-totp";
export const TOTP_CODE_USED = "TOTP_CODE_USED";
export const TOTP_CODE_USED_MESSAGE = "This code was used already. Wait for the next code in your authenticator app.";

/** Better Auth's two-factor cookie (plugins/two-factor/constant): the pending sign-in challenge. */
const TWO_FACTOR_COOKIE = "two_factor";
/** Better Auth's verification window: one step either side of now. */
const WINDOW = 1;

type AuthHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Refuses a right TOTP code that was accepted before for this user (throws a 401 APIError). */
export async function refuseReusedTotp(ctx: AuthHookContext, db: Db): Promise<void> {
  const code = ctx.body?.code;
  if (typeof code !== "string" || !/^\d{6,8}$/.test(code)) return;
  const userId = await challengedUserId(ctx);
  if (!userId) return; // Better Auth answers "not signed in" / invalid challenge itself.
  const [row] = await db
    .select({ secret: twoFactors.secret })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId))
    .limit(1);
  if (!row) return;

  const totpOptions = (
    ctx.context.getPlugin("two-factor") as { options?: { totpOptions?: { period?: number; digits?: number } } } | null
  )?.options?.totpOptions;
  const period = totpOptions?.period || 30;
  const digits = totpOptions?.digits || 6;
  let key: Buffer;
  try {
    key = decodeSecret(await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret }));
  } catch {
    return; // Better Auth fails the same decryption and answers for it.
  }
  const step = matchingStep(key, code, { period, digits, now: Date.now() });
  if (step === null) return; // A wrong code: Better Auth refuses it and counts the attempt.

  const now = new Date();
  await db.delete(totpUsedCodes).where(and(eq(totpUsedCodes.userId, userId), lt(totpUsedCodes.expiresAt, now)));
  const claimed = await db
    .insert(totpUsedCodes)
    // The step is accepted until the end of the step after it; keep the claim a little longer.
    .values({ userId, step, expiresAt: new Date((step + WINDOW + 1) * period * 1000 + 30_000) })
    .onConflictDoNothing()
    .returning({ step: totpUsedCodes.step });
  if (claimed.length === 0) {
    throw new APIError("UNAUTHORIZED", { code: TOTP_CODE_USED, message: TOTP_CODE_USED_MESSAGE });
  }
}

/** The user a TOTP is checked for, as Better Auth resolves it: the session, else the sign-in challenge. */
async function challengedUserId(ctx: AuthHookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!challenge) return null;
  const verification = await ctx.context.internalAdapter.findVerificationValue(challenge);
  return verification?.value ?? null;
}

/** Secrets Better Auth generates are used as their UTF-8 bytes; imported ones are "base32:<secret>". */
function decodeSecret(secret: string): Buffer {
  if (!secret.startsWith("base32:")) return Buffer.from(secret, "utf8");
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of secret.slice(7).toUpperCase().replace(/=+$/, "")) {
    const index = alphabet.indexOf(ch);
    if (index < 0) throw new Error("not base32");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

function hotp(key: Buffer, counter: number, digits: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const bin = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(bin % 10 ** digits).padStart(digits, "0");
}

/** The time step within Better Auth's window whose code is `code`, or null. */
export function matchingStep(
  key: Buffer,
  code: string,
  { period, digits, now }: { period: number; digits: number; now: number },
): number | null {
  const current = Math.floor(now / 1000 / period);
  const given = Buffer.from(code);
  for (let step = current - WINDOW; step <= current + WINDOW; step++) {
    const expected = Buffer.from(hotp(key, step, digits));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return step;
  }
  return null;
}
