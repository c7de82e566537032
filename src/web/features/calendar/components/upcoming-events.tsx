import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, Calendar } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { addDays, CALENDAR_KIND_LABELS } from "@/domain/calendar";
import { LoadError } from "@/web/components/list-page/load-error";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { viewedStudentId } from "@/web/lib/view-as-student";
import { eventsQuery } from "../api";
import { KIND_STYLE } from "../event-style";
import { describeWhen } from "../event-when";

/** How far ahead the dashboard looks, and how many events it lists (the calendar has the rest). */
export const UPCOMING_DAYS = 30;
const UPCOMING_SHOWN = 6;

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

/**
 * The student dashboard's "Upcoming Events": the next 30 days of the student's own calendar (the
 * same events API as /student/calendar, so both always agree), with a link to the calendar.
 */
export function UpcomingEvents() {
  const [params] = useSearchParams();
  const viewed = viewedStudentId(`?${params.toString()}`);
  const from = today();
  const events = useQuery(eventsQuery({ from, to: addDays(from, UPCOMING_DAYS), mine: true }));
  const calendarLink = viewed ? `/student/calendar?student=${viewed}` : "/student/calendar";
  const items = events.data ?? [];

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle>Upcoming Events</CardTitle>
          <CardDescription>Your next {UPCOMING_DAYS} days: rotations, deadlines, expiries and events</CardDescription>
        </div>
        <Button asChild size="sm" variant="outline">
          <Link to={calendarLink} aria-label="Open your calendar">
            <Calendar aria-hidden /> Calendar
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {events.isPending ? (
          <p className="text-sm text-muted-foreground" role="status">
            Loading your events...
          </p>
        ) : events.isError ? (
          <LoadError what="your events" query={events} />
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing on your calendar in the next {UPCOMING_DAYS} days.</p>
        ) : (
          <>
            <ul className="divide-y divide-border" aria-label="Upcoming events">
              {items.slice(0, UPCOMING_SHOWN).map((e) => {
                const Icon = KIND_STYLE[e.kind].icon;
                return (
                  <li key={`${e.id}@${e.start}`} className="flex items-start gap-3 py-3">
                    <span
                      className="mt-0.5 rounded border-l-4 p-1"
                      style={{ background: KIND_STYLE[e.kind].fill, borderColor: KIND_STYLE[e.kind].border }}
                    >
                      <Icon className="size-4" style={{ color: KIND_STYLE[e.kind].text }} aria-hidden />
                    </span>
                    <div className="min-w-0">
                      <p className="font-medium">
                        <span className="sr-only">{CALENDAR_KIND_LABELS[e.kind]}: </span>
                        {e.title}
                      </p>
                      <p className="text-sm text-muted-foreground">{describeWhen(e)}</p>
                      {e.location ? <p className="text-xs text-muted-foreground">{e.location}</p> : null}
                      {e.conflicts.length > 0 ? (
                        <p className="mt-1 flex items-center gap-1 text-xs font-medium text-amber-900">
                          <AlertTriangle className="size-3.5" aria-hidden /> {e.conflicts[0]?.message}
                        </p>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ul>
            {items.length > UPCOMING_SHOWN ? (
              <p className="mt-2 text-sm text-muted-foreground">
                And {items.length - UPCOMING_SHOWN} more on{" "}
                <Link className="font-medium text-primary underline" to={calendarLink}>
                  your calendar
                </Link>
                .
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
