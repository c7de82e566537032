import { useQuery } from "@tanstack/react-query";
import { SlidersHorizontal, X } from "lucide-react";
import { useId, useState } from "react";
import { CALENDAR_KIND_LABELS, type CalendarEventKind } from "@/domain/calendar";
import { NURSING_SPECIALTIES } from "@/domain/specialties";
import { SearchPicker } from "@/web/components/search-picker";
import { Button } from "@/web/components/ui/button";
import { Label } from "@/web/components/ui/label";
import { Select } from "@/web/components/ui/select";
import { studentNameQuery } from "@/web/features/placements/api";
import { departmentsQuery } from "@/web/features/placements/departments-api";
import { type Student, studentsQuery } from "@/web/features/students/api";
import { facilityOptionsQuery } from "../api";
import {
  type CalendarArea,
  type CalendarFilters,
  CLEARED,
  FILTERS_OF,
  isFiltered,
  KINDS_OF,
} from "../calendar-filters";
import { KIND_STYLE } from "../event-style";

/**
 * The calendar's filters for one area (only those that narrow its events), each written to the
 * address at once. `org` is the organization an administrator views (View As), which the option
 * lists narrow to.
 */
export function CalendarFiltersBar({
  area,
  filters,
  onChange,
  org,
}: {
  area: CalendarArea;
  filters: CalendarFilters;
  onChange: (patch: Partial<CalendarFilters>) => void;
  org?: string;
}) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const names = FILTERS_OF[area];
  const kinds = KINDS_OF[area];
  const shown = (k: CalendarEventKind) => filters.kinds.length === 0 || filters.kinds.includes(k);

  function toggleKind(kind: CalendarEventKind, on: boolean) {
    const current = filters.kinds.length === 0 ? [...kinds] : filters.kinds;
    onChange({ kinds: on ? [...current, kind] : current.filter((k) => k !== kind) });
  }

  return (
    <search aria-label="Filter the calendar" className="mb-4 grid gap-3 rounded-lg border border-border bg-white p-4">
      {/* On a phone the filters fold away behind one button: the calendar comes first. */}
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start sm:hidden"
        aria-expanded={expanded}
        aria-controls={`${id}-fields`}
        onClick={() => setExpanded(!expanded)}
      >
        <SlidersHorizontal aria-hidden /> {expanded ? "Hide filters" : "Filters"}
        {isFiltered(filters) ? " (on)" : ""}
      </Button>
      <div id={`${id}-fields`} className={expanded ? "grid gap-3" : "hidden gap-3 sm:grid"}>
        {names.length > 0 ? (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {names.includes("studentId") ? (
              <StudentFilter value={filters.studentId} programId={org} onChange={(v) => onChange({ studentId: v })} />
            ) : null}
            {names.includes("facilityId") ? (
              <FacilityFilter
                value={filters.facilityId}
                programId={org}
                onChange={(v) => onChange({ facilityId: v })}
              />
            ) : null}
            {names.includes("departmentId") ? (
              <DepartmentFilter
                value={filters.departmentId}
                facilityId={org}
                onChange={(v) => onChange({ departmentId: v })}
              />
            ) : null}
            {names.includes("specialty") ? (
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-specialty`}>Specialty</Label>
                <Select
                  id={`${id}-specialty`}
                  value={filters.specialty ?? ""}
                  onChange={(e) => onChange({ specialty: e.target.value || undefined })}
                >
                  <option value="">All specialties</option>
                  {NURSING_SPECIALTIES.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </Select>
              </div>
            ) : null}
          </div>
        ) : null}
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium">Show</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {kinds.map((k) => {
              const Icon = KIND_STYLE[k].icon;
              return (
                <label key={k} className="inline-flex min-h-8 cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-teal-700"
                    checked={shown(k)}
                    onChange={(e) => toggleKind(k, e.target.checked)}
                  />
                  <span
                    className="inline-flex items-center gap-1 rounded border-l-4 px-1.5 py-0.5"
                    style={{
                      background: KIND_STYLE[k].fill,
                      borderColor: KIND_STYLE[k].border,
                      color: KIND_STYLE[k].text,
                    }}
                  >
                    <Icon className="size-3.5" aria-hidden />
                    {CALENDAR_KIND_LABELS[k]}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
        {isFiltered(filters) ? (
          <div>
            <Button size="sm" variant="ghost" onClick={() => onChange(CLEARED)}>
              <X aria-hidden /> Clear filters
            </Button>
          </div>
        ) : null}
      </div>
    </search>
  );
}

/** A searchable student picker (server-paged), or the picked student with a button to clear. */
function StudentFilter({
  value,
  programId,
  onChange,
}: {
  value?: string;
  programId?: string;
  onChange: (id: string | undefined) => void;
}) {
  const picked = useQuery(studentNameQuery(value ?? null));
  if (value) {
    return (
      <div className="grid gap-1.5">
        <span className="text-sm font-medium">Student</span>
        <div className="flex h-10 items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm">
          <span className="truncate">
            {picked.data?.name ?? (picked.isError || picked.data === null ? "An unknown student" : "Loading...")}
          </span>
          <Button
            size="sm"
            variant="ghost"
            className="h-7 px-2"
            aria-label="Show every student"
            onClick={() => onChange(undefined)}
          >
            <X aria-hidden />
          </Button>
        </div>
      </div>
    );
  }
  return (
    <SearchPicker<Student>
      label="Student"
      placeholder="Every student: type a name"
      query={(search, page) => studentsQuery({ search, page, enrollment: "all", sort: "name", programId })}
      nameOf={(s) => `${s.firstName} ${s.lastName}`}
      detailOf={(s) => s.email}
      onPick={(s) => onChange(s.id)}
    />
  );
}

function FacilityFilter({
  value,
  programId,
  onChange,
}: {
  value?: string;
  programId?: string;
  onChange: (id: string | undefined) => void;
}) {
  const id = useId();
  const options = useQuery(facilityOptionsQuery(programId));
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Facility</Label>
      <Select id={id} value={value ?? ""} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">{options.isError ? "All facilities (the list could not load)" : "All facilities"}</option>
        {value && !options.data?.some((f) => f.id === value) ? (
          <option value={value}>The chosen facility</option>
        ) : null}
        {(options.data ?? []).map((f) => (
          <option key={f.id} value={f.id}>
            {f.name}
          </option>
        ))}
      </Select>
    </div>
  );
}

function DepartmentFilter({
  value,
  facilityId,
  onChange,
}: {
  value?: string;
  facilityId?: string;
  onChange: (id: string | undefined) => void;
}) {
  const id = useId();
  const options = useQuery(departmentsQuery(facilityId));
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Department</Label>
      <Select id={id} value={value ?? ""} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">{options.isError ? "All departments (the list could not load)" : "All departments"}</option>
        {value && !options.data?.some((d) => d.id === value) ? (
          <option value={value}>The chosen department</option>
        ) : null}
        {(options.data ?? []).map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </Select>
    </div>
  );
}
