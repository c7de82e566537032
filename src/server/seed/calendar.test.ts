import { describe, expect, it } from "vitest";
import { wallClockOf } from "../../domain/calendar";
import type { DemoAccounts } from "./accounts";
import { planCalendar } from "./calendar";
import type { DemoOrganizations, OrgPlan } from "./organizations";
import type { PlacementPlan } from "./placements";
import { clockAt } from "./random";

// The demo calendar's plan (issue 15), without a database: deterministic, in each organization's
// zone, and within the table's rules (end after start, a placement exactly for audience "placement").

const org = (id: string, state: string): OrgPlan => ({
  id,
  name: id,
  state,
  region: "",
  verified: true,
  createdAt: new Date("2025-01-01T00:00:00Z"),
});
const orgs = {
  programs: [org("p0", "IL"), org("p1", "OR"), org("p2", "TX")],
  facilities: [org("f0", "IL"), org("f1", "AZ")],
  rows: [],
} as unknown as DemoOrganizations;
const accounts = { user: (key: string) => `user-${key}` } as unknown as DemoAccounts;
const placements = [
  { id: "pl-past", facilityIndex: 0, kind: "past", approved: 3 },
  { id: "pl-running", facilityIndex: 0, kind: "running", approved: 2 },
  { id: "pl-empty", facilityIndex: 1, kind: "soon", approved: 0 },
] as unknown as PlacementPlan[];
const clock = clockAt(new Date("2026-03-04T12:00:00Z"));
const plan = () => planCalendar({ clock, orgs, accounts, placements });

describe("the demo calendar", () => {
  it("plans the first two programs' and facilities' events, the same on every run", () => {
    const rows = plan();
    expect(rows).toHaveLength(2 * 2 + 2 * 3);
    expect(new Set(rows.map((r) => r.organizationId))).toEqual(new Set(["p0", "p1", "f0", "f1"]));
    expect(plan()).toEqual(rows);
  });

  it("sets each event at its local hour in the organization's zone, weekly ones with an RRULE and a later last end", () => {
    const rows = plan();
    const meeting = rows.find((r) => r.organizationId === "p1" && r.category === "meeting")!;
    expect(meeting.timeZone).toBe("America/Los_Angeles");
    expect(wallClockOf(meeting.startsAt, meeting.timeZone).hour).toBe(15);
    expect(meeting.recurrence).toBe("FREQ=WEEKLY;BYDAY=WE;COUNT=12");
    expect(meeting.lastEndsAt.getTime()).toBeGreaterThan(meeting.endsAt.getTime() + 10 * 7 * 86_400_000);
    for (const r of rows) {
      expect(r.endsAt > r.startsAt).toBe(true);
      expect(r.lastEndsAt >= r.endsAt).toBe(true);
      expect(r.audience === "placement").toBe(r.placementId !== null);
      expect(r.startsAt.getTime()).toBeGreaterThan(clock.nowMs);
    }
  });

  it("sends a facility's site visit to its running placement's students, or to all its students without one", () => {
    const visits = plan().filter((r) => r.category === "site_visit");
    expect(visits.map((v) => [v.organizationId, v.audience, v.placementId])).toEqual([
      ["f0", "placement", "pl-running"],
      ["f1", "students", null],
    ]);
  });
});
