// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RunResult } from "../bulk-api";
import { BulkProposal } from "./bulk-proposal";

// One proposal of a match run as the coordinator edits it: the figures and the lines with their
// reasons, removing a line, swapping one only to a candidate with room left, and submitting only
// after the confirmation, the lines as edited, with each line's outcome shown. One fake fetch.

const RUN = "00000000-0000-4000-8000-0000000000aa";
const placement = (id: string, title: string, spotsLeft: number) => ({
  id,
  title,
  specialty: "Pediatrics",
  startDate: "2027-04-05",
  endDate: "2027-05-28",
  spotsLeft,
  facility: { id: "f-1", name: "Mercy General", city: "Sacramento", state: "CA" },
});
const proposal = {
  placed: 2,
  averageScore: 85,
  topThreeShare: 2 / 3,
  totalScore: 170,
  check: { ok: true, detail: null },
  lines: [
    { studentId: "ana", placementId: "icu", score: 90, rank: 1, reason: "Matches their ICU interest" },
    { studentId: "ben", placementId: "peds", score: 80, rank: 2, reason: "Close to their ICU interest: Pediatrics" },
  ],
};
const RESULT: RunResult = {
  today: "2027-03-01",
  pairs: 6,
  priorityRule: "…",
  students: [
    { id: "ana", name: "Ana Ames", specialtyInterest: "Intensive Care (ICU)", gpa: 3.9, candidates: 2 },
    { id: "ben", name: "Ben Bell", specialtyInterest: "Intensive Care (ICU)", gpa: 3.2, candidates: 3 },
    { id: "cy", name: "Cy Cole", specialtyInterest: null, gpa: null, candidates: 0 },
  ],
  placements: [
    placement("icu", "ICU rotation", 1),
    placement("peds", "Peds rotation", 1),
    placement("med", "Med-Surg rotation", 2),
  ],
  optimal: proposal,
  stable: proposal,
};

let calls: { path: string; body: unknown }[] = [];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit) {
  const path = new URL(String(input instanceof Request ? input.url : input), "http://localhost").pathname;
  const raw = input instanceof Request ? await input.text() : init?.body;
  calls.push({ path, body: raw ? JSON.parse(String(raw)) : null });
  if (path === `/api/matching/runs/${RUN}/students/ben/candidates`) {
    return json(200, {
      student: { id: "ben", name: "Ben Bell" },
      items: [
        { placementId: "icu", score: 88, reason: "Matches their ICU interest", spotsLeft: 1 },
        { placementId: "peds", score: 80, reason: "Close to their ICU interest", spotsLeft: 1 },
        { placementId: "med", score: 60, reason: "Outside their interests", spotsLeft: 2 },
      ],
    });
  }
  if (path === `/api/matching/runs/${RUN}/submit`) {
    return json(201, {
      submitted: [{ studentId: "ana", placementId: "icu", applicationId: "a-1", name: "Ana Ames" }],
      refused: [
        {
          studentId: "ben",
          placementId: "med",
          name: "Ben Bell",
          code: "overlapping_rotation",
          reason: "Holds an approved rotation on overlapping dates (Summer rotation)",
        },
      ],
    });
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

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BulkProposal
        kind="optimal"
        runId={RUN}
        result={RESULT}
        students={new Map(RESULT.students.map((s) => [s.id, s]))}
        placements={new Map(RESULT.placements.map((p) => [p.id, p]))}
      />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe("BulkProposal", () => {
  it("shows the figures, the check and each line with its reason; removes a line", async () => {
    const user = show();
    const panel = screen.getByRole("region", { name: "Optimal" });
    expect(within(panel).getByText("2 of 3")).toBeInTheDocument();
    expect(within(panel).getByText("67%")).toBeInTheDocument();
    expect(within(panel).getByText(/Optimality certificate checked/)).toBeInTheDocument();
    const table = within(panel).getByRole("table", { name: "Optimal proposal" });
    expect(within(table).getByText("Matches their ICU interest")).toBeInTheDocument();
    expect(within(table).getByText("2nd choice")).toBeInTheDocument();
    expect(within(panel).getByText("Not placed (1)")).toBeInTheDocument();
    await user.click(within(panel).getByRole("button", { name: "Remove Ana Ames's line" }));
    expect(within(table).queryByText("Ana Ames")).toBeNull();
    expect(within(panel).getByText("1 removed")).toBeInTheDocument();
    expect(within(panel).getByRole("button", { name: "Review & submit 1 application" })).toBeInTheDocument();
    await user.click(within(panel).getByRole("button", { name: "Undo changes" }));
    expect(within(table).getByText("Ana Ames")).toBeInTheDocument();
  });

  it("swaps a line only to a candidate with room left in this proposal", async () => {
    const user = show();
    await user.click(screen.getByRole("button", { name: "Swap Ben Bell's placement" }));
    const dialog = await screen.findByRole("dialog", { name: "Swap Ben Bell's placement" });
    // The ICU rotation's one spot is Ana's line: no room. Ben's own placement is not a choice either.
    const icu = await within(dialog).findByRole("radio", { name: /ICU rotation/ });
    expect(icu).toBeDisabled();
    expect(within(dialog).getByText("No room left in this proposal")).toBeInTheDocument();
    expect(within(dialog).getByRole("radio", { name: /Peds rotation/ })).toBeDisabled();
    await user.click(within(dialog).getByRole("radio", { name: /Med-Surg rotation/ }));
    await user.click(within(dialog).getByRole("button", { name: "Swap" }));
    const table = screen.getByRole("table", { name: "Optimal proposal" });
    expect(within(table).getByText("Med-Surg rotation")).toBeInTheDocument();
    expect(within(table).getByText("Swapped")).toBeInTheDocument();
    expect(within(table).getByText("Outside their interests")).toBeInTheDocument();
  });

  it("submits nothing before the confirmation, then the lines as shown, each with its outcome", async () => {
    const user = show();
    await user.click(screen.getByRole("button", { name: "Swap Ben Bell's placement" }));
    const swap = await screen.findByRole("dialog", { name: "Swap Ben Bell's placement" });
    await user.click(await within(swap).findByRole("radio", { name: /Med-Surg rotation/ }));
    await user.click(within(swap).getByRole("button", { name: "Swap" }));

    await user.click(screen.getByRole("button", { name: "Review & submit 2 applications" }));
    const confirm = await screen.findByRole("dialog", { name: "Submit 2 applications?" });
    expect(within(confirm).getByText("Ben Bell → Med-Surg rotation")).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith("/submit"))).toEqual([]);
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(calls.filter((c) => c.path.endsWith("/submit"))).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Review & submit 2 applications" }));
    const again = await screen.findByRole("dialog", { name: "Submit 2 applications?" });
    await user.type(within(again).getByLabelText("Note to each facility (optional)"), "From the matcher");
    await user.click(within(again).getByRole("button", { name: "Submit 2" }));
    const result = await screen.findByRole("region", { name: "Submission result" });
    expect(within(result).getByRole("status")).toHaveTextContent("Submitted 1 application, refused 1");
    expect(within(result).getByText(/Holds an approved rotation on overlapping dates/)).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith("/submit")).map((c) => c.body)).toEqual([
      {
        lines: [
          { studentId: "ana", placementId: "icu" },
          { studentId: "ben", placementId: "med" },
        ],
        notes: "From the matcher",
      },
    ]);
    // Done: the lines can no longer be changed.
    expect(screen.getByRole("button", { name: "Remove Ana Ames's line" })).toBeDisabled();
  });
});
