import type { DatesSetArg, EventClickArg, EventContentArg, EventInput } from "@fullcalendar/core";
import dayGridPlugin from "@fullcalendar/daygrid";
import interactionPlugin from "@fullcalendar/interaction";
import listPlugin from "@fullcalendar/list";
import FullCalendar from "@fullcalendar/react";
import timeGridPlugin from "@fullcalendar/timegrid";
import { AlertTriangle, ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useMemo, useRef, useState } from "react";
import { addDays, CALENDAR_KIND_LABELS, type CalendarEvent } from "@/domain/calendar";
import { Button } from "@/web/components/ui/button";
import { KIND_STYLE } from "../event-style";
import { describeWhen } from "../event-when";
import "./calendar-view.css";

// The one place FullCalendar is imported: this file loads with the calendar pages' chunk only.

export const CALENDAR_VIEWS = { month: "dayGridMonth", week: "timeGridWeek", list: "listMonth" } as const;
export type CalendarViewName = keyof typeof CALENDAR_VIEWS;
const VIEW_LABELS: Record<CalendarViewName, string> = { month: "Month", week: "Week", list: "List" };

/** Phones start in the list view: a month grid is unreadable below 640 px. */
export const defaultView = (): CalendarViewName =>
  typeof window !== "undefined" && window.matchMedia?.("(max-width: 639px)").matches ? "list" : "month";

export type VisibleRange = { from: string; to: string; date: string; view: CalendarViewName };

const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

/**
 * The API's event as FullCalendar takes it: an all-day event's last day is inclusive here, exclusive
 * there. In the list view (`listFrom`: its first day) a span of days is listed once, on its first day
 * in view, with its dates in the row, rather than on each of its days (a program's month of
 * rotations would otherwise list every rotation thirty times).
 */
export function toCalendarInput(e: CalendarEvent, listFrom?: string): EventInput {
  const style = KIND_STYLE[e.kind];
  const collapse = listFrom !== undefined && e.allDay && e.end > e.start;
  const start = collapse && e.start < listFrom ? listFrom : e.start;
  return {
    // A series lists one item per occurrence, all with the series' id: the start tells them apart.
    id: `${e.id}@${e.start}`,
    title: e.title,
    start,
    end: collapse ? addDays(start, 1) : e.allDay ? addDays(e.end, 1) : e.end,
    allDay: e.allDay,
    backgroundColor: style.fill,
    borderColor: style.border,
    textColor: style.text,
    classNames: [`cal-kind-${e.kind}`, ...(e.conflicts.length > 0 ? ["cal-conflict"] : [])],
    extendedProps: { event: e },
  };
}

function asButton(el: HTMLElement) {
  el.setAttribute("role", "button");
}

function EventContent({ arg }: { arg: EventContentArg }) {
  const e = arg.event.extendedProps.event as CalendarEvent;
  const Icon = KIND_STYLE[e.kind].icon;
  const list = arg.view.type.startsWith("list");
  return (
    <span
      className={list ? "cal-event-content cal-event-content-list" : "cal-event-content"}
      // The list view's rows are clickable but not focusable: there the content is the button that
      // Enter and Space click (the click reaches the row, which opens the event).
      {...(list
        ? {
            role: "button",
            tabIndex: 0,
            onKeyDown: (ev: KeyboardEvent<HTMLSpanElement>) => {
              if (ev.key === "Enter" || ev.key === " ") {
                ev.preventDefault();
                ev.currentTarget.click();
              }
            },
          }
        : {})}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden />
      {arg.timeText && !list ? <span className="shrink-0 font-semibold">{arg.timeText}</span> : null}
      <span className={list ? "min-w-0 break-words" : "min-w-0 truncate"}>
        <span className="sr-only">{CALENDAR_KIND_LABELS[e.kind]}: </span>
        {e.title}
      </span>
      {list && e.allDay && e.end > e.start ? <span className="text-xs text-slate-600">{describeWhen(e)}</span> : null}
      {e.conflicts.length > 0 ? (
        <span className="cal-conflict-flag">
          <AlertTriangle className="size-3.5" aria-hidden />
          <span className={list ? undefined : "sr-only"}>
            {e.conflicts.length === 1 ? "Conflict" : `${e.conflicts.length} conflicts`}
          </span>
        </span>
      ) : null}
    </span>
  );
}

/**
 * Month, week and list views of `events`, with its own toolbar (real buttons with pressed states,
 * the range as a heading). It reports the visible range, which the page asks the API for.
 */
export function CalendarView({
  events,
  initialView,
  initialDate,
  onRangeChange,
  onOpen,
  status,
}: {
  events: CalendarEvent[];
  /** Loading, error and empty-range messages, between the toolbar and the grid. */
  status?: ReactNode;
  initialView: CalendarViewName;
  initialDate?: string;
  onRangeChange: (range: VisibleRange) => void;
  onOpen: (event: CalendarEvent) => void;
}) {
  const ref = useRef<FullCalendar>(null);
  const [title, setTitle] = useState("");
  const [view, setView] = useState<CalendarViewName>(initialView);
  const [from, setFrom] = useState<string | null>(null);
  const listFrom = view === "list" && from ? from : undefined;
  const inputs = useMemo(() => events.map((e) => toCalendarInput(e, listFrom)), [events, listFrom]);
  const calendar = () => ref.current?.getApi();

  function datesSet(arg: DatesSetArg) {
    setTitle(arg.view.title);
    const name = (Object.keys(CALENDAR_VIEWS) as CalendarViewName[]).find((k) => CALENDAR_VIEWS[k] === arg.view.type);
    if (name) setView(name);
    setFrom(localDay(arg.start));
    onRangeChange({
      from: localDay(arg.start),
      // FullCalendar's end is exclusive; the API's `to` is the last day shown.
      to: localDay(new Date(arg.end.getTime() - 1)),
      date: localDay(arg.view.currentStart),
      view: name ?? "month",
    });
  }

  return (
    <div className="cal-root">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <Button size="icon" variant="outline" aria-label="Previous" onClick={() => calendar()?.prev()}>
            <ChevronLeft aria-hidden />
          </Button>
          <Button size="icon" variant="outline" aria-label="Next" onClick={() => calendar()?.next()}>
            <ChevronRight aria-hidden />
          </Button>
          <Button variant="outline" onClick={() => calendar()?.today()}>
            Today
          </Button>
        </div>
        <h2 className="order-first w-full text-lg font-semibold sm:order-none sm:w-auto" aria-live="polite">
          {title}
        </h2>
        <fieldset className="inline-flex rounded-md border border-border bg-white p-0.5">
          <legend className="sr-only">View</legend>
          {(Object.keys(CALENDAR_VIEWS) as CalendarViewName[]).map((name) => (
            <Button
              key={name}
              size="sm"
              variant={view === name ? "default" : "ghost"}
              aria-pressed={view === name}
              onClick={() => calendar()?.changeView(CALENDAR_VIEWS[name])}
            >
              {VIEW_LABELS[name]}
            </Button>
          ))}
        </fieldset>
      </div>
      {status}
      <FullCalendar
        ref={ref}
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        initialView={CALENDAR_VIEWS[initialView]}
        initialDate={initialDate}
        headerToolbar={false}
        height="auto"
        events={inputs}
        datesSet={datesSet}
        // Events are focusable and open with Enter, as with a click.
        eventInteractive
        eventClick={(info: EventClickArg) => {
          info.jsEvent.preventDefault();
          onOpen(info.event.extendedProps.event as CalendarEvent);
        }}
        eventContent={(arg) => <EventContent arg={arg} />}
        dayMaxEvents={4}
        moreLinkHint={(n: number) => `Show ${n} more event${n === 1 ? "" : "s"}`}
        // FullCalendar makes these anchors without an href clickable and focusable: to assistive
        // technology they are buttons (and only a button may say whether its popover is expanded).
        moreLinkDidMount={(arg) => asButton(arg.el)}
        eventDidMount={(arg) => {
          if (arg.el.tagName === "A" && !arg.el.hasAttribute("href")) asButton(arg.el);
        }}
        navLinks={false}
        // FullCalendar names a month's day cell by its date alone while the cell also shows that day's
        // events (WCAG 2.5.3: the name must hold what is seen). Unlabelled, the cell is named by its
        // content, the date first.
        dayCellDidMount={(arg) => arg.el.removeAttribute("aria-labelledby")}
        nowIndicator
        noEventsContent="No events in this range"
        firstDay={1}
      />
    </div>
  );
}
