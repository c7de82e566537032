// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CalendarEvent } from "@/domain/calendar";
import { recordLink } from "../record-link";
import { EventDetailDialog } from "./event-detail-dialog";

// An event's details: its conflicts listed, the link to its record for the viewer's side, and Edit
// and Delete only on a coordinator's own event, Delete after a confirmation.

const base: CalendarEvent = {
  id: "rotation-1",
  kind: "rotation",
  title: "Emily Carter: ICU Rotation",
  allDay: true,
  start: "2027-03-01",
  end: "2027-04-30",
  timeZone: null,
  location: "Mercy, 4 West",
  description: null,
  studentId: "11111111-1111-4111-8111-111111111111",
  studentName: "Emily Carter",
  programId: null,
  placementId: "22222222-2222-4222-8222-222222222222",
  placementTitle: "ICU Rotation",
  facilityId: null,
  facilityName: "Mercy Lakeside",
  departmentName: "4 West",
  departmentId: null,
  specialty: "Intensive Care (ICU)",
  applicationId: "a",
  documentId: null,
  eventId: null,
  category: null,
  audience: null,
  recurrence: null,
  editable: false,
  conflicts: [
    { kind: "overlap", message: "Overlaps NICU Rotation at Prairie (2027-04-01 to 2027-05-30)" },
    { kind: "compliance", message: "Requirements not valid through 2027-04-30: BLS (expires)" },
  ],
  sequence: 0,
  updatedAt: "2027-01-01T00:00:00.000Z",
};

function show(event: CalendarEvent, onEdit = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <EventDetailDialog event={event} link={recordLink(event, "program")} onClose={() => {}} onEdit={onEdit} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onEdit;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("EventDetailDialog", () => {
  it("lists the conflicts and links to the record; a derived event has no Edit or Delete", () => {
    show(base);
    const dialog = screen.getByRole("dialog", { name: base.title });
    expect(dialog).toHaveTextContent("Mar 1, 2027 – Apr 30, 2027");
    const conflicts = screen.getByRole("region", { name: "Conflicts" });
    expect(conflicts).toHaveTextContent("2 conflicts");
    expect(conflicts).toHaveTextContent("Overlaps NICU Rotation");
    expect(conflicts).toHaveTextContent("BLS (expires)");
    expect(screen.getByRole("link", { name: "Open student record" })).toHaveAttribute(
      "href",
      `/students/${base.studentId}`,
    );
    expect(screen.getByRole("button", { name: "Download .ics" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Edit" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
  });

  it("offers Edit, and Delete after a confirmation, on a coordinator's own event", async () => {
    const calls: { url: string; method: string }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push({ url: String(input), method: init?.method ?? "GET" });
        return new Response(JSON.stringify({ id: "e1", deleted: true }), {
          status: 200,
          headers: { "content-type": "application/json" },
        });
      }),
    );
    const own: CalendarEvent = {
      ...base,
      id: "event-e1",
      kind: "custom",
      title: "Orientation day",
      eventId: "e1",
      category: "orientation",
      audience: "students",
      recurrence: "FREQ=WEEKLY;BYDAY=MO;COUNT=3",
      editable: true,
      conflicts: [],
      allDay: false,
      start: "2027-03-01T14:00:00.000Z",
      end: "2027-03-01T16:00:00.000Z",
      timeZone: "UTC",
    };
    const onEdit = show(own);
    expect(screen.queryByRole("region", { name: "Conflicts" })).toBeNull();
    expect(screen.getByText("Weekly on Monday, 3 times")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Edit" }));
    expect(onEdit).toHaveBeenCalledWith(own);

    await userEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(screen.getByRole("alert")).toHaveTextContent("every occurrence");
    expect(calls).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Delete event" }));
    await waitFor(() => expect(calls).toEqual([{ url: "/api/calendar/events/e1", method: "DELETE" }]));
  });
});
