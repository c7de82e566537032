import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { Building2, ChevronLeft, ChevronRight } from "lucide-react";
import { useId, useState } from "react";
import {
  CAPACITY_WEEKS_DEFAULT,
  type FillLevel,
  fillLevel,
  fillPercent,
  fillText,
  shiftWeeks,
  weekLabel,
  windowLabel,
} from "@/domain/calendar-capacity";
import { LoadError } from "@/web/components/list-page/load-error";
import { Button } from "@/web/components/ui/button";
import { EmptyState } from "@/web/components/ui/empty-state";
import { Loading } from "@/web/components/ui/loading";
import { Select } from "@/web/components/ui/select";
import { ApiError, api, unwrap } from "@/web/lib/api-client";
import { cn } from "@/web/lib/cn";

// The facility calendar's Capacity tab (issue 15): departments × weeks, the seats taken on each
// week's busiest day against the department's capacity, so a coordinator sees where there is room.
// A real table (row and column headers read with every cell), figures in words beside the bar
// (never colour alone), full and over-capacity weeks marked, sideways scrolling on a phone.

const WEEK_CHOICES = [4, 8, 13, 26] as const;

/** Departments × weeks from the server (one SQL statement there); `from` undefined = this week. */
export const capacityQuery = (q: { facilityId?: string; from?: string; weeks: number }) =>
  queryOptions({
    queryKey: ["calendar", "capacity", q.facilityId ?? "own", q.from ?? "current", q.weeks],
    queryFn: async () =>
      unwrap(
        await api.api.calendar.capacity.$get({
          query: {
            weeks: String(q.weeks),
            ...(q.from ? { from: q.from } : {}),
            ...(q.facilityId ? { facilityId: q.facilityId } : {}),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

type Capacity = Awaited<ReturnType<NonNullable<ReturnType<typeof capacityQuery>["queryFn"]>>>;
type Week = Capacity["departments"][number]["weeks"][number];

const BAR: Record<FillLevel, string> = {
  empty: "bg-slate-300",
  some: "bg-teal-600",
  full: "bg-amber-500",
  over: "bg-red-600",
};
const CELL: Record<FillLevel, string> = {
  empty: "",
  some: "",
  full: "bg-amber-50",
  over: "bg-red-50",
};
const STATUS: Record<FillLevel, string> = {
  empty: "text-slate-600",
  some: "text-slate-600",
  full: "font-semibold text-amber-900",
  over: "font-semibold text-red-800",
};

function WeekCell({ week }: { week: Week }) {
  const level = fillLevel(week.taken, week.capacity);
  return (
    <td className={cn("min-w-28 px-3 py-2 align-top", CELL[level])}>
      <p className="whitespace-nowrap tabular-nums">
        <span className="font-semibold">{week.taken}</span>
        <span className="text-slate-600"> / {week.capacity}</span>
        <span className="sr-only"> seats taken</span>
      </p>
      <div className="mt-1 h-2 w-full rounded-full bg-slate-100" aria-hidden>
        <div
          className={cn("h-2 rounded-full", BAR[level])}
          style={{ width: `${fillPercent(week.taken, week.capacity)}%` }}
        />
      </div>
      <p className={cn("mt-1 whitespace-nowrap text-xs", STATUS[level])}>{fillText(week.taken, week.capacity)}</p>
      <p className="whitespace-nowrap text-xs text-slate-600 tabular-nums">{week.promised} promised</p>
    </td>
  );
}

/** An administrator who has not picked a facility: the server asks for one (422 naming facilityId). */
const needsFacility = (error: Error | null) =>
  error instanceof ApiError && error.status === 422 && error.issues.some((i) => i.path === "facilityId");

export function DepartmentCapacity({ facilityId }: { facilityId?: string }) {
  const [from, setFrom] = useState<string | undefined>(undefined);
  const [weeks, setWeeks] = useState<number>(CAPACITY_WEEKS_DEFAULT);
  const query = useQuery(capacityQuery({ facilityId, from, weeks }));
  const captionId = useId();
  const weeksId = useId();
  const data = query.data;

  return (
    <section aria-labelledby={captionId} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={captionId} className="text-lg font-semibold">
            Department capacity by week
          </h2>
          <p className="text-sm text-muted-foreground">
            Seats taken = approved students on each week's busiest day, across overlapping rotations. Promised = the
            seats your active placements hold.
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={weeksId} className="block text-xs font-medium text-slate-700">
              Weeks shown
            </label>
            <Select
              id={weeksId}
              className="w-24"
              value={String(weeks)}
              onChange={(e) => setWeeks(Number(e.target.value))}
            >
              {WEEK_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </Select>
          </div>
          <Button
            variant="outline"
            size="sm"
            disabled={!data}
            onClick={() => data && setFrom(shiftWeeks(data.from, -weeks))}
          >
            <ChevronLeft className="size-4" aria-hidden />
            Previous {weeks} weeks
          </Button>
          <Button variant="outline" size="sm" disabled={!data || from === undefined} onClick={() => setFrom(undefined)}>
            This week
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={!data}
            onClick={() => data && setFrom(shiftWeeks(data.from, weeks))}
          >
            Next {weeks} weeks
            <ChevronRight className="size-4" aria-hidden />
          </Button>
        </div>
      </div>

      {query.isPending ? (
        <Loading label="Loading capacity..." className="min-h-40" />
      ) : !data && needsFacility(query.error) ? (
        <EmptyState icon={Building2} title="Choose a facility">
          Pick a facility with 'View As' to see its departments' capacity.
        </EmptyState>
      ) : query.isError && !data ? (
        <LoadError what="department capacity" query={query} />
      ) : data && data.departments.length === 0 ? (
        <EmptyState icon={Building2} title="No departments yet">
          Add your units and how many students each takes at a time with 'Manage Departments' on the Placements page.
        </EmptyState>
      ) : data ? (
        <>
          {query.isError ? <LoadError what="the weeks asked for" query={query} /> : null}
          <p className="text-sm font-medium" aria-live="polite">
            {windowLabel(data.weeks)}
            {query.isFetching ? <span className="ml-2 font-normal text-muted-foreground">Updating...</span> : null}
          </p>
          {/* Focusable so keyboard users can scroll it sideways; named for screen readers. */}
          <section
            className="relative w-full max-w-full overflow-x-auto rounded-lg border border-border bg-white focus-visible:outline-2 focus-visible:outline-ring"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take keyboard focus to scroll (WCAG 2.1.1)
            tabIndex={0}
            aria-label={`Department capacity, ${windowLabel(data.weeks)}`}
          >
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">
                Seats taken against capacity by department and week, {windowLabel(data.weeks)}
              </caption>
              <thead className="bg-slate-50 text-left text-xs text-slate-700">
                <tr>
                  <th scope="col" className="sticky left-0 z-[1] min-w-40 bg-slate-50 px-3 py-2 font-semibold">
                    Department
                  </th>
                  {data.weeks.map((w) => {
                    const current = w.start <= data.today && data.today <= w.end;
                    return (
                      <th
                        key={w.start}
                        scope="col"
                        className={cn(
                          "whitespace-nowrap px-3 py-2 font-semibold",
                          current && "bg-teal-50 text-teal-900",
                        )}
                        aria-current={current ? "date" : undefined}
                      >
                        <span className="sr-only">Week of </span>
                        {weekLabel(w.start)}
                        {current ? <span className="block font-normal">This week</span> : null}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {data.departments.map((d) => (
                  <tr key={d.id}>
                    <th
                      scope="row"
                      className="sticky left-0 z-[1] min-w-40 bg-white px-3 py-2 text-left align-top font-normal shadow-[inset_-1px_0_0_var(--color-border)]"
                    >
                      <span className="block font-semibold">{d.name}</span>
                      <span className="block text-xs text-slate-600">
                        {d.specialty} · {d.capacity} seat{d.capacity === 1 ? "" : "s"}
                      </span>
                    </th>
                    {d.weeks.map((w) => (
                      <WeekCell key={w.start} week={w} />
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label="Legend">
            <li className="flex items-center gap-1">
              <span className="inline-block size-3 rounded-sm bg-teal-600" aria-hidden /> Seats free
            </li>
            <li className="flex items-center gap-1">
              <span className="inline-block size-3 rounded-sm bg-amber-500" aria-hidden /> Full
            </li>
            <li className="flex items-center gap-1">
              <span className="inline-block size-3 rounded-sm bg-red-600" aria-hidden /> Over capacity
            </li>
          </ul>
        </>
      ) : null}
    </section>
  );
}
