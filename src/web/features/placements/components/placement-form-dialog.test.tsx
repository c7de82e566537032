// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PlacementFormDialog } from "./placement-form-dialog";

// Issue 15: the placement form's 'Application deadline (optional)': checked with the API's own
// schema (on or before the end date), sent as typed, and emptied to clear it.

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

let sent: unknown[] = [];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const DEPARTMENT = {
  id: "0d3c8a52-5f6b-4c6e-9f1e-2b7a7c1d9e10",
  facilityId: "f-1",
  facilityName: "Mercy",
  name: "4 West",
  specialty: "Medical-Surgical",
  capacity: 10,
  filled: 0,
  available: 10,
  activePlacements: 0,
  placements: 0,
};

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit) {
  const url = new URL(String(input), "http://localhost");
  if (url.pathname === "/api/facility/departments") return json(200, { items: [DEPARTMENT] });
  if (url.pathname === "/api/compliance/requirement-types") return json(200, { types: [] });
  if (url.pathname.endsWith("/seats")) {
    return json(200, { departmentId: DEPARTMENT.id, name: "4 West", capacity: 10, taken: 0, free: 10 });
  }
  if (url.pathname === "/api/facility/placements" && init?.method === "POST") {
    sent.push(JSON.parse(String(init.body)));
    return json(201, { id: "p-1" });
  }
  return json(404, { error: { code: "not_found", message: "Not found" } });
}

beforeEach(() => {
  sent = [];
  vi.stubGlobal("fetch", vi.fn(fakeFetch));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function fillIn(deadline: string) {
  const user = userEvent.setup();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <PlacementFormDialog open placement={null} onClose={onClose} />
    </QueryClientProvider>,
  );
  await user.type(screen.getByLabelText("Title"), "Med-Surg Days");
  await screen.findByRole("option", { name: "4 West" });
  await user.selectOptions(screen.getByLabelText("Department"), DEPARTMENT.id);
  await user.type(screen.getByLabelText("Start date"), "2034-03-06");
  await user.type(screen.getByLabelText("End date"), "2034-04-28");
  await user.type(screen.getByLabelText("Capacity"), "4");
  if (deadline) await user.type(screen.getByLabelText("Application deadline (optional)"), deadline);
  await user.click(screen.getByRole("button", { name: "Save as Draft" }));
  return onClose;
}

describe("PlacementFormDialog: application deadline", () => {
  it("refuses a deadline after the end date under its field, sending nothing", async () => {
    await fillIn("2034-05-01");
    expect(await screen.findByText("Application deadline must be on or before the end date")).toBeInTheDocument();
    expect(screen.getByLabelText("Application deadline (optional)")).toHaveAttribute("aria-invalid", "true");
    expect(sent).toEqual([]);
  });

  it("sends the deadline, or null when left empty", async () => {
    const onClose = await fillIn("2034-02-13");
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ applicationDeadline: "2034-02-13", status: "draft" });
    cleanup();
    sent = [];
    const again = await fillIn("");
    await vi.waitFor(() => expect(again).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ applicationDeadline: null });
  });
});
