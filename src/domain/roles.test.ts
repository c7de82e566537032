import { describe, expect, it } from "vitest";
import { homeFor, isAdmin, ROLE_LABELS, ROLE_PRIORITY, ROLES, resolveRole, SIGN_UP_ROLES } from "./roles";

describe("resolveRole (spec section 4: priority super_admin, admin, program, facility, student)", () => {
  it("picks the highest-priority role whatever the order the roles were found in", () => {
    expect(resolveRole(["student", "facility", "program", "admin", "super_admin"])).toBe("super_admin");
    expect(resolveRole(["program", "admin"])).toBe("admin");
    expect(resolveRole(["facility", "program"])).toBe("program");
    expect(resolveRole(["student", "facility"])).toBe("facility");
    expect(resolveRole(["student"])).toBe("student");
  });

  it("follows the spec's order exactly, with issue 17's preceptor (facility staff) after the facility", () => {
    expect(ROLE_PRIORITY).toEqual(["super_admin", "admin", "program", "facility", "preceptor", "student"]);
    for (const [i, higher] of ROLE_PRIORITY.entries()) {
      for (const lower of ROLE_PRIORITY.slice(i + 1)) {
        expect(resolveRole([lower, higher])).toBe(higher);
      }
    }
  });

  it("uses the first role found when none is a known one", () => {
    expect(resolveRole(["auditor", "viewer"])).toBe("auditor");
  });

  it("prefers a known role over an unknown one found first", () => {
    expect(resolveRole(["auditor", "facility"])).toBe("facility");
  });

  it("is null without roles", () => {
    expect(resolveRole([])).toBeNull();
  });
});

describe("homeFor ('/auth' redirects of spec section 2)", () => {
  it("sends each signed-in role to its dashboard", () => {
    expect(homeFor("program")).toBe("/dashboard/program");
    expect(homeFor("facility")).toBe("/dashboard/facility");
    expect(homeFor("admin")).toBe("/dashboard/admin");
    expect(homeFor("super_admin")).toBe("/dashboard/admin");
  });

  it("does not redirect a student or a user without a role", () => {
    expect(homeFor("student")).toBeNull();
    expect(homeFor(null)).toBeNull();
  });
});

describe("role labels and the sign-up chooser", () => {
  it("labels every role", () => {
    for (const role of ROLES) expect(ROLE_LABELS[role]).toBeTruthy();
  });

  it("offers the prototype's three options in order, never super_admin", () => {
    expect(SIGN_UP_ROLES.map((r) => r.value)).toEqual(["program", "facility", "admin"]);
    expect(SIGN_UP_ROLES.map((r) => r.label)).toEqual(["Nursing Program", "Healthcare Facility", "Administrator"]);
  });

  it("counts admin and super_admin as administrators only", () => {
    expect(ROLES.filter((r) => isAdmin(r))).toEqual(["super_admin", "admin"]);
    expect(isAdmin(null)).toBe(false);
  });
});
