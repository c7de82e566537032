// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { weekRange } from "@/domain/calendar-capacity";
import { DepartmentCapacity } from "./department-capacity";

// The capacity grid: a real table (departments × weeks), figures in words beside each bar, full and
// over weeks said, previous/next navigation asking the server for the right weeks, empty and error
// states. One fake fetch answering as the API does.

let requests: URLSearchParams[] = [];
let answer: "ok" | "empty" | "error" | "no-facility" = "ok";

function capacity(from: string, count: number) {
  const weeks = weekRange(from, count);
  const fig = (i: number, taken: number, capacity: number) => ({
    start: weeks[i].start,
    taken,
    promised: taken + 1,
    capacity,
  });
  return {
    facilityId: "f-1",
    facilityName: "Mercy",
    today: "2034-03-08",
    from: weeks[0].start,
    to: weeks[count - 1].end,
    previousFrom: "",
    nextFrom: "",
    weeks,
    departments: [
      {
        id: "d-1",
        name: "4 West Med-Surg",
        specialty: "Medical-Surgical",
        capacity: 6,
        weeks: weeks.map((_, i) => fig(i, i === 0 ? 4 : i === 1 ? 6 : 0, 6)),
      },
      {
        id: "d-2",
        name: "NICU",
        specialty: "Neonatal",
        capacity: 1,
        weeks: weeks.map((_, i) => fig(i, i === 1 ? 2 : 0, 1)),
      },
    ],
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function fakeFetch(input: RequestInfo | URL) {
  const url = new URL(String(input), "http://localhost");
  if (url.pathname !== "/api/calendar/capacity") return json(404, { error: { code: "not_found", message: "No" } });
  requests.push(url.searchParams);
  if (answer === "error") return json(500, { error: { code: "internal", message: "Something went wrong" } });
  if (answer === "no-facility") {
    const issues = [{ path: "facilityId", message: "Choose a facility" }];
    return json(422, { error: { code: "invalid", message: "facilityId: Choose a facility", issues } });
  }
  const body = capacity(url.searchParams.get("from") ?? "2034-03-08", Number(url.searchParams.get("weeks")));
  return json(200, answer === "empty" ? { ...body, departments: [] } : body);
}

beforeEach(() => {
  requests = [];
  answer = "ok";
  vi.stubGlobal("fetch", vi.fn(fakeFetch));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(facilityId?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DepartmentCapacity facilityId={facilityId} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe("DepartmentCapacity", () => {
  it("shows departments × weeks in a table with headers, figures and words", async () => {
    show();
    const table = await screen.findByRole("table", { name: /Seats taken against capacity/ });
    const headers = within(table).getAllByRole("columnheader");
    expect(headers.map((h) => h.textContent)).toEqual([
      "Department",
      "Week of Mar 6–12This week",
      "Week of Mar 13–19",
      "Week of Mar 20–26",
      "Week of Mar 27–Apr 2",
      "Week of Apr 3–9",
      "Week of Apr 10–16",
      "Week of Apr 17–23",
      "Week of Apr 24–30",
    ]);
    expect(headers[1]).toHaveAttribute("aria-current", "date");
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    const medSurg = rows[1];
    expect(within(medSurg).getByRole("rowheader")).toHaveTextContent("4 West Med-SurgMedical-Surgical · 6 seats");
    const cells = within(medSurg).getAllByRole("cell");
    expect(cells).toHaveLength(8);
    expect(cells[0]).toHaveTextContent("4 / 6 seats taken2 free5 promised");
    expect(cells[1]).toHaveTextContent("6 / 6 seats takenFull");
    const nicu = within(rows[2]).getAllByRole("cell");
    expect(nicu[1]).toHaveTextContent("2 / 1 seats taken1 over");
    expect(screen.getByText("Mar 6 – Apr 30, 2034")).toBeInTheDocument();
    // Scrolls sideways by keyboard too: the region takes focus.
    expect(screen.getByRole("region", { name: /^Department capacity, Mar 6/ })).toHaveAttribute("tabindex", "0");
    expect(requests[0].get("weeks")).toBe("8");
    expect(requests[0].has("from")).toBe(false);
  });

  it("moves by the number of weeks shown, and back to this week", async () => {
    const user = show("f-9");
    await screen.findByRole("table");
    expect(requests[0].get("facilityId")).toBe("f-9");
    await user.click(screen.getByRole("button", { name: "Next 8 weeks" }));
    expect(await screen.findByText("May 1 – Jun 25, 2034")).toBeInTheDocument();
    expect(requests.at(-1)?.get("from")).toBe("2034-05-01");
    await user.selectOptions(screen.getByLabelText("Weeks shown"), "4");
    await user.click(screen.getByRole("button", { name: "Previous 4 weeks" }));
    expect(await screen.findByText("Apr 3 – Apr 30, 2034")).toBeInTheDocument();
    expect(requests.at(-1)?.get("from")).toBe("2034-04-03");
    expect(requests.at(-1)?.get("weeks")).toBe("4");
    await user.click(screen.getByRole("button", { name: "This week" }));
    expect(await screen.findByText("Mar 6 – Apr 2, 2034")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "This week" })).toBeDisabled();
  });

  it("is clean for axe (structure, names, table headers)", async () => {
    show();
    await screen.findByRole("table");
    // jsdom has no layout: colour contrast is left to the end-to-end scan.
    const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it("asks an administrator who picked no facility to choose one", async () => {
    answer = "no-facility";
    show();
    expect(await screen.findByText("Choose a facility")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says when there are no departments", async () => {
    answer = "empty";
    show();
    expect(await screen.findByText("No departments yet")).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("says when loading failed, with Try again", async () => {
    answer = "error";
    const user = show();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load department capacity: Something went wrong");
    answer = "ok";
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table")).toBeInTheDocument();
  });
});
