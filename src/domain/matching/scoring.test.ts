import { describe, expect, it } from "vitest";
import {
  dayOrdinal,
  distanceValue,
  FACTOR_KEYS,
  INELIGIBLE,
  MATCH_WEIGHTS,
  matchScore,
  milesText,
  prepareStudent,
  type ScoringPlacement,
  type ScoringStudent,
  scorePlacement,
} from "./scoring";

// A fixed clock: every date below is relative to it.
const TODAY = "2027-03-01";
const SACRAMENTO = { latitude: 38.5816, longitude: -121.4944 };
const DAVIS = { latitude: 38.5449, longitude: -121.7405 };
const LOS_ANGELES = { latitude: 34.0522, longitude: -118.2437 };

const student = (over: Partial<ScoringStudent> = {}): ScoringStudent => ({
  gpa: 3.8,
  specialtyInterest: null,
  specialtyInterests: ["Pediatrics", "Emergency"],
  geographicPreferences: ["Sacramento, CA"],
  scheduleConstraints: null,
  home: SACRAMENTO,
  programRequirementTypeIds: ["bls", "mmr"],
  documents: [
    { requirementTypeId: "bls", status: "approved", issuedOn: "2026-01-01", expiresOn: "2027-12-31" },
    { requirementTypeId: "mmr", status: "approved", issuedOn: "2010-01-01", expiresOn: null },
    { requirementTypeId: "tdap", status: "approved", issuedOn: "2025-01-01", expiresOn: null },
  ],
  rotations: [
    {
      placementId: "current",
      title: "Med-Surg Rotation",
      status: "approved",
      startDate: "2027-02-01",
      endDate: "2027-03-26",
    },
  ],
  ...over,
});

const placement = (over: Partial<ScoringPlacement> = {}): ScoringPlacement => ({
  id: "p1",
  title: "Pediatric Acute Care – Spring 2027",
  specialty: "Pediatrics",
  startDate: "2027-04-05",
  endDate: "2027-05-28",
  capacity: 8,
  slotsFilled: 2,
  minGpa: 3.0,
  city: "Sacramento",
  state: "CA",
  ...SACRAMENTO,
  requirementTypeIds: ["tdap"],
  ...over,
});

const factor = (r: ReturnType<typeof scorePlacement>, key: string) => r.factors.find((f) => f.key === key)!;

describe("the weights", () => {
  it("add up to 100, one per factor", () => {
    expect(Object.keys(MATCH_WEIGHTS).sort()).toEqual([...FACTOR_KEYS].sort());
    expect(Object.values(MATCH_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });
});

describe("scorePlacement", () => {
  it("scores a placement that fits on every count 100, with the issue's reason", () => {
    const r = scorePlacement(student(), placement(), TODAY);
    expect(r.eligible).toBe(true);
    expect(r.score).toBe(100);
    expect(r.factors.map((f) => f.key)).toEqual([...FACTOR_KEYS]);
    expect(r.factors.every((f) => f.value === 1)).toBe(true);
    expect(r.reason).toBe(
      "Matches your Pediatrics interest; in Sacramento, CA, one of your preferred locations; starts after your current rotation ends",
    );
  });

  it("the score is the weighted sum of the factors' values", () => {
    const r = scorePlacement(
      student({ geographicPreferences: ["Portland, OR"], specialtyInterests: ["Oncology"], gpa: 3.1 }),
      placement({ slotsFilled: 7 }),
      TODAY,
    );
    const sum = r.factors.reduce((acc, f) => acc + f.weight * f.value, 0);
    expect(Math.abs(r.score - sum)).toBeLessThanOrEqual(0.6);
    expect(r.score).toBeLessThan(70);
  });

  it("rules out dates that overlap an approved rotation: score 0, not eligible, the reason names it", () => {
    const r = scorePlacement(student(), placement({ startDate: "2027-03-15", endDate: "2027-04-30" }), TODAY);
    expect(r.eligible).toBe(false);
    expect(r.score).toBe(0);
    expect(r.reason).toBe("Overlaps your approved rotation Med-Surg Rotation (Feb 1–Mar 26, 2027)");
    expect(matchScore(student(), placement({ startDate: "2027-03-15", endDate: "2027-04-30" }), TODAY)).toBe(
      INELIGIBLE,
    );
  });

  it("an approved rotation of the same placement is not an overlap with itself", () => {
    const p = placement({ id: "current", startDate: "2027-02-01", endDate: "2027-03-26" });
    expect(scorePlacement(student(), p, TODAY).eligible).toBe(true);
  });

  it("rules out a GPA below the placement's minimum, and a placement without spots", () => {
    const low = scorePlacement(student({ gpa: 2.9 }), placement({ minGpa: 3.0 }), TODAY);
    expect(low).toMatchObject({ eligible: false, score: 0, reason: "Asks for a GPA of at least 3.00, above yours" });
    const full = scorePlacement(student(), placement({ slotsFilled: 8 }), TODAY);
    expect(full).toMatchObject({ eligible: false, score: 0, reason: "No spots left" });
  });

  it("academic fit: no minimum, unknown GPA, meets by a margin", () => {
    expect(factor(scorePlacement(student(), placement({ minGpa: null }), TODAY), "academic")).toMatchObject({
      value: 1,
      detail: "No minimum GPA",
    });
    const unknown = factor(scorePlacement(student({ gpa: null }), placement({ minGpa: 3.2 }), TODAY), "academic");
    expect(unknown).toMatchObject({ value: 0.5, detail: "Asks for a GPA of at least 3.20; yours is not on record" });
    const just = factor(scorePlacement(student({ gpa: 3.2 }), placement({ minGpa: 3.2 }), TODAY), "academic");
    expect(just).toMatchObject({ value: 0.8, detail: "Meets the 3.20 minimum GPA" });
    const margin = factor(scorePlacement(student({ gpa: 3.45 }), placement({ minGpa: 3.2 }), TODAY), "academic");
    expect(margin.value).toBeCloseTo(0.9, 3);
  });

  it("specialty: first interest, a later one, a related one, a title word, none, another", () => {
    const value = (s: Partial<ScoringStudent>, p: Partial<ScoringPlacement> = {}) =>
      factor(scorePlacement(student(s), placement(p), TODAY), "specialty");
    expect(value({}).value).toBe(1);
    expect(value({ specialtyInterests: ["Emergency", "Peds"] })).toMatchObject({
      value: 0.9,
      detail: "Matches your Pediatrics interest",
    });
    expect(value({ specialtyInterests: ["NICU"] })).toMatchObject({
      value: 0.55,
      detail: "Close to your Neonatal ICU (NICU) interest: Pediatrics",
    });
    expect(value({ specialtyInterests: ["acute care"] })).toMatchObject({
      value: 0.8,
      detail: 'Its title mentions "acute care", one of your interests',
    });
    expect(value({ specialtyInterests: [], specialtyInterest: null })).toMatchObject({
      value: 0.5,
      detail: "No specialty interests on your profile",
    });
    expect(value({ specialtyInterests: ["Oncology"], specialtyInterest: "Geriatrics" })).toMatchObject({
      value: 0.1,
      detail: "Outside your interests (Oncology, Geriatrics)",
    });
    // The roster's interest counts when the student listed none.
    expect(value({ specialtyInterests: [], specialtyInterest: "Pediatrics" }).value).toBe(1);
  });

  it("location: a preferred city, a preferred state, distance from the program, elsewhere, nothing known", () => {
    const loc = (s: Partial<ScoringStudent>, p: Partial<ScoringPlacement> = {}) =>
      factor(scorePlacement(student(s), placement(p), TODAY), "location");
    expect(loc({ geographicPreferences: ["sacramento"] }).value).toBe(1);
    expect(loc({ geographicPreferences: ["California"] })).toMatchObject({
      value: 0.75,
      detail: "In Sacramento, CA; California is one of your preferred locations",
    });
    const near = loc({ geographicPreferences: [], home: DAVIS });
    expect(near).toMatchObject({ value: 1, detail: "In Sacramento, CA, 14 miles from your program" });
    const far = loc({ geographicPreferences: [], home: LOS_ANGELES });
    expect(far.value).toBe(0);
    const elsewhere = loc({ geographicPreferences: ["Portland, OR"], home: DAVIS });
    expect(elsewhere).toMatchObject({
      value: 0.6,
      detail: "In Sacramento, CA, 14 miles from your program, not among your preferred locations",
    });
    const unknown = loc({ geographicPreferences: ["Portland, OR"], home: null });
    expect(unknown).toMatchObject({
      value: 0.1,
      detail: "In Sacramento, CA, not among your preferred locations (Portland, OR)",
    });
    const none = loc({ geographicPreferences: [], home: null });
    expect(none).toMatchObject({ value: 0.5, detail: "In Sacramento, CA; no preferred locations on your profile" });
    // A city of the same name in another state is not the preferred one.
    expect(loc({ geographicPreferences: ["Portland, ME"], home: null }, { city: "Portland", state: "OR" }).value).toBe(
      0.1,
    );
  });

  it("distance value falls from 1 (25 miles) to 0.4 (100 miles) to 0 (300 miles)", () => {
    expect(distanceValue(0)).toBe(1);
    expect(distanceValue(25)).toBe(1);
    expect(distanceValue(100)).toBeCloseTo(0.4, 6);
    expect(distanceValue(200)).toBeCloseTo(0.2, 6);
    expect(distanceValue(300)).toBe(0);
  });

  it("schedule: a pending application's dates, joining late, the schedule notes' dates", () => {
    const pending = scorePlacement(
      student({
        rotations: [
          { placementId: "x", title: "ER Rotation", status: "pending", startDate: "2027-05-01", endDate: "2027-06-20" },
        ],
      }),
      placement(),
      TODAY,
    );
    expect(factor(pending, "schedule")).toMatchObject({
      value: 0.5,
      detail: "Overlaps your pending application to ER Rotation (May 1–Jun 20, 2027)",
    });
    expect(pending.reason).toMatch(/; overlaps your pending application to ER Rotation/);

    const late = factor(
      scorePlacement(student({ rotations: [] }), placement({ startDate: "2027-02-22" }), TODAY),
      "schedule",
    );
    expect(late).toMatchObject({ value: 0.7, detail: "Already under way since Feb 22, 2027: you would join late" });

    const notes = (text: string) =>
      factor(scorePlacement(student({ scheduleConstraints: text }), placement(), TODAY), "schedule");
    expect(notes("Available from June 2027")).toMatchObject({
      value: 0.2,
      detail: "Starts before Jun 1, 2027, when your schedule notes say you are available",
    });
    expect(notes("I must finish by May 15, 2027.").value).toBe(0.2);
    expect(notes("Away from April 20, 2027 to April 30, 2027").detail).toBe(
      "Overlaps Apr 20–Apr 30, 2027, which your schedule notes keep free",
    );
    // Free text without dates is not read, and does not count against a placement.
    expect(notes("Day shifts preferred; Wednesday evenings are taken by a lab course.").value).toBe(1);
  });

  it("readiness: items the program, facility and placement ask, approved and valid through the rotation", () => {
    const names = new Map([
      ["tb_screening", "TB screening"],
      ["influenza", "Influenza"],
    ]);
    const r = scorePlacement(
      student({
        documents: [
          { requirementTypeId: "bls", status: "approved", issuedOn: "2025-06-01", expiresOn: "2027-05-01" },
          { requirementTypeId: "mmr", status: "submitted", issuedOn: "2010-01-01", expiresOn: null },
          { requirementTypeId: "tdap", status: "approved", issuedOn: "2025-01-01", expiresOn: null },
        ],
      }),
      placement({ requirementTypeIds: ["tdap", "bls", "tb_screening", "influenza"] }),
      TODAY,
      { requirementNames: names },
    );
    // bls (expires before the end: half), mmr (awaiting review: half), tdap (met), tb and flu missing.
    expect(factor(r, "readiness")).toMatchObject({
      value: 0.4,
      detail:
        "1 of 5 required items ready; missing: TB screening, Influenza; 1 awaiting review; 1 expires before it ends",
    });
    const none = scorePlacement(
      student({ programRequirementTypeIds: [] }),
      placement({ requirementTypeIds: [] }),
      TODAY,
    );
    expect(factor(none, "readiness")).toMatchObject({ value: 1, detail: "No compliance items required" });
  });

  it("a related specialty is a strength too, worded as such", () => {
    const r = scorePlacement(
      student({ specialtyInterests: ["NICU"], geographicPreferences: ["Portland, OR"], home: null }),
      placement({ minGpa: null }),
      TODAY,
    );
    expect(r.reason).toBe(
      "Close to your Neonatal ICU (NICU) interest: Pediatrics; starts after your current rotation ends; all 3 required items approved and valid through the rotation; in Sacramento, CA, not among your preferred locations (Portland, OR)",
    );
  });

  it("speaks of the student as 'their' on a coordinator's page", () => {
    const r = scorePlacement(student(), placement(), TODAY, { voice: "coordinator" });
    expect(r.reason).toBe(
      "Matches their Pediatrics interest; in Sacramento, CA, one of their preferred locations; starts after their current rotation ends",
    );
  });

  it("names the strongest factors, then one caveat", () => {
    const r = scorePlacement(student({ documents: [] }), placement({ slotsFilled: 7 }), TODAY);
    expect(r.reason).toBe(
      "Matches your Pediatrics interest; in Sacramento, CA, one of your preferred locations; starts after your current rotation ends; 0 of 3 required items ready; missing: bls, mmr, tdap",
    );
  });
});

describe("matchScore and prepareStudent", () => {
  it("orders days by their ordinals as by the calendar", () => {
    const days = ["1999-12-31", "2000-01-01", "2027-02-28", "2027-03-01", "2027-12-31", "2028-01-01", "2200-12-31"];
    for (let i = 1; i < days.length; i += 1) expect(dayOrdinal(days[i - 1])).toBeLessThan(dayOrdinal(days[i]));
    expect(dayOrdinal("2027-03-01")).toBe(dayOrdinal("2027-03-01"));
  });

  it("prepares a student once and reuses it", () => {
    const s = student();
    expect(prepareStudent(s)).toBe(prepareStudent(s));
    expect(matchScore(prepareStudent(s), placement(), TODAY)).toBe(100);
  });

  it("agrees with scorePlacement on many random pairs", () => {
    let seed = 42;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
    const specialties = ["Pediatrics", "Emergency", "Oncology", "Geriatrics", "Neonatal ICU (NICU)", "Cardiology"];
    const days = ["2027-02-15", "2027-03-08", "2027-04-05", "2027-05-03", "2027-06-07"];
    for (let i = 0; i < 300; i += 1) {
      const start = pick(days);
      const s = student({
        gpa: rand() < 0.2 ? null : Math.round((2.5 + rand() * 1.5) * 100) / 100,
        specialtyInterests: rand() < 0.2 ? [] : [pick(specialties), pick(specialties)],
        geographicPreferences: rand() < 0.3 ? [] : [pick(["Sacramento, CA", "CA", "Portland", "Texas"])],
        home: rand() < 0.3 ? null : pick([SACRAMENTO, DAVIS, LOS_ANGELES]),
      });
      const p = placement({
        id: `p${i}`,
        specialty: pick(specialties),
        startDate: start,
        endDate: `2027-${String(Number(start.slice(5, 7)) + 1).padStart(2, "0")}-20`,
        slotsFilled: Math.floor(rand() * 9),
        minGpa: rand() < 0.5 ? null : pick([2.8, 3.0, 3.3]),
        city: pick(["Sacramento", "Austin", "Portland"]),
        state: pick(["CA", "TX", "OR"]),
      });
      const full = scorePlacement(s, p, TODAY);
      const fast = matchScore(s, p, TODAY);
      expect(fast).toBe(full.eligible ? full.score : INELIGIBLE);
      expect(full.score).toBeGreaterThanOrEqual(0);
      expect(full.score).toBeLessThanOrEqual(100);
      expect(Number.isInteger(full.score)).toBe(true);
      expect(full.reason.length).toBeGreaterThan(0);
    }
  });
});

describe("distance in words", () => {
  it("under one mile is 'less than a mile', not '0 miles'", () => {
    expect(milesText(0)).toBe("less than a mile");
    expect(milesText(0.6)).toBe("less than a mile");
    expect(milesText(1.2)).toBe("1 mile");
    expect(milesText(14.4)).toBe("14 miles");
  });
});
