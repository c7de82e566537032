import { useQuery } from "@tanstack/react-query";
import { CalendarPlus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useSearchParams } from "react-router";
import type { CalendarEvent } from "@/domain/calendar";
import { isAdmin } from "@/domain/roles";
import { LoadError } from "@/web/components/list-page/load-error";
import { StudentPage } from "@/web/components/student-page";
import { Button } from "@/web/components/ui/button";
import { Loading } from "@/web/components/ui/loading";
import { PageHeader } from "@/web/components/ui/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/web/components/ui/tabs";
import { useMe } from "@/web/lib/session";
import { viewedStudentId } from "@/web/lib/view-as-student";
import { eventsQuery } from "../api";
import { type CalendarArea, isFiltered, readFilters, writeFilters } from "../calendar-filters";
import { CalendarFiltersBar } from "../components/calendar-filters-bar";
import {
  CALENDAR_VIEWS,
  CalendarView,
  type CalendarViewName,
  defaultView,
  type VisibleRange,
} from "../components/calendar-view";
import { EventDetailDialog } from "../components/event-detail-dialog";
import { EventFormDialog } from "../components/event-form-dialog";
import { SubscribeDialog } from "../components/subscribe-dialog";
import { recordLink } from "../record-link";

// The capacity view is the facility page's second tab: its code loads when the tab opens.
const DepartmentCapacity = lazy(async () => ({
  default: (await import("../components/department-capacity")).DepartmentCapacity,
}));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const DESCRIPTIONS: Record<CalendarArea, string> = {
  program: "Your students' rotations, placement dates, application deadlines and compliance expiries",
  facility: "Rotations in your departments, placement dates, deadlines and your own events",
  student: "Your rotations, application deadlines, compliance expiries and events for you",
};

/** What an administrator looks at: the organization picked with View As, or every one. */
const ADMIN_DESCRIPTIONS = {
  program: {
    one: "This program's rotations, placement dates, application deadlines, compliance expiries and events",
    all: "Every program's rotations, placement dates, application deadlines, compliance expiries and events",
  },
  facility: {
    one: "This facility's rotations, placement dates, deadlines and events, and its departments' capacity",
    all: "Every facility's rotations, placement dates, deadlines and events",
  },
} as const;

/** /calendar: the program's calendar (administrators: the program they view, or every program). */
export function ProgramCalendarPage() {
  return <CoordinatorCalendar area="program" />;
}

/** /dashboard/facility/calendar: the facility's calendar and its departments' capacity. */
export function FacilityCalendarPage() {
  return <CoordinatorCalendar area="facility" />;
}

/** /student/calendar: the student's own calendar (administrators: the student they view, read only). */
export function StudentCalendarPage() {
  const [params] = useSearchParams();
  // A feed is its owner's: an administrator viewing as a student subscribes on their own pages.
  const own = !viewedStudentId(`?${params.toString()}`);
  return (
    <StudentPage header={{ title: "Calendar", description: DESCRIPTIONS.student }}>
      {own ? (
        <div className="mb-4 flex justify-end">
          <SubscribeDialog />
        </div>
      ) : null}
      <CalendarPanel area="student" />
    </StudentPage>
  );
}

function CoordinatorCalendar({ area }: { area: "program" | "facility" }) {
  const [params] = useSearchParams();
  const me = useMe();
  const admin = isAdmin(me.data?.role ?? null);
  const raw = params.get(area);
  const org = raw && UUID.test(raw) ? raw : undefined;
  // Coordinators add events for their organization; an administrator for the one they view.
  const canAdd = admin ? Boolean(org) : me.data?.roles.includes(area) === true;
  const [adding, setAdding] = useState(false);

  const actions = (
    // Side by side, never stacked beside a long description.
    <div className="flex shrink-0 flex-wrap gap-2">
      <SubscribeDialog />
      {canAdd ? (
        <Button onClick={() => setAdding(true)}>
          <CalendarPlus aria-hidden /> Add event
        </Button>
      ) : null}
    </div>
  );
  const calendar = <CalendarPanel area={area} org={org} />;

  return (
    <>
      <PageHeader
        title="Calendar"
        description={admin ? (org ? ADMIN_DESCRIPTIONS[area].one : ADMIN_DESCRIPTIONS[area].all) : DESCRIPTIONS[area]}
        actions={actions}
      />
      {area === "facility" ? (
        <Tabs defaultValue="calendar">
          <TabsList className="max-w-xs">
            <TabsTrigger value="calendar">Calendar</TabsTrigger>
            <TabsTrigger value="capacity">Capacity</TabsTrigger>
          </TabsList>
          <TabsContent value="calendar">{calendar}</TabsContent>
          <TabsContent value="capacity">
            <Suspense fallback={<Loading label="Loading the capacity view..." />}>
              <DepartmentCapacity facilityId={org} />
            </Suspense>
          </TabsContent>
        </Tabs>
      ) : (
        calendar
      )}
      {adding ? <EventFormDialog area={area} org={org} event={null} onClose={() => setAdding(false)} /> : null}
    </>
  );
}

/** The filters, the legend-bearing calendar for the visible range, and the event dialogs. */
function CalendarPanel({ area, org }: { area: CalendarArea; org?: string }) {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params, area);
  const viewedStudent = area === "student" ? viewedStudentId(`?${params.toString()}`) : null;
  const urlView = params.get("view");
  const urlDate = params.get("date");
  const [initial] = useState(() => ({
    view: urlView && urlView in CALENDAR_VIEWS ? (urlView as CalendarViewName) : defaultView(),
    date: urlDate && DAY.test(urlDate) ? urlDate : undefined,
  }));
  const [range, setRange] = useState<VisibleRange | null>(null);
  const [open, setOpen] = useState<CalendarEvent | null>(null);
  const [editing, setEditing] = useState<CalendarEvent | null>(null);

  const events = useQuery({
    ...eventsQuery({
      from: range?.from ?? "",
      to: range?.to ?? "",
      kinds: filters.kinds,
      studentId: area === "student" ? undefined : filters.studentId,
      facilityId: area === "facility" ? org : filters.facilityId,
      departmentId: filters.departmentId,
      specialty: filters.specialty,
      programId: area === "program" ? org : undefined,
      mine: area === "student",
    }),
    enabled: range !== null,
  });

  function onRangeChange(next: VisibleRange) {
    setRange((r) => (r && r.from === next.from && r.to === next.to ? r : next));
    // The visible month (or week) and view stay in the address: Back from a record returns here.
    if (params.get("date") !== next.date || params.get("view") !== next.view) {
      setParams(
        (p) => {
          const n = new URLSearchParams(p);
          n.set("date", next.date);
          n.set("view", next.view);
          return n;
        },
        { replace: true },
      );
    }
  }

  const viewed = {
    program: area === "program" ? org : null,
    facility: area === "facility" ? org : null,
    student: viewedStudent,
  };
  const items = events.data ?? [];

  return (
    <>
      <CalendarFiltersBar
        area={area}
        filters={filters}
        org={org}
        onChange={(patch) => setParams((p) => writeFilters(p, area, patch), { replace: true })}
      />
      <div className="rounded-lg border border-border bg-white p-3 sm:p-4">
        <CalendarView
          events={items}
          initialView={initial.view}
          initialDate={initial.date}
          onRangeChange={onRangeChange}
          onOpen={setOpen}
          status={
            <div aria-live="polite" className="text-sm">
              {events.isError ? (
                <LoadError what="the events" query={events} className="mb-3" />
              ) : events.isFetching ? (
                <p className="mb-2 text-muted-foreground">Loading events...</p>
              ) : events.isSuccess && items.length === 0 ? (
                <p className="mb-2 rounded-md bg-muted px-3 py-2 text-slate-700">
                  {isFiltered(filters)
                    ? "No events in this range match these filters."
                    : "No events in this range. Rotations appear once applications are approved."}
                </p>
              ) : events.isSuccess ? (
                <p className="sr-only">
                  {items.length} event{items.length === 1 ? "" : "s"} in this range
                </p>
              ) : null}
            </div>
          }
        />
      </div>
      <EventDetailDialog
        event={open}
        link={open ? recordLink(open, area, viewed) : null}
        onClose={() => setOpen(null)}
        onEdit={(e) => {
          setOpen(null);
          setEditing(e);
        }}
      />
      {editing && area !== "student" ? (
        <EventFormDialog area={area} org={org} event={editing} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}
