import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApplication } from "../../factories/applications";
import { createPlacement, dayFromToday } from "../../factories/placements";
import { createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

// The preceptor's dashboard lists what they precept now first: current rotations, then upcoming
// ones, then ended ones, the most recently ended first.

let t: TestApp;
let preceptor: TestUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const facility = await t.createUser("facility");
  const program = await t.createUser("program");
  preceptor = await t.createUser("preceptor", { organizationId: facility.organizationId! });
  const spans: Record<string, [number, number]> = {
    endedLongAgo: [-200, -150],
    endedLately: [-60, -3],
    current: [-5, 20],
    currentSinceLonger: [-30, 10],
    upcoming: [40, 80],
  };
  for (const [name, [start, end]] of Object.entries(spans)) {
    const placement = await createPlacement(t.deps.db, facility.organizationId!, {
      startDate: dayFromToday(start),
      endDate: dayFromToday(end),
    });
    const student = await createStudent(t, program.organizationId!);
    const app = await createApplication(t.deps.db, student, placement.id, {
      status: "approved",
      reviewedAt: new Date(),
    });
    ids[name] = app.id;
    const res = await t.call("PUT", `/api/preceptors/rotations/${app.id}`, {
      cookie: facility.cookie,
      body: { userIds: [preceptor.userId] },
    });
    expect(res.status).toBe(200);
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("the preceptor's rotations", () => {
  it("come current first, then upcoming, then ended (most recent first)", async () => {
    const res = await t.call("GET", "/api/preceptors/rotations", { cookie: preceptor.cookie });
    expect(res.status).toBe(200);
    expect(res.json.items.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([
      [ids.currentSinceLonger, "current"],
      [ids.current, "current"],
      [ids.upcoming, "upcoming"],
      [ids.endedLately, "ended"],
      [ids.endedLongAgo, "ended"],
    ]);
  });
});
