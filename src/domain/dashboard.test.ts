import { describe, expect, it } from "vitest";
import {
  complianceRate,
  complianceTone,
  formatRate,
  NO_DATA,
  percent,
  placedSplit,
  placementRate,
  rate,
  spotsLeftBadge,
  utilization,
} from "./dashboard";

describe("dashboard formulas", () => {
  it("rounds percentages and never divides by zero", () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(2, 3)).toBe(67);
    expect(percent(5, 0)).toBe(0);
  });
  it("a rate is null (No data yet) when there is nothing to compute, and never above 100%", () => {
    expect(rate(0, 0)).toBeNull();
    expect(rate(7, 6)).toBe(100);
    expect(formatRate(null)).toBe(NO_DATA);
    expect(NO_DATA).toBe("No data yet");
    expect(formatRate(57)).toBe("57%");
  });
  it("placement rate = active students with an approved rotation / active students", () => {
    expect(placementRate(12, 60)).toBe(20);
    expect(placementRate(0, 0)).toBeNull();
    expect(placementRate(60, 60)).toBe(100);
  });
  it("compliance rate is green at 80% or more, red below, neutral without students", () => {
    expect(complianceRate(40, 50)).toBe(80);
    expect(complianceTone(80)).toBe("good");
    expect(complianceTone(79)).toBe("bad");
    expect(complianceRate(0, 0)).toBeNull();
    expect(complianceTone(null)).toBe("none");
  });
  it("utilization = slots filled / capacity; no data without capacity", () => {
    expect(utilization(9, 12)).toBe(75);
    expect(utilization(0, 0)).toBeNull();
  });
  it("placed students split into current + upcoming that add up", () => {
    expect(placedSplit(29, 14)).toEqual({ value: 29, current: 14, upcoming: 15 });
    expect(placedSplit(0, 0)).toEqual({ value: 0, current: 0, upcoming: 0 });
  });
  it("shows 'Only N spots left' for 1 to 3 remaining spots only", () => {
    expect(spotsLeftBadge(10, 7)).toBe("Only 3 spots left");
    expect(spotsLeftBadge(10, 9)).toBe("Only 1 spot left");
    expect(spotsLeftBadge(10, 10)).toBeNull();
    expect(spotsLeftBadge(10, 6)).toBeNull();
  });
});
