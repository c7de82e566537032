// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
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
    render(<PlacementCard placement={{ ...placement, applicationDeadline: "2034-02-13" }} action={null} />);
    const line = screen.getByText("Apply by Feb 13, 2034");
    expect(line.closest("div")).toHaveTextContent("Application deadlineApply by Feb 13, 2034");
  });

  it("says nothing of a deadline when there is none", () => {
    render(<PlacementCard placement={{ ...placement, applicationDeadline: null }} action={null} />);
    expect(screen.queryByText(/Apply by/)).toBeNull();
  });
});
