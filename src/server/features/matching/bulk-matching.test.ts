import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications } from "../../db/schema/applications";
import { createApplication } from "../../factories/applications";
import { createPlacement, dayFromToday } from "../../factories/placements";
import { createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

// Bulk matching for a program (issue 13) through the API: who may run, read and submit a run (a
// coordinator for their own program, an admin naming one; another program's coordinator gets 404),
// the students and placements a run takes, its progress and its two proposals (the job queue's
// worker computes them: drainJobs runs it), a student's candidates, and the submission of a
// proposal's lines: one transaction, each line submitted or refused with its reason.

let t: TestApp;
let coordinator: TestUser;
let other: TestUser;
let pending: TestUser;
let facilityUser: TestUser;
let studentUser: TestUser;
let admin: TestUser;
let programId: string;
let facilityId: string;
const window = { from: dayFromToday(300), to: dayFromToday(360) };
type Row = { id: string; programId: string };
const s: Record<string, Row> = {};
const p: Record<string, { id: string }> = {};

const run = (cookie: string, body: unknown) => t.call("POST", "/api/matching/runs", { cookie, body });
const get = (cookie: string, id: string) => t.call("GET", `/api/matching/runs/${id}`, { cookie });
const submit = (cookie: string, id: string, lines: { studentId: string; placementId: string }[]) =>
  t.call("POST", `/api/matching/runs/${id}/submit`, { cookie, body: { lines } });
const pool = () => ({ facilityId });

beforeAll(async () => {
  t = await createTestApp();
  const program = await t.createOrganization("program");
  programId = program.id;
  coordinator = await t.createUser("program", { organizationId: programId });
  other = await t.createUser("program");
  pending = await t.createUser("program", {
    organizationId: (await t.createOrganization("program", undefined, false)).id,
  });
  facilityUser = await t.createUser("facility");
  studentUser = await t.createUser("student");
  admin = await t.createUser("admin");
  const facility = await t.createOrganization("facility");
  facilityId = facility.id;
  const elsewhere = await t.createOrganization("facility");
  const db = t.deps.db;
  const at = (start: number, end: number) => ({ startDate: dayFromToday(start), endDate: dayFromToday(end) });
  p.icu = await createPlacement(db, facilityId, {
    title: "ICU rotation",
    specialty: "Intensive Care (ICU)",
    capacity: 1,
    ...at(310, 340),
  });
  p.peds = await createPlacement(db, facilityId, {
    title: "Peds rotation",
    specialty: "Pediatrics",
    capacity: 2,
    ...at(320, 350),
  });
  p.medsurg = await createPlacement(db, facilityId, {
    title: "Med-Surg rotation",
    specialty: "Medical-Surgical",
    capacity: 1,
    ...at(330, 400),
  });
  // Not in any pool: full, a draft, starting after the window.
  p.full = await createPlacement(db, facilityId, { capacity: 1, slotsFilled: 1, ...at(310, 340) });
  p.draft = await createPlacement(db, facilityId, { status: "draft", ...at(310, 340) });
  p.later = await createPlacement(db, facilityId, at(400, 430));
  // At another facility: rotations that overlap.
  p.busy = await createPlacement(db, elsewhere.id, at(305, 340));
  p.after = await createPlacement(db, elsewhere.id, at(370, 390));

  s.ana = await createStudent(t, programId, {
    firstName: "Ana",
    lastName: "Icu",
    specialtyInterest: "Intensive Care (ICU)",
    gpa: "3.90",
  });
  s.ben = await createStudent(t, programId, {
    firstName: "Ben",
    lastName: "Icu",
    specialtyInterest: "Intensive Care (ICU)",
    gpa: "3.20",
  });
  s.cy = await createStudent(t, programId, {
    firstName: "Cy",
    lastName: "Peds",
    specialtyInterest: "Pediatrics",
    gpa: "3.50",
  });
  s.dee = await createStudent(t, programId, {
    firstName: "Dee",
    lastName: "Med",
    specialtyInterest: "Medical-Surgical",
  });
  // Applied to the ICU rotation already: it is not one of her candidates.
  s.eve = await createStudent(t, programId, {
    firstName: "Eve",
    lastName: "Applied",
    specialtyInterest: "Intensive Care (ICU)",
  });
  await createApplication(db, s.eve, p.icu.id);
  // Approved on dates overlapping the window: not in a run.
  s.fay = await createStudent(t, programId, { firstName: "Fay", lastName: "Placed" });
  await createApplication(db, s.fay, p.busy.id, { status: "approved", reviewedAt: new Date() });
  // Approved after the window, overlapping the Med-Surg rotation only: in the run, not its candidate.
  s.gus = await createStudent(t, programId, {
    firstName: "Gus",
    lastName: "Later",
    specialtyInterest: "Medical-Surgical",
  });
  await createApplication(db, s.gus, p.after.id, { status: "approved", reviewedAt: new Date() });
  // Withdrawn from the roster: not in a run.
  s.hal = await createStudent(t, programId, {
    firstName: "Hal",
    lastName: "Gone",
    enrollmentStatus: "withdrawn",
    withdrawnAt: new Date(),
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const inRun = ["ana", "ben", "cy", "dee", "eve", "gus"];

describe("preview", () => {
  it("counts the run's students and placements, and lists the pool's facilities", async () => {
    const res = await t.call("POST", "/api/matching/preview", {
      cookie: coordinator.cookie,
      body: { window, pool: pool() },
    });
    expect(res.status).toBe(200);
    expect(res.json.students.total).toBe(inRun.length);
    expect(res.json.students.items.map((x: { id: string }) => x.id).sort()).toEqual(inRun.map((k) => s[k].id).sort());
    expect(res.json.placements).toEqual({ total: 3, seats: 4 });
    expect(res.json.facilities.map((f: { id: string }) => f.id)).toContain(facilityId);
    const filtered = await t.call("POST", "/api/matching/preview", {
      cookie: coordinator.cookie,
      body: { window, pool: { ...pool(), specialty: "Pediatrics" }, students: { specialty: "Pediatrics" } },
    });
    expect(filtered.json.students.total).toBe(1);
    expect(filtered.json.placements).toEqual({ total: 1, seats: 2 });
  });

  it("another program's coordinator naming this program previews their own (empty) roster", async () => {
    const res = await t.call("POST", "/api/matching/preview", {
      cookie: other.cookie,
      body: { programId, window, pool: pool() },
    });
    expect(res.status).toBe(200);
    expect(res.json.students).toEqual({ total: 0, items: [] });
    expect(res.text).not.toContain(s.ana.id);
  });
});

describe("who may start a run", () => {
  it("facilities and students 403, signed out 401, admins must name the program (422)", async () => {
    const body = { window, pool: pool() };
    expect((await run(facilityUser.cookie, body)).status).toBe(403);
    expect((await run(studentUser.cookie, body)).status).toBe(403);
    expect((await t.call("POST", "/api/matching/runs", { body })).status).toBe(401);
    const noProgram = await run(admin.cookie, body);
    expect(noProgram.status).toBe(422);
    expect(noProgram.json.error.issues[0].path).toBe("programId");
    const facilityNamed = await run(admin.cookie, { ...body, programId: facilityId });
    expect(facilityNamed.status).toBe(422);
    expect(facilityNamed.json.error.issues[0]).toEqual({ path: "programId", message: "Unknown program" });
  });

  it("a program pending verification cannot run (403)", async () => {
    await createStudent(t, pending.organizationId as string);
    const res = await run(pending.cookie, { window, pool: pool() });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("organization_unverified");
  });

  it("bad input is 422 naming the field", async () => {
    const cases: [unknown, string][] = [
      [{ window: { from: window.to, to: window.from } }, "window.to"],
      [{ window: { from: "2026-13-01", to: window.to } }, "window.from"],
      [{}, "window"],
      [{ window, students: { ids: ["nope"] } }, "students.ids.0"],
      [{ window, students: { complianceStatus: "great" } }, "students.complianceStatus"],
      [{ window, pool: { facilityId: "nope" } }, "pool.facilityId"],
      // Nobody, or nothing, to match.
      [{ window, pool: pool(), students: { search: "nobody-by-this-name" } }, "students"],
      [{ window, pool: { ...pool(), specialty: "Oncology" } }, "pool"],
    ];
    for (const [body, path] of cases) {
      const res = await run(coordinator.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.error.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
  });
});

describe("a run", () => {
  let runId: string;
  let result: {
    students: { id: string; name: string; candidates: number }[];
    placements: { id: string; spotsLeft: number }[];
    optimal: Proposal;
    stable: Proposal;
  };
  type Line = { studentId: string; placementId: string; score: number; rank: number; reason: string };
  type Proposal = {
    placed: number;
    averageScore: number;
    topThreeShare: number;
    totalScore: number;
    check: { ok: boolean; detail: string | null };
    lines: Line[];
  };

  it("is queued, then computed by the job off the request thread, with its progress in the row", async () => {
    const started = await run(coordinator.cookie, { window, pool: pool() });
    expect(started.status).toBe(202);
    expect(started.json).toMatchObject({
      status: "queued",
      phase: "queued",
      percent: 0,
      programId,
      window,
      counts: { students: inRun.length, placements: 3, seats: 4 },
      result: null,
    });
    runId = started.json.id;
    // One run under way per program.
    const again = await run(coordinator.cookie, { window, pool: pool() });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe("run_under_way");
    // Not done: nothing to submit yet.
    const early = await submit(coordinator.cookie, runId, [{ studentId: s.ana.id, placementId: p.icu.id }]);
    expect(early.status).toBe(409);
    expect(early.json.error.code).toBe("run_not_done");

    expect(await t.drainJobs()).toBeGreaterThanOrEqual(1);
    const done = await get(coordinator.cookie, runId);
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ status: "done", phase: "done", percent: 100, error: null });
    result = done.json.result;
    expect(result.students.map((x) => x.id).sort()).toEqual(inRun.map((k) => s[k].id).sort());
    expect(result.placements.map((x) => x.id).sort()).toEqual([p.icu.id, p.peds.id, p.medsurg.id].sort());
  });

  it("proposes both ways within every placement's spots, each line with its score and reason", async () => {
    const spots = new Map(result.placements.map((x) => [x.id, x.spotsLeft]));
    for (const kind of ["optimal", "stable"] as const) {
      const proposal = result[kind];
      expect(proposal.check, kind).toEqual({ ok: true, detail: null });
      expect(proposal.placed).toBe(proposal.lines.length);
      expect(proposal.placed).toBeLessThanOrEqual(4);
      const load = new Map<string, number>();
      for (const line of proposal.lines) {
        load.set(line.placementId, (load.get(line.placementId) ?? 0) + 1);
        expect(line.reason.length).toBeGreaterThan(10);
        expect(line.score).toBeGreaterThanOrEqual(0);
        expect(line.rank).toBeGreaterThanOrEqual(1);
      }
      for (const [id, n] of load) expect(n).toBeLessThanOrEqual(spots.get(id) ?? 0);
      // One placement per student; never a placement the student applied to, nor one overlapping
      // an approved rotation.
      expect(new Set(proposal.lines.map((l) => l.studentId)).size).toBe(proposal.lines.length);
      expect(proposal.lines).not.toContainEqual(
        expect.objectContaining({ studentId: s.eve.id, placementId: p.icu.id }),
      );
      expect(proposal.lines).not.toContainEqual(
        expect.objectContaining({ studentId: s.gus.id, placementId: p.medsurg.id }),
      );
    }
    expect(result.optimal.totalScore).toBeGreaterThanOrEqual(result.stable.totalScore);
    // Four seats, six students with candidates: every seat is taken in the optimal proposal.
    expect(result.optimal.placed).toBe(4);
  });

  it("another program's coordinator gets 404 for the run and everything under it; an admin reads it", async () => {
    expect((await get(other.cookie, runId)).status).toBe(404);
    const candidates = await t.call("GET", `/api/matching/runs/${runId}/students/${s.ana.id}/candidates`, {
      cookie: other.cookie,
    });
    expect(candidates.status).toBe(404);
    const foreign = await submit(other.cookie, runId, [{ studentId: s.ana.id, placementId: p.icu.id }]);
    expect(foreign.status).toBe(404);
    expect(await t.deps.db.select().from(applications).where(eq(applications.placementId, p.icu.id))).toHaveLength(1); // Eve's only
    expect((await get(admin.cookie, runId)).status).toBe(200);
    expect((await get(facilityUser.cookie, runId)).status).toBe(403);
    expect((await get(coordinator.cookie, "not-a-uuid")).status).toBe(404);
  });

  it("lists a student's candidates for a swap, best first, with the spots left", async () => {
    const res = await t.call("GET", `/api/matching/runs/${runId}/students/${s.ana.id}/candidates`, {
      cookie: coordinator.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.json.student).toEqual({ id: s.ana.id, name: "Ana Icu" });
    const ids = res.json.items.map((c: { placementId: string }) => c.placementId);
    expect(ids).toContain(p.icu.id);
    expect(res.json.items[0].placementId).toBe(p.icu.id);
    expect(res.json.items[0]).toMatchObject({ spotsLeft: 1 });
    const scores = res.json.items.map((c: { score: number }) => c.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    // Eve applied to the ICU rotation: not a candidate.
    const eve = await t.call("GET", `/api/matching/runs/${runId}/students/${s.eve.id}/candidates`, {
      cookie: coordinator.cookie,
    });
    expect(eve.json.items.map((c: { placementId: string }) => c.placementId)).not.toContain(p.icu.id);
    const outside = await t.call("GET", `/api/matching/runs/${runId}/students/${s.fay.id}/candidates`, {
      cookie: coordinator.cookie,
    });
    expect(outside.status).toBe(404);
    const bad = await t.call("GET", `/api/matching/runs/${runId}/students/x/candidates`, {
      cookie: coordinator.cookie,
    });
    // A malformed id in the path is a record nobody has (ADR 003).
    expect(bad.status).toBe(404);
    expect(bad.json.error.message).toBe("Student not found");
  });

  it("submits the lines as shown in one transaction, each submitted or refused with its reason", async () => {
    const res = await submit(coordinator.cookie, runId, [
      { studentId: s.ana.id, placementId: p.icu.id },
      // Swapped onto the ICU rotation, whose one spot the line above takes: refused, not moved.
      { studentId: s.ben.id, placementId: p.icu.id },
      { studentId: s.cy.id, placementId: p.peds.id },
      // Not in the run's pool.
      { studentId: s.dee.id, placementId: p.later.id },
      // Overlaps Gus's approved rotation.
      { studentId: s.gus.id, placementId: p.medsurg.id },
    ]);
    expect(res.status).toBe(201);
    expect(res.json.submitted).toEqual([
      expect.objectContaining({ studentId: s.ana.id, placementId: p.icu.id, name: "Ana Icu" }),
      expect.objectContaining({ studentId: s.cy.id, placementId: p.peds.id, name: "Cy Peds" }),
    ]);
    expect(res.json.refused).toEqual([
      {
        studentId: s.ben.id,
        placementId: p.icu.id,
        name: "Ben Icu",
        code: "placement_full",
        reason: "This placement has 1 spot left, taken by the lines before this one",
      },
      {
        studentId: s.dee.id,
        placementId: p.later.id,
        name: null,
        code: "not_in_run",
        reason: "This placement is not in the run's pool",
      },
      expect.objectContaining({ studentId: s.gus.id, placementId: p.medsurg.id, code: "overlapping_rotation" }),
    ]);
    const rows = await t.deps.db
      .select({ studentId: applications.studentId, status: applications.status, programId: applications.programId })
      .from(applications)
      .where(and(eq(applications.programId, programId), eq(applications.status, "pending")));
    const pendingOf = (student: Row, placement: { id: string }) =>
      t.deps.db
        .select()
        .from(applications)
        .where(and(eq(applications.studentId, student.id), eq(applications.placementId, placement.id)));
    expect(await pendingOf(s.ana, p.icu)).toHaveLength(1);
    expect(await pendingOf(s.cy, p.peds)).toHaveLength(1);
    expect(await pendingOf(s.ben, p.icu)).toHaveLength(0);
    expect(await pendingOf(s.gus, p.medsurg)).toHaveLength(0);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    // The facility is told, after the commit.
    await t.drainJobs();
  });

  it("a second submission of the same line is refused (already applied): 200, nothing submitted", async () => {
    const res = await submit(coordinator.cookie, runId, [{ studentId: s.ana.id, placementId: p.icu.id }]);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      submitted: [],
      refused: [
        {
          studentId: s.ana.id,
          placementId: p.icu.id,
          name: "Ana Icu",
          code: "already_applied",
          reason: "Already applied to this placement",
        },
      ],
    });
  });

  it("two submissions of one line at once create one application; the other is refused", async () => {
    const line = [{ studentId: s.dee.id, placementId: p.medsurg.id }];
    const answers = await Promise.all([
      submit(coordinator.cookie, runId, line),
      submit(coordinator.cookie, runId, line),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    const refused = answers.find((a) => a.status === 200);
    expect(refused?.json.refused[0].code).toBe("already_applied");
    const rows = await t.deps.db
      .select()
      .from(applications)
      .where(and(eq(applications.studentId, s.dee.id), eq(applications.placementId, p.medsurg.id)));
    expect(rows).toHaveLength(1);
  });

  it("submission input is 422 naming the field", async () => {
    const twice = await submit(coordinator.cookie, runId, [
      { studentId: s.dee.id, placementId: p.medsurg.id },
      { studentId: s.dee.id, placementId: p.peds.id },
    ]);
    expect(twice.status).toBe(422);
    expect(twice.json.error.issues[0].path).toBe("lines.1.studentId");
    const empty = await submit(coordinator.cookie, runId, []);
    expect(empty.status).toBe(422);
    expect(empty.json.error.issues[0].path).toBe("lines");
  });
});

describe("an admin's run", () => {
  it("names the program; the program's coordinator reads it, another program's gets 404", async () => {
    const started = await run(admin.cookie, { programId, window, pool: pool(), students: { ids: [s.dee.id] } });
    expect(started.status).toBe(202);
    expect(started.json.counts.students).toBe(1);
    await t.drainJobs();
    const read = await get(coordinator.cookie, started.json.id);
    expect(read.json.status).toBe("done");
    expect(read.json.result.students.map((x: { id: string }) => x.id)).toEqual([s.dee.id]);
    expect((await get(other.cookie, started.json.id)).status).toBe(404);
  });
});
