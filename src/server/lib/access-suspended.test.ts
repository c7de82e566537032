import { describe, expect, it } from "vitest";
import { isSuspendedWrite, scopeOf } from "./access";
import type { Organization, Viewer } from "./context";

// Issue 14: which requests the allow guard refuses for a suspended organization (one rule, no query).

const suspended: Organization = {
  id: "f1",
  kind: "facility",
  name: "Closed Clinic",
  city: null,
  state: null,
  verificationStatus: "verified",
  suspendedAt: "2026-11-01T00:00:00.000Z",
  suspendedReason: "Audit",
};
const viewer = (o: Partial<Viewer>): Viewer => ({
  userId: "u",
  email: "u@test",
  name: "U",
  roles: ["facility"],
  role: "facility",
  organization: suspended,
  organizations: [suspended],
  studentId: null,
  sessionId: "s",
  ...o,
});

describe("isSuspendedWrite", () => {
  const coordinator = viewer({});
  const scope = scopeOf(coordinator, ["facility", "admin"]);

  it("refuses a coordinator's writes on routes declared for coordinators, never reads", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(isSuspendedWrite(coordinator, scope, method, ["facility", "admin"])).toBe(true);
    }
    expect(isSuspendedWrite(coordinator, scope, "GET", ["facility"])).toBe(false);
    expect(isSuspendedWrite(coordinator, scope, "HEAD", ["facility"])).toBe(false);
  });

  it("leaves routes open to anyone signed in, administrators, student scopes and unsuspended organizations alone", () => {
    expect(isSuspendedWrite(coordinator, scopeOf(coordinator), "POST", [])).toBe(false);
    const admin = viewer({ roles: ["admin", "facility"], role: "admin" });
    expect(isSuspendedWrite(admin, scopeOf(admin, ["facility", "admin"]), "POST", ["facility", "admin"])).toBe(false);
    const alsoStudent = viewer({ roles: ["facility", "student"], studentId: "st1" });
    expect(isSuspendedWrite(alsoStudent, scopeOf(alsoStudent, ["student"]), "POST", ["student"])).toBe(false);
    const open = viewer({ organization: { ...suspended, suspendedAt: null, suspendedReason: null } });
    expect(isSuspendedWrite(open, scopeOf(open, ["facility"]), "POST", ["facility"])).toBe(false);
  });
});
