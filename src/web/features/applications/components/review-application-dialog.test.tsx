// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ReviewApplicationDialog, type ReviewTarget } from "./review-application-dialog";

// Issue 12: approving a student who has not met every requirement. The server refuses with 409
// not_ready naming what is missing; the dialog asks, and only "Approve anyway" resends the approval
// with confirmNotReady (the server records the override). The API is one fake fetch.

const MISSING = ["BLS / CPR certification", "Influenza vaccination"];
let calls: { path: string; body: Record<string, unknown> }[] = [];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit) {
  const request = input instanceof Request ? input : new Request(new URL(String(input), "http://localhost"), init);
  const path = new URL(request.url, "http://localhost").pathname;
  const text = await request.text();
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  calls.push({ path, body });
  if (path === "/api/facility/applications/a-1/approve") {
    if (body.confirmNotReady !== true)
      return json(409, {
        error: {
          code: "not_ready",
          message: "This student has not met every requirement. Confirm to approve anyway.",
          missing: MISSING,
        },
      });
    return json(200, { id: "a-1", status: "approved" });
  }
  return json(404, { error: { code: "not_found", message: "Not found" } });
}

beforeEach(() => {
  calls = [];
  vi.stubGlobal("fetch", vi.fn(fakeFetch));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(onClose = vi.fn(), overlap: ReviewTarget["overlap"] = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReviewApplicationDialog
        target={{
          id: "a-1",
          decision: "approve",
          studentName: "Ada Lovelace",
          placementTitle: "ICU Rotation",
          overlap,
        }}
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), onClose };
}

describe("Approving a student who is not ready", () => {
  it("names what is missing and approves only when confirmed, with confirmNotReady", async () => {
    const { user, onClose } = show();
    const review = screen.getByRole("dialog", { name: "Approve application" });
    await user.click(within(review).getByRole("button", { name: "Approve" }));

    const confirm = await screen.findByRole("alertdialog", { name: "Approve anyway?" });
    expect(confirm).toHaveTextContent(
      "This student has not met every requirement: BLS / CPR certification, Influenza vaccination. Approve anyway?",
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body.confirmNotReady).toBeUndefined();
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(confirm).getByRole("button", { name: "Approve anyway" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toHaveLength(2);
    expect(calls[1]).toEqual({
      path: "/api/facility/applications/a-1/approve",
      body: { notes: null, confirmNotReady: true },
    });
  });

  it("Cancel in the confirmation approves nothing and goes back to the review", async () => {
    const { user, onClose } = show();
    await user.click(screen.getByRole("button", { name: "Approve" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Approve anyway?" });
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(screen.getByRole("dialog", { name: "Approve application" })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe("Approving a student with an overlapping approved rotation", () => {
  it("names the clash with dates for people and does not offer Approve", async () => {
    show(vi.fn(), {
      title: "ER Nights",
      facilityName: "Mercy General",
      startDate: "2027-03-03",
      endDate: "2027-04-25",
      sameFacility: true,
    });
    const review = screen.getByRole("dialog", { name: "Approve application" });
    expect(within(review).getByRole("alert")).toHaveTextContent(
      "Ada Lovelace already has an approved placement with overlapping dates: ER Nights at Mercy General (Mar 3, 2027 – Apr 25, 2027).",
    );
    expect(within(review).getByRole("button", { name: "Approve" })).toBeDisabled();
    expect(calls).toHaveLength(0);
  });

  it("another facility's rotation is named by its dates only", () => {
    show(vi.fn(), {
      title: null,
      facilityName: null,
      startDate: "2027-03-03",
      endDate: "2027-04-25",
      sameFacility: false,
    });
    expect(screen.getByRole("alert")).toHaveTextContent(
      "overlapping dates: a rotation at another facility (Mar 3, 2027 – Apr 25, 2027).",
    );
  });
});
