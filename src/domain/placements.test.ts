import { describe, expect, it } from "vitest";
import {
  acceptsApplications,
  applicationReviewSchema,
  applyByLabel,
  datesOverlap,
  deadlinePassed,
  deadlinePassedMessage,
  departmentInputSchema,
  durationWeeks,
  nextTermDates,
  nextTermTitle,
  placedPhase,
  placementInputSchema,
  requirementLines,
  shiftedDeadline,
  termOf,
} from "./placements";

const valid = {
  title: "Med-Surg Days",
  specialty: "Medical-Surgical",
  departmentId: "0d3c8a52-5f6b-4c6e-9f1e-2b7a7c1d9e10",
  description: "Days on 4 West",
  requirements: "BLS certification\n\n  Completed Med-Surg I \nBLS certification",
  startDate: "2027-01-11",
  endDate: "2027-03-05",
  capacity: "6",
  status: "draft" as const,
};

describe("placement rules", () => {
  it("requirements are lines: trimmed, blank and repeated lines dropped", () => {
    expect(requirementLines(" a \n\nb\r\nA\n")).toEqual(["a", "b"]);
    expect(requirementLines(["x", " ", "y"])).toEqual(["x", "y"]);
  });
  it("derives whole weeks: Monday to the Friday of week 8 is 8 weeks; one day is 1 week", () => {
    expect(durationWeeks("2027-01-11", "2027-03-05")).toBe(8);
    expect(durationWeeks("2027-01-11", "2027-01-11")).toBe(1);
    expect(durationWeeks("2027-01-11", "2027-01-18")).toBe(1);
    expect(durationWeeks("2027-01-11", "2027-01-19")).toBe(2);
  });
  it("overlap is inclusive on both ends", () => {
    const a = { startDate: "2027-01-01", endDate: "2027-01-31" };
    expect(datesOverlap(a, { startDate: "2027-01-31", endDate: "2027-02-10" })).toBe(true);
    expect(datesOverlap(a, { startDate: "2026-12-01", endDate: "2027-01-01" })).toBe(true);
    expect(datesOverlap(a, { startDate: "2027-02-01", endDate: "2027-02-10" })).toBe(false);
    expect(datesOverlap(a, { startDate: "2026-12-01", endDate: "2026-12-31" })).toBe(false);
  });
  it("the next term's copy keeps length and weekday and starts after the original ends", () => {
    const next = nextTermDates("2027-01-11", "2027-03-05");
    expect(next).toEqual({ startDate: "2027-03-08", endDate: "2027-04-30" });
    expect(new Date(`${next.startDate}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(datesOverlap({ startDate: "2027-01-11", endDate: "2027-03-05" }, next)).toBe(false);
    expect(nextTermDates("2027-01-11", "2027-01-11")).toEqual({ startDate: "2027-01-18", endDate: "2027-01-18" });
  });
  it("a duplicate's title follows the new term", () => {
    expect(termOf("2027-03-08")).toBe("Spring 2027");
    expect(termOf("2027-07-01")).toBe("Summer 2027");
    expect(termOf("2027-09-01")).toBe("Fall 2027");
    expect(nextTermTitle("ICU Nights – Fall 2026", "2027-01-04")).toBe("ICU Nights – Spring 2027");
    expect(nextTermTitle("ICU Nights", "2027-01-04")).toBe("ICU Nights");
  });
  it("placed phase: current, upcoming, past", () => {
    expect(placedPhase("2027-01-01", "2027-02-01", "2027-01-15")).toBe("current");
    expect(placedPhase("2027-01-01", "2027-02-01", "2027-01-01")).toBe("current");
    expect(placedPhase("2027-01-01", "2027-02-01", "2026-12-31")).toBe("upcoming");
    expect(placedPhase("2027-01-01", "2027-02-01", "2027-02-02")).toBe("past");
  });
});

describe("placementInputSchema (form and API)", () => {
  it("accepts the form's strings and derives the list of requirements", () => {
    const v = placementInputSchema.parse(valid);
    expect(v.requirements).toEqual(["BLS certification", "Completed Med-Surg I"]);
    expect(v.capacity).toBe(6);
  });
  it("names the end date when it is before the start date", () => {
    const r = placementInputSchema.safeParse({ ...valid, endDate: "2027-01-10" });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["endDate", "End date must be on or after the start date"],
    ]);
  });
  it("names each missing or bad field", () => {
    const r = placementInputSchema.safeParse({ ...valid, title: " ", departmentId: "", capacity: "0", startDate: "x" });
    const paths = r.error?.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["title", "departmentId", "capacity", "startDate"]));
    expect(r.error?.issues.find((i) => i.path[0] === "capacity")?.message).toBe("Capacity must be between 1 and 500");
  });
  it("minimum GPA: optional, empty is none, 0–4 with two decimals, naming the field (issue 13)", () => {
    expect(placementInputSchema.parse(valid).minGpa).toBeUndefined();
    expect(placementInputSchema.parse({ ...valid, minGpa: "" }).minGpa).toBeNull();
    expect(placementInputSchema.parse({ ...valid, minGpa: null }).minGpa).toBeNull();
    expect(placementInputSchema.parse({ ...valid, minGpa: "3.2" }).minGpa).toBe(3.2);
    expect(placementInputSchema.parse({ ...valid, minGpa: 4 }).minGpa).toBe(4);
    for (const bad of ["4.5", "-1", "abc", "3.125", true]) {
      const r = placementInputSchema.safeParse({ ...valid, minGpa: bad });
      expect(r.success, String(bad)).toBe(false);
      expect(r.error?.issues.map((i) => i.path.join("."))).toEqual(["minGpa"]);
    }
  });
  it("department capacity may be 0, never negative or fractional", () => {
    expect(departmentInputSchema.parse({ name: "NICU", specialty: "Neonatal ICU (NICU)", capacity: 0 }).capacity).toBe(
      0,
    );
    expect(departmentInputSchema.safeParse({ name: "NICU", specialty: "x", capacity: -1 }).success).toBe(false);
    expect(departmentInputSchema.safeParse({ name: "NICU", specialty: "x", capacity: "1.5" }).success).toBe(false);
  });
  it("review notes are optional and trimmed", () => {
    expect(applicationReviewSchema.parse({}).notes).toBeNull();
    expect(applicationReviewSchema.parse({ notes: "  Welcome  " }).notes).toBe("Welcome");
  });
});

describe("application deadline (issue 15)", () => {
  it("is optional, a date on or before the end date, empty meaning none", () => {
    expect(placementInputSchema.parse(valid).applicationDeadline).toBeUndefined();
    expect(placementInputSchema.parse({ ...valid, applicationDeadline: "" }).applicationDeadline).toBeNull();
    expect(placementInputSchema.parse({ ...valid, applicationDeadline: null }).applicationDeadline).toBeNull();
    expect(placementInputSchema.parse({ ...valid, applicationDeadline: valid.endDate }).applicationDeadline).toBe(
      valid.endDate,
    );
    for (const applicationDeadline of ["2999-01-01", "2031-02-30", "soon", 5]) {
      const r = placementInputSchema.safeParse({ ...valid, applicationDeadline });
      expect(r.success, String(applicationDeadline)).toBe(false);
      expect(r.error?.issues.map((i) => i.path.join("."))).toEqual(["applicationDeadline"]);
    }
  });

  it("is passed after its day, not on it; acceptsApplications honours it", () => {
    expect(deadlinePassed(null, "2031-03-01")).toBe(false);
    expect(deadlinePassed("2031-03-01", "2031-03-01")).toBe(false);
    expect(deadlinePassed("2031-03-01", "2031-03-02")).toBe(true);
    const p = { startDate: "2031-04-01", endDate: "2031-05-30", allowLateJoiners: false };
    expect(acceptsApplications({ ...p, applicationDeadline: "2031-03-01" }, "2031-03-01")).toBe(true);
    expect(acceptsApplications({ ...p, applicationDeadline: "2031-03-01" }, "2031-03-02")).toBe(false);
    expect(acceptsApplications({ ...p, applicationDeadline: null }, "2031-03-02")).toBe(true);
  });

  it("reads 'Apply by MMM d, yyyy' and names the date when refusing", () => {
    expect(applyByLabel("2031-03-01")).toBe("Apply by Mar 1, 2031");
    expect(deadlinePassedMessage("2031-03-01")).toBe(
      "The application deadline for this placement was Mar 1, 2031: it no longer takes applications",
    );
  });

  it("a duplicate keeps the deadline as far before its new start, never after its end", () => {
    const from = { startDate: "2031-03-03" };
    expect(shiftedDeadline(null, from, { startDate: "2031-05-05", endDate: "2031-06-27" })).toBeNull();
    expect(shiftedDeadline("2031-02-10", from, { startDate: "2031-05-05", endDate: "2031-06-27" })).toBe("2031-04-14");
    expect(shiftedDeadline("2031-04-25", from, { startDate: "2031-03-10", endDate: "2031-04-20" })).toBe("2031-04-20");
  });
});
