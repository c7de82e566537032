// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuditEntry } from "../audit-api";
import { RecentActivityPanel } from "./recent-activity-panel";

// The overview's Recent Activity: the newest audit entries in words, a new one on top as the
// stream announces it, a refetch on "resync", and the way to the whole trail. One fake fetch and
// one fake EventSource.

const entry = (id: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: new Date(Date.now() - 120_000).toISOString(),
  actorId: "u-1",
  actorEmail: "maria@demo.test",
  actorName: "Maria Lopez",
  actorRole: "facility",
  actingAs: null,
  actingAsName: null,
  action: "POST /api/facility/applications/{id}/decision",
  summary: "Approved an application",
  entityType: "applications",
  entityId: `a-${id}`,
  recordName: null,
  recordKind: null,
  organizationId: null,
  organizationName: null,
  before: null,
  after: null,
  detail: null,
  ip: null,
  ...over,
});

let stored: AuditEntry[] = [];
let fetches = 0;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
async function fakeFetch(input: RequestInfo | URL) {
  const url = new URL(String(input), "http://localhost");
  if (url.pathname === "/api/admin/audit") {
    fetches += 1;
    expect(url.searchParams.get("pageSize")).toBe("10");
    return json(200, { items: stored.slice(0, 10), total: stored.length, page: 1, pageSize: 10 });
  }
  return json(404, { error: { code: "not_found", message: "Not found" } });
}

class FakeEventSource {
  static last: FakeEventSource | null = null;
  listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  closed = false;
  constructor(public url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown = {}) {
    for (const fn of this.listeners.get(type) ?? []) fn(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

beforeEach(() => {
  stored = [
    entry(3),
    entry(2, { actorName: null, actorEmail: null, action: "auth.sign_in_failed", summary: "Failed to sign in" }),
    entry(1, {
      actorName: "Sam Admin",
      summary: "Verify or reject an organization; its coordinators are told by mail (admin)",
    }),
  ];
  fetches = 0;
  vi.stubGlobal("fetch", vi.fn(fakeFetch));
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RecentActivityPanel />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const items = () => within(screen.getByRole("list", { name: "Recent activity" })).getAllByRole("listitem");

describe("RecentActivityPanel", () => {
  it("shows the newest entries in words, with how long ago, and links to the whole trail", async () => {
    show();
    expect(screen.getByRole("heading", { name: "Recent Activity" })).toBeInTheDocument();
    await screen.findByText("Maria Lopez approved an application");
    expect(items().map((li) => li.textContent)).toEqual([
      "Maria Lopez approved an application· 2 minutes ago",
      "Someone failed to sign in· 2 minutes ago",
      "Sam Admin verified or rejected an organization· 2 minutes ago",
    ]);
    expect(screen.getByRole("link", { name: /View all/ })).toHaveAttribute("href", "/dashboard/admin/audit");
    expect(FakeEventSource.last?.url).toBe("/api/admin/audit/stream");
  });

  it("puts a new entry on top as the stream announces it, keeping ten", async () => {
    stored = Array.from({ length: 10 }, (_, i) => entry(10 - i));
    show();
    await waitFor(() => expect(items()).toHaveLength(10));
    act(() =>
      FakeEventSource.last!.emit(
        "entry",
        entry(11, { actorName: "Ada Admin", summary: "Edit a student", at: new Date().toISOString() }),
      ),
    );
    await waitFor(() => expect(items()[0]).toHaveTextContent("Ada Admin edited a student"));
    expect(items()).toHaveLength(10);
    expect(fetches).toBe(1);
  });

  it("fetches again on resync, and says so when there is nothing yet", async () => {
    stored = [];
    show();
    await screen.findByText("No activity yet");
    stored = [entry(1)];
    act(() => FakeEventSource.last!.emit("resync"));
    await screen.findByText("Maria Lopez approved an application");
    expect(fetches).toBe(2);
  });

  it("says so when the activity cannot be loaded", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(500, { error: { code: "internal", message: "Something went wrong" } })),
    );
    show();
    expect(await screen.findByText(/Could not load recent activity/)).toBeInTheDocument();
  });
});
