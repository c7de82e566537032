import { describe, expect, it } from "vitest";
import { PASSWORD_MAX, PASSWORD_MIN, passwordSchema, resetPasswordSchema, signInSchema, signUpSchema } from "./auth";
import { COMMON_PASSWORDS, isCommonPassword } from "./common-passwords";

/** The messages of a failed parse, keyed by the field's dotted path. */
function messages(result: {
  success: boolean;
  error?: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> };
}) {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.map(String).join(".");
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

describe("password rules (D4, NIST SP 800-63B)", () => {
  it("needs at least 8 characters, with the prototype's wording", () => {
    expect(PASSWORD_MIN).toBe(8);
    const r = passwordSchema.safeParse("Ab3$xyz");
    expect(r.success).toBe(false);
    expect(messages(r)[""]).toEqual(["Password must be at least 8 characters"]);
    expect(passwordSchema.safeParse("Ab3$xyzq").success).toBe(true);
  });

  it("allows at most 100 characters", () => {
    expect(PASSWORD_MAX).toBe(100);
    expect(passwordSchema.safeParse("a-Long-pass".padEnd(100, "x")).success).toBe(true);
    const r = passwordSchema.safeParse("a-Long-pass".padEnd(101, "x"));
    expect(messages(r)[""]).toEqual(["Password must be at most 100 characters"]);
  });

  it("refuses common passwords, whatever their case", () => {
    for (const p of ["password1", "PASSWORD1", "Password123", "12345678", "iloveyou", "nursing1"]) {
      const r = passwordSchema.safeParse(p);
      expect(r.success, p).toBe(false);
      expect(messages(r)[""], p).toEqual(["This password is too common. Choose a less guessable one"]);
    }
  });

  it("keeps only passwords of 8 or more characters on the common list (shorter ones are refused anyway)", () => {
    for (const p of COMMON_PASSWORDS) expect(p.length, p).toBeGreaterThanOrEqual(8);
    expect(isCommonPassword("Lake-side-2026")).toBe(false);
  });

  it("says the password is required when it is missing", () => {
    expect(messages(passwordSchema.safeParse(undefined))[""]).toEqual(["Password is required"]);
  });
});

describe("sign-up schema", () => {
  const valid = {
    fullName: "Ann Lee",
    organizationName: "Lakeside Nursing",
    email: "ann@lakeside.test",
    password: "Lake-side-2026",
    role: "program",
  };

  it("accepts each of the chooser's three roles", () => {
    for (const role of ["program", "facility", "admin"])
      expect(signUpSchema.safeParse({ ...valid, role }).success, role).toBe(true);
  });

  it("names every field with the prototype's messages", () => {
    const r = signUpSchema.safeParse({
      fullName: " A ",
      organizationName: "",
      email: "nope",
      password: "short",
      role: "super_admin",
    });
    expect(messages(r)).toEqual({
      fullName: ["Full name is required"],
      organizationName: ["Organization name is required"],
      email: ["Invalid email address"],
      password: ["Password must be at least 8 characters"],
      role: ["Choose what you are: program, facility or administrator"],
    });
  });

  it("says which fields are required when they are missing", () => {
    const r = signUpSchema.safeParse({});
    expect(messages(r)).toEqual({
      fullName: ["Full name is required"],
      organizationName: ["Organization name is required"],
      email: ["Email is required"],
      password: ["Password is required"],
      role: ["Choose what you are: program, facility or administrator"],
    });
  });

  it("limits lengths", () => {
    const long = "x".repeat(101);
    const r = signUpSchema.safeParse({
      ...valid,
      fullName: long,
      organizationName: long,
      email: `${"a".repeat(250)}@b.test`,
    });
    expect(messages(r)).toEqual({
      fullName: ["Full name must be at most 100 characters"],
      organizationName: ["Organization name must be at most 100 characters"],
      email: ["Email must be at most 255 characters"],
    });
  });

  it("trims names and email", () => {
    const r = signUpSchema.parse({
      ...valid,
      fullName: "  Ann Lee ",
      organizationName: " Lakeside ",
      email: " ann@lakeside.test ",
    });
    expect(r).toMatchObject({ fullName: "Ann Lee", organizationName: "Lakeside", email: "ann@lakeside.test" });
  });
});

describe("sign-in schema", () => {
  it("needs an email and a password, but does not apply the new-password rules", () => {
    expect(signInSchema.safeParse({ email: "a@b.test", password: "x" }).success).toBe(true);
    expect(messages(signInSchema.safeParse({ email: "", password: "" }))).toEqual({
      email: ["Email is required"],
      password: ["Password is required"],
    });
  });
});

describe("reset password schema", () => {
  it("applies the password rules and checks the confirmation", () => {
    expect(resetPasswordSchema.safeParse({ password: "New-pass-2026", confirm: "New-pass-2026" }).success).toBe(true);
    expect(messages(resetPasswordSchema.safeParse({ password: "New-pass-2026", confirm: "New-pass-2027" }))).toEqual({
      confirm: ["Passwords do not match"],
    });
    expect(messages(resetPasswordSchema.safeParse({ password: "password1", confirm: "password1" }))).toEqual({
      password: ["This password is too common. Choose a less guessable one"],
    });
  });
});
