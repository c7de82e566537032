import { describe, expect, it } from "vitest";
import { describeRecurrence, describeWhen } from "./event-when";

describe("describeWhen", () => {
  it("names days for all-day events", () => {
    expect(describeWhen({ allDay: true, start: "2027-03-01", end: "2027-03-01", timeZone: null })).toBe("Mar 1, 2027");
    expect(describeWhen({ allDay: true, start: "2027-03-01", end: "2027-04-30", timeZone: null })).toBe(
      "Mar 1, 2027 – Apr 30, 2027",
    );
  });

  it("shows times in the viewer's zone and names the planner's when it differs", () => {
    const e = { allDay: false, start: "2027-03-01T14:00:00.000Z", end: "2027-03-01T16:00:00.000Z", timeZone: "UTC" };
    expect(describeWhen(e, "UTC")).toBe("Mar 1, 2027, 2:00 PM – 4:00 PM");
    expect(describeWhen(e, "America/New_York")).toBe("Mar 1, 2027, 9:00 AM – 11:00 AM (your time; planned in UTC)");
  });
});

describe("describeRecurrence", () => {
  it("reads weekly rules", () => {
    expect(describeRecurrence("FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10")).toBe("Weekly on Monday and Wednesday, 10 times");
    expect(describeRecurrence("RRULE:FREQ=WEEKLY;BYDAY=FR;UNTIL=20270601T235959Z")).toBe(
      "Weekly on Friday, until Jun 1, 2027",
    );
    expect(describeRecurrence("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH,FR")).toBe(
      "Every 2 weeks on Tuesday, Thursday and Friday",
    );
  });

  it("shows any other rule as written", () => {
    expect(describeRecurrence("FREQ=DAILY;COUNT=3")).toBe("FREQ=DAILY;COUNT=3");
  });
});
