import { describe, expect, it } from "vitest";
import {
  checkEntry,
  formatTime,
  hourEntrySchema,
  type LoggedSpan,
  parseTime,
  percentComplete,
  requirementsSchema,
  shiftMinutes,
  weekStart,
} from "./hours";

// A fixed clock: every rule takes today as an argument.
const TODAY = "2026-03-10";
const rotation = { startDate: "2026-03-01", endDate: "2026-04-30" };
const at = (workDate: string, start: string, end: string, id = `${workDate}-${start}`): LoggedSpan => {
  const s = parseTime(start) ?? 0;
  return { id, workDate, startMinute: s, minutes: shiftMinutes(s, parseTime(end) ?? 0) };
};
const check = (workDate: string, startTime: string, endTime: string, others: LoggedSpan[] = [], id?: string) =>
  checkEntry({ id, workDate, startTime, endTime }, { rotation, today: TODAY, others });

describe("times and shifts", () => {
  it("reads HH:MM and refuses anything else", () => {
    expect(parseTime("07:30")).toBe(450);
    expect(parseTime("23:59")).toBe(1439);
    for (const bad of ["24:00", "7:30", "07:60", "0730", ""]) expect(parseTime(bad)).toBeNull();
    expect(formatTime(450)).toBe("07:30");
    expect(formatTime(1440 + 420)).toBe("07:00");
  });
  it("an end at or before the start crosses midnight: 19:00–07:00 is 12 hours, 07:00–07:00 is 24", () => {
    expect(shiftMinutes(parseTime("19:00")!, parseTime("07:00")!)).toBe(720);
    expect(shiftMinutes(420, 420)).toBe(1440);
    expect(shiftMinutes(420, 900)).toBe(480);
  });
  it("weeks run Monday to Sunday", () => {
    expect(weekStart("2026-03-04")).toBe("2026-03-02"); // a Wednesday
    expect(weekStart("2026-03-08")).toBe("2026-03-02"); // the Sunday
    expect(weekStart("2026-03-09")).toBe("2026-03-09"); // the next Monday
  });
});

describe("the entry rules", () => {
  it("accepts a day shift inside the rotation, today included", () => {
    expect(check("2026-03-03", "07:00", "15:00")).toEqual([]);
    expect(check(TODAY, "07:00", "15:00")).toEqual([]);
  });
  it("refuses a date outside the rotation, naming the date and the rotation's dates", () => {
    expect(check("2026-02-28", "07:00", "15:00")).toEqual([
      { path: "workDate", message: "28 February is outside this rotation (1 March to 30 April)" },
    ]);
    expect(check("2026-05-01", "07:00", "15:00")[0].path).toBe("workDate");
  });
  it("refuses a date in the future", () => {
    expect(check("2026-03-11", "07:00", "15:00")).toEqual([
      { path: "workDate", message: "11 March is in the future: log hours once worked" },
    ]);
  });
  it("refuses an overlap on the same day, saying what is already logged", () => {
    expect(check("2026-03-03", "14:00", "18:00", [at("2026-03-03", "07:00", "15:00")])).toEqual([
      { path: "startTime", message: "Entries on 3 March overlap: 07:00–15:00 already logged", conflict: true },
    ]);
    // Touching ends do not overlap.
    expect(check("2026-03-03", "15:00", "18:00", [at("2026-03-03", "07:00", "15:00")])).toEqual([]);
  });
  it("an overnight shift overlaps the next morning's entry (absolute time)", () => {
    const night = at("2026-03-03", "19:00", "07:00");
    expect(check("2026-03-04", "06:00", "10:00", [night])).toEqual([
      {
        path: "startTime",
        message: "This entry overlaps your entry of 3 March: 19:00–07:00 already logged",
        conflict: true,
      },
    ]);
    expect(check("2026-03-04", "07:00", "10:00", [night])).toEqual([]);
    // And the other way round: a night shift logged after the morning it runs into.
    expect(check("2026-03-03", "19:00", "07:00", [at("2026-03-04", "06:00", "10:00")])[0].path).toBe("startTime");
  });
  it("overlaps count across rotations (the caller passes all of the student's entries)", () => {
    expect(check("2026-03-05", "08:00", "12:00", [at("2026-03-05", "09:00", "10:00", "other-rotation")])).toHaveLength(
      1,
    );
  });
  it("a day's entries total at most 24 hours", () => {
    const day = at("2026-03-03", "00:00", "23:00");
    const issues = check("2026-03-03", "23:00", "07:00", [day]);
    expect(issues).toEqual([
      {
        path: "endTime",
        message: "3 March would total 31 hours: a day's entries total at most 24 hours (23 already logged)",
        conflict: true,
      },
    ]);
    expect(check("2026-03-03", "23:00", "00:00", [day])).toEqual([]);
  });
  it("an entry being edited does not clash with itself", () => {
    const mine = at("2026-03-03", "07:00", "15:00", "mine");
    expect(check("2026-03-03", "08:00", "16:00", [mine], "mine")).toEqual([]);
  });
});

describe("the form's schema", () => {
  const ok = { workDate: "2026-03-03", startTime: "07:00", endTime: "15:00", categories: ["Assessment"] };
  it("needs at least one activity from the list and a reflection of at most 4,000 characters", () => {
    expect(hourEntrySchema.safeParse(ok).success).toBe(true);
    const none = hourEntrySchema.safeParse({ ...ok, categories: [] });
    expect(none.error?.issues[0]).toMatchObject({ path: ["categories"], message: "Choose at least one activity" });
    expect(hourEntrySchema.safeParse({ ...ok, categories: ["Napping"] }).success).toBe(false);
    const long = hourEntrySchema.safeParse({ ...ok, reflection: "x".repeat(4001) });
    expect(long.error?.issues[0]).toMatchObject({
      path: ["reflection"],
      message: "Reflection must be at most 4,000 characters",
    });
    expect(hourEntrySchema.safeParse({ ...ok, startTime: "7am" }).error?.issues[0].path).toEqual(["startTime"]);
  });
  it("requirements: 0–2000 whole hours, each specialty once", () => {
    expect(requirementsSchema.safeParse({ requirements: [{ specialty: "", hours: 90 }] }).success).toBe(true);
    const big = requirementsSchema.safeParse({ requirements: [{ specialty: "", hours: 2001 }] });
    expect(big.error?.issues[0]).toMatchObject({ path: ["requirements", 0, "hours"] });
    const twice = requirementsSchema.safeParse({
      requirements: [
        { specialty: "ICU", hours: 1 },
        { specialty: "icu", hours: 2 },
      ],
    });
    expect(twice.error?.issues[0]).toMatchObject({ path: ["requirements", 1, "specialty"] });
  });
  it("percent complete is capped at 100 and absent without a requirement", () => {
    expect(percentComplete(45 * 60, 90)).toBe(50);
    expect(percentComplete(200 * 60, 90)).toBe(100);
    expect(percentComplete(60, null)).toBeNull();
  });
});
