import { instantOf, rruleOf, type Weekday } from "../../domain/calendar";
import type { calendarEvents } from "../db/schema/calendar";
import { lastEndOf } from "../features/calendar/recurrence";
import type { DemoAccounts } from "./accounts";
import type { DemoOrganizations } from "./organizations";
import type { PlacementPlan } from "./placements";
import { type Clock, DAY, dayString, mondayOnOrAfter } from "./random";

// The demo world's calendar (issue 15): a few events the coordinators added by hand (orientation
// days, a weekly site visit, meetings), around today, in each organization's own time zone. No
// random draws: the other plans' random sequence, and so the whole demo world, stays as it was.

type CalendarEventRow = typeof calendarEvents.$inferInsert;

/** The demo states' zones (the catalogue's organizations are in these states). */
const ZONE_OF_STATE: Record<string, string> = {
  IL: "America/Chicago",
  WI: "America/Chicago",
  TX: "America/Chicago",
  MN: "America/Chicago",
  MO: "America/Chicago",
  NE: "America/Chicago",
  OR: "America/Los_Angeles",
  WA: "America/Los_Angeles",
  NC: "America/New_York",
  AZ: "America/Phoenix",
  CO: "America/Denver",
};
const zoneOf = (state: string) => ZONE_OF_STATE[state] ?? "America/New_York";

type Plan = {
  title: string;
  category: "orientation" | "site_visit" | "meeting" | "other";
  description: string;
  location: string;
  /** Days from the Monday after today, and the local time. */
  day: number;
  hour: number;
  minutes: number;
  weekly?: { days: Weekday[]; count: number };
  audience: "organization" | "students" | "placement";
};

const PROGRAM_EVENTS: Plan[] = [
  {
    title: "Clinical orientation for the new term",
    category: "orientation",
    description: "Badges, EHR log-ins and the clinical handbook. Bring your immunization records.",
    location: "Simulation lab, room 204",
    day: 0,
    hour: 9,
    minutes: 180,
    audience: "students",
  },
  {
    title: "Clinical coordinators' meeting",
    category: "meeting",
    description: "Placements for next term, open compliance items, facility feedback.",
    location: "Faculty conference room",
    day: 2,
    hour: 15,
    minutes: 60,
    weekly: { days: ["WE"], count: 12 },
    audience: "organization",
  },
];

const FACILITY_EVENTS: Plan[] = [
  {
    title: "New student orientation",
    category: "orientation",
    description: "Unit tour, safety training and preceptor introductions.",
    location: "Education center, 2nd floor",
    day: 7,
    hour: 8,
    minutes: 240,
    audience: "students",
  },
  {
    title: "Faculty site visit",
    category: "site_visit",
    description: "Weekly check-in with the clinical instructors and preceptors.",
    location: "Nurses' station",
    day: 3,
    hour: 10,
    minutes: 60,
    weekly: { days: ["TH"], count: 10 },
    audience: "placement",
  },
  {
    title: "Preceptor huddle",
    category: "meeting",
    description: "Capacity for the coming rotations and student feedback.",
    location: "Unit conference room",
    day: 1,
    hour: 13,
    minutes: 30,
    audience: "organization",
  },
];

function row(
  plan: Plan,
  organizationId: string,
  state: string,
  createdBy: string,
  clock: Clock,
  placementId: string | null,
) {
  const timeZone = zoneOf(state);
  const day = dayString(mondayOnOrAfter(clock.today + DAY) + plan.day * DAY);
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const startsAt = instantOf({ year, month, day: date, hour: plan.hour, minute: 0, second: 0 }, timeZone);
  const endsAt = new Date(startsAt.getTime() + plan.minutes * 60_000);
  const recurrence = plan.weekly
    ? rruleOf({ days: plan.weekly.days, count: plan.weekly.count, until: undefined }, timeZone)
    : null;
  const created = new Date(clock.nowMs - 3 * DAY);
  return {
    organizationId,
    createdBy,
    title: plan.title,
    category: plan.category,
    description: plan.description,
    location: plan.location,
    startsAt,
    endsAt,
    timeZone,
    recurrence,
    lastEndsAt: lastEndOf({ startsAt, endsAt, timeZone, recurrence }),
    audience: plan.audience,
    placementId,
    createdAt: created,
    updatedAt: created,
  } satisfies CalendarEventRow;
}

/**
 * The first two programs' and facilities' events. A facility's weekly site visit is for the
 * students of its first placement under way (or about to start) with approved students; without
 * one it goes to all the facility's students.
 */
export function planCalendar(world: {
  clock: Clock;
  orgs: DemoOrganizations;
  accounts: DemoAccounts;
  placements: PlacementPlan[];
}): CalendarEventRow[] {
  const { clock, orgs, accounts } = world;
  const rows: CalendarEventRow[] = [];
  orgs.programs.slice(0, 2).forEach((p, i) => {
    for (const plan of PROGRAM_EVENTS) rows.push(row(plan, p.id, p.state, accounts.user(`program:${i}`), clock, null));
  });
  orgs.facilities.slice(0, 2).forEach((f, i) => {
    const placement = world.placements.find(
      (pl) => pl.facilityIndex === i && (pl.kind === "running" || pl.kind === "soon") && pl.approved > 0,
    );
    for (const plan of FACILITY_EVENTS) {
      const audience = plan.audience === "placement" && !placement ? "students" : plan.audience;
      rows.push(
        row(
          { ...plan, audience },
          f.id,
          f.state,
          accounts.user(`facility:${i}`),
          clock,
          audience === "placement" ? placement!.id : null,
        ),
      );
    }
  });
  return rows;
}
