import { describe, expect, it } from "vitest";
import type { CalendarEvent } from "@/domain/calendar";
import { recordLink } from "./record-link";

// "Open record" from an event leads to the page that shows its record for the viewer's side.

const STUDENT = "11111111-1111-4111-8111-111111111111";
const PLACEMENT = "22222222-2222-4222-8222-222222222222";
const PROGRAM = "33333333-3333-4333-8333-333333333333";

const event = (patch: Partial<CalendarEvent>): CalendarEvent => ({
  id: "rotation-x",
  kind: "rotation",
  title: "Emily Carter · ICU Rotation",
  allDay: true,
  start: "2027-03-01",
  end: "2027-04-30",
  timeZone: null,
  location: null,
  description: null,
  studentId: STUDENT,
  studentName: "Emily Carter",
  programId: PROGRAM,
  placementId: PLACEMENT,
  placementTitle: "ICU Rotation",
  facilityId: null,
  facilityName: null,
  departmentId: null,
  departmentName: null,
  specialty: null,
  applicationId: "a",
  documentId: null,
  eventId: null,
  category: null,
  audience: null,
  recurrence: null,
  editable: false,
  conflicts: [],
  sequence: 0,
  updatedAt: "2027-01-01T00:00:00.000Z",
  ...patch,
});

describe("recordLink", () => {
  it("program: a rotation opens the student's record, an expiry their compliance, a deadline the placement", () => {
    expect(recordLink(event({}), "program")).toEqual({ to: `/students/${STUDENT}`, label: "Open student record" });
    expect(recordLink(event({ kind: "expiry" }), "program")?.to).toBe(`/students/${STUDENT}/compliance`);
    expect(recordLink(event({ kind: "deadline" }), "program")?.to).toBe("/placements?q=ICU+Rotation");
  });

  it("carries an administrator's View As choice", () => {
    expect(recordLink(event({}), "program", { program: PROGRAM })?.to).toBe(`/students/${STUDENT}?program=${PROGRAM}`);
    expect(recordLink(event({ kind: "placement" }), "facility", { facility: "f" })?.to).toBe(
      "/dashboard/facility/placements?q=ICU+Rotation&facility=f",
    );
    expect(recordLink(event({ kind: "expiry" }), "student", { student: STUDENT })?.to).toBe(
      `/student/compliance?student=${STUDENT}`,
    );
  });

  it("facility: a rotation opens the approved application, narrowed to the student and placement", () => {
    const link = recordLink(event({}), "facility");
    expect(link?.label).toBe("Open application");
    const url = new URL(link?.to ?? "", "http://x");
    expect(url.pathname).toBe("/dashboard/facility/applications");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: "Emily Carter",
      status: "approved",
      placementId: PLACEMENT,
    });
  });

  it("student: their applications, compliance and placements", () => {
    expect(recordLink(event({}), "student")?.to).toBe("/student/applications");
    expect(recordLink(event({ kind: "expiry" }), "student")?.to).toBe("/student/compliance");
    expect(recordLink(event({ kind: "deadline" }), "student")?.to).toBe("/student/placements?q=ICU+Rotation");
  });

  it("a coordinator's own event without a placement has no record to open", () => {
    const own = event({ kind: "custom", placementId: null, placementTitle: null, studentId: null, studentName: null });
    expect(recordLink(own, "program")).toBeNull();
    expect(recordLink(own, "facility")).toBeNull();
    expect(recordLink(own, "student")).toBeNull();
  });
});
