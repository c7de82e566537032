import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { complianceDocuments, facilityRequirements } from "../../db/schema/compliance";
import { organizations } from "../../db/schema/organizations";
import { placements } from "../../db/schema/placements";
import { students } from "../../db/schema/students";
import { createApplication } from "../../factories/applications";
import { createDepartment, createPlacement, dayFromToday } from "../../factories/placements";
import { createFacility, createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";
import { RecommendationCache } from "./recommendations";
import { studentsSources } from "./sources";

// Issue 13: recommendations through the API for each role, what they leave out, the cache and its
// invalidation by database announcements (on PGlite with the statement; on PostgreSQL, on this
// instance and others, milliseconds after the commit: `eventually` waits for it, never for a fixed
// time), and the statements a request runs.

async function eventually<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  let last = await read();
  for (let i = 0; i < 100 && !done(last); i += 1) {
    await new Promise((r) => setTimeout(r, 20));
    last = await read();
  }
  return last;
}

type Item = { placement: { id: string; title: string }; match_score: number; reason: string; factors: unknown[] };

let t: TestApp;
let student: TestUser;
let coordinator: TestUser;
let otherCoordinator: TestUser;
let facilityUser: TestUser;
let admin: TestUser;
let facilityId: string;
let departmentId: string;
const made: Record<string, string> = {};

const SACRAMENTO = { city: "Sacramento", state: "CA", latitude: 38.5816, longitude: -121.4944 };

async function place(name: string, values: Parameters<typeof createPlacement>[2] = {}, facility = facilityId) {
  const row = await createPlacement(t.deps.db, facility, { title: name, departmentId, ...values });
  made[name] = row.id;
  return row;
}

const mine = (cookie = student.cookie) => t.call("GET", "/api/me/student/recommendations", { cookie });
const ids = (res: { json: { items: Item[] } }) => res.json.items.map((i) => i.placement.id);
const titles = (res: { json: { items: Item[] } }) => res.json.items.map((i) => i.placement.title);

beforeAll(async () => {
  t = await createTestApp();
  await t.deps.realtime.ready;
  student = await t.createUser("student");
  coordinator = await t.createUser("program", { organizationId: student.organizationId! });
  otherCoordinator = await t.createUser("program");
  facilityUser = await t.createUser("facility");
  admin = await t.createUser("admin");
  await t.deps.db
    .update(organizations)
    .set({ city: "Davis", state: "CA", latitude: 38.5449, longitude: -121.7405 })
    .where(eq(organizations.id, student.organizationId!));
  await t.deps.db.update(students).set({ gpa: "3.50" }).where(eq(students.id, student.studentId!));
  const prefs = await t.call("PUT", "/api/me/student/preferences", {
    cookie: student.cookie,
    body: { specialtyInterests: ["Pediatrics"], geographicPreferences: ["Sacramento, CA"] },
  });
  expect(prefs.status).toBe(200);
  const facility = await createFacility(t, { name: "Sutter Test Hospital", ...SACRAMENTO });
  facilityId = facility.id;
  departmentId = (await createDepartment(t.deps.db, facilityId, { capacity: 500 })).id;
  await place("Peds Best", { specialty: "Pediatrics" });
  await place("Peds Second", { specialty: "Pediatrics", startDate: dayFromToday(120), endDate: dayFromToday(160) });
  await place("NICU Related", { specialty: "Neonatal ICU (NICU)" });
  for (let i = 0; i < 9; i += 1) await place(`Oncology ${i}`, { specialty: "Oncology" });
  // Never recommended: a draft, an ended rotation, a full one, a GPA above the student's, and a
  // placement of a facility pending verification.
  await place("Draft Peds", { specialty: "Pediatrics", status: "draft" });
  await place("Ended Peds", { specialty: "Pediatrics", startDate: dayFromToday(-60), endDate: dayFromToday(-5) });
  await place("Full Peds", { specialty: "Pediatrics", capacity: 2, slotsFilled: 2 });
  await place("GPA Peds", { specialty: "Pediatrics", minGpa: "3.90" });
  const pending = await createFacility(t, { verified: false });
  const pendingDepartment = await createDepartment(t.deps.db, pending.id);
  made["Unverified Peds"] = (
    await createPlacement(t.deps.db, pending.id, {
      title: "Unverified Peds",
      specialty: "Pediatrics",
      departmentId: pendingDepartment.id,
    })
  ).id;
});
afterAll(async () => {
  await t?.close();
});

describe("GET /api/me/student/recommendations", () => {
  it("answers the 10 best open placements, best first, with match_score, reason and factors (engine mode)", async () => {
    const res = await mine();
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ mode: "engine", model: null, fallback: false });
    expect(res.json.items).toHaveLength(10);
    expect(titles(res).slice(0, 3)).toEqual(["Peds Best", "Peds Second", "NICU Related"]);
    const scores = res.json.items.map((i: Item) => i.match_score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    const best = res.json.items[0];
    expect(best.reason).toMatch(
      /^Matches your Pediatrics interest; in Sacramento, CA, one of your preferred locations/,
    );
    expect(best.factors.map((f: { key: string }) => f.key)).toEqual([
      "specialty",
      "location",
      "schedule",
      "readiness",
      "academic",
      "availability",
    ]);
    expect(best.placement).toMatchObject({
      title: "Peds Best",
      facility: { name: "Sutter Test Hospital", city: "Sacramento", state: "CA" },
      availableSpots: 5,
    });
    for (const name of ["Draft Peds", "Ended Peds", "Full Peds", "GPA Peds", "Unverified Peds"]) {
      expect(ids(res)).not.toContain(made[name]);
    }
  });

  it("leaves out placements the student applied to, and those overlapping an approved rotation", async () => {
    const [row] = await t.deps.db.select().from(students).where(eq(students.id, student.studentId!));
    const applied = await t.call("POST", "/api/me/student/applications", {
      cookie: student.cookie,
      body: { placementId: made["Peds Best"] },
    });
    expect(applied.status).toBe(201);
    // Approved elsewhere over the dates of "Peds Second".
    const elsewhere = await place("Approved elsewhere", {
      specialty: "Geriatrics",
      startDate: dayFromToday(130),
      endDate: dayFromToday(140),
    });
    await createApplication(t.deps.db, row, elsewhere.id, { status: "approved", reviewedAt: new Date() });
    const res = await eventually(mine, (r) => !ids(r).includes(made["Peds Second"]));
    expect(ids(res)).not.toContain(made["Peds Best"]);
    expect(ids(res)).not.toContain(made["Peds Second"]);
    expect(ids(res)).not.toContain(elsewhere.id);
    expect(titles(res)[0]).toBe("NICU Related");
  });

  it("a withdrawn student gets none; an admin without a student record 404", async () => {
    const other = await t.createUser("student");
    await t.deps.db.update(students).set({ enrollmentStatus: "withdrawn" }).where(eq(students.id, other.studentId!));
    const res = await mine(other.cookie);
    expect(res.status).toBe(200);
    expect(res.json.items).toEqual([]);
    expect((await mine(admin.cookie)).status).toBe(404);
  });
});

describe("GET /api/students/{id}/recommendations", () => {
  it("the student's program and admins see the same placements and scores, spoken of as 'their'", async () => {
    const own = await mine();
    const res = await t.call("GET", `/api/students/${student.studentId}/recommendations`, {
      cookie: coordinator.cookie,
    });
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual(ids(own));
    expect(res.json.items.map((i: Item) => i.match_score)).toEqual(own.json.items.map((i: Item) => i.match_score));
    expect(res.json.items[0].reason).toMatch(/their/);
    expect(res.json.items[0].reason).not.toMatch(/\byour\b/);
    const byAdmin = await t.call("GET", `/api/students/${student.studentId}/recommendations`, { cookie: admin.cookie });
    expect(ids(byAdmin)).toEqual(ids(own));
  });

  it("another program's coordinator gets 404 (also once it is kept), a facility 403, nobody signed in 401", async () => {
    const path = `/api/students/${student.studentId}/recommendations`;
    await t.call("GET", path, { cookie: coordinator.cookie });
    const foreign = await t.call("GET", path, { cookie: otherCoordinator.cookie });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error.code).toBe("not_found");
    expect(foreign.text).not.toContain(made["NICU Related"]);
    expect((await t.call("GET", path, { cookie: facilityUser.cookie })).status).toBe(403);
    expect((await t.call("GET", path)).status).toBe(401);
  });
});

describe("the recommendations an instance keeps", () => {
  it("reuses them between requests", async () => {
    const first = await mine();
    const again = await mine();
    expect(again.json.generatedAt).toBe(first.json.generatedAt);
  });

  it("drops them at once when the student's preferences change", async () => {
    const before = await mine();
    const saved = await t.call("PUT", "/api/me/student/preferences", {
      cookie: student.cookie,
      body: { specialtyInterests: ["Oncology"], geographicPreferences: ["Sacramento, CA"] },
    });
    expect(saved.status).toBe(200);
    const after = await eventually(mine, (r) => r.json.generatedAt !== before.json.generatedAt);
    expect(titles(after)[0]).toMatch(/^Oncology/);
    await t.call("PUT", "/api/me/student/preferences", {
      cookie: student.cookie,
      body: { specialtyInterests: ["Pediatrics"], geographicPreferences: ["Sacramento, CA"] },
    });
  });

  it("drops them when the student's compliance changes", async () => {
    await t.deps.db.insert(facilityRequirements).values({ facilityId, requirementTypeId: "bls" });
    const readiness = (res: Awaited<ReturnType<typeof mine>>) =>
      res.json.items[0].factors.find((f: { key: string }) => f.key === "readiness").value;
    // Announced after the commit (ADR 030): the kept recommendations go once it arrives.
    const before = await eventually(mine, (r) => readiness(r) < 1);
    expect(readiness(before)).toBeLessThan(1);
    await t.deps.db.insert(complianceDocuments).values({
      studentId: student.studentId!,
      requirementTypeId: "bls",
      status: "approved",
      issuedOn: dayFromToday(-30),
      expiresOn: dayFromToday(700),
      fileKey: "documents/test/bls",
      fileName: "bls.pdf",
      contentType: "application/pdf",
      sizeBytes: 100,
      sha256: "0".repeat(64),
    });
    const after = await eventually(mine, (r) => readiness(r) > readiness(before));
    expect(readiness(after)).toBeGreaterThan(readiness(before));
  });

  it("drops them when the placement pool changes: a new placement appears, a filled one goes", async () => {
    const before = await mine();
    const fresh = await place("Peds Fresh", { specialty: "Pediatrics" });
    const after = await eventually(mine, (r) => r.json.generatedAt !== before.json.generatedAt);
    expect(ids(after)[0]).toBe(fresh.id);
    await t.deps.db.update(placements).set({ slotsFilled: 5 }).where(eq(placements.id, fresh.id));
    expect(ids(await eventually(mine, (r) => !ids(r).includes(fresh.id)))).not.toContain(fresh.id);
  });

  it("is dropped on another instance too (a second app on the same database)", async () => {
    const other = await createTestApp({
      sameDatabaseAs: { database: t.database, databaseUrl: t.databaseUrl, secret: t.secret, dataDir: t.dataDir },
    });
    try {
      await other.deps.realtime.ready;
      const read = () => other.call("GET", "/api/me/student/recommendations", { cookie: student.cookie });
      const before = await read();
      expect(before.status).toBe(200);
      expect((await read()).json.generatedAt).toBe(before.json.generatedAt);
      const fresh = await place("Peds Elsewhere", { specialty: "Pediatrics" });
      const after = await eventually(read, (r) => ids(r).includes(fresh.id));
      expect(ids(after)).toContain(fresh.id);
    } finally {
      await other.close();
    }
  });

  it("keeps nothing while the instance does not hear the announcements, and is bounded", () => {
    let hearing = false;
    const cache = new RecommendationCache(60_000, {
      onMatchingChange: () => () => undefined,
      hearsMatchingChanges: () => hearing,
    });
    const engine = { generatedAt: "now", items: [] };
    cache.put("a", "student", engine, cache.mark());
    expect(cache.get("a", "student")).toBeNull();
    hearing = true;
    cache.put("a", "student", engine, cache.mark());
    expect(cache.get("a", "student")).not.toBeNull();
    // Computed before a change concerning the student: not kept.
    const mark = cache.mark();
    cache.drop("b");
    cache.put("b", "student", engine, mark);
    expect(cache.get("b", "student")).toBeNull();
    cache.put("c", "student", engine, mark);
    expect(cache.get("c", "student")).not.toBeNull();
    cache.drop("*");
    expect(cache.size()).toBe(0);
  });
});

describe("studentsSources (what the bulk matcher loads)", () => {
  it("loads many students in one call, only those the scope reaches", async () => {
    const mates = [
      await createStudent(t, student.organizationId!),
      await createStudent(t, student.organizationId!, { gpa: "3.10" }),
    ];
    const stranger = await createStudent(t, otherCoordinator.organizationId!);
    const ids = [student.studentId!, ...mates.map((m) => m.id), stranger.id, "not-a-uuid"];
    const program = await studentsSources(t.deps.db, { kind: "program", programId: student.organizationId! }, ids);
    expect([...program.keys()].sort()).toEqual([student.studentId!, ...mates.map((m) => m.id)].sort());
    expect(program.get(mates[1].id)?.scoring.gpa).toBe(3.1);
    expect(program.get(student.studentId!)?.scoring).toMatchObject({
      specialtyInterests: ["Pediatrics"],
      geographicPreferences: ["Sacramento, CA"],
      home: { latitude: 38.5449, longitude: -121.7405 },
    });
    const all = await studentsSources(t.deps.db, { kind: "all" }, ids);
    expect(all.size).toBe(4);
  });
});

describe("statements per request", () => {
  it("reads the student in one statement and the pool in two, kept; no statement per placement", async () => {
    const { database } = t.deps;
    let statements = 0;
    const count = () => {
      statements += 1;
    };
    let spy: { mockRestore(): void };
    if (database.pool) {
      const query = database.pool.query.bind(database.pool) as (...a: unknown[]) => unknown;
      spy = vi.spyOn(database.pool, "query").mockImplementation(((...args: unknown[]) => {
        count();
        return query(...args);
      }) as never);
    } else {
      const pglite = database.pglite!;
      const query = pglite.query.bind(pglite);
      spy = vi.spyOn(pglite, "query").mockImplementation(((...args: unknown[]) => {
        count();
        return (query as (...a: unknown[]) => unknown)(...args);
      }) as never);
    }
    const measure = async () => {
      statements = 0;
      expect((await mine()).status).toBe(200);
      return statements;
    };
    // A change to the pool, heard: the next request loads the student and the pool. (On PostgreSQL
    // the announcement arrives after the commit; heard late, it would drop what the cold request kept.)
    const placeHeard = async (name: string, values: Parameters<typeof place>[1]) => {
      const heard = new Promise<void>((resolve) => {
        const off = t.deps.realtime.onMatchingChange((id) => {
          if (id !== "*") return;
          off();
          resolve();
        });
      });
      await place(name, values);
      await heard;
    };
    await placeHeard("Counted", { specialty: "Oncology" });
    const cold = await measure();
    const kept = await measure();
    // Another 20 placements: the same number of statements.
    for (let i = 0; i < 20; i += 1) await placeHeard(`More ${i}`, { specialty: "Geriatrics" });
    const coldAgain = await measure();
    spy.mockRestore();
    // The signed-in viewer is read by one statement of its own on each request (VIEWER_CACHE_MS=0 in tests).
    expect(cold).toBe(1 + 3);
    expect(kept).toBe(1);
    expect(coldAgain).toBe(cold);
  });
});
