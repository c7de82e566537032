import type { CalendarEvent } from "@/domain/calendar";
import type { CalendarArea } from "./calendar-filters";

export type RecordLink = { to: string; label: string };

type Viewed = {
  /** View As: the organization (`?program=` / `?facility=`) or the student (`?student=`) an administrator looks at. */
  program?: string | null;
  facility?: string | null;
  student?: string | null;
};

function withParams(path: string, values: Record<string, string | null | undefined>) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v) p.set(k, v);
  const s = p.toString();
  return s ? `${path}?${s}` : path;
}

/**
 * Where an event's record lives for the viewer's area: the pages that already show it (a student's
 * record, the applications and placements lists narrowed to it, compliance). An administrator's
 * View As choice goes along, so the record page shows the same organization or student.
 */
export function recordLink(event: CalendarEvent, area: CalendarArea, viewed: Viewed = {}): RecordLink | null {
  const { kind, studentId, studentName, placementTitle, placementId } = event;
  if (area === "program") {
    const program = viewed.program;
    if (kind === "rotation" && studentId)
      return { to: withParams(`/students/${studentId}`, { program }), label: "Open student record" };
    if (kind === "expiry" && studentId)
      return { to: withParams(`/students/${studentId}/compliance`, { program }), label: "Open compliance record" };
    if ((kind === "placement" || kind === "deadline" || kind === "custom") && placementId && placementTitle)
      return { to: withParams("/placements", { q: placementTitle, program }), label: "Open placement" };
    return null;
  }
  if (area === "facility") {
    const facility = viewed.facility;
    if (kind === "rotation" && studentName)
      return {
        to: withParams("/dashboard/facility/applications", {
          q: studentName,
          status: "approved",
          placementId,
          facility,
        }),
        label: "Open application",
      };
    if (kind === "expiry" && studentName)
      return { to: withParams("/dashboard/facility/students", { q: studentName, facility }), label: "Open student" };
    if ((kind === "placement" || kind === "deadline" || kind === "custom") && placementId && placementTitle)
      return {
        to: withParams("/dashboard/facility/placements", { q: placementTitle, facility }),
        label: "Open placement",
      };
    return null;
  }
  const student = viewed.student;
  if (kind === "rotation") return { to: withParams("/student/applications", { student }), label: "Open application" };
  if (kind === "expiry") return { to: withParams("/student/compliance", { student }), label: "Open compliance record" };
  if ((kind === "placement" || kind === "deadline" || kind === "custom") && placementId && placementTitle)
    return { to: withParams("/student/placements", { q: placementTitle, student }), label: "Open placement" };
  return null;
}
