// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/web/lib/api-client";
import { type Recommendation, type Recommendations, retryRecommendations } from "../api";
import { RecommendationList } from "./recommendation-list";

// The recommendations list (issue 13): its states, the prototype's 429 and 402 texts and retry
// policy, the factors on demand, the mode, and the page's action on each card.

const toasts = vi.hoisted(() => ({ error: vi.fn(), plain: vi.fn() }));
vi.mock("sonner", () => ({ toast: Object.assign(toasts.plain, { error: toasts.error }) }));

afterEach(() => {
  cleanup();
  toasts.error.mockClear();
  toasts.plain.mockClear();
});

const item = (n: number, over: Partial<Recommendation> = {}): Recommendation => ({
  placement: {
    id: `p-${n}`,
    title: `Pediatric Rotation ${n}`,
    specialty: "Pediatrics",
    description: "",
    requirements: [],
    startDate: "2027-04-05",
    endDate: "2027-05-28",
    durationWeeks: 8,
    capacity: 6,
    slotsFilled: 1,
    availableSpots: 5,
    status: "active",
    allowLateJoiners: false,
    minGpa: null,
    applicationDeadline: null,
    acceptsApplications: true,
    facility: { id: "f-1", name: "Sutter Children's", city: "Sacramento", state: "CA" },
    department: { id: "d-1", name: "Peds 3 East" },
    requirementTypeIds: [],
  },
  match_score: 95 - n,
  reason: "Matches your Pediatrics interest; in Sacramento, CA, one of your preferred locations",
  engineReason: "Matches your Pediatrics interest; in Sacramento, CA, one of your preferred locations",
  factors: [
    { key: "specialty", label: "Specialty fit", weight: 30, value: 1, detail: "Matches your Pediatrics interest" },
    { key: "location", label: "Location", weight: 20, value: 0.75, detail: "In Sacramento, CA; California is one" },
    { key: "schedule", label: "Schedule", weight: 15, value: 1, detail: "Fits your calendar" },
    { key: "readiness", label: "Readiness", weight: 15, value: 0.5, detail: "1 of 2 required items ready" },
    { key: "academic", label: "Academic fit", weight: 10, value: 1, detail: "No minimum GPA" },
    { key: "availability", label: "Availability", weight: 10, value: 1, detail: "5 of 6 spots left" },
  ],
  ...over,
});

const data = (over: Partial<Recommendations> = {}): Recommendations => ({
  mode: "engine",
  model: null,
  fallback: false,
  generatedAt: "2027-03-01T10:00:00.000Z",
  items: [item(1), item(2), item(3), item(4)],
  ...over,
});

type Query = Parameters<typeof RecommendationList>[0]["query"];
const ok = (d: Recommendations): Query => ({
  data: d,
  error: null,
  isPending: false,
  isError: false,
  refetch: vi.fn(),
});
const failed = (error: Error): Query => ({
  data: undefined,
  error,
  isPending: false,
  isError: true,
  refetch: vi.fn(),
});

describe("RecommendationList", () => {
  it("says it is loading", () => {
    render(
      <RecommendationList
        query={{ data: undefined, error: null, isPending: true, isError: false, refetch: vi.fn() }}
        voice="student"
      />,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Finding placements that match...");
  });

  it("shows each card's title, facility, place, dates, match percent and reason, and the page's action", () => {
    render(
      <RecommendationList
        query={ok(data())}
        voice="student"
        show={3}
        action={(i) => <button type="button">Apply to {i.placement.title}</button>}
      />,
    );
    const list = screen.getByRole("list", { name: "Recommended placements" });
    const cards = within(list).getAllByRole("article");
    expect(cards).toHaveLength(3);
    const first = within(cards[0]);
    expect(first.getByRole("heading", { name: "Pediatric Rotation 1" })).toBeInTheDocument();
    expect(first.getByText("94% match")).toBeInTheDocument();
    expect(first.getByText(/Sutter Children's/)).toBeInTheDocument();
    expect(first.getByText("Sacramento, CA")).toBeInTheDocument();
    expect(first.getByText(/Apr 5–May 28, 2027/)).toBeInTheDocument();
    expect(first.getByText(/^Matches your Pediatrics interest; in Sacramento/)).toBeInTheDocument();
    expect(first.getByRole("button", { name: "Apply to Pediatric Rotation 1" })).toBeInTheDocument();
    expect(screen.getByTestId("recommendation-mode")).toHaveTextContent("Engine mode");
  });

  it("shows the rest on request, keyboard first", async () => {
    const user = userEvent.setup();
    render(<RecommendationList query={ok(data())} voice="student" show={3} />);
    const more = screen.getByRole("button", { name: "Show all 4" });
    expect(more).toHaveAttribute("aria-expanded", "false");
    more.focus();
    await user.keyboard("{Enter}");
    expect(screen.getAllByRole("article")).toHaveLength(4);
    expect(screen.getByRole("button", { name: "Show fewer" })).toHaveAttribute("aria-expanded", "true");
  });

  it("opens the factors: each one's points of its weight and its sentence", async () => {
    const user = userEvent.setup();
    render(<RecommendationList query={ok(data({ items: [item(1)] }))} voice="student" />);
    await user.click(screen.getByText(/How the 94% is made/));
    const factors = screen.getByRole("list", { name: "Factors of the match with Pediatric Rotation 1" });
    const rows = within(factors).getAllByRole("listitem");
    expect(rows).toHaveLength(6);
    expect(rows[1]).toHaveTextContent("Location15 of 20 points");
    expect(rows[3]).toHaveTextContent("1 of 2 required items ready");
  });

  it("says when the language model wrote the reasons, and keeps the engine's words at hand", async () => {
    const user = userEvent.setup();
    const reworded = item(1, { reason: "A great pediatric fit close to home." });
    render(
      <RecommendationList query={ok(data({ mode: "model", model: "tiny", items: [reworded] }))} voice="student" />,
    );
    expect(screen.getByTestId("recommendation-mode")).toHaveTextContent("Model mode");
    expect(screen.getByTestId("recommendation-mode")).toHaveTextContent("tiny");
    await user.click(screen.getByText(/How the 94% is made/));
    expect(screen.getByText(/The engine's own words: Matches your Pediatrics/)).toBeInTheDocument();
  });

  it("says when the model did not answer", () => {
    render(<RecommendationList query={ok(data({ fallback: true }))} voice="student" />);
    expect(screen.getByTestId("recommendation-mode")).toHaveTextContent("the language model did not answer");
  });

  it("has an empty state, in the page's words or its own", () => {
    render(<RecommendationList query={ok(data({ items: [] }))} voice="coordinator" />);
    expect(screen.getByText("No recommendations right now")).toBeInTheDocument();
    expect(screen.getByText(/fits this student/)).toBeInTheDocument();
  });

  it("429: the prototype's 'Rate limit exceeded', as a destructive toast and inline, without Try again", () => {
    render(<RecommendationList query={failed(new ApiError(429, "rate_limited", "x"))} voice="student" />);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Rate limit exceededToo many requests. Please try again in a moment.",
    );
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    expect(toasts.error).toHaveBeenCalledWith("Rate limit exceeded", {
      description: "Too many requests. Please try again in a moment.",
    });
  });

  it("402: the prototype's 'AI credits exhausted'", () => {
    render(<RecommendationList query={failed(new ApiError(402, "credits_exhausted", "x"))} voice="student" />);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "AI credits exhaustedPlease contact support to add more credits.",
    );
    expect(toasts.plain).toHaveBeenCalledWith("AI credits exhausted", {
      description: "Please contact support to add more credits.",
    });
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it("another failure: the message and Try again", async () => {
    const user = userEvent.setup();
    const query = failed(new ApiError(500, "internal", "Something went wrong"));
    render(<RecommendationList query={query} voice="student" />);
    expect(screen.getByRole("alert")).toHaveTextContent("Could not load recommendations: Something went wrong");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(query.refetch).toHaveBeenCalled();
  });
});

describe("retryRecommendations", () => {
  it("tries up to 3 more times, never after a 429, a 402 or another refusal", () => {
    const network = new Error("Failed to fetch");
    expect([0, 1, 2, 3].map((n) => retryRecommendations(n, network))).toEqual([true, true, true, false]);
    expect(retryRecommendations(0, new ApiError(500, "internal", "x"))).toBe(true);
    for (const status of [429, 402, 404, 403]) {
      expect(retryRecommendations(0, new ApiError(status, "x", "x"))).toBe(false);
    }
  });
});
