import { describe, expect, it } from "vitest";
import { addTag, experienceSchema, normalizeTags, preferencesSchema, removeTag } from "./student-profile";

describe("preference lists (spec section 5)", () => {
  it("adds a trimmed entry", () => {
    expect(addTag(["Chicago, IL"], "  Milwaukee, WI ")).toEqual(["Chicago, IL", "Milwaukee, WI"]);
  });

  it("ignores an empty or blank entry, returning the same list", () => {
    const list = ["Pediatrics"];
    expect(addTag(list, "")).toBe(list);
    expect(addTag(list, "   ")).toBe(list);
  });

  it("ignores a duplicate, also one that differs only in case or spaces", () => {
    const list = ["Pediatrics"];
    expect(addTag(list, "Pediatrics")).toBe(list);
    expect(addTag(list, " pediatrics ")).toBe(list);
  });

  it("removes the clicked entry and keeps the others in order", () => {
    expect(removeTag(["A", "B", "C"], "B")).toEqual(["A", "C"]);
    expect(removeTag(["A"], "Z")).toEqual(["A"]);
  });

  it("normalizes a whole list with the same rules", () => {
    expect(normalizeTags([" A ", "", "a", "B", "  ", "b "])).toEqual(["A", "B"]);
  });
});

describe("preferencesSchema", () => {
  it("fills missing fields; blank texts become null", () => {
    expect(preferencesSchema.parse({ careerGoals: "  ", scheduleConstraints: " Days " })).toEqual({
      geographicPreferences: [],
      specialtyInterests: [],
      scheduleConstraints: "Days",
      transportationOptions: null,
      careerGoals: null,
      accommodationRequests: null,
    });
  });

  it("refuses entries over 100 characters and more than 30 entries", () => {
    expect(preferencesSchema.safeParse({ geographicPreferences: ["x".repeat(101)] }).success).toBe(false);
    const many = Array.from({ length: 31 }, (_, i) => `City ${i}`);
    expect(preferencesSchema.safeParse({ geographicPreferences: many }).success).toBe(false);
  });
});

describe("experienceSchema", () => {
  const base = { kind: "work", organization: " Clinic ", title: "Receptionist", startDate: "2022-01-01" };
  it("accepts an open-ended entry; an empty end date means 'current'", () => {
    expect(experienceSchema.parse({ ...base, endDate: "" })).toEqual({
      kind: "work",
      organization: "Clinic",
      title: "Receptionist",
      startDate: "2022-01-01",
      endDate: null,
      description: "",
    });
  });
  it("refuses an end before the start, naming endDate", () => {
    const r = experienceSchema.safeParse({ ...base, endDate: "2021-12-31" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].path).toEqual(["endDate"]);
  });
  it("requires organization, title, start date and a known kind", () => {
    const r = experienceSchema.safeParse({ kind: "hobby" });
    expect(r.error?.issues.map((i) => i.path[0]).sort()).toEqual(["kind", "organization", "startDate", "title"]);
  });
});
