import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDepartment, createPlacement, dayFromToday } from "../../factories/placements";
import { createFacility } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

let t: TestApp;
let program: TestUser;
let admin: TestUser;
let facilityUser: TestUser;
let student: TestUser;
let facilityId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  program = await t.createUser("program");
  admin = await t.createUser("admin");
  facilityUser = await t.createUser("facility");
  student = await t.createUser("student");
  const db = t.deps.db;
  const facility = await createFacility(t, { name: "Mercy Harbor Hospital", city: "Baltimore", state: "MD" });
  facilityId = facility.id;
  const pendingFacility = await createFacility(t, { name: "Unverified Clinic", verified: false });
  const icu = await createDepartment(db, facility.id, { name: "Cardiac ICU", specialty: "Intensive Care (ICU)" });

  ids.soon = (
    await createPlacement(db, facility.id, {
      title: "ICU Night Rotation",
      specialty: "Intensive Care (ICU)",
      departmentId: icu.id,
      startDate: dayFromToday(10),
      endDate: dayFromToday(50),
      capacity: 4,
      slotsFilled: 2,
    })
  ).id;
  ids.later = (
    await createPlacement(db, facility.id, {
      title: "Pediatrics Day Rotation",
      specialty: "Pediatrics",
      startDate: dayFromToday(60),
      endDate: dayFromToday(100),
      capacity: 10,
      slotsFilled: 0,
    })
  ).id;
  ids.full = (
    await createPlacement(db, facility.id, {
      title: "Full Emergency Rotation",
      specialty: "Emergency",
      startDate: dayFromToday(20),
      endDate: dayFromToday(40),
      capacity: 2,
      slotsFilled: 2,
    })
  ).id;
  ids.draft = (await createPlacement(db, facility.id, { title: "Draft Rotation", status: "draft" })).id;
  ids.closed = (await createPlacement(db, facility.id, { title: "Closed Rotation", status: "closed" })).id;
  ids.unverified = (await createPlacement(db, pendingFacility.id, { title: "Unverified Rotation" })).id;
  ids.wildcard = (
    await createPlacement(db, facility.id, {
      title: "100% Oncology",
      specialty: "Oncology",
      startDate: dayFromToday(30),
      endDate: dayFromToday(60),
    })
  ).id;
});
afterAll(async () => {
  await t.close();
});

const titles = (res: { json: { items: { title: string }[] } }) => res.json.items.map((p) => p.title);

describe("GET /api/placements", () => {
  it("lists active placements of verified facilities with spots left, soonest first", async () => {
    const res = await t.call("GET", "/api/placements", { cookie: program.cookie });
    expect(res.status).toBe(200);
    expect(titles(res)).toEqual(["ICU Night Rotation", "100% Oncology", "Pediatrics Day Rotation"]);
    expect(res.json.total).toBe(3);
    const icu = res.json.items[0];
    expect(icu).toMatchObject({
      specialty: "Intensive Care (ICU)",
      capacity: 4,
      slotsFilled: 2,
      availableSpots: 2,
      status: "active",
      facility: { id: facilityId, name: "Mercy Harbor Hospital", city: "Baltimore", state: "MD" },
      department: { name: "Cardiac ICU" },
    });
  });

  it("shows full placements only when asked", async () => {
    const res = await t.call("GET", "/api/placements?includeFull=true", { cookie: program.cookie });
    expect(titles(res)).toContain("Full Emergency Rotation");
    expect(res.json.items.find((p: { title: string }) => p.title === "Full Emergency Rotation").availableSpots).toBe(0);
  });

  it("searches title, facility name, city and specialty; % is literal", async () => {
    const by = async (q: string) =>
      titles(await t.call("GET", `/api/placements?search=${encodeURIComponent(q)}`, { cookie: program.cookie }));
    expect(await by("night")).toEqual(["ICU Night Rotation"]);
    expect(await by("mercy harbor")).toHaveLength(3);
    expect(await by("baltimore")).toHaveLength(3);
    expect(await by("pediatrics")).toEqual(["Pediatrics Day Rotation"]);
    expect(await by("100%")).toEqual(["100% Oncology"]);
    expect(await by("%")).toEqual(["100% Oncology"]);
  });

  it("filters by specialty and by a start/end date window", async () => {
    const spec = await t.call("GET", `/api/placements?specialty=${encodeURIComponent("Intensive Care (ICU)")}`, {
      cookie: program.cookie,
    });
    expect(titles(spec)).toEqual(["ICU Night Rotation"]);
    const window = await t.call("GET", `/api/placements?startFrom=${dayFromToday(25)}&endBy=${dayFromToday(100)}`, {
      cookie: program.cookie,
    });
    expect(titles(window)).toEqual(["100% Oncology", "Pediatrics Day Rotation"]);
    const endBy = await t.call("GET", `/api/placements?endBy=${dayFromToday(60)}`, { cookie: program.cookie });
    expect(titles(endBy)).toEqual(["ICU Night Rotation", "100% Oncology"]);
  });

  it("paginates", async () => {
    const p1 = await t.call("GET", "/api/placements?pageSize=2", { cookie: program.cookie });
    const p2 = await t.call("GET", "/api/placements?pageSize=2&page=2", { cookie: program.cookie });
    expect(titles(p1)).toEqual(["ICU Night Rotation", "100% Oncology"]);
    expect(titles(p2)).toEqual(["Pediatrics Day Rotation"]);
    expect(p2.json).toMatchObject({ total: 3, page: 2, pageSize: 2 });
  });

  it("names a bad date or page size (422)", async () => {
    const res = await t.call("GET", "/api/placements?startFrom=next-week&pageSize=500", { cookie: program.cookie });
    expect(res.status).toBe(422);
    expect(res.json.error.issues.map((i: { path: string }) => i.path)).toEqual(
      expect.arrayContaining(["startFrom", "pageSize"]),
    );
  });

  it("is open to admins; 403 for facility and student users; 401 signed out", async () => {
    expect((await t.call("GET", "/api/placements", { cookie: admin.cookie })).json.total).toBe(3);
    expect((await t.call("GET", "/api/placements", { cookie: facilityUser.cookie })).status).toBe(403);
    expect((await t.call("GET", "/api/placements", { cookie: student.cookie })).status).toBe(403);
    const anon = await t.call("GET", "/api/placements");
    expect(anon.status).toBe(401);
    expect(anon.json.error.code).toBe("unauthorized");
  });
});

describe("GET /api/placements/{id}", () => {
  it("answers an open placement, full ones included", async () => {
    const res = await t.call("GET", `/api/placements/${ids.soon}`, { cookie: program.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: ids.soon,
      title: "ICU Night Rotation",
      availableSpots: 2,
      requirements: ["BLS certification"],
    });
    expect((await t.call("GET", `/api/placements/${ids.full}`, { cookie: admin.cookie })).json.availableSpots).toBe(0);
  });

  it("404 for drafts, closed ones, unverified facilities and unknown ids", async () => {
    for (const id of [ids.draft, ids.closed, ids.unverified, "00000000-0000-4000-8000-000000000000"]) {
      const res = await t.call("GET", `/api/placements/${id}`, { cookie: program.cookie });
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe("not_found");
    }
  });

  it("403 for facility and student users; 401 signed out", async () => {
    expect((await t.call("GET", `/api/placements/${ids.soon}`, { cookie: facilityUser.cookie })).status).toBe(403);
    expect((await t.call("GET", `/api/placements/${ids.soon}`, { cookie: student.cookie })).status).toBe(403);
    expect((await t.call("GET", `/api/placements/${ids.soon}`)).status).toBe(401);
  });
});
