// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import CompliancePage from "./compliance-page";

// The program's Compliance page: the summary, the students with their counts, and the bulk
// reminder of the selected ones. The API is one fake fetch.

const ADA = "11111111-1111-4111-8111-111111111111";
const BEN = "22222222-2222-4222-8222-222222222222";
const row = (id: string, firstName: string, status: string) => ({
  id,
  firstName,
  lastName: "Doe",
  email: `${firstName.toLowerCase()}@school.edu`,
  complianceStatus: status,
  required: 10,
  approved: 8,
  submitted: 1,
  missing: 1,
  rejected: 0,
  expired: 0,
  expiringSoon: 0,
  nextExpiry: "2027-06-30",
});
const SUMMARY = {
  compliant: 12,
  pending: 5,
  incomplete: 3,
  expiring30: 2,
  expiring60: 4,
  expiring90: 7,
  awaitingReview: 6,
};
let calls: { url: URL; body: unknown }[] = [];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit) {
  const url = new URL(String(input), "http://localhost");
  calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
  switch (url.pathname) {
    case "/api/compliance/students":
      return json(200, {
        items: [row(ADA, "Ada", "pending"), row(BEN, "Ben", "incomplete")],
        page: 1,
        pageSize: 20,
        total: 2,
        summary: SUMMARY,
      });
    case "/api/compliance/requirement-types":
      return json(200, { types: [] });
    case "/api/compliance/remind":
      return json(200, { queued: (init && JSON.parse(String(init.body)).studentIds.length) || 0 });
    default:
      return json(404, { error: { code: "not_found", message: "Not found" } });
  }
}

beforeEach(() => {
  calls = [];
  vi.stubGlobal("fetch", vi.fn(fakeFetch));
  // jsdom does not know the <search> element the kit's FilterBar is (React would warn it is unknown).
  const create = document.createElement.bind(document);
  vi.spyOn(document, "createElement").mockImplementation((tag: string, options?: ElementCreationOptions) => {
    const element = create(tag, options);
    if (tag === "search") Object.defineProperty(element, Symbol.toStringTag, { value: "HTMLElement" });
    return element;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(document.createElement).mockRestore();
});

function show(url = "/compliance") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <CompliancePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe("CompliancePage", () => {
  it("shows the program's summary and its students with their items", async () => {
    show();
    const summary = screen.getByRole("region", { name: "Compliance summary" });
    await waitFor(() => expect(within(summary).getByText("Expiring in 30 days").nextSibling).toHaveTextContent("2"));
    expect(within(summary).getByText("Awaiting review").nextSibling).toHaveTextContent("6");
    const table = await screen.findByRole("table", { name: "Students by compliance" });
    expect(within(table).getByRole("link", { name: "Ada Doe" })).toHaveAttribute("href", `/students/${ADA}/compliance`);
    expect(within(table).getAllByText("8 of 10 approved")).toHaveLength(2);
    expect(screen.getByRole("tab", { name: "Waiting for review (6)" })).toBeInTheDocument();
  });

  it("passes the filters in the address to the list", async () => {
    show("/compliance?status=incomplete&expiringWithin=30&q=doe&sort=nextExpiry");
    await screen.findByRole("table", { name: "Students by compliance" });
    const list = calls.find((c) => c.url.pathname === "/api/compliance/students" && c.url.searchParams.has("status"));
    expect(Object.fromEntries(list?.url.searchParams ?? [])).toMatchObject({
      status: "incomplete",
      expiringWithin: "30",
      q: "doe",
      sort: "nextExpiry",
      page: "1",
    });
  });

  it("sends a reminder to the selected students", async () => {
    const user = show();
    await screen.findByRole("table", { name: "Students by compliance" });
    const send = screen.getByRole("button", { name: "Send reminder" });
    expect(send).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "Select Ada Doe" }));
    await user.click(screen.getByRole("checkbox", { name: "Select Ben Doe" }));
    expect(screen.getByText("2 selected")).toBeInTheDocument();
    await user.click(send);
    await waitFor(() => expect(calls.some((c) => c.url.pathname === "/api/compliance/remind")).toBe(true));
    expect(calls.find((c) => c.url.pathname === "/api/compliance/remind")?.body).toEqual({ studentIds: [ADA, BEN] });
    await waitFor(() => expect(screen.getByText("Select students to remind")).toBeInTheDocument());
  });
});
