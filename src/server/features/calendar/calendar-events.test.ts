import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalendarEvent, CalendarQuery } from "../../../domain/calendar";
import { auditLog } from "../../db/schema/audit";
import { complianceDocuments, programRequirements } from "../../db/schema/compliance";
import { createApplication } from "../../factories/applications";
import { createDepartment, createPlacement, dayFromToday } from "../../factories/placements";
import { createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";
import { assignPreceptor } from "../rotations/test-factories";
import { findCalendarEvent, listCalendarEvents } from "./service";

// The calendar's events through the API (issue 15): what each role sees (and never another
// organization's), the filters, conflicts, coordinators' own events with their audiences and
// weekly recurrence across a DST change.

let t: TestApp;
let programA: TestUser;
let programB: TestUser;
let facilityF: TestUser;
let facilityG: TestUser;
let admin: TestUser;
let studentA: TestUser;
let none: TestUser;

const base = dayFromToday(30);
const day = (n: number) => dayFromToday(30 + n);
const range = `from=${day(-10)}&to=${day(70)}`;
const ids: Record<string, string> = {};

type Item = CalendarEvent;
const list = async (who: TestUser, query = "") => {
  const res = await t.call("GET", `/api/calendar/events?${range}${query}`, { cookie: who.cookie });
  expect(res.status).toBe(200);
  return res.json.items as Item[];
};
const idsOf = (items: Item[]) => items.map((e) => e.id).sort();
const event = (over: object = {}) => ({
  title: "Orientation day",
  category: "orientation",
  startsAt: `${day(1)}T14:00:00Z`,
  endsAt: `${day(1)}T16:00:00Z`,
  timeZone: "UTC",
  ...over,
});
const create = async (who: TestUser, body: object) => {
  const res = await t.call("POST", "/api/calendar/events", { cookie: who.cookie, body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as Item;
};

beforeAll(async () => {
  t = await createTestApp();
  [programA, programB, facilityF, facilityG, admin, none] = await Promise.all([
    t.createUser("program"),
    t.createUser("program"),
    t.createUser("facility"),
    t.createUser("facility"),
    t.createUser("admin"),
    t.createUser("none"),
  ]);
  studentA = await t.createUser("student", { organizationId: programA.organizationId! });
  const db = t.deps.db;
  const studentB = await createStudent(t, programB.organizationId!, { firstName: "Bea", lastName: "Other" });
  const dept = await createDepartment(db, facilityF.organizationId!, {
    name: "Pediatrics ward",
    specialty: "Pediatrics",
  });
  const p1 = await createPlacement(db, facilityF.organizationId!, {
    title: "Peds rotation",
    specialty: "Pediatrics",
    departmentId: dept.id,
    startDate: base,
    endDate: day(40),
    applicationDeadline: day(-5),
  });
  const p2 = await createPlacement(db, facilityF.organizationId!, {
    title: "Med-surg",
    startDate: day(35),
    endDate: day(60),
  });
  const p3 = await createPlacement(db, facilityG.organizationId!, {
    title: "Elsewhere",
    startDate: base,
    endDate: day(20),
    applicationDeadline: day(-3),
  });
  const draft = await createPlacement(db, facilityF.organizationId!, {
    status: "draft",
    startDate: base,
    endDate: day(10),
  });
  const a = { id: studentA.studentId!, programId: programA.organizationId! };
  const approved = { status: "approved" as const, reviewedAt: new Date() };
  const a1 = await createApplication(db, a, p1.id, approved);
  const a2 = await createApplication(db, a, p2.id, approved);
  const b1 = await createApplication(db, studentB, p1.id, approved);
  await createApplication(db, studentB, p3.id); // pending: no rotation
  await db.insert(programRequirements).values({ programId: programA.organizationId!, requirementTypeId: "bls" });
  const doc = (studentId: string, expiresOn: string) => ({
    studentId,
    requirementTypeId: "bls",
    status: "approved" as const,
    issuedOn: day(-300),
    expiresOn,
    fileKey: randomUUID(),
    fileName: "bls.pdf",
    contentType: "application/pdf",
    sizeBytes: 100,
    sha256: "0".repeat(64),
    reviewedAt: new Date(),
  });
  const [docA, docB] = await db
    .insert(complianceDocuments)
    .values([doc(a.id, day(10)), doc(studentB.id, day(12))])
    .returning();
  Object.assign(ids, {
    p1: p1.id,
    p2: p2.id,
    p3: p3.id,
    draft: draft.id,
    dept: dept.id,
    a1: a1.id,
    a2: a2.id,
    b1: b1.id,
    docA: docA!.id,
    docB: docB!.id,
    studentB: studentB.id,
  });
  const evs = {
    aOrg: await create(programA, event({ title: "Program A faculty meeting", category: "meeting" })),
    aStudents: await create(programA, event({ title: "Program A orientation", audience: "students" })),
    bOrg: await create(programB, event({ title: "Program B meeting" })),
    fStudents: await create(facilityF, event({ title: "F orientation", audience: "students" })),
    fPlacement: await create(facilityF, event({ title: "Peds huddle", audience: "placement", placementId: p1.id })),
    gStudents: await create(facilityG, event({ title: "G orientation", audience: "students" })),
  };
  for (const [k, v] of Object.entries(evs)) ids[k] = v.id;
});
afterAll(async () => {
  await t.close();
});

describe("who sees what", () => {
  it("a program: its students' rotations and expiries, marketplace deadlines, its own events and those addressed to its students", async () => {
    const items = await list(programA);
    expect(idsOf(items)).toEqual(
      [
        `rotation-${ids.a1}`,
        `rotation-${ids.a2}`,
        `expiry-${ids.docA}`,
        `deadline-${ids.p1}`,
        `deadline-${ids.p3}`,
        ids.aOrg,
        ids.aStudents,
        ids.fStudents,
        ids.fPlacement,
      ].sort(),
    );
    const rotation = items.find((e) => e.id === `rotation-${ids.a1}`)!;
    expect(rotation).toMatchObject({
      kind: "rotation",
      allDay: true,
      start: base,
      end: day(40),
      placementId: ids.p1,
      departmentId: ids.dept,
      specialty: "Pediatrics",
      applicationId: ids.a1,
      editable: false,
    });
    expect(rotation.sequence).toBeGreaterThan(0);
    expect(items.find((e) => e.id === ids.aOrg)!.editable).toBe(true);
    expect(items.find((e) => e.id === ids.fStudents)!.editable).toBe(false);
  });

  it("another program never sees the first program's students' rotations, expiries or organization-only events", async () => {
    const items = await list(programB);
    expect(idsOf(items)).toEqual(
      [
        `rotation-${ids.b1}`,
        `expiry-${ids.docB}`,
        `deadline-${ids.p1}`,
        `deadline-${ids.p3}`,
        ids.bOrg,
        ids.fStudents,
        ids.fPlacement,
      ].sort(),
    );
    // Naming the first program's records changes nothing.
    const named = await list(programB, `&programId=${programA.organizationId}&studentId=${studentA.studentId}`);
    expect(named).toEqual([]);
  });

  it("a facility: rotations at its placements, its placements' spans and deadlines, expiries of students placed with it, its own events", async () => {
    const items = await list(facilityF);
    expect(idsOf(items)).toEqual(
      [
        `rotation-${ids.a1}`,
        `rotation-${ids.a2}`,
        `rotation-${ids.b1}`,
        `placement-${ids.p1}`,
        `placement-${ids.p2}`,
        `deadline-${ids.p1}`,
        `expiry-${ids.docA}`,
        `expiry-${ids.docB}`,
        ids.fStudents,
        ids.fPlacement,
      ].sort(),
    );
    const other = await list(facilityG);
    expect(idsOf(other)).toEqual([`placement-${ids.p3}`, `deadline-${ids.p3}`, ids.gStudents].sort());
  });

  it("a student: their own rotations and expiry, marketplace deadlines, events addressed to them (never organization-only ones)", async () => {
    const items = await list(studentA);
    expect(idsOf(items)).toEqual(
      [
        `rotation-${ids.a1}`,
        `rotation-${ids.a2}`,
        `expiry-${ids.docA}`,
        `deadline-${ids.p1}`,
        `deadline-${ids.p3}`,
        ids.aStudents,
        ids.fStudents,
        ids.fPlacement,
      ].sort(),
    );
    expect(items.every((e) => !e.editable)).toBe(true);
    const named = await list(studentA, `&studentId=${ids.studentB}`);
    expect(named).toEqual([]);
  });

  it("the student's own calendar: the same events; an admin viewing as the student sees exactly those, read only", async () => {
    const own = await list(studentA);
    const mine = await t.call("GET", `/api/me/student/calendar/events?${range}`, { cookie: studentA.cookie });
    expect(mine.status).toBe(200);
    expect(idsOf(mine.json.items)).toEqual(idsOf(own));
    const viewed = await t.call("GET", `/api/me/student/calendar/events?${range}&student=${studentA.studentId}`, {
      cookie: admin.cookie,
    });
    expect(viewed.status).toBe(200);
    expect(idsOf(viewed.json.items)).toEqual(idsOf(own));
    expect(viewed.json.items.some((e: Item) => e.editable)).toBe(false);
    // An admin without a pick has no student record; a coordinator is not a student.
    const unpicked = await t.call("GET", `/api/me/student/calendar/events?${range}`, { cookie: admin.cookie });
    expect(unpicked.status).toBe(404);
    const coordinator = await t.call("GET", `/api/me/student/calendar/events?${range}`, { cookie: programA.cookie });
    expect(coordinator.status).toBe(403);
  });

  it("admins see everything and narrow by program or facility; a user without standing gets 403, signed out 401", async () => {
    const all = idsOf(await list(admin));
    for (const id of [`rotation-${ids.b1}`, `placement-${ids.p3}`, ids.bOrg, ids.gStudents, `expiry-${ids.docB}`]) {
      expect(all).toContain(id);
    }
    expect(all).not.toContain(`placement-${ids.draft}`);
    const narrowed = await list(admin, `&programId=${programB.organizationId}`);
    expect(idsOf(narrowed)).toEqual([`rotation-${ids.b1}`, `expiry-${ids.docB}`, ids.bOrg].sort());
    const mine = await list(admin);
    expect(mine.filter((e) => e.kind === "custom").every((e) => e.editable)).toBe(true);
    expect(mine.filter((e) => e.kind !== "custom").some((e) => e.editable)).toBe(false);
    const refused = await t.call("GET", `/api/calendar/events?${range}`, { cookie: none.cookie });
    expect(refused.status).toBe(403);
    expect((await t.call("GET", `/api/calendar/events?${range}`)).status).toBe(401);
  });

  it("finds one event by its stable id, 404 when the caller may not see it", async () => {
    const db = t.deps.db;
    const program = { kind: "program" as const, programId: programB.organizationId! };
    expect((await findCalendarEvent(db, program, `rotation-${ids.b1}`)).applicationId).toBe(ids.b1);
    await expect(findCalendarEvent(db, program, `rotation-${ids.a1}`)).rejects.toMatchObject({ status: 404 });
    await expect(findCalendarEvent(db, program, `expiry-${ids.docA}`)).rejects.toMatchObject({ status: 404 });
    await expect(findCalendarEvent(db, program, ids.aOrg)).rejects.toMatchObject({ status: 404 });
    await expect(findCalendarEvent(db, program, "rotation-nope")).rejects.toMatchObject({ status: 404 });
    expect((await findCalendarEvent(db, program, ids.fPlacement)).title).toBe("Peds huddle");
  });

  it("a preceptor: the routes refuse them; their standing reaches only the rotation assigned to them", async () => {
    const preceptor = await t.createUser("preceptor", { organizationId: facilityF.organizationId! });
    const refused = await t.call("GET", `/api/calendar/events?${range}`, { cookie: preceptor.cookie });
    expect(refused.status).toBe(403);
    await assignPreceptor(
      t.deps.db,
      {
        id: ids.a1,
        studentId: studentA.studentId!,
        programId: programA.organizationId!,
        facilityId: facilityF.organizationId!,
      },
      preceptor.userId,
    );
    const scope = { kind: "preceptor" as const, facilityId: facilityF.organizationId!, userId: preceptor.userId };
    const items = await listCalendarEvents(t.deps.db, scope, { from: day(-10), to: day(70) } as CalendarQuery);
    // Not the facility's other rotations, nor expiries (documents), deadlines or events.
    expect(idsOf(items)).toEqual([`rotation-${ids.a1}`]);
    await expect(findCalendarEvent(t.deps.db, scope, `expiry-${ids.docA}`)).rejects.toMatchObject({ status: 404 });
  });
});

describe("filters and range", () => {
  it("narrows by kind, student, facility, department and specialty; leaves out what lies outside the days", async () => {
    expect(idsOf(await list(programA, "&kinds=deadline"))).toEqual([`deadline-${ids.p1}`, `deadline-${ids.p3}`].sort());
    expect(idsOf(await list(facilityF, `&studentId=${ids.studentB}`))).toEqual(
      [`rotation-${ids.b1}`, `expiry-${ids.docB}`].sort(),
    );
    expect(idsOf(await list(admin, `&facilityId=${facilityG.organizationId}&kinds=placement,deadline,custom`))).toEqual(
      [`placement-${ids.p3}`, `deadline-${ids.p3}`, ids.gStudents].sort(),
    );
    expect(idsOf(await list(facilityF, `&departmentId=${ids.dept}`))).toEqual(
      [`rotation-${ids.a1}`, `rotation-${ids.b1}`, `placement-${ids.p1}`, `deadline-${ids.p1}`, ids.fPlacement].sort(),
    );
    expect(idsOf(await list(facilityF, "&specialty=Pediatrics&kinds=rotation"))).toEqual(
      [`rotation-${ids.a1}`, `rotation-${ids.b1}`].sort(),
    );
    const late = await t.call("GET", `/api/calendar/events?from=${day(50)}&to=${day(55)}&kinds=rotation`, {
      cookie: programA.cookie,
    });
    expect(idsOf(late.json.items)).toEqual([`rotation-${ids.a2}`]);
  });

  it("answers 422 naming the field for a bad range, kind or id; never 500", async () => {
    const bad = async (query: string, path: string) => {
      const res = await t.call("GET", `/api/calendar/events?${query}`, { cookie: programA.cookie });
      expect(res.status).toBe(422);
      expect(res.json.error.issues.map((i: { path: string }) => i.path)).toContain(path);
    };
    await bad("from=2026-03-31&to=2026-03-01", "to");
    await bad("from=2026-01-01&to=2028-01-01", "to");
    await bad("from=2026-01-01&to=2026-02-01&kinds=party", "kinds");
    await bad("from=2026-01-01&to=2026-02-01&studentId=nope", "studentId");
    await bad("to=2026-02-01", "from");
    await bad("from=99999-01-01&to=2026-02-01", "from");
  });

  it("answers a repeated query parameter without a 500", async () => {
    const res = await t.call(
      "GET",
      `/api/calendar/events?${range}&from=${day(0)}&kinds=rotation&kinds=custom&studentId=${ids.studentB}&studentId=x`,
      { cookie: programA.cookie },
    );
    expect([200, 422]).toContain(res.status);
  });

  it("answers 20 identical reads at once alike", async () => {
    const all = await Promise.all(
      Array.from({ length: 20 }, () => t.call("GET", `/api/calendar/events?${range}`, { cookie: programA.cookie })),
    );
    expect(new Set(all.map((r) => r.status))).toEqual(new Set([200]));
    expect(new Set(all.map((r) => r.text)).size).toBe(1);
  });
});

describe("conflicts", () => {
  it("marks overlapping rotations (naming the other) and requirements not valid through the end (fixed clock)", async () => {
    const scope = { kind: "program" as const, programId: programA.organizationId! };
    const q = { from: day(-10), to: day(70), kinds: ["rotation"] } as CalendarQuery;
    const items = await listCalendarEvents(t.deps.db, scope, q, { today: dayFromToday(0) });
    const r1 = items.find((e) => e.id === `rotation-${ids.a1}`)!;
    expect(r1.conflicts.map((c) => c.kind)).toEqual(["overlap", "compliance"]);
    expect(r1.conflicts[0]!.message).toContain("Med-surg");
    expect(r1.conflicts[1]!.message).toMatch(
      new RegExp(`^Requirements not valid through ${day(40)}: .+ \\(expires before the rotation ends\\)$`),
    );
    // Once the rotation has ended, readiness no longer matters; the overlap still does.
    const later = await listCalendarEvents(t.deps.db, scope, q, { today: day(41) });
    expect(later.find((e) => e.id === `rotation-${ids.a1}`)!.conflicts.map((c) => c.kind)).toEqual(["overlap"]);
    // Program B has no requirements: its student's rotation has no conflict.
    const b = await listCalendarEvents(t.deps.db, { kind: "program", programId: programB.organizationId! }, q);
    expect(b.find((e) => e.id === `rotation-${ids.b1}`)!.conflicts).toEqual([]);
  });
});

describe("coordinators' own events", () => {
  it("creates, changes (SEQUENCE grows) and removes; another organization's event is 404", async () => {
    const created = await create(facilityF, event({ title: "Site visit", category: "site_visit", location: "Lobby" }));
    expect(created).toMatchObject({
      kind: "custom",
      title: "Site visit",
      sequence: 0,
      editable: true,
      location: "Lobby",
    });
    const put = (who: TestUser, body: object) =>
      t.call("PUT", `/api/calendar/events/${created.eventId}`, { cookie: who.cookie, body });
    const updated = await put(
      facilityF,
      event({ title: "Site visit (moved)", startsAt: `${day(2)}T14:00:00Z`, endsAt: `${day(2)}T15:00:00Z` }),
    );
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ title: "Site visit (moved)", sequence: 1, start: `${day(2)}T14:00:00.000Z` });
    expect((await put(facilityF, event({ title: "Again" }))).json.sequence).toBe(2);
    expect((await put(facilityG, event({ title: "Taken" }))).status).toBe(404);
    expect((await put(programA, event({ title: "Taken" }))).status).toBe(404);
    expect((await put(studentA, event({ title: "Taken" }))).status).toBe(403);
    const del = (who: TestUser) => t.call("DELETE", `/api/calendar/events/${created.eventId}`, { cookie: who.cookie });
    expect((await del(facilityG)).status).toBe(404);
    expect((await del(facilityF)).json).toEqual({ id: created.eventId, deleted: true });
    expect((await del(facilityF)).status).toBe(404);
    expect((await t.call("DELETE", "/api/calendar/events/not-a-uuid", { cookie: facilityF.cookie })).status).toBe(404);
  });

  it("admins name the organization (422 without, 404 for an unknown one) and may change any", async () => {
    const none = await t.call("POST", "/api/calendar/events", { cookie: admin.cookie, body: event() });
    expect(none.status).toBe(422);
    expect(none.json.error.issues).toEqual([
      { path: "organizationId", message: "Choose the program or facility it belongs to" },
    ]);
    const unknown = await t.call("POST", "/api/calendar/events", {
      cookie: admin.cookie,
      body: event({ organizationId: randomUUID() }),
    });
    expect(unknown.status).toBe(404);
    const made = await create(admin, event({ organizationId: programB.organizationId }));
    expect(made.programId).toBe(programB.organizationId);
    // The audit entry names the stored event and its organization.
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "POST /api/calendar/events"), eq(auditLog.entityId, made.eventId!)));
    expect(audit).toMatchObject({ organizationId: programB.organizationId });
    expect(idsOf(await list(programB, "&kinds=custom"))).toContain(made.id);
    // A coordinator naming another organization still writes to their own (D1).
    const forged = await create(programA, event({ organizationId: programB.organizationId }));
    expect(forged.programId).toBe(programA.organizationId);
  });

  it("answers 422 naming each bad field, including another facility's placement and a program's placement audience", async () => {
    const bad = async (who: TestUser, body: object, paths: string[]) => {
      const res = await t.call("POST", "/api/calendar/events", { cookie: who.cookie, body });
      expect(res.status, JSON.stringify(res.json)).toBe(422);
      expect(res.json.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(paths.sort());
    };
    await bad(programA, {}, ["title", "startsAt", "endsAt", "timeZone"]);
    await bad(programA, event({ title: "x".repeat(201) }), ["title"]);
    await bad(programA, event({ endsAt: `${day(1)}T13:00:00Z` }), ["endsAt"]);
    await bad(programA, event({ startsAt: "1899-12-31T00:00:00Z" }), ["startsAt"]);
    await bad(programA, event({ endsAt: "+275760-09-13T00:00:00Z" }), ["endsAt"]);
    await bad(programA, event({ timeZone: "Nowhere/Town" }), ["timeZone"]);
    await bad(programA, event({ recurrence: { days: ["MO"], count: 500 } }), ["recurrence.count"]);
    await bad(facilityF, event({ audience: "placement" }), ["placementId"]);
    await bad(facilityF, event({ audience: "placement", placementId: ids.p3 }), ["placementId"]);
    await bad(programA, event({ audience: "placement", placementId: ids.p1 }), ["audience"]);
    const form = await t.call("POST", "/api/calendar/events", {
      cookie: programA.cookie,
      body: "title=Hi&startsAt=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBeGreaterThanOrEqual(400);
    expect(form.status).toBeLessThan(500);
    const huge = await t.call("POST", "/api/calendar/events", {
      cookie: programA.cookie,
      body: event({ description: "x".repeat(300_000) }),
    });
    expect([413, 422]).toContain(huge.status);
  });

  it("expands a weekly series across the change to daylight saving time at 09:00 local, and raises its end", async () => {
    const res = await create(programA, {
      title: "Weekly check-in",
      category: "meeting",
      startsAt: "2026-03-02T15:00:00Z",
      endsAt: "2026-03-02T16:00:00Z",
      timeZone: "America/Chicago",
      recurrence: { days: ["MO"], count: 4 },
    });
    expect(res.recurrence).toBe("FREQ=WEEKLY;BYDAY=MO;COUNT=4");
    const occurrences = await t.call("GET", "/api/calendar/events?from=2026-03-01&to=2026-03-31&kinds=custom", {
      cookie: programA.cookie,
    });
    const mine = (occurrences.json.items as Item[]).filter((e) => e.id === res.id);
    expect(mine.map((e) => [e.start, e.end])).toEqual([
      ["2026-03-02T15:00:00.000Z", "2026-03-02T16:00:00.000Z"],
      ["2026-03-09T14:00:00.000Z", "2026-03-09T15:00:00.000Z"],
      ["2026-03-16T14:00:00.000Z", "2026-03-16T15:00:00.000Z"],
      ["2026-03-23T14:00:00.000Z", "2026-03-23T15:00:00.000Z"],
    ]);
    // Only the occurrences inside the days asked, each read in the event's zone.
    const one = await t.call("GET", "/api/calendar/events?from=2026-03-16&to=2026-03-16&kinds=custom", {
      cookie: programA.cookie,
    });
    expect((one.json.items as Item[]).filter((e) => e.id === res.id).map((e) => e.start)).toEqual([
      "2026-03-16T14:00:00.000Z",
    ]);
    const after = await t.call("GET", "/api/calendar/events?from=2026-03-24&to=2026-04-30&kinds=custom", {
      cookie: programA.cookie,
    });
    expect((after.json.items as Item[]).filter((e) => e.id === res.id)).toEqual([]);
  });

  it("a series until a date includes that day in its zone (Europe/Paris, across the March change)", async () => {
    const res = await create(facilityF, {
      title: "Ward round",
      startsAt: "2026-03-24T07:00:00Z", // Tuesday 08:00 in Paris (UTC+1)
      endsAt: "2026-03-24T08:00:00Z",
      timeZone: "Europe/Paris",
      recurrence: { days: ["TU", "TH"], until: "2026-04-02" },
    });
    const items = await t.call("GET", "/api/calendar/events?from=2026-03-20&to=2026-04-10&kinds=custom", {
      cookie: facilityF.cookie,
    });
    expect((items.json.items as Item[]).filter((e) => e.id === res.id).map((e) => e.start)).toEqual([
      "2026-03-24T07:00:00.000Z",
      "2026-03-26T07:00:00.000Z",
      "2026-03-31T06:00:00.000Z",
      "2026-04-02T06:00:00.000Z",
    ]);
  });
});
