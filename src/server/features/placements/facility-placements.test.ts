import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizations } from "../../db/schema/organizations";
import { createApplication } from "../../factories/applications";
import { createDepartment, createPlacement } from "../../factories/placements";
import { createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

let t: TestApp;
let facility: TestUser;
let other: TestUser;
let admin: TestUser;
let program: TestUser;
let student: TestUser;
let deptId: string;
let otherDeptId: string;

beforeAll(async () => {
  t = await createTestApp();
  facility = await t.createUser("facility");
  other = await t.createUser("facility");
  admin = await t.createUser("admin");
  program = await t.createUser("program");
  student = await t.createUser("student");
  deptId = (await createDepartment(t.deps.db, facility.organizationId!, { name: "4 West Med-Surg" })).id;
  otherDeptId = (await createDepartment(t.deps.db, other.organizationId!, { name: "Elsewhere" })).id;
});
afterAll(async () => {
  await t.close();
});

const form = (over: Record<string, unknown> = {}) => ({
  title: "Med-Surg Days – Spring 2031",
  specialty: "Medical-Surgical",
  departmentId: deptId,
  description: "Day shifts on 4 West",
  requirements: "BLS certification\nCompleted Med-Surg I\n\n",
  startDate: "2031-01-06",
  endDate: "2031-02-28",
  capacity: 4,
  status: "draft",
  ...over,
});
const create = (cookie: string | undefined, body: unknown) =>
  t.call("POST", "/api/facility/placements", { cookie, body });

describe("POST /api/facility/placements", () => {
  it("creates a draft: requirements as lines, duration derived, no spots filled", async () => {
    const res = await create(facility.cookie, form({ durationWeeks: 99, slotsFilled: 3 }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      title: "Med-Surg Days – Spring 2031",
      requirements: ["BLS certification", "Completed Med-Surg I"],
      durationWeeks: 8,
      capacity: 4,
      slotsFilled: 0,
      availableSpots: 4,
      status: "draft",
      pendingApplications: 0,
      department: { id: deptId, name: "4 West Med-Surg" },
      facility: { id: facility.organizationId },
    });
  });

  it("publishes as active; drafts are not listed to programs, active ones are", async () => {
    const res = await create(facility.cookie, form({ title: "Published One", status: "active" }));
    expect(res.status).toBe(201);
    expect(res.json.status).toBe("active");
    const open = await t.call("GET", `/api/placements?search=Published One`, { cookie: program.cookie });
    expect(open.json.items.map((p: { id: string }) => p.id)).toEqual([res.json.id]);
    const drafts = await t.call("GET", `/api/placements?search=Med-Surg Days`, { cookie: program.cookie });
    expect(drafts.json.items).toEqual([]);
  });

  it("422 names the end date when it is before the start, and each bad field", async () => {
    const res = await create(facility.cookie, form({ endDate: "2031-01-05" }));
    expect(res.status).toBe(422);
    expect(res.json.error.issues).toEqual([
      { path: "endDate", message: "End date must be on or after the start date" },
    ]);
    const bad = await create(facility.cookie, { title: "", capacity: 0 });
    expect(bad.status).toBe(422);
    expect(bad.json.error.issues.map((i: { path: string }) => i.path)).toEqual(
      expect.arrayContaining(["title", "specialty", "departmentId", "startDate", "endDate", "capacity"]),
    );
  });

  it("the department must belong to this facility (422 naming it)", async () => {
    const res = await create(facility.cookie, form({ departmentId: otherDeptId }));
    expect(res.status).toBe(422);
    expect(res.json.error.issues).toEqual([
      { path: "departmentId", message: "Choose one of your facility's departments" },
    ]);
  });

  it("a facility pending verification may save drafts but not publish (403, D2)", async () => {
    const pending = await t.createUser("facility");
    await t.deps.db
      .update(organizations)
      .set({ verificationStatus: "pending", verifiedAt: null })
      .where(eq(organizations.id, pending.organizationId!));
    const pendingDept = await createDepartment(t.deps.db, pending.organizationId!);
    const pendingCookie = await t.signIn(pending.email, pending.password);
    const [org] = await t.deps.db.select().from(organizations).where(eq(organizations.id, pending.organizationId!));
    const published = await create(pendingCookie, form({ departmentId: pendingDept.id, status: "active" }));
    expect(published.status).toBe(403);
    expect(published.json.error).toEqual({
      code: "organization_unverified",
      message: `${org.name} is pending verification: applications open once a platform administrator verifies it`,
    });
    const draft = await create(pendingCookie, form({ departmentId: pendingDept.id }));
    expect(draft.status).toBe(201);
    const publish = await t.call("POST", `/api/facility/placements/${draft.json.id}/publish`, {
      cookie: pendingCookie,
    });
    expect(publish.status).toBe(403);
    expect(publish.json.error.code).toBe("organization_unverified");
  });

  it("admins create in the department's facility; programs and students 403; signed out 401", async () => {
    const res = await create(admin.cookie, form({ departmentId: otherDeptId, title: "Admin made" }));
    expect(res.status).toBe(201);
    expect(res.json.facility.id).toBe(other.organizationId);
    for (const u of [program, student]) expect((await create(u.cookie, form())).status).toBe(403);
    expect((await create(undefined, form())).status).toBe(401);
  });
});

describe("minimum GPA (issue 13)", () => {
  it("is set, kept on an edit that omits it, cleared with null or empty, copied by duplicate; shown to programs", async () => {
    // A department of its own: the other tests count the seats of theirs.
    const departmentId = (await createDepartment(t.deps.db, facility.organizationId!, { name: "GPA unit" })).id;
    const gated = (over: Record<string, unknown> = {}) =>
      form({ title: "GPA gated", status: "active", departmentId, ...over });
    const res = await create(facility.cookie, gated({ minGpa: "3.25" }));
    expect(res.status).toBe(201);
    expect(res.json.minGpa).toBe(3.25);
    const id = res.json.id;
    const open = await t.call("GET", `/api/placements/${id}`, { cookie: program.cookie });
    expect(open.json.minGpa).toBe(3.25);
    const kept = await t.call("PUT", `/api/facility/placements/${id}`, {
      cookie: facility.cookie,
      body: gated(),
    });
    expect(kept.json.minGpa).toBe(3.25);
    const copy = await t.call("POST", `/api/facility/placements/${id}/duplicate`, { cookie: facility.cookie });
    expect(copy.json.minGpa).toBe(3.25);
    const cleared = await t.call("PUT", `/api/facility/placements/${id}`, {
      cookie: facility.cookie,
      body: gated({ minGpa: "" }),
    });
    expect(cleared.json.minGpa).toBeNull();
    expect((await create(facility.cookie, form())).json.minGpa).toBeNull();
  });

  it("422 names minGpa outside 0–4 or with more than two decimals", async () => {
    for (const minGpa of [4.5, -0.5, "3.333", "high"]) {
      const res = await create(facility.cookie, form({ minGpa }));
      expect(res.status, String(minGpa)).toBe(422);
      expect(res.json.error.issues.map((i: { path: string }) => i.path)).toEqual(["minGpa"]);
    }
  });
});

describe("GET /api/facility/placements", () => {
  it("lists every status of its own facility only, with search, filters and pagination", async () => {
    const f = await t.createUser("facility");
    const d1 = await createDepartment(t.deps.db, f.organizationId!, { name: "NICU" });
    const d2 = await createDepartment(t.deps.db, f.organizationId!, { name: "ER" });
    await createPlacement(t.deps.db, f.organizationId!, { title: "A active", departmentId: d1.id });
    await createPlacement(t.deps.db, f.organizationId!, { title: "B draft", departmentId: d1.id, status: "draft" });
    await createPlacement(t.deps.db, f.organizationId!, {
      title: "C closed",
      departmentId: d2.id,
      status: "closed",
      specialty: "Emergency",
    });
    const all = await t.call("GET", "/api/facility/placements", { cookie: f.cookie });
    expect(all.status).toBe(200);
    expect(all.json.total).toBe(3);
    expect(all.json.items.map((p: { title: string }) => p.title)).toEqual(["A active", "B draft", "C closed"]);
    const q = (s: string) => t.call("GET", `/api/facility/placements?${s}`, { cookie: f.cookie });
    expect((await q("status=draft")).json.items.map((p: { title: string }) => p.title)).toEqual(["B draft"]);
    expect((await q(`departmentId=${d2.id}`)).json.items.map((p: { title: string }) => p.title)).toEqual(["C closed"]);
    expect((await q("specialty=Emergency")).json.total).toBe(1);
    expect((await q("search=nicu")).json.total).toBe(2);
    const page2 = await q("pageSize=2&page=2");
    expect(page2.json).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.json.items).toHaveLength(1);
    const options = await t.call("GET", "/api/facility/placements/options", { cookie: f.cookie });
    expect(options.json.items.map((p: { title: string }) => p.title)).toEqual(["A active", "B draft", "C closed"]);
    // Nothing of another facility.
    const mine = await t.call("GET", "/api/facility/placements?pageSize=100", { cookie: facility.cookie });
    expect(mine.json.items.every((p: { facility: { id: string } }) => p.facility.id === facility.organizationId)).toBe(
      true,
    );
  });
});

describe("edit, publish, close, duplicate", () => {
  it("edits: capacity never below slots filled (422 naming capacity), end date after start", async () => {
    const p = await createPlacement(t.deps.db, facility.organizationId!, {
      departmentId: deptId,
      capacity: 5,
      slotsFilled: 3,
    });
    const put = (body: unknown, cookie = facility.cookie) =>
      t.call("PUT", `/api/facility/placements/${p.id}`, { cookie, body });
    const low = await put(form({ capacity: 2, status: "active" }));
    expect(low.status).toBe(422);
    expect(low.json.error.issues).toEqual([
      { path: "capacity", message: "Capacity cannot be below the 3 spots already filled" },
    ]);
    const ok = await put(form({ capacity: 3, status: "active", title: "Renamed", endDate: "2031-03-28" }));
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ title: "Renamed", capacity: 3, slotsFilled: 3, durationWeeks: 12 });
    expect((await put(form({ endDate: "2030-12-31" }))).status).toBe(422);
    // Another facility's coordinator: 404, nothing changed.
    expect((await put(form({ title: "Hijacked", status: "active" }), other.cookie)).status).toBe(404);
    expect((await t.call("GET", `/api/facility/placements/${p.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await t.call("GET", `/api/facility/placements/${p.id}`, { cookie: facility.cookie })).json.title).toBe(
      "Renamed",
    );
  });

  it("back to draft only without live applications (409)", async () => {
    const p = await createPlacement(t.deps.db, facility.organizationId!, { departmentId: deptId });
    const s = await createStudent(t, program.organizationId!);
    await createApplication(t.deps.db, s, p.id);
    const res = await t.call("PUT", `/api/facility/placements/${p.id}`, {
      cookie: facility.cookie,
      body: form({ status: "draft" }),
    });
    expect(res.status).toBe(409);
  });

  it("closes and publishes again; repeating answers 409; another facility 404", async () => {
    const p = await createPlacement(t.deps.db, facility.organizationId!, { departmentId: deptId });
    const post = (action: string, cookie = facility.cookie) =>
      t.call("POST", `/api/facility/placements/${p.id}/${action}`, { cookie });
    expect((await post("close", other.cookie)).status).toBe(404);
    const closed = await post("close");
    expect(closed.status).toBe(200);
    expect(closed.json.status).toBe("closed");
    expect((await post("close")).status).toBe(409);
    const open = await post("publish");
    expect(open.status).toBe(200);
    expect(open.json.status).toBe("active");
    expect((await post("publish")).status).toBe(409);
  });

  it("duplicates for the next term: a draft, dates shifted past the end, no spots filled", async () => {
    const p = await createPlacement(t.deps.db, facility.organizationId!, {
      departmentId: deptId,
      title: "ICU Nights – Fall 2030",
      startDate: "2030-09-02",
      endDate: "2030-10-25",
      durationWeeks: 8,
      capacity: 6,
      slotsFilled: 6,
      requirements: ["BLS certification", "ACLS"],
    });
    const res = await t.call("POST", `/api/facility/placements/${p.id}/duplicate`, { cookie: facility.cookie });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      title: "ICU Nights – Fall 2030",
      startDate: "2030-10-28",
      endDate: "2030-12-20",
      durationWeeks: 8,
      capacity: 6,
      slotsFilled: 0,
      status: "draft",
      requirements: ["BLS certification", "ACLS"],
      department: { id: deptId },
    });
    expect(res.json.id).not.toBe(p.id);
    expect((await t.call("POST", `/api/facility/placements/${p.id}/duplicate`, { cookie: other.cookie })).status).toBe(
      404,
    );
  });
});
