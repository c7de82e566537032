// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { meQuery } from "@/web/lib/session";
import { type HourEntry, type MyHours, type MyRotation, myHoursQuery } from "../api";
import StudentHoursPage from "./student-hours-page";

// The week the Hours page opens on: today's while the rotation is under way; once it has ended,
// the last week with hours logged (the rotation's last week when none are).

const rotation: MyRotation = {
  id: "00000000-0000-4000-8000-000000000001",
  title: "Medical-Surgical",
  specialty: "Medical-Surgical",
  facility: { id: "f-1", name: "Mercy General" },
  startDate: "2026-09-07",
  endDate: "2026-10-30",
  phase: "past",
  requiredHours: 220,
  totals: { loggedMinutes: 0, approvedMinutes: 0, pendingMinutes: 0, returnedMinutes: 0 },
};
const entry = (workDate: string): HourEntry => ({
  id: `e-${workDate}`,
  rotationId: rotation.id,
  workDate,
  startTime: "07:00",
  endTime: "19:00",
  minutes: 720,
  categories: [],
  reflection: "",
  status: "approved",
  reviewNote: null,
  reviewedAt: null,
  reviewerName: null,
  updatedAt: "2026-10-22T10:00:00.000Z",
});

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response("{}", { status: 500 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(today: string, entries: HourEntry[], phase: MyRotation["phase"]) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(meQuery.queryKey, { role: "student", studentId: "s-1" } as never);
  const data: MyHours = { today, rotations: [{ ...rotation, phase }], rotationId: rotation.id, entries };
  client.setQueryData(myHoursQuery().queryKey, data);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/student/hours"]}>
        <StudentHoursPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const weekHeading = () => screen.getByText(/^Week of /).textContent;

describe("the student's Hours page opens on", () => {
  it("the last week with hours logged once the rotation has ended", () => {
    show("2026-12-01", [entry("2026-10-21"), entry("2026-10-20"), entry("2026-09-08")], "past");
    expect(weekHeading()).toBe("Week of 19 October · 24 h");
  });

  it("the rotation's last week when it ended with no hours logged", () => {
    show("2026-12-01", [], "past");
    expect(weekHeading()).toBe("Week of 26 October · 0 h");
  });

  it("the current week while the rotation is under way", () => {
    show("2026-10-14", [entry("2026-10-06")], "current");
    expect(weekHeading()).toBe("Week of 12 October · 0 h");
  });

  it("the rotation's first week before it starts", () => {
    show("2026-08-20", [], "upcoming");
    expect(weekHeading()).toBe("Week of 7 September · 0 h");
  });
});
