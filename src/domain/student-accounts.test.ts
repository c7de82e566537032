import { describe, expect, it } from "vitest";
import { studentSignUpConfirmSchema, studentSignUpFormSchema, studentSignUpSchema } from "./student-accounts";

describe("student sign-up contracts (D3)", () => {
  it("full name is optional; email is required and trimmed", () => {
    expect(studentSignUpSchema.parse({ email: " a@b.test " })).toEqual({ email: "a@b.test", fullName: null });
    expect(studentSignUpSchema.safeParse({ email: "" }).success).toBe(false);
  });
  it("the code is six digits", () => {
    const ok = { email: "a@b.test", password: "Clinical-2026" };
    expect(studentSignUpConfirmSchema.safeParse({ ...ok, code: " 012345 " }).success).toBe(true);
    for (const code of ["12345", "1234567", "12a456", ""]) {
      expect(studentSignUpConfirmSchema.safeParse({ ...ok, code }).success, code).toBe(false);
    }
  });
  it("the form's password follows D4", () => {
    expect(studentSignUpFormSchema.safeParse({ email: "a@b.test", password: "short" }).success).toBe(false);
    expect(studentSignUpFormSchema.safeParse({ email: "a@b.test", password: "password" }).success).toBe(false);
  });
});
