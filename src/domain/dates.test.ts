import { describe, expect, it } from "vitest";
import { isoDate } from "./dates";

describe("isoDate", () => {
  const schema = isoDate("Start date");
  const issues = (v: unknown) => {
    const r = schema.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it("takes real calendar days from 1900 to 2200", () => {
    for (const day of ["1900-01-01", "2024-02-29", "2026-09-01", "2200-12-31"]) expect(issues(day)).toEqual([]);
  });

  it("refuses impossible and out-of-range days with one message naming the field", () => {
    expect(issues("2026-02-30")).toEqual(["Start date must be a date (YYYY-MM-DD)"]);
    expect(issues("2025-02-29")).toEqual(["Start date must be a date (YYYY-MM-DD)"]);
    expect(issues("275760-09-13")).toEqual(["Start date must be a date (YYYY-MM-DD)"]);
    expect(issues("0000-01-01")).toEqual(["Start date must be between 1900-01-01 and 2200-12-31"]);
    expect(issues("9999-12-31")).toEqual(["Start date must be between 1900-01-01 and 2200-12-31"]);
    expect(issues("1899-12-31")).toEqual(["Start date must be between 1900-01-01 and 2200-12-31"]);
  });
});
