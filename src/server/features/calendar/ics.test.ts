import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import type { CalendarEvent } from "../../../domain/calendar";
import { buildCalendar, eventUid, icsFileName, recordPath } from "./ics";

// The iCalendar the feeds and downloads send, read back with a real parser (node-ical): every field
// a subscriber's calendar uses must come back as it went in.

const APP_URL = "https://portal.example.edu";

const base: CalendarEvent = {
  id: "rotation-6f1c2a3e-0000-4000-8000-000000000001",
  kind: "rotation",
  title: "Medical-Surgical rotation",
  allDay: true,
  start: "2026-03-02",
  end: "2026-04-24",
  timeZone: null,
  location: "Columbus, OH",
  description: null,
  studentId: "6f1c2a3e-0000-4000-8000-0000000000aa",
  studentName: "Ada Lovelace",
  programId: "6f1c2a3e-0000-4000-8000-0000000000bb",
  placementId: "6f1c2a3e-0000-4000-8000-0000000000cc",
  placementTitle: "Med-Surg Spring",
  facilityId: "6f1c2a3e-0000-4000-8000-0000000000dd",
  facilityName: "Riverside Hospital",
  departmentId: null,
  departmentName: "Ward 4",
  specialty: "Medical-Surgical",
  applicationId: "6f1c2a3e-0000-4000-8000-000000000001",
  documentId: null,
  eventId: null,
  category: null,
  audience: null,
  recurrence: null,
  editable: false,
  conflicts: [],
  sequence: 12345,
  updatedAt: "2026-02-01T10:30:00.000Z",
};

const orientation: CalendarEvent = {
  ...base,
  id: "event-6f1c2a3e-0000-4000-8000-000000000002",
  kind: "custom",
  title: "Orientation, day 1; bring ID\nand badge 🏥",
  allDay: false,
  // 09:00 in Chicago, before the change to daylight time on 8 March 2026.
  start: "2026-03-02T15:00:00.000Z",
  end: "2026-03-02T17:30:00.000Z",
  timeZone: "America/Chicago",
  location: "Room 101, Building B; 2nd floor",
  description: "Meet at the front desk. ".repeat(20).trim(),
  studentId: null,
  studentName: null,
  eventId: "6f1c2a3e-0000-4000-8000-000000000002",
  category: "orientation",
  audience: "students",
  recurrence: "FREQ=WEEKLY;COUNT=4",
  sequence: 3,
  updatedAt: "2026-02-10T08:00:00.000Z",
};

function parse(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === "VEVENT");
}

const text = (v: unknown) => (typeof v === "object" && v && "val" in v ? String(v.val) : String(v));

describe("buildCalendar", () => {
  const body = buildCalendar([base, orientation], {
    appUrl: APP_URL,
    name: "Lakeside Nursing",
    area: "program",
  }).toString();
  const [rotation, custom] = parse(body);

  it("names the calendar and asks subscribers to refresh hourly", () => {
    expect(body).toContain("X-WR-CALNAME:Clinical Placement Portal — Lakeside Nursing");
    expect(body).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT1H");
    expect(body).toContain("X-PUBLISHED-TTL:PT1H");
  });

  it("round-trips an all-day event: UID, SEQUENCE, dates (DTEND the day after), text, category", () => {
    expect(rotation.uid).toBe(`${base.id}@portal.example.edu`);
    expect(rotation.uid).toBe(eventUid(base, APP_URL));
    expect(Number(rotation.sequence)).toBe(12345);
    expect(rotation.datetype).toBe("date");
    expect(body).toContain("DTSTART;VALUE=DATE:20260302");
    expect(body).toContain("DTEND;VALUE=DATE:20260425");
    expect(rotation.start.dateOnly).toBe(true);
    expect(text(rotation.summary)).toBe("Medical-Surgical rotation");
    expect(text(rotation.location)).toBe("Columbus, OH");
    expect(rotation.categories).toEqual(["rotation"]);
    const description = text(rotation.description);
    expect(description).toContain("Student: Ada Lovelace");
    expect(description).toContain("Placement: Med-Surg Spring");
    expect(description).toContain("Facility: Riverside Hospital");
    expect(description).toContain(`Open in the portal: ${APP_URL}/students/${base.studentId}`);
    expect((rotation.dtstamp as Date).toISOString()).toBe(base.updatedAt);
    expect((rotation.lastmodified as Date).toISOString()).toBe(base.updatedAt);
  });

  it("round-trips a timed event in its zone, with a VTIMEZONE block and the awkward characters intact", () => {
    expect(body).toMatch(/BEGIN:VTIMEZONE\r\nTZID:America\/Chicago/);
    expect(body).toContain("DTSTART;TZID=America/Chicago:20260302T090000");
    expect(custom.start.tz).toBe("America/Chicago");
    expect(custom.start.toISOString()).toBe(orientation.start);
    expect(custom.end?.toISOString()).toBe(orientation.end);
    expect(text(custom.summary)).toBe(orientation.title);
    expect(text(custom.location)).toBe(orientation.location);
    expect(text(custom.description)).toContain(orientation.description);
    expect(Number(custom.sequence)).toBe(3);
    expect(custom.categories).toEqual(["custom"]);
    // Folded at 75 octets: no line of the file is longer.
    for (const line of body.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it("gives a weekly series its RRULE, whose occurrences keep 9:00 in Chicago across the change to daylight time", () => {
    expect(custom.rrule?.toString()).toContain("FREQ=WEEKLY;COUNT=4");
    const starts = custom.rrule!.all().map((d) => d.toISOString());
    expect(starts).toEqual([
      "2026-03-02T15:00:00.000Z",
      "2026-03-09T14:00:00.000Z",
      "2026-03-16T14:00:00.000Z",
      "2026-03-23T14:00:00.000Z",
    ]);
  });

  it("writes a series once, from its first occurrence, when the list starts mid-series", () => {
    const second = { ...orientation, start: "2026-03-09T14:00:00.000Z", end: "2026-03-09T16:30:00.000Z" };
    const third = { ...orientation, start: "2026-03-16T14:00:00.000Z", end: "2026-03-16T16:30:00.000Z" };
    const series = new Map([[orientation.id, { start: orientation.start, end: orientation.end }]]);
    const events = parse(
      buildCalendar([second, third], { appUrl: APP_URL, name: "x", area: "student", series }).toString(),
    );
    expect(events).toHaveLength(1);
    expect(events[0].start.toISOString()).toBe(orientation.start);
    expect(events[0].rrule?.all()).toHaveLength(4);
  });

  it("writes UTC for a zone it does not know rather than a TZID without its VTIMEZONE", () => {
    const odd = { ...orientation, recurrence: null, timeZone: "Mars/Olympus_Mons" };
    const out = buildCalendar([odd], { appUrl: APP_URL, name: "x", area: "program" }).toString();
    expect(out).toContain("DTSTART:20260302T150000Z");
    expect(out).not.toContain("Mars/");
    expect(parse(out)[0].start.toISOString()).toBe(orientation.start);
  });

  it("is the same text for the same events (the feed's ETag relies on it)", () => {
    const again = buildCalendar([base, orientation], { appUrl: APP_URL, name: "Lakeside Nursing", area: "program" });
    expect(again.toString()).toBe(body);
  });
});

describe("recordPath", () => {
  it("links each area's events to the page that shows the record", () => {
    expect(recordPath(base, "program")).toBe(`/students/${base.studentId}`);
    expect(recordPath({ ...base, kind: "expiry" }, "program")).toBe(`/students/${base.studentId}/compliance`);
    expect(recordPath(base, "student")).toBe("/student/applications");
    expect(recordPath(base, "facility")).toMatch(/^\/dashboard\/facility\/applications\?q=Ada\+Lovelace/);
    expect(recordPath({ ...base, kind: "deadline" }, "facility")).toBe(
      "/dashboard/facility/placements?q=Med-Surg+Spring",
    );
    expect(recordPath(base, "all")).toBe(`/dashboard/admin/programs/${base.programId}`);
    expect(recordPath({ ...orientation, placementTitle: null }, "program")).toBe("/calendar");
  });
});

describe("icsFileName", () => {
  it("keeps letters and digits of the title", () => {
    expect(icsFileName("Orientation, day 1; bring ID\nand badge 🏥")).toBe("Orientation-day-1-bring-ID-and-badge.ics");
    expect(icsFileName('"../../etc"')).toBe("etc.ics");
    expect(icsFileName("🏥")).toBe("event.ics");
  });
});
