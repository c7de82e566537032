import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayLabel } from "../../../domain/placements";
import { placements } from "../../db/schema/placements";
import { students } from "../../db/schema/students";
import { createDepartment, createPlacement, dayFromToday } from "../../factories/placements";
import { createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";
import { submitLines } from "../applications/submit";

// Issue 15, application deadlines: the facility sets one (on or before the end date, 422 naming
// the field otherwise), every placement read returns it, the searches and recommendations leave
// out a placement past its deadline, and applying after it is refused (409 naming the date).

let t: TestApp;
let facility: TestUser;
let program: TestUser;
let student: TestUser;
let deptId: string;

beforeAll(async () => {
  t = await createTestApp();
  facility = await t.createUser("facility");
  program = await t.createUser("program");
  student = await t.createUser("student", { organizationId: program.organizationId! });
  deptId = (await createDepartment(t.deps.db, facility.organizationId!, { name: "Deadline Unit", capacity: 1000 })).id;
});
afterAll(async () => {
  await t.close();
});

const db = () => t.deps.db;
const form = (over: Record<string, unknown> = {}) => ({
  title: "Deadline rotation",
  specialty: "Medical-Surgical",
  departmentId: deptId,
  startDate: "2034-03-06",
  endDate: "2034-04-28",
  capacity: 2,
  status: "active",
  ...over,
});
const create = (body: unknown) => t.call("POST", "/api/facility/placements", { cookie: facility.cookie, body });
const update = (id: string, body: unknown) =>
  t.call("PUT", `/api/facility/placements/${id}`, { cookie: facility.cookie, body });
const deadlineOf = async (id: string) =>
  (await db().select({ d: placements.applicationDeadline }).from(placements).where(eq(placements.id, id)))[0].d;

describe("the facility sets an application deadline", () => {
  it("stores it on create and returns it in the facility's list and detail", async () => {
    const res = await create(form({ applicationDeadline: "2034-02-13" }));
    expect(res.status).toBe(201);
    expect(res.json.applicationDeadline).toBe("2034-02-13");
    const detail = await t.call("GET", `/api/facility/placements/${res.json.id}`, { cookie: facility.cookie });
    expect(detail.json.applicationDeadline).toBe("2034-02-13");
    const list = await t.call("GET", "/api/facility/placements?pageSize=100", { cookie: facility.cookie });
    expect(list.json.items.find((p: { id: string }) => p.id === res.json.id).applicationDeadline).toBe("2034-02-13");
    // None is fine: empty or omitted.
    expect((await create(form({ applicationDeadline: "" }))).json.applicationDeadline).toBeNull();
    expect((await create(form())).json.applicationDeadline).toBeNull();
    // On the end date itself is the latest it may be.
    expect((await create(form({ applicationDeadline: "2034-04-28" }))).status).toBe(201);
  });

  it("refuses a deadline after the end date or not a date with 422 naming the field", async () => {
    for (const applicationDeadline of [
      "2034-04-29",
      "2034-02-30",
      "soon",
      "99999-01-01",
      20340101,
      "2034-01-01\u0000",
    ]) {
      const res = await create(form({ applicationDeadline }));
      expect(res.status, String(applicationDeadline)).toBe(422);
      expect(res.json.error.issues.map((i: { path: string }) => i.path)).toEqual(["applicationDeadline"]);
    }
    const after = await create(form({ applicationDeadline: "2034-04-29" }));
    expect(after.json.error.issues[0].message).toBe("Application deadline must be on or before the end date");
  });

  it("an edit without the field keeps it, null clears it, and new dates must still fit it (422)", async () => {
    const { json: p } = await create(form({ applicationDeadline: "2034-02-20" }));
    const kept = await update(p.id, form({ title: "Renamed" }));
    expect(kept.status).toBe(200);
    expect(kept.json.applicationDeadline).toBe("2034-02-20");
    // Ending before the kept deadline: refused, nothing changed (never the database's 500).
    const early = await update(p.id, form({ startDate: "2034-02-01", endDate: "2034-02-10" }));
    expect(early.status).toBe(422);
    expect(early.json.error.issues[0].path).toBe("applicationDeadline");
    expect(await deadlineOf(p.id)).toBe("2034-02-20");
    const moved = await update(p.id, form({ applicationDeadline: "2034-03-01" }));
    expect(moved.json.applicationDeadline).toBe("2034-03-01");
    const cleared = await update(p.id, form({ applicationDeadline: null }));
    expect(cleared.status).toBe(200);
    expect(cleared.json.applicationDeadline).toBeNull();
  });

  it("a duplicate for the next term keeps the deadline as far before its new start", async () => {
    const { json: p } = await create(form({ applicationDeadline: "2034-02-13", status: "draft" }));
    const copy = await t.call("POST", `/api/facility/placements/${p.id}/duplicate`, { cookie: facility.cookie });
    expect(copy.status).toBe(201);
    expect(copy.json.startDate).toBe("2034-05-01");
    expect(copy.json.applicationDeadline).toBe("2034-04-10");
  });
});

describe("a placement past its deadline", () => {
  const tag = `Deadline${Date.now()}`;
  let past: { id: string };
  let today: { id: string };
  let later: { id: string };
  let none: { id: string };

  beforeAll(async () => {
    const mk = (title: string, applicationDeadline: string | null) =>
      createPlacement(db(), facility.organizationId!, {
        departmentId: deptId,
        title: `${tag} ${title}`,
        specialty: "Pediatrics",
        startDate: dayFromToday(40),
        endDate: dayFromToday(90),
        applicationDeadline,
      });
    past = await mk("past", dayFromToday(-1));
    today = await mk("today", dayFromToday(0));
    later = await mk("later", dayFromToday(10));
    none = await mk("none", null);
  });

  it("is hidden from the program's and the student's searches; the deadline day itself still shows", async () => {
    const expected = [today.id, later.id, none.id].sort();
    const prog = await t.call("GET", `/api/placements?search=${tag}`, { cookie: program.cookie });
    expect(prog.status).toBe(200);
    expect(prog.json.items.map((p: { id: string }) => p.id).sort()).toEqual(expected);
    expect(prog.json.items.find((p: { id: string }) => p.id === later.id)).toMatchObject({
      applicationDeadline: dayFromToday(10),
      acceptsApplications: true,
    });
    const stud = await t.call("GET", `/api/me/student/placements?search=${tag}`, { cookie: student.cookie });
    expect(stud.json.items.map((p: { id: string }) => p.id).sort()).toEqual(expected);
    // A link to it still explains itself: found, not taking applications.
    const one = await t.call("GET", `/api/placements/${past.id}`, { cookie: program.cookie });
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ applicationDeadline: dayFromToday(-1), acceptsApplications: false });
    const mine = await t.call("GET", `/api/facility/placements/${past.id}`, { cookie: facility.cookie });
    expect(mine.json.acceptsApplications).toBe(false);
  });

  it("refuses the program's and the student's applications with 409 naming the date", async () => {
    const s = await createStudent(t, program.organizationId!);
    const message = `The application deadline for this placement was ${dayLabel(dayFromToday(-1))}: it no longer takes applications`;
    const prog = await t.call("POST", "/api/applications", {
      cookie: program.cookie,
      body: { placementId: past.id, studentIds: [s.id] },
    });
    expect(prog.status).toBe(409);
    expect(prog.json.error).toMatchObject({ code: "deadline_passed", message });
    const own = await t.call("POST", "/api/me/student/applications", {
      cookie: student.cookie,
      body: { placementId: past.id },
    });
    expect(own.status).toBe(409);
    expect(own.json.error).toMatchObject({ code: "deadline_passed", message });
    // On the deadline day it still takes them.
    const onTheDay = await t.call("POST", "/api/me/student/applications", {
      cookie: student.cookie,
      body: { placementId: today.id },
    });
    expect(onTheDay.status).toBe(201);
  });

  it("refuses a bulk proposal's line to it (the deadline passed after the run), with the reason", async () => {
    const s = await createStudent(t, program.organizationId!);
    const out = await submitLines(
      t.deps,
      program.userId,
      { kind: "program", programId: program.organizationId! },
      {
        lines: [{ studentId: s.id, placementId: past.id }],
        notes: null,
      },
    );
    expect(out).toEqual([
      {
        studentId: s.id,
        placementId: past.id,
        refused: expect.objectContaining({
          code: "deadline_passed",
          reason: `The application deadline for this placement was ${dayLabel(dayFromToday(-1))}: it no longer takes applications`,
        }),
      },
    ]);
  });

  it("is left out of a bulk matching run's pool", async () => {
    const res = await t.call("POST", "/api/matching/preview", {
      cookie: program.cookie,
      body: { window: { from: dayFromToday(30), to: dayFromToday(60) }, pool: { facilityId: facility.organizationId } },
    });
    expect(res.status).toBe(200);
    // today, later and none: three placements of 5 seats; the one past its deadline is not offered.
    expect(res.json.placements).toEqual({ total: 3, seats: 15 });
  });

  it("is never recommended to a student", async () => {
    await db().update(students).set({ gpa: "3.50" }).where(eq(students.id, student.studentId!));
    const prefs = await t.call("PUT", "/api/me/student/preferences", {
      cookie: student.cookie,
      body: { specialtyInterests: ["Pediatrics"] },
    });
    expect(prefs.status).toBe(200);
    const res = await t.call("GET", "/api/me/student/recommendations", { cookie: student.cookie });
    expect(res.status).toBe(200);
    const ids = res.json.items.map((i: { placement: { id: string } }) => i.placement.id);
    expect(ids).toContain(later.id);
    expect(ids).not.toContain(past.id);
    const item = res.json.items.find((i: { placement: { id: string } }) => i.placement.id === later.id);
    expect(item.placement.applicationDeadline).toBe(dayFromToday(10));
  });
});
