import { describe, expect, it } from "vitest";
import {
  capacityQuerySchema,
  fillLevel,
  fillPercent,
  fillText,
  shiftWeeks,
  weekLabel,
  weekRange,
  weekStart,
  windowLabel,
} from "./calendar-capacity";

describe("weeks start on Monday", () => {
  it("weekStart gives the Monday of any day's week", () => {
    expect(weekStart("2034-03-06")).toBe("2034-03-06"); // Monday
    expect(weekStart("2034-03-08")).toBe("2034-03-06"); // Wednesday
    expect(weekStart("2034-03-12")).toBe("2034-03-06"); // Sunday belongs to the week before
    expect(weekStart("2034-03-13")).toBe("2034-03-13");
    expect(weekStart("2027-01-01")).toBe("2026-12-28"); // across a year
    expect(weekStart("2028-03-01")).toBe("2028-02-28"); // leap year
  });

  it("weekRange lists Monday–Sunday weeks from the week of `from`", () => {
    expect(weekRange("2034-03-08", 3)).toEqual([
      { start: "2034-03-06", end: "2034-03-12" },
      { start: "2034-03-13", end: "2034-03-19" },
      { start: "2034-03-20", end: "2034-03-26" },
    ]);
    expect(weekRange("2034-03-08", 26)).toHaveLength(26);
  });

  it("shiftWeeks moves the window by whole weeks, from its Monday", () => {
    expect(shiftWeeks("2034-03-08", 8)).toBe("2034-05-01");
    expect(shiftWeeks("2034-03-08", -8)).toBe("2034-01-09");
  });

  it("labels weeks and windows", () => {
    expect(weekLabel("2034-03-06")).toBe("Mar 6–12");
    expect(weekLabel("2034-03-27")).toBe("Mar 27–Apr 2");
    expect(windowLabel(weekRange("2034-03-06", 3))).toBe("Mar 6 – Mar 26, 2034");
    expect(windowLabel(weekRange("2034-12-18", 3))).toBe("Dec 18, 2034 – Jan 7, 2035");
    expect(windowLabel([])).toBe("");
  });
});

describe("fill", () => {
  it("says empty, some, full or over, and in words", () => {
    expect(fillLevel(0, 5)).toBe("empty");
    expect(fillLevel(3, 5)).toBe("some");
    expect(fillLevel(5, 5)).toBe("full");
    expect(fillLevel(6, 5)).toBe("over");
    expect(fillLevel(0, 0)).toBe("empty");
    expect(fillText(3, 5)).toBe("2 free");
    expect(fillText(5, 5)).toBe("Full");
    expect(fillText(7, 5)).toBe("2 over");
    expect(fillText(0, 0)).toBe("No seats");
  });

  it("draws the bar within 0–100%", () => {
    expect(fillPercent(0, 5)).toBe(0);
    expect(fillPercent(1, 3)).toBe(33);
    expect(fillPercent(9, 5)).toBe(100);
    expect(fillPercent(1, 0)).toBe(100);
    expect(fillPercent(0, 0)).toBe(0);
  });
});

describe("capacityQuerySchema", () => {
  it("defaults to 8 weeks and takes 1–26", () => {
    expect(capacityQuerySchema.parse({})).toEqual({ weeks: 8 });
    expect(capacityQuerySchema.parse({ weeks: "26", from: "2034-03-08" })).toMatchObject({ weeks: 26 });
    expect(capacityQuerySchema.parse({ weeks: "", facilityId: "" })).toEqual({ weeks: 8 });
    for (const weeks of ["0", "27", "1.5", "abc", "-2", "1e1"]) {
      const r = capacityQuerySchema.safeParse({ weeks });
      expect(r.success, weeks).toBe(false);
      expect(r.error?.issues[0].path).toEqual(["weeks"]);
    }
    expect(capacityQuerySchema.safeParse({ from: "2034-02-30" }).success).toBe(false);
  });
});
