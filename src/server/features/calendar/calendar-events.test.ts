import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApplication } from "../../factories/applications";
import { createPlacement } from "../../factories/placements";
import { createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

let t: TestApp;
let program: TestUser;
let facility: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  program = await t.createUser("program");
  facility = await t.createUser("facility");
});
afterAll(async () => {
  await t.close();
});

describe("calendar events", () => {
  it("lists a program's rotations", async () => {
    const s = await createStudent(t, program.organizationId!, { firstName: "Ana", lastName: "Reyes" });
    const p = await createPlacement(t.deps.db, facility.organizationId!, {
      startDate: "2026-03-02",
      endDate: "2026-04-24",
    });
    const a = await createApplication(t.deps.db, s, p.id, { status: "approved", reviewedAt: new Date() });
    const res = await t.call("GET", "/api/calendar/events?from=2026-03-01&to=2026-03-31", { cookie: program.cookie });
    expect(res.status).toBe(200);
    expect(res.json.items.map((e: { id: string }) => e.id)).toContain(`rotation-${a.id}`);
  });
});

describe("custom events (smoke)", () => {
  it("creates a weekly meeting across the change to daylight saving time and lists each occurrence at 09:00 local", async () => {
    const res = await t.call("POST", "/api/calendar/events", {
      cookie: program.cookie,
      body: {
        title: "Weekly check-in",
        category: "meeting",
        startsAt: "2026-03-02T15:00:00Z",
        endsAt: "2026-03-02T16:00:00Z",
        timeZone: "America/Chicago",
        recurrence: { days: ["MO"], count: 4 },
      },
    });
    expect(res.status).toBe(201);
    const list = await t.call("GET", "/api/calendar/events?from=2026-03-01&to=2026-03-31&kinds=custom", {
      cookie: program.cookie,
    });
    expect(list.json.items.map((e: { start: string }) => e.start)).toEqual([
      "2026-03-02T15:00:00.000Z",
      "2026-03-09T14:00:00.000Z",
      "2026-03-16T14:00:00.000Z",
      "2026-03-23T14:00:00.000Z",
    ]);
  });
});
