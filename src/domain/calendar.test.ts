import { describe, expect, it } from "vitest";
import {
  CALENDAR_RANGE_MAX_DAYS,
  calendarEventInputSchema,
  calendarQuerySchema,
  dayIn,
  instantOf,
  isTimeZone,
  occurrenceDays,
  RECURRENCE_MAX_COUNT,
  recurrenceOf,
  rotationConflicts,
  rruleOf,
  weekdayOf,
} from "./calendar";

const paths = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (r.error?.issues ?? []).map((i) => i.path.join("."));
const messages = (r: { error?: { issues: { message: string }[] } }) => (r.error?.issues ?? []).map((i) => i.message);

const meeting = {
  title: "Site visit",
  category: "site_visit",
  startsAt: "2026-03-02T15:00:00Z", // a Monday, 09:00 in Chicago
  endsAt: "2026-03-02T16:00:00Z",
  timeZone: "America/Chicago",
};

describe("calendar query range rules", () => {
  it("takes a range with from ≤ to, at most the maximum days, and known kinds", () => {
    const ok = calendarQuerySchema.safeParse({ from: "2026-03-01", to: "2026-03-31", kinds: "rotation, custom" });
    expect(ok.success && ok.data.kinds).toEqual(["rotation", "custom"]);
    expect(paths(calendarQuerySchema.safeParse({ from: "2026-03-31", to: "2026-03-01" }))).toEqual(["to"]);
    const long = calendarQuerySchema.safeParse({ from: "2026-01-01", to: "2027-12-31" });
    expect(messages(long)).toEqual([`Ask for at most ${CALENDAR_RANGE_MAX_DAYS} days at once`]);
    expect(messages(calendarQuerySchema.safeParse({ from: "2026-01-01", to: "2026-01-02", kinds: "party" }))).toEqual([
      'Unknown event kind "party"',
    ]);
    expect(paths(calendarQuerySchema.safeParse({ from: "0000-01-01", to: "2026-01-02" }))).toContain("from");
  });
});

describe("custom event input", () => {
  it("accepts a single event with defaults and normalizes the instants to UTC", () => {
    const r = calendarEventInputSchema.safeParse({ ...meeting, startsAt: "2026-03-02T09:00:00-06:00" });
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({
      startsAt: "2026-03-02T15:00:00.000Z",
      audience: "organization",
      recurrence: null,
      placementId: null,
      description: "",
    });
  });

  it("names the field of each bad value", () => {
    expect(paths(calendarEventInputSchema.safeParse({ ...meeting, title: "  " }))).toEqual(["title"]);
    expect(paths(calendarEventInputSchema.safeParse({ ...meeting, title: "x".repeat(201) }))).toEqual(["title"]);
    expect(paths(calendarEventInputSchema.safeParse({ ...meeting, endsAt: meeting.startsAt }))).toEqual(["endsAt"]);
    expect(paths(calendarEventInputSchema.safeParse({ ...meeting, endsAt: "2026-05-02T16:00:00Z" }))).toEqual([
      "endsAt",
    ]);
    expect(paths(calendarEventInputSchema.safeParse({ ...meeting, startsAt: "1800-03-02T15:00:00Z" }))).toEqual([
      "startsAt",
    ]);
    expect(paths(calendarEventInputSchema.safeParse({ ...meeting, startsAt: "next monday" }))).toEqual(["startsAt"]);
    expect(paths(calendarEventInputSchema.safeParse({ ...meeting, timeZone: "Mars/Olympus" }))).toEqual(["timeZone"]);
    expect(paths(calendarEventInputSchema.safeParse({ ...meeting, audience: "placement" }))).toEqual(["placementId"]);
    expect(paths(calendarEventInputSchema.safeParse({ ...meeting, category: "party" }))).toEqual(["category"]);
  });

  it("knows IANA zones and UTC", () => {
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("europe/paris ")).toBe(false);
  });
});

describe("weekly recurrence", () => {
  const parse = (recurrence: unknown, over: object = {}) =>
    calendarEventInputSchema.safeParse({ ...meeting, ...over, recurrence });

  it("needs days including the first occurrence's and exactly one of count or until", () => {
    expect(parse({ days: ["MO", "WE"], count: 10 }).success).toBe(true);
    expect(messages(parse({ days: ["TU"], count: 3 }))).toEqual([
      "Days must include Monday, the day of the first occurrence",
    ]);
    expect(paths(parse({ days: ["MO"] }))).toEqual(["recurrence.count"]);
    expect(paths(parse({ days: ["MO"], count: 3, until: "2026-04-01" }))).toEqual(["recurrence.count"]);
    expect(paths(parse({ days: [], count: 3 }))).toEqual(["recurrence.days"]);
    expect(paths(parse({ days: ["XX"], count: 3 }))).toEqual(["recurrence.days.0"]);
    expect(paths(parse({ days: ["MO"], count: RECURRENCE_MAX_COUNT + 1 }))).toEqual(["recurrence.count"]);
    expect(paths(parse({ days: ["MO"], until: "2026-02-01" }))).toEqual(["recurrence.until"]);
    expect(messages(parse({ days: ["MO", "TU", "WE"], until: "2027-12-31" }))).toEqual([
      `A series has at most ${RECURRENCE_MAX_COUNT} occurrences: choose an earlier end date`,
    ]);
  });

  it("judges the first day in the event's own zone", () => {
    // 03:00 UTC on Tuesday is still Monday evening in Chicago.
    const late = { startsAt: "2026-03-03T03:00:00Z", endsAt: "2026-03-03T04:00:00Z" };
    expect(parse({ days: ["MO"], count: 2 }, late).success).toBe(true);
    expect(parse({ days: ["TU"], count: 2 }, { ...late, timeZone: "UTC" }).success).toBe(true);
  });

  it("writes RFC 5545 rules (UNTIL in UTC at the end of the day in the zone) and reads them back", () => {
    const days = ["MO", "WE"] as const;
    expect(rruleOf({ days: [...days], count: 8, until: undefined }, "America/Chicago")).toBe(
      "FREQ=WEEKLY;BYDAY=MO,WE;COUNT=8",
    );
    const until = rruleOf({ days: [...days], count: undefined, until: "2026-06-30" }, "America/Chicago");
    expect(until).toBe("FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20260701T045959Z");
    expect(recurrenceOf(until, "America/Chicago")).toEqual({ days, count: undefined, until: "2026-06-30" });
    expect(recurrenceOf("FREQ=DAILY;COUNT=3", "UTC")).toBeNull();
  });

  it("lists the occurrence days from the first", () => {
    expect(weekdayOf("2026-03-02")).toBe("MO");
    expect(occurrenceDays("2026-03-02", ["MO", "TH"], { count: 3 })).toEqual([
      "2026-03-02",
      "2026-03-05",
      "2026-03-09",
    ]);
    expect(occurrenceDays("2026-03-02", ["MO"], { until: "2026-03-16" })).toEqual([
      "2026-03-02",
      "2026-03-09",
      "2026-03-16",
    ]);
  });
});

describe("wall-clock times in a zone", () => {
  const at = (y: number, m: number, d: number, h: number, mi = 0) => ({
    year: y,
    month: m,
    day: d,
    hour: h,
    minute: mi,
    second: 0,
  });
  it("keeps 09:00 local on both sides of a DST change", () => {
    expect(instantOf(at(2026, 3, 2, 9), "America/Chicago").toISOString()).toBe("2026-03-02T15:00:00.000Z");
    expect(instantOf(at(2026, 3, 9, 9), "America/Chicago").toISOString()).toBe("2026-03-09T14:00:00.000Z");
  });
  it("moves a time in the spring-forward gap forward and takes the earlier of a repeated hour", () => {
    expect(instantOf(at(2026, 3, 8, 2, 30), "America/Chicago").toISOString()).toBe("2026-03-08T08:30:00.000Z");
    expect(instantOf(at(2026, 11, 1, 1, 30), "America/Chicago").toISOString()).toBe("2026-11-01T06:30:00.000Z");
  });
  it("finds the day an instant falls on in the zone", () => {
    expect(dayIn(new Date("2026-03-03T03:00:00Z"), "America/Chicago")).toBe("2026-03-02");
    expect(dayIn(new Date("2026-03-03T03:00:00Z"), "Asia/Tokyo")).toBe("2026-03-03");
  });
});

describe("rotation conflicts (fixed clock)", () => {
  const rotation = { startDate: "2026-03-02", endDate: "2026-04-24" };
  const other = { title: "ICU", facilityName: "Mercy", startDate: "2026-04-24", endDate: "2026-05-30" };
  const unmet = [{ name: "BLS", reason: "missing" }];

  it("marks another rotation sharing a day, naming it, and not one the day after", () => {
    const [c] = rotationConflicts(rotation, "2026-01-10", [other], []);
    expect(c).toEqual({
      kind: "overlap",
      message: "Overlaps ICU at Mercy (2026-04-24 to 2026-05-30), another approved rotation of this student",
    });
    expect(rotationConflicts(rotation, "2026-01-10", [{ ...other, startDate: "2026-04-25" }], [])).toEqual([]);
  });

  it("marks unmet requirements only while the rotation has not ended", () => {
    expect(rotationConflicts(rotation, "2026-04-24", [], unmet)).toEqual([
      { kind: "compliance", message: "Requirements not valid through 2026-04-24: BLS (missing)" },
    ]);
    expect(rotationConflicts(rotation, "2026-04-25", [], unmet)).toEqual([]);
  });
});
