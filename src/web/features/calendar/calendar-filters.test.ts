import { describe, expect, it } from "vitest";
import { CLEARED, isFiltered, readFilters, writeFilters } from "./calendar-filters";

// The calendar's filters round-trip through the address: what a page writes, it reads back; what
// does not belong to its area (or is malformed) never reaches the API.

const S = "11111111-1111-4111-8111-111111111111";
const F = "22222222-2222-4222-8222-222222222222";
const D = "33333333-3333-4333-8333-333333333333";

describe("calendar filters in the address", () => {
  it("reads the program's filters and ignores the facility's department", () => {
    const p = new URLSearchParams(
      `studentId=${S}&facilityId=${F}&departmentId=${D}&specialty=Emergency&kinds=rotation,expiry`,
    );
    expect(readFilters(p, "program")).toEqual({
      studentId: S,
      facilityId: F,
      departmentId: undefined,
      specialty: "Emergency",
      kinds: ["rotation", "expiry"],
    });
  });

  it("gives a facility only its department and specialty, and a student only the kinds", () => {
    const p = new URLSearchParams(`studentId=${S}&facilityId=${F}&departmentId=${D}&specialty=Emergency&kinds=custom`);
    expect(readFilters(p, "facility")).toMatchObject({ studentId: undefined, facilityId: undefined, departmentId: D });
    expect(readFilters(p, "student")).toEqual({
      studentId: undefined,
      facilityId: undefined,
      departmentId: undefined,
      specialty: undefined,
      kinds: ["custom"],
    });
  });

  it("drops malformed values: ids that are not UUIDs, unknown specialties and kinds, duplicates", () => {
    const p = new URLSearchParams("studentId=1%27%20or%201=1&specialty=Astrology&kinds=rotation,party,rotation,");
    expect(readFilters(p, "program")).toEqual({
      studentId: undefined,
      facilityId: undefined,
      departmentId: undefined,
      specialty: undefined,
      kinds: ["rotation"],
    });
  });

  it("reads the kinds in the address's order", () => {
    expect(readFilters(new URLSearchParams("kinds=expiry,rotation"), "facility").kinds).toEqual(["expiry", "rotation"]);
  });

  it("writes a change and reads it back, keeping View As and the visible date", () => {
    const start = new URLSearchParams("program=abc&date=2027-03-01&view=month");
    const next = writeFilters(start, "program", { studentId: S, kinds: ["deadline", "rotation"] });
    expect(next.get("program")).toBe("abc");
    expect(next.get("date")).toBe("2027-03-01");
    // In the area's order, whatever order they were ticked in.
    expect(next.get("kinds")).toBe("rotation,deadline");
    expect(readFilters(next, "program")).toMatchObject({ studentId: S, kinds: ["rotation", "deadline"] });
  });

  it("leaves every kind (or none) out of the address, and clears everything", () => {
    const all = writeFilters(new URLSearchParams(), "student", {
      kinds: ["rotation", "placement", "deadline", "expiry", "custom"],
    });
    expect(all.has("kinds")).toBe(false);
    const set = writeFilters(new URLSearchParams(), "program", {
      studentId: S,
      specialty: "Emergency",
      kinds: ["custom"],
    });
    expect(isFiltered(readFilters(set, "program"))).toBe(true);
    const cleared = writeFilters(set, "program", CLEARED);
    expect(cleared.toString()).toBe("");
    expect(isFiltered(readFilters(cleared, "program"))).toBe(false);
  });
});
