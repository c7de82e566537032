import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications } from "../../db/schema/applications";
import { placements } from "../../db/schema/placements";
import { students } from "../../db/schema/students";
import { createApplication } from "../../factories/applications";
import { createPlacement, dayFromToday } from "../../factories/placements";
import { createCoordinator, createFacility, createProgram } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

// The student's own applications (/api/me/student/placements and applications): browse, apply, list,
// withdraw. "Who may call" covers every /api/me/student route, whichever domain answers it.

let t: TestApp;
let programId: string;
let facilityId: string;
let me: TestUser;
let classmate: TestUser;
let coordinator: TestUser;
let facilityUser: TestUser;
let admin: TestUser;
const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  t = await createTestApp();
  programId = (await createProgram(t, { name: "Lakeside School of Nursing" })).id;
  facilityId = (await createFacility(t, { name: "Mercy General", city: "Chicago", state: "IL" })).id;
  me = await t.createUser("student", { organizationId: programId, name: "Maya Student" });
  classmate = await t.createUser("student", { organizationId: programId });
  coordinator = await createCoordinator(t, programId, "program");
  facilityUser = await createCoordinator(t, facilityId, "facility");
  admin = await t.createUser("admin");
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.deps.db;
const get = (path: string, u?: TestUser) => t.call("GET", `/api/me/student${path}`, { cookie: u?.cookie });
const send = (method: string, path: string, u: TestUser | undefined, body?: unknown) =>
  t.call(method, `/api/me/student${path}`, { cookie: u?.cookie, body });
const studentRow = async (u: TestUser) => (await db().select().from(students).where(eq(students.id, u.studentId!)))[0];
const slotsOf = async (placementId: string) =>
  (await db().select({ n: placements.slotsFilled }).from(placements).where(eq(placements.id, placementId)))[0].n;

describe("who may call /api/me/student", () => {
  const routes: [string, string, unknown?][] = [
    ["GET", "/dashboard"],
    ["GET", "/placements"],
    ["POST", "/applications", { placementId: UNKNOWN }],
    ["GET", "/applications"],
    ["POST", `/applications/${UNKNOWN}/withdraw`],
    ["GET", "/profile"],
    ["PUT", "/preferences", {}],
    ["POST", "/experiences", { kind: "work", organization: "X", title: "Y", startDate: "2024-01-01" }],
    ["PUT", `/experiences/${UNKNOWN}`, { kind: "work", organization: "X", title: "Y", startDate: "2024-01-01" }],
    ["DELETE", `/experiences/${UNKNOWN}`],
  ];

  it("401 signed out; 403 to program and facility users, on every route", async () => {
    for (const [method, path, body] of routes) {
      expect((await send(method, path, undefined, body)).status, `${method} ${path}`).toBe(401);
      for (const u of [coordinator, facilityUser]) {
        const res = await send(method, path, u, body);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.json.error.code).toBe("forbidden");
      }
    }
  });

  it("an admin viewing as a student without a linked record gets 404 'no student record', never someone's data", async () => {
    for (const [method, path, body] of routes) {
      const res = await send(method, path, admin, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json.error).toEqual({
        code: "no_student_record",
        message: "No student record is linked to your account",
      });
    }
  });

  it("an admin viewing as a picked student (?student=) reads exactly that student's records, and cannot write", async () => {
    const as = (path: string, id: string) => `${path}${path.includes("?") ? "&" : "?"}student=${id}`;
    const profile = await get(as("/profile", me.studentId!), admin);
    expect(profile.status).toBe(200);
    expect(profile.json.academic.email).toBe(me.email);
    const mine = await get("/profile", me);
    expect(profile.json).toEqual(mine.json);
    const dashboard = await get(as("/dashboard", me.studentId!), admin);
    expect(dashboard.status).toBe(200);
    expect(dashboard.json).toEqual((await get("/dashboard", me)).json);
    const other = await get(as("/profile", classmate.studentId!), admin);
    expect(other.json.academic.email).toBe(classmate.email);
    // Read only, whatever the route.
    for (const [method, path, body] of routes.filter(([m]) => m !== "GET")) {
      const res = await send(method, as(path, me.studentId!), admin, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.error.code).toBe("view_as_read_only");
    }
    // An unknown or malformed id is the same 404 as no record.
    for (const id of [UNKNOWN, "not-a-uuid", ""]) {
      const res = await get(as("/profile", id), admin);
      expect(res.status, id).toBe(404);
      expect(res.json.error.code).toBe("no_student_record");
    }
    // Nobody else can name a student: a student still reads their own, a coordinator is still refused.
    expect((await get(as("/profile", classmate.studentId!), me)).json.academic.email).toBe(me.email);
    expect((await get(as("/profile", me.studentId!), coordinator)).status).toBe(403);
  });
});

describe("browse and apply", () => {
  it("lists open placements with spots left and the student's own application ('Applied')", async () => {
    const u = await t.createUser("student", { organizationId: programId });
    const s = await studentRow(u);
    const tag = `Browse${Date.now()}`;
    const open = await createPlacement(db(), facilityId, { title: `${tag} open`, specialty: "Pediatrics" });
    const applied = await createPlacement(db(), facilityId, { title: `${tag} applied` });
    await createPlacement(db(), facilityId, { title: `${tag} full`, capacity: 2, slotsFilled: 2 });
    await createPlacement(db(), facilityId, { title: `${tag} draft`, status: "draft" });
    const unverified = await createFacility(t, { verified: false });
    await createPlacement(db(), unverified.id, { title: `${tag} unverified` });
    await createApplication(db(), s, applied.id);
    await createApplication(db(), await studentRow(classmate), open.id);

    const res = await get(`/placements?search=${tag}`, u);
    expect(res.status).toBe(200);
    const byTitle = Object.fromEntries(
      res.json.items.map((p: { title: string; myApplication: unknown }) => [p.title, p.myApplication]),
    );
    expect(Object.keys(byTitle).sort()).toEqual([`${tag} applied`, `${tag} open`]);
    expect(byTitle[`${tag} open`]).toBeNull();
    expect(byTitle[`${tag} applied`]).toMatchObject({ status: "pending" });

    const peds = await get(`/placements?search=${tag}&specialty=Pediatrics`, u);
    expect(peds.json.items.map((p: { title: string }) => p.title)).toEqual([`${tag} open`]);
    const window = await get(`/placements?search=${tag}&startFrom=${dayFromToday(100)}`, u);
    expect(window.json.items).toHaveLength(0);
    expect((await get("/placements?startFrom=tomorrow", u)).status).toBe(422);
  });

  it("applies with the student's own program; a second application is 409 whatever the browser does", async () => {
    const p = await createPlacement(db(), facilityId);
    const res = await send("POST", "/applications", me, { placementId: p.id, notes: "  Keen on nights  " });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({ status: "pending", placement: { id: p.id, facilityName: "Mercy General" } });
    const [row] = await db().select().from(applications).where(eq(applications.id, res.json.id));
    expect(row).toMatchObject({ studentId: me.studentId, programId, notes: "Keen on nights", submittedBy: me.userId });

    const again = await send("POST", "/applications", me, { placementId: p.id });
    expect(again.status).toBe(409);
    expect(again.json.error).toEqual({ code: "already_applied", message: "You already applied to this placement" });

    // The facility's coordinators hear about it.
    await t.drainJobs(); // mail is queued (ADR 015)
    expect((await t.mailTo(facilityUser.email))[0].subject).toMatch(/New application/);
  });

  it("ignores a program or student id sent by the browser", async () => {
    const p = await createPlacement(db(), facilityId);
    const other = await studentRow(classmate);
    const res = await send("POST", "/applications", me, {
      placementId: p.id,
      studentId: other.id,
      programId: UNKNOWN,
      studentIds: [other.id],
    });
    expect(res.status).toBe(201);
    const rows = await db().select().from(applications).where(eq(applications.placementId, p.id));
    expect(rows.map((r) => [r.studentId, r.programId])).toEqual([[me.studentId, programId]]);
  });

  it("refuses a full or closed placement (409) and an unknown or draft one (404); names bad fields (422)", async () => {
    const full = await createPlacement(db(), facilityId, { capacity: 1, slotsFilled: 1 });
    const closed = await createPlacement(db(), facilityId, { status: "closed" });
    const draft = await createPlacement(db(), facilityId, { status: "draft" });
    expect((await send("POST", "/applications", me, { placementId: full.id })).json.error.message).toBe(
      "This placement is full",
    );
    expect((await send("POST", "/applications", me, { placementId: closed.id })).status).toBe(409);
    expect((await send("POST", "/applications", me, { placementId: draft.id })).status).toBe(404);
    expect((await send("POST", "/applications", me, { placementId: UNKNOWN })).status).toBe(404);
    const bad = await send("POST", "/applications", me, { placementId: "x", notes: "n".repeat(2001) });
    expect(bad.status).toBe(422);
    expect(bad.json.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["notes", "placementId"]);
  });

  it("409 for a student withdrawn from the roster, 403 whose program is pending verification (the program route's codes)", async () => {
    const p = await createPlacement(db(), facilityId);
    const withdrawn = await t.createUser("student", { organizationId: programId });
    await db().update(students).set({ enrollmentStatus: "withdrawn" }).where(eq(students.id, withdrawn.studentId!));
    const gone = await send("POST", "/applications", withdrawn, { placementId: p.id });
    expect(gone.status).toBe(409);
    expect(gone.json.error.code).toBe("student_withdrawn");
    const pendingProgram = await createProgram(t, { verified: false });
    const early = await t.createUser("student", { organizationId: pendingProgram.id });
    const res = await send("POST", "/applications", early, { placementId: p.id });
    expect(res.status).toBe(403);
    expect(res.json.error.message).toMatch(/pending verification/);
    expect(res.json.error.code).toBe("program_unverified");
  });

  it.skipIf(!ON_POSTGRES)(
    "20 identical applications at once create exactly one (PostgreSQL only: PGlite is one connection, so requests cannot race there)",
    async () => {
      const p = await createPlacement(db(), facilityId, { title: "Race Rotation" });
      const u = await t.createUser("student", { organizationId: programId });
      const results = await Promise.all(
        Array.from({ length: 20 }, () => send("POST", "/applications", u, { placementId: p.id })),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((x) => x === 201)).toHaveLength(1);
      expect(statuses.filter((x) => x === 409)).toHaveLength(19);
      expect(await db().select().from(applications).where(eq(applications.placementId, p.id))).toHaveLength(1);
    },
  );
});

describe("my applications and withdraw (D7)", () => {
  it("lists only the student's own, sorted pending, approved, rejected, withdrawn, with the facility's notes", async () => {
    const u = await t.createUser("student", { organizationId: programId });
    const s = await studentRow(u);
    const mk = (title: string) => createPlacement(db(), facilityId, { title });
    const [w, r, a, p] = [await mk("W"), await mk("R"), await mk("A"), await mk("P")];
    await createApplication(db(), s, w.id, { status: "withdrawn" });
    await createApplication(db(), s, r.id, { status: "rejected", reviewNotes: "Cohort is full this term" });
    await createApplication(db(), s, a.id, { status: "approved", reviewNotes: "Welcome aboard" });
    await createApplication(db(), s, p.id);
    await createApplication(db(), await studentRow(classmate), p.id);

    const res = await get("/applications", u);
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(4);
    expect(res.json.items.map((i: { placement: { title: string } }) => i.placement.title)).toEqual([
      "P",
      "A",
      "R",
      "W",
    ]);
    expect(res.json.items[2]).toMatchObject({ status: "rejected", reviewNotes: "Cohort is full this term" });
    expect(res.json.items[0].placement.requirements).toEqual(["BLS certification"]);
    expect(res.json.items[0].facility).toEqual({ name: "Mercy General", city: "Chicago", state: "IL" });
    expect((await get("/applications", await t.createUser("student"))).json).toMatchObject({ items: [], total: 0 });
  });

  it("withdraws a pending one; an approved one frees its slot; rejected or withdrawn is 409", async () => {
    const u = await t.createUser("student", { organizationId: programId });
    const s = await studentRow(u);
    const p1 = await createPlacement(db(), facilityId);
    const p2 = await createPlacement(db(), facilityId, { slotsFilled: 1 });
    const p3 = await createPlacement(db(), facilityId);
    const pending = await createApplication(db(), s, p1.id);
    const approved = await createApplication(db(), s, p2.id, { status: "approved" });
    const rejected = await createApplication(db(), s, p3.id, { status: "rejected" });

    const w1 = await send("POST", `/applications/${pending.id}/withdraw`, u);
    expect(w1.status).toBe(200);
    expect(w1.json).toMatchObject({ status: "withdrawn", previousStatus: "pending" });
    const w2 = await send("POST", `/applications/${approved.id}/withdraw`, u);
    expect(w2.json).toMatchObject({ status: "withdrawn", previousStatus: "approved" });
    expect(await slotsOf(p2.id)).toBe(0);
    expect((await send("POST", `/applications/${pending.id}/withdraw`, u)).status).toBe(409);
    expect((await send("POST", `/applications/${rejected.id}/withdraw`, u)).status).toBe(409);
  });

  it("another student's application is 404 and stays as it was", async () => {
    const p = await createPlacement(db(), facilityId);
    const theirs = await createApplication(db(), await studentRow(classmate), p.id);
    for (const id of [theirs.id, UNKNOWN, "not-an-id"]) {
      const res = await send("POST", `/applications/${id}/withdraw`, me);
      expect(res.status).toBe(404);
    }
    const [row] = await db().select().from(applications).where(eq(applications.id, theirs.id));
    expect(row.status).toBe("pending");
  });
});
