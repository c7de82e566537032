// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { meQuery } from "@/web/lib/session";
import StudentProfilePage from "./student-profile-page";

// The student's Profile → Preferences: Save sends what the form shows, an entry typed without
// Enter included, however the tap reaches the form. The signed-in student is seeded in the query
// cache; the API is one fake fetch that records the preferences sent.

const PREFERENCES = {
  geographicPreferences: ["Chicago, IL"],
  specialtyInterests: [],
  scheduleConstraints: null,
  transportationOptions: null,
  careerGoals: null,
  accommodationRequests: null,
};
const PROFILE = {
  academic: {
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@school.edu",
    phone: null,
    gpa: null,
    specialtyInterest: null,
    complianceStatus: "compliant",
    enrollmentStatus: "active",
    programName: "BSN",
  },
  preferences: PREFERENCES,
  experiences: [],
};

let sent: Record<string, unknown>[] = [];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), "http://localhost"), init);
      const path = new URL(request.url, "http://localhost").pathname;
      if (path === "/api/me/student/profile") return json(200, PROFILE);
      if (path === "/api/me/student/preferences" && request.method === "PUT") {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return json(200, { ...PREFERENCES, ...body });
      }
      if (path === "/api/me/student/roster-claims") return json(200, { linked: null, others: [] });
      return json(404, { error: { code: "not_found", message: "Not found" } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function preferencesTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQuery.queryKey, { studentId: "s-1", role: "student" } as never);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <StudentProfilePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole("tab", { name: "Preferences" }));
  return user;
}

describe("StudentProfilePage preferences", () => {
  it("a city typed without Enter is sent when the form is submitted before the field's blur", async () => {
    const user = await preferencesTab();
    const places = screen.getByRole("textbox", { name: "Geographic preferences" });
    await user.type(places, "Madison, WI");
    expect(places).toHaveFocus();
    // A tap whose click reaches the form while the field still has the focus.
    fireEvent.click(screen.getByRole("button", { name: "Save Preferences" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.geographicPreferences).toEqual(["Chicago, IL", "Madison, WI"]);
    expect(await screen.findByRole("button", { name: "Remove Madison, WI" })).toBeInTheDocument();
    expect(places).toHaveValue("");
  });

  it("pressing Save changes nothing under the finger before the click, then saves the city", async () => {
    const user = await preferencesTab();
    const places = screen.getByRole("textbox", { name: "Geographic preferences" });
    await user.type(places, "Madison, WI");
    const save = screen.getByRole("button", { name: "Save Preferences" });
    await user.pointer({ keys: "[MouseLeft>]", target: save });
    // Still as it was when the finger came down: no chip added, no focus moved.
    expect(places).toHaveFocus();
    expect(screen.queryByRole("button", { name: "Remove Madison, WI" })).toBeNull();
    await user.pointer({ keys: "[/MouseLeft]", target: save });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.geographicPreferences).toEqual(["Chicago, IL", "Madison, WI"]);
  });
});
