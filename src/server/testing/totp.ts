import { createHmac } from "node:crypto";

// What an authenticator app does with the otpauth:// URI of the enrolment QR code (RFC 6238 TOTP on
// RFC 4226 HOTP: HMAC-SHA1, 30-second steps, 6 digits), so tests enrol and sign in like a user.

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Decode(input: string): Buffer {
  const clean = input.replace(/=+$/, "").replace(/\s/g, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const idx = BASE32.indexOf(ch);
    if (idx < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | idx;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The secret, digits and period of an otpauth://totp/... URI. */
export function parseTotpUri(uri: string) {
  const url = new URL(uri);
  if (url.protocol !== "otpauth:" || url.host !== "totp") throw new Error(`not a TOTP URI: ${uri}`);
  const secret = url.searchParams.get("secret");
  if (!secret) throw new Error(`no secret in ${uri}`);
  return {
    secret,
    digits: Number(url.searchParams.get("digits") ?? 6),
    period: Number(url.searchParams.get("period") ?? 30),
    issuer: url.searchParams.get("issuer"),
    label: decodeURIComponent(url.pathname.replace(/^\/+/, "")),
  };
}

export function hotp(key: Buffer, counter: number, digits = 6): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(msg).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const bin = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(bin % 10 ** digits).padStart(digits, "0");
}

/** The code an authenticator app shows now (or at `at`) for a base32 secret. */
export function totp(base32Secret: string, opts: { at?: number; period?: number; digits?: number } = {}): string {
  const period = opts.period ?? 30;
  const counter = Math.floor((opts.at ?? Date.now()) / 1000 / period);
  return hotp(base32Decode(base32Secret), counter, opts.digits ?? 6);
}

/** The current code for the secret of an otpauth:// URI. */
export function totpFromUri(uri: string, at?: number): string {
  const { secret, digits, period } = parseTotpUri(uri);
  return totp(secret, { at, digits, period });
}
