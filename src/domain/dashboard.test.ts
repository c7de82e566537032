import { describe, expect, it } from "vitest";
import { complianceRate, complianceTone, percent, placementRate, spotsLeftBadge, utilization } from "./dashboard";

describe("dashboard formulas", () => {
  it("rounds percentages and never divides by zero", () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(2, 3)).toBe(67);
    expect(percent(5, 0)).toBe(0);
  });
  it("placement rate = approved applications / students", () => {
    expect(placementRate(12, 60)).toBe(20);
    expect(placementRate(0, 0)).toBe(0);
  });
  it("compliance rate is green at 80% or more, red below", () => {
    expect(complianceRate(40, 50)).toBe(80);
    expect(complianceTone(80)).toBe("good");
    expect(complianceTone(79)).toBe("bad");
  });
  it("utilization = slots filled / capacity", () => {
    expect(utilization(9, 12)).toBe(75);
  });
  it("shows 'Only N spots left' for 1 to 3 remaining spots only", () => {
    expect(spotsLeftBadge(10, 7)).toBe("Only 3 spots left");
    expect(spotsLeftBadge(10, 9)).toBe("Only 1 spot left");
    expect(spotsLeftBadge(10, 10)).toBeNull();
    expect(spotsLeftBadge(10, 6)).toBeNull();
  });
});
