// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FacilityApplicationsPage } from "./facility-applications-page";

// The filter bar's <search> element is unknown to jsdom (a console error): it is not what this tests.
vi.mock("@/web/components/list-page/filter-bar", () => ({ FilterBar: () => null }));

// A pending application whose student already holds an approved placement on overlapping dates:
// the row says so before anyone clicks Approve, and the dialog names the clash (the server's list
// carries it). The API is one fake fetch.

const application = (id: string, name: string, overlap: unknown) => ({
  id,
  status: "pending",
  notes: null,
  notesBy: null,
  reviewNotes: null,
  submittedAt: "2027-01-10T10:00:00.000Z",
  reviewedAt: null,
  withdrawnAt: null,
  student: { id: `s-${id}`, name, email: `${id}@students.test`, gpa: 3.5 },
  placement: {
    id: "p-1",
    title: "ICU Rotation",
    specialty: "Critical Care",
    startDate: "2027-04-01",
    endDate: "2027-05-30",
    status: "active",
    capacity: 4,
    slotsFilled: 1,
  },
  department: null,
  facility: { id: "f-1", name: "Mercy General" },
  program: { id: "pr-1", name: "State Nursing" },
  ready: true,
  overlap,
});

const ITEMS = [
  application("a-1", "Imani Evans", {
    title: null,
    facilityName: null,
    startDate: "2027-03-03",
    endDate: "2027-04-25",
    sameFacility: false,
  }),
  application("a-2", "Noah Clear", null),
];

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit) {
  const request = input instanceof Request ? input : new Request(new URL(String(input), "http://localhost"), init);
  const path = new URL(request.url, "http://localhost").pathname;
  const body =
    path === "/api/facility/applications"
      ? { items: ITEMS, total: ITEMS.length, page: 1, pageSize: 20 }
      : { error: { code: "not_found", message: "Not found" } };
  return new Response(JSON.stringify(body), {
    status: path === "/api/facility/applications" ? 200 : 404,
    headers: { "content-type": "application/json" },
  });
}

beforeEach(() => vi.stubGlobal("fetch", vi.fn(fakeFetch)));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Facility applications: a known overlap", () => {
  it("the row says 'Overlaps an approved rotation' and the dialog names it and does not approve", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={["/dashboard/facility/applications"]}>
          <FacilityApplicationsPage options={{ placements: [], departments: [] }} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const warnings = await screen.findAllByText("Overlaps an approved rotation");
    expect(warnings[0]).toHaveTextContent("a rotation at another facility (Mar 3, 2027 – Apr 25, 2027)");
    // Imani's row warns; Noah's, without a clash, does not.
    const rows = screen.getAllByRole("row");
    expect(rows.find((r) => r.textContent?.includes("Imani Evans"))).toHaveTextContent("Overlaps an approved rotation");
    expect(rows.find((r) => r.textContent?.includes("Noah Clear"))).not.toHaveTextContent("Overlaps");

    const user = userEvent.setup();
    const [approve] = screen.getAllByRole("button", { name: "Approve Imani Evans's application to ICU Rotation" });
    await user.click(approve);
    const dialog = await screen.findByRole("dialog", { name: "Approve application" });
    expect(within(dialog).getByRole("alert")).toHaveTextContent(
      "Imani Evans already has an approved placement with overlapping dates: a rotation at another facility (Mar 3, 2027 – Apr 25, 2027).",
    );
    expect(within(dialog).getByRole("button", { name: "Approve" })).toBeDisabled();
  });
});
