import { describe, expect, it } from "vitest";
import {
  MAX_RUN_STUDENTS,
  matchRunInputSchema,
  matchSubmissionSchema,
  placementPriority,
  readinessShare,
} from "./bulk";

const ID = "00000000-0000-4000-8000-000000000001";
const ID2 = "00000000-0000-4000-8000-000000000002";

describe("the placements' priority over students (deferred acceptance)", () => {
  it("orders by readiness, then GPA, then the earlier roster date", () => {
    const p = (readiness: number, gpa: number | null, rosterOrder: number) =>
      placementPriority({ readiness, gpa, rosterOrder });
    // Readiness first, whatever the GPA and roster order.
    expect(p(1, 2.0, 900)).toBeGreaterThan(p(0.9, 4.0, 0));
    // Then GPA.
    expect(p(0.5, 3.9, 500)).toBeGreaterThan(p(0.5, 3.8, 0));
    // A GPA beats none at all, even 0.00.
    expect(p(0.5, 0, 10)).toBeGreaterThan(p(0.5, null, 0));
    // Then who joined the roster first.
    expect(p(0.5, 3.5, 0)).toBeGreaterThan(p(0.5, 3.5, 1));
    // Equal parts, equal priority.
    expect(p(0.25, 3.25, 7)).toBe(p(0.25, 3.25, 7));
  });

  it("stays an exact integer in a double at the extremes", () => {
    const top = placementPriority({ readiness: 1, gpa: 4, rosterOrder: 0 });
    expect(Number.isSafeInteger(top)).toBe(true);
    expect(placementPriority({ readiness: 0, gpa: null, rosterOrder: MAX_RUN_STUDENTS * 50 })).toBeGreaterThanOrEqual(
      0,
    );
    expect(placementPriority({ readiness: 2, gpa: 9, rosterOrder: -5 })).toBe(top);
  });
});

describe("readinessShare", () => {
  const docs = new Map([
    ["bls", { status: "approved" as const, issuedOn: "2026-01-01", expiresOn: "2028-01-01" }],
    ["tdap", { status: "approved" as const, issuedOn: "2025-01-01", expiresOn: "2026-06-01" }],
    ["tb", { status: "submitted" as const, issuedOn: "2026-01-01", expiresOn: null }],
  ]);
  it("counts items approved and valid through the rotation's end", () => {
    expect(readinessShare(docs, [], "2026-03-01", "2026-05-01")).toBe(1);
    expect(readinessShare(docs, ["bls", "tdap"], "2026-03-01", "2026-05-01")).toBe(1);
    // Tdap expires before this rotation ends; TB waits for review; MMR is missing.
    expect(readinessShare(docs, ["bls", "tdap", "tb", "mmr"], "2026-03-01", "2026-07-01")).toBe(0.25);
  });
});

describe("a run's request", () => {
  const window = { from: "2026-03-01", to: "2026-08-31" };
  it("takes the students list's filters, a window and a pool, with defaults", () => {
    const v = matchRunInputSchema.parse({ window });
    expect(v.students).toEqual({ search: undefined, specialty: undefined });
    expect(v.pool).toEqual({ specialty: undefined, city: undefined });
    const named = matchRunInputSchema.parse({
      window,
      students: { ids: [ID], search: "  " },
      pool: { city: "Austin" },
    });
    expect(named.students.ids).toEqual([ID]);
    expect(named.students.search).toBeUndefined();
  });

  it("names the field that is wrong", () => {
    const issues = (body: unknown) =>
      matchRunInputSchema.safeParse(body).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`) ?? [];
    expect(issues({ window: { from: "2026-08-31", to: "2026-03-01" } })).toEqual([
      "window.to: To must be on or after From",
    ]);
    expect(issues({ window: { from: "2026-02-30", to: "2026-03-01" } })[0]).toMatch(
      /^window.from: From must be a date/,
    );
    expect(issues({ window: { from: "2026-01-01", to: "2029-01-01" } })).toEqual([
      "window.to: The window can cover at most two years",
    ]);
    expect(issues({ window, students: { ids: [] } })).toEqual(["students.ids: Choose at least one student"]);
    expect(issues({ window, pool: { facilityId: "x" } })).toEqual(["pool.facilityId: Unknown facility"]);
    expect(issues({})[0]).toMatch(/^window: /);
  });
});

describe("a proposal's submission", () => {
  it("takes each student once", () => {
    const ok = matchSubmissionSchema.parse({ lines: [{ studentId: ID, placementId: ID2 }], notes: "  " });
    expect(ok.notes).toBeNull();
    const twice = matchSubmissionSchema.safeParse({
      lines: [
        { studentId: ID, placementId: ID2 },
        { studentId: ID, placementId: ID },
      ],
    });
    expect(twice.error?.issues[0]).toMatchObject({
      path: ["lines", 1, "studentId"],
      message: "A student appears on two lines",
    });
    expect(matchSubmissionSchema.safeParse({ lines: [] }).error?.issues[0].message).toBe(
      "Choose at least one line to submit",
    );
  });
});
