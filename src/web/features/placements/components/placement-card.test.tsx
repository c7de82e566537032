// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { type CardPlacement, PlacementCard } from "./placement-card";

// Issue 15: a placement card says by when to apply, when the facility set a deadline.

const placement: CardPlacement = {
  title: "Med-Surg Days",
  specialty: "Medical-Surgical",
  capacity: 6,
  slotsFilled: 2,
  availableSpots: 4,
  facility: { id: "f-1", name: "Mercy", city: "Columbus", state: "OH" },
  department: { id: "d-1", name: "4 West" },
  startDate: "2034-03-06",
  endDate: "2034-04-28",
  durationWeeks: 8,
  description: "",
  requirements: [],
};

afterEach(cleanup);

describe("PlacementCard", () => {
  it("shows 'Apply by MMM d, yyyy' under its term when there is a deadline", () => {
    render(
      <PlacementCard placement={{ ...placement, applicationDeadline: "2034-02-13" }} action={null} viewer="student" />,
    );
    const line = screen.getByText("Apply by Feb 13, 2034");
    expect(line.closest("div")).toHaveTextContent("Application deadlineApply by Feb 13, 2034");
  });

  it("says nothing of a deadline when there is none", () => {
    render(<PlacementCard placement={{ ...placement, applicationDeadline: null }} action={null} viewer="student" />);
    expect(screen.queryByText(/Apply by/)).toBeNull();
  });
});

describe("A facility's agreement rule the program does not meet", () => {
  const blocked = { ...placement, agreementRequired: true, agreementActive: false };

  it("tells the program coordinator to record one on the Agreements page", () => {
    render(
      <MemoryRouter>
        <PlacementCard placement={blocked} action={null} viewer="program" />
      </MemoryRouter>,
    );
    expect(screen.getByText(/requires an active affiliation agreement/)).toHaveTextContent(
      "Mercy requires an active affiliation agreement with your program covering these dates. Record one on the Agreements page.",
    );
    expect(screen.getByRole("link", { name: "Agreements page" })).toHaveAttribute("href", "/agreements");
    expect(screen.queryByText(/Ask your program coordinator/)).toBeNull();
  });

  it("tells a student to ask their coordinator", () => {
    render(<PlacementCard placement={blocked} action={null} viewer="student" />);
    expect(screen.getByText(/requires an active affiliation agreement/)).toHaveTextContent(
      "covering these dates. Ask your program coordinator to record one.",
    );
  });
});
