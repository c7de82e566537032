import { describe, expect, it } from "vitest";
import type { CalendarEvent } from "@/domain/calendar";
import { emptyEventValues, eventFormResolver, eventToValues, valuesToInput } from "./event-form-values";

// The form plans in a day, two times and a zone; the API takes instants. The conversion and the
// schema's issues under the right fields are what "Add event" relies on.

const resolve = (values: ReturnType<typeof emptyEventValues>) =>
  eventFormResolver()(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe("event form values", () => {
  it("turns a day and times in a zone into instants (daylight saving time included)", () => {
    const v = { ...emptyEventValues("2027-03-15", "America/Chicago"), title: "Orientation" };
    const input = valuesToInput(v);
    // Chicago is UTC-5 in March after the change (March 14, 2027).
    expect(input.startsAt).toBe("2027-03-15T14:00:00.000Z");
    expect(input.endsAt).toBe("2027-03-15T15:00:00.000Z");
    expect(input.recurrence).toBeNull();
    expect(input.placementId).toBeNull();
  });

  it("sends a weekly rule with a count or an end day, and the placement only for a placement's audience", () => {
    const v = {
      ...emptyEventValues("2027-03-15", "UTC"),
      repeat: true,
      days: ["MO" as const, "WE" as const],
      count: "6",
      audience: "students" as const,
      placementId: "11111111-1111-4111-8111-111111111111",
    };
    expect(valuesToInput(v)).toMatchObject({ recurrence: { days: ["MO", "WE"], count: "6" }, placementId: null });
    expect(valuesToInput({ ...v, ends: "until", until: "2027-04-30" }).recurrence).toEqual({
      days: ["MO", "WE"],
      until: "2027-04-30",
    });
  });

  it("accepts a complete event", async () => {
    const result = await resolve({ ...emptyEventValues("2027-03-15", "UTC"), title: "Orientation" });
    expect(result.errors).toEqual({});
  });

  it("puts the schema's messages under the form's fields", async () => {
    const v = { ...emptyEventValues("2027-03-15", "UTC"), title: " ", endTime: "08:00" };
    const { errors } = await resolve(v);
    expect(errors.title?.message).toBe("Title is required");
    expect(errors.endTime?.message).toBe("End must be after Start");

    const noDay = await resolve({ ...v, title: "x", date: "", endTime: "10:00" });
    expect(noDay.errors.date?.message).toMatch(/Start is required/);

    // 2027-03-15 is a Monday: a series on Tuesdays only does not include its first day.
    const series = await resolve({ ...v, title: "x", endTime: "10:00", repeat: true, days: ["TU"], count: "3" });
    expect(series.errors.days?.message).toBe("Days must include Monday, the day of the first occurrence");
    const tooMany = await resolve({ ...v, title: "x", endTime: "10:00", repeat: true, days: ["MO"], count: "500" });
    expect(tooMany.errors.count?.message).toMatch(/between 1 and 104/);

    const placement = await resolve({ ...v, title: "x", endTime: "10:00", audience: "placement" });
    expect(placement.errors.placementId?.message).toBe("Choose the placement whose students see it");
  });

  it("fills the form from an event, in the zone it was planned in", () => {
    const e = {
      title: "Site visit",
      start: "2027-03-15T14:00:00.000Z",
      end: "2027-03-15T15:30:00.000Z",
      timeZone: "America/Chicago",
      location: "Mercy, 3rd floor",
      description: null,
      category: "site_visit",
      audience: "students",
      placementId: null,
      placementTitle: null,
      recurrence: "FREQ=WEEKLY;BYDAY=MO;COUNT=3",
    } as CalendarEvent;
    expect(eventToValues(e, "UTC")).toMatchObject({
      date: "2027-03-15",
      startTime: "09:00",
      endTime: "10:30",
      timeZone: "America/Chicago",
      category: "site_visit",
      repeat: true,
      days: ["MO"],
      ends: "count",
      count: "3",
      location: "Mercy, 3rd floor",
      description: "",
    });
  });
});
