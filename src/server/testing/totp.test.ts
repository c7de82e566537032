import { describe, expect, it } from "vitest";
import { base32Decode, hotp, parseTotpUri, totp, totpFromUri } from "./totp";

// RFC 4226 appendix D and RFC 6238 appendix B (SHA-1), secret "12345678901234567890".
const SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("TOTP helper", () => {
  it("decodes base32", () => {
    expect(base32Decode(SECRET).toString()).toBe("12345678901234567890");
  });

  it("matches the RFC 4226 HOTP values", () => {
    const key = Buffer.from("12345678901234567890");
    expect([0, 1, 2, 9].map((c) => hotp(key, c))).toEqual(["755224", "287082", "359152", "520489"]);
  });

  it("matches the RFC 6238 TOTP values", () => {
    expect(totp(SECRET, { at: 59_000, digits: 8 })).toBe("94287082");
    expect(totp(SECRET, { at: 1_111_111_109_000, digits: 8 })).toBe("07081804");
    expect(totp(SECRET, { at: 2_000_000_000_000, digits: 8 })).toBe("69279037");
  });

  it("reads an otpauth URI", () => {
    const uri = `otpauth://totp/Portal:ann%40test.dev?secret=${SECRET}&issuer=Portal&digits=6&period=30`;
    expect(parseTotpUri(uri)).toMatchObject({
      secret: SECRET,
      issuer: "Portal",
      digits: 6,
      period: 30,
      label: "Portal:ann@test.dev",
    });
    expect(totpFromUri(uri, 59_000)).toBe("287082");
  });
});
