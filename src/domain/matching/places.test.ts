import { describe, expect, it } from "vitest";
import { cityKey, distanceMiles, isCoordinate, readPlace, stateCode } from "./places";
import { readDate, readScheduleNotes } from "./schedule-notes";

describe("places", () => {
  it("reads state codes and names", () => {
    expect(stateCode("il")).toBe("IL");
    expect(stateCode(" Illinois ")).toBe("IL");
    expect(stateCode("New York")).toBe("NY");
    expect(stateCode("Chicago")).toBeNull();
    expect(stateCode("ZZ")).toBeNull();
  });

  it("reads a preference as city and state, a city anywhere, or a state", () => {
    expect(readPlace("Sacramento, CA")).toEqual({ label: "Sacramento, CA", city: "sacramento", state: "CA" });
    expect(readPlace("St. Louis, Missouri")).toEqual({ label: "St. Louis, Missouri", city: "saintlouis", state: "MO" });
    expect(readPlace("Milwaukee")).toEqual({ label: "Milwaukee", city: "milwaukee", state: null });
    expect(readPlace("Texas")).toEqual({ label: "Texas", city: null, state: "TX" });
    expect(readPlace("  ")).toBeNull();
    expect(cityKey("St. Louis")).toBe(cityKey("Saint Louis"));
  });

  it("measures great-circle distances in miles", () => {
    // Chicago to Milwaukee, about 82 miles as the crow flies.
    expect(distanceMiles(41.8781, -87.6298, 43.0389, -87.9065)).toBeCloseTo(81.6, 0);
    expect(distanceMiles(10, 10, 10, 10)).toBe(0);
    expect(isCoordinate(91, 0)).toBe(false);
    expect(isCoordinate(null, 0)).toBe(false);
    expect(isCoordinate(38.5, -121.5)).toBe(true);
  });
});

describe("schedule notes", () => {
  it("reads dates as people write them", () => {
    expect(readDate("2027-06-01")).toEqual({ start: "2027-06-01", end: "2027-06-01" });
    expect(readDate("6/1/2027")).toEqual({ start: "2027-06-01", end: "2027-06-01" });
    expect(readDate("June 1st, 2027")).toEqual({ start: "2027-06-01", end: "2027-06-01" });
    expect(readDate("Feb 2028")).toEqual({ start: "2028-02-01", end: "2028-02-29" });
    expect(readDate("2027-02-30")).toBeNull();
  });

  it("reads explicit availability and time off, and nothing else", () => {
    expect(readScheduleNotes("Available from June 2027; day shifts only")).toMatchObject({
      availableFrom: "2027-06-01",
      availableUntil: null,
      understood: ["Available from June 2027"],
    });
    expect(readScheduleNotes("Can start after 2027-05-14").availableFrom).toBe("2027-05-15");
    expect(readScheduleNotes("Unavailable until May 2027").availableFrom).toBe("2027-06-01");
    expect(readScheduleNotes("Graduating before June 2027").availableUntil).toBe("2027-05-31");
    expect(readScheduleNotes("No rotations between 2027-07-01 and 2027-07-14; away in December 2027")).toMatchObject({
      unavailable: [
        { start: "2027-07-01", end: "2027-07-14" },
        { start: "2027-12-01", end: "2027-12-31" },
      ],
    });
    const none = readScheduleNotes("Day shifts preferred; Wednesday evenings are taken by a lab course.");
    expect(none).toMatchObject({ availableFrom: null, availableUntil: null, unavailable: [], understood: [] });
    expect(readScheduleNotes(null).understood).toEqual([]);
    // A date without one of the phrases is not guessed at.
    expect(readScheduleNotes("Lab course on 2027-04-02").understood).toEqual([]);
  });
});
