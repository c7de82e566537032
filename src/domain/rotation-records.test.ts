import { describe, expect, it } from "vitest";
import {
  clockSpan,
  expectedEvaluations,
  hoursComplete,
  hoursOf,
  hoursPercent,
  isComplete,
  rotationPhase,
} from "./rotation-records";

// Rotation records' rules with a fixed "today".

const TODAY = "2026-03-15";

describe("rotationPhase", () => {
  it("is upcoming before the first day, current through the last, ended after", () => {
    expect(rotationPhase({ startDate: "2026-03-16", endDate: "2026-04-30" }, TODAY)).toBe("upcoming");
    expect(rotationPhase({ startDate: "2026-03-15", endDate: "2026-04-30" }, TODAY)).toBe("current");
    expect(rotationPhase({ startDate: "2026-02-01", endDate: "2026-03-15" }, TODAY)).toBe("current");
    expect(rotationPhase({ startDate: "2026-02-01", endDate: "2026-03-14" }, TODAY)).toBe("ended");
  });
});

describe("completion", () => {
  const base = { approvedMinutes: 90 * 60, requiredHours: 90, evaluationsSubmitted: 2, evaluationsExpected: 2 };
  it("expects two evaluations, four with midpoints, or as many as were opened", () => {
    expect(expectedEvaluations(false)).toBe(2);
    expect(expectedEvaluations(true)).toBe(4);
    expect(expectedEvaluations(false, 3)).toBe(3);
  });
  it("is complete when the approved hours reach the requirement and every evaluation is in", () => {
    expect(isComplete(base)).toBe(true);
    expect(isComplete({ ...base, approvedMinutes: 90 * 60 - 1 })).toBe(false);
    expect(isComplete({ ...base, evaluationsSubmitted: 1 })).toBe(false);
    expect(hoursComplete({ ...base, approvedMinutes: 0, requiredHours: null })).toBe(true);
    expect(isComplete({ ...base, approvedMinutes: 0, requiredHours: 0 })).toBe(true);
  });
  it("shows hours and the share of the requirement", () => {
    expect(hoursOf(90)).toBe("1.5");
    expect(hoursOf(480)).toBe("8");
    expect(hoursOf(20)).toBe("0.33");
    expect(hoursPercent({ approvedMinutes: 45 * 60, requiredHours: 90 })).toBe(50);
    expect(hoursPercent({ approvedMinutes: 200 * 60, requiredHours: 90 })).toBe(100);
    expect(hoursPercent({ approvedMinutes: 0, requiredHours: null })).toBe(100);
  });
  it("writes an entry's times, a night shift across midnight", () => {
    expect(clockSpan(7 * 60, 8 * 60)).toBe("07:00–15:00");
    expect(clockSpan(19 * 60, 12 * 60)).toBe("19:00–07:00");
    expect(clockSpan(0, 1440)).toBe("00:00–00:00");
  });
});
