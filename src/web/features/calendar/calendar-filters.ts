import { CALENDAR_EVENT_KINDS, type CalendarEventKind } from "@/domain/calendar";
import { isSpecialty } from "@/domain/specialties";

// The calendar's filters live in the address (reload, Back and a shared link show the same
// calendar). Their names differ from View As's `?student=`, `?program=` and `?facility=`, which
// name whose calendar an administrator is looking at, not a narrowing of it.

/** Whose calendar a page shows: a program's, a facility's or a student's own. */
export type CalendarArea = "program" | "facility" | "student";

export type CalendarFilters = {
  studentId?: string;
  facilityId?: string;
  departmentId?: string;
  specialty?: string;
  /** Empty: every kind. */
  kinds: CalendarEventKind[];
};

export type CalendarFilterName = Exclude<keyof CalendarFilters, "kinds">;

/** The filters that narrow each area's calendar (a student's holds only their own events). */
export const FILTERS_OF: Record<CalendarArea, readonly CalendarFilterName[]> = {
  program: ["studentId", "facilityId", "specialty"],
  facility: ["departmentId", "specialty"],
  student: [],
};

/** The kinds each area's calendar can hold (a facility sees the expiries of the students placed with it). */
export const KINDS_OF: Record<CalendarArea, readonly CalendarEventKind[]> = {
  program: CALENDAR_EVENT_KINDS,
  facility: CALENDAR_EVENT_KINDS,
  student: CALENDAR_EVENT_KINDS,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The area's filters as the address holds them; a malformed value is ignored (never sent to the API). */
export function readFilters(params: URLSearchParams, area: CalendarArea): CalendarFilters {
  const allowed = FILTERS_OF[area];
  const id = (name: "studentId" | "facilityId" | "departmentId") => {
    const v = params.get(name);
    return allowed.includes(name) && v && UUID.test(v) ? v : undefined;
  };
  const specialty = params.get("specialty");
  const kinds = (params.get("kinds") ?? "")
    .split(",")
    .filter((k): k is CalendarEventKind => (KINDS_OF[area] as readonly string[]).includes(k));
  return {
    studentId: id("studentId"),
    facilityId: id("facilityId"),
    departmentId: id("departmentId"),
    specialty: allowed.includes("specialty") && isSpecialty(specialty) ? specialty : undefined,
    kinds: [...new Set(kinds)],
  };
}

/** The address after a change of filters: an empty value (or every kind) drops its parameter; others stay. */
export function writeFilters(
  params: URLSearchParams,
  area: CalendarArea,
  patch: Partial<CalendarFilters>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(patch)) {
    if (name === "kinds") {
      const kinds = KINDS_OF[area].filter((k) => (value as CalendarEventKind[]).includes(k));
      if (kinds.length === 0 || kinds.length === KINDS_OF[area].length) next.delete("kinds");
      else next.set("kinds", kinds.join(","));
    } else if (value) next.set(name, value as string);
    else next.delete(name);
  }
  return next;
}

/** Whether any filter narrows the calendar (for 'Clear filters' and the empty message). */
export const isFiltered = (f: CalendarFilters) =>
  Boolean(f.studentId || f.facilityId || f.departmentId || f.specialty || f.kinds.length > 0);

/** Every filter parameter, cleared. */
export const CLEARED: Partial<CalendarFilters> = {
  studentId: undefined,
  facilityId: undefined,
  departmentId: undefined,
  specialty: undefined,
  kinds: [],
};
