import { describe, expect, it } from "vitest";
import { withViewAs } from "./sidebar";

const STUDENT = "0b6f3c1e-2a4d-4c8e-9f10-123456789abc";
const ORG = "9d1e2f3a-4b5c-4d6e-8f90-abcdef012345";

describe("sidebar links keep what an administrator views as", () => {
  it("keeps the picked student between the student's pages, and only there", () => {
    const params = new URLSearchParams(`student=${STUDENT}`);
    expect(withViewAs("/student/compliance", params)).toBe(`/student/compliance?student=${STUDENT}`);
    expect(withViewAs("/student/learning", params)).toBe(`/student/learning?student=${STUDENT}`);
    expect(withViewAs("/dashboard/admin", params)).toBe("/dashboard/admin");
  });

  it("keeps the picked program or facility on the pages that narrow by it", () => {
    expect(withViewAs("/students", new URLSearchParams(`program=${ORG}`))).toBe(`/students?program=${ORG}`);
    expect(withViewAs("/dashboard/facility/calendar", new URLSearchParams(`facility=${ORG}`))).toBe(
      `/dashboard/facility/calendar?facility=${ORG}`,
    );
    // A program's pick does not follow onto a facility's page, and a malformed student id is dropped.
    expect(withViewAs("/dashboard/facility", new URLSearchParams(`program=${ORG}`))).toBe("/dashboard/facility");
    expect(withViewAs("/student/profile", new URLSearchParams("student=nope"))).toBe("/student/profile");
  });
});
