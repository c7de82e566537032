import { describe, expect, it } from "vitest";
import { assignPreceptorsSchema, preceptorInviteSchema, rotationStatus } from "./preceptors";
import { roleForMembership } from "./roles";

// Issue 17: where a rotation stands on a fixed day, the invitation and assignment inputs, and the
// role a session acts as at a facility where the user precepts (ADR 023).

describe("rotationStatus", () => {
  const r = { startDate: "2026-03-02", endDate: "2026-04-10" };
  it("is upcoming before the first day, current on both end days and between, ended after", () => {
    expect(rotationStatus(r, "2026-03-01")).toBe("upcoming");
    expect(rotationStatus(r, "2026-03-02")).toBe("current");
    expect(rotationStatus(r, "2026-03-20")).toBe("current");
    expect(rotationStatus(r, "2026-04-10")).toBe("current");
    expect(rotationStatus(r, "2026-04-11")).toBe("ended");
  });
});

describe("preceptorInviteSchema", () => {
  it("lower-cases the email, defaults the title to Preceptor and an empty department to none", () => {
    expect(preceptorInviteSchema.parse({ name: " Nia Nurse ", email: " Nia@Mercy.TEST ", department: " " })).toEqual({
      name: "Nia Nurse",
      email: "nia@mercy.test",
      title: "Preceptor",
      department: null,
    });
  });
  it("names each bad field", () => {
    const r = preceptorInviteSchema.safeParse({ name: "", email: "nope", title: "x".repeat(81) });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join(".")).sort()).toEqual(["email", "name", "title"]);
  });
});

describe("assignPreceptorsSchema", () => {
  it("takes up to five distinct people, none twice", () => {
    expect(assignPreceptorsSchema.safeParse({ userIds: [] }).success).toBe(true);
    expect(assignPreceptorsSchema.safeParse({ userIds: ["a", "b", "c", "d", "e"] }).success).toBe(true);
    expect(assignPreceptorsSchema.safeParse({ userIds: ["a", "b", "c", "d", "e", "f"] }).success).toBe(false);
    expect(assignPreceptorsSchema.safeParse({ userIds: ["a", "a"] }).success).toBe(false);
  });
});

describe("roleForMembership", () => {
  it("a coordinator acting at a facility where they precept acts as its preceptor", () => {
    expect(roleForMembership(["facility", "preceptor"], "preceptor")).toBe("preceptor");
    expect(roleForMembership(["program", "preceptor"], "preceptor")).toBe("preceptor");
    expect(roleForMembership(["facility", "preceptor"], "coordinator")).toBe("facility");
    expect(roleForMembership(["facility", "preceptor"])).toBe("facility");
  });
  it("administrators stay administrators; a student who precepts acts as the preceptor by priority", () => {
    expect(roleForMembership(["admin", "preceptor"], "preceptor")).toBe("admin");
    expect(roleForMembership(["preceptor", "student"], "preceptor")).toBe("preceptor");
    expect(roleForMembership(["student"])).toBe("student");
  });
});
