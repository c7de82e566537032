import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CalendarEventKind } from "@/domain/calendar";
import { api, unwrap } from "@/web/lib/api-client";

// The calendar's calls (issue 15): the events of a range, a coordinator's own events, and the
// subscription feeds. Typed by the server's routes (hc); the events' shape is src/domain/calendar.ts.

/** What the events endpoint is asked: a day range (inclusive) and the page's narrowing. */
export type EventsRequest = {
  from: string;
  to: string;
  kinds?: CalendarEventKind[];
  studentId?: string;
  facilityId?: string;
  departmentId?: string;
  specialty?: string;
  programId?: string;
  /**
   * The student's own calendar (/api/me/student/calendar/events): an administrator viewing as a
   * student then sees exactly what the student sees (the `?student=` pick travels with the call).
   */
  mine?: boolean;
};

const eventsQueryParams = (r: EventsRequest) => ({
  from: r.from,
  to: r.to,
  kinds: r.kinds && r.kinds.length > 0 ? r.kinds.join(",") : undefined,
  studentId: r.studentId || undefined,
  facilityId: r.facilityId || undefined,
  departmentId: r.departmentId || undefined,
  specialty: r.specialty || undefined,
  programId: r.programId || undefined,
});

/** The events of one visible range with its filters (a new range or filter is a new query; the last stays shown meanwhile). */
export const eventsQuery = (r: EventsRequest) =>
  queryOptions({
    queryKey: ["calendar", "events", r.mine ? "mine" : "scope", eventsQueryParams(r)],
    queryFn: async () => {
      const query = eventsQueryParams(r);
      const res = r.mine
        ? await api.api.me.student.calendar.events.$get({ query })
        : await api.api.calendar.events.$get({ query });
      return (await unwrap(res)).items;
    },
    placeholderData: keepPreviousData,
  });

/** One event's .ics (a single-event download; the feed carries the same UID and SEQUENCE). */
export const eventIcsUrl = (id: string) => `/api/calendar/events/${encodeURIComponent(id)}/ics`;

function useInvalidateEvents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ["calendar", "events"] });
}

export type EventInput = Parameters<typeof api.api.calendar.events.$post>[0]["json"];

export function useCreateEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: async (json: EventInput) => unwrap(await api.api.calendar.events.$post({ json })),
    onSuccess: invalidate,
    meta: { errorToast: false },
  });
}

export function useUpdateEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: async ({ id, json }: { id: string; json: EventInput }) =>
      unwrap(await api.api.calendar.events[":id"].$put({ param: { id }, json })),
    onSuccess: invalidate,
    meta: { errorToast: false },
  });
}

/** Deletes a coordinator's own event (its whole series). A failure is toasted with the server's message. */
export function useDeleteEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.api.calendar.events[":id"].$delete({ param: { id } })),
    onSuccess: invalidate,
    meta: { errorToast: "Could not delete the event" },
  });
}

// ---- Feeds ----

export const feedsQuery = queryOptions({
  queryKey: ["calendar", "feeds"],
  queryFn: async () => (await unwrap(await api.api.calendar.feeds.$get())).items,
});

export type CalendarFeed = Awaited<ReturnType<NonNullable<(typeof feedsQuery)["queryFn"]>>>[number];

/** Creates a feed: the answer carries its URL, the one time it is ever shown. */
export function useCreateFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (label: string) => unwrap(await api.api.calendar.feeds.$post({ json: { label } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["calendar", "feeds"] }),
    meta: { errorToast: "Could not create the feed" },
  });
}

export function useRevokeFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.api.calendar.feeds[":id"].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["calendar", "feeds"] }),
    meta: { errorToast: "Could not revoke the feed" },
  });
}

/** The facility filter's options: the facilities the program applied to (an administrator's: the viewed program's). */
export const facilityOptionsQuery = (programId?: string) =>
  queryOptions({
    queryKey: ["applications", "facilities", programId ?? null],
    queryFn: async () =>
      (await unwrap(await api.api.applications.facilities.$get({ query: { programId: programId || undefined } })))
        .items,
    staleTime: 60_000,
  });
