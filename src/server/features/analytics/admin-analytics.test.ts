import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pendingBeyondCapacity } from "../../../domain/admin-analytics";
import { createApplication } from "../../factories/applications";
import { createPlacement } from "../../factories/placements";
import { createFacility, createProgram, createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestRole, type TestUser } from "../../testing/harness";

// /api/analytics/admin/*: who may call them, their filters, and their figures on small known data
// in a state of their own ("ZZ"), so the other test users' organizations do not count.

let t: TestApp;
const users = {} as Record<Exclude<TestRole, "none">, TestUser>;
const at = (day: string) => new Date(`${day}T12:00:00Z`);

const CHARTS = [
  "applications-over-time",
  "facility-decisions",
  "seat-utilization",
  "unmet-demand",
  "compliance-by-program",
] as const;
const ROUTES = ["overview", "filter-options", ...CHARTS];

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.deps.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const get = (path: string, user: TestUser = users.admin) =>
  t.call("GET", `/api/analytics/admin/${path}`, { cookie: user.cookie });

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ["super_admin", "admin", "program", "facility", "student"] as const) {
    users[role] = await t.createUser(role);
  }
  const db = t.deps.db;
  const alpha = await createFacility(t, { name: "Alpha Facility", state: "ZZ" });
  const beta = await createFacility(t, { name: "Beta Facility", state: "ZZ" });
  const ohio = await createFacility(t, { name: "Ohio Facility", state: "OH" });
  const program = await createProgram(t, { name: "Zed Program", state: "ZZ" });
  const st = (first: string, values: Parameters<typeof createStudent>[2] = {}) =>
    createStudent(t, program.id, { firstName: first, lastName: "Known", ...values });
  const s1 = await st("S1", { complianceStatus: "compliant", specialtyInterest: "Pediatrics" });
  const s2 = await st("S2", { complianceStatus: "compliant", specialtyInterest: "Pediatrics" });
  const s3 = await st("S3", { complianceStatus: "compliant" });
  const s4 = await st("S4", { complianceStatus: "pending" });
  const s5 = await st("S5", { complianceStatus: "incomplete" });
  const s6 = await st("S6", { complianceStatus: "pending" });
  // Withdrawn from the roster: counted in no compliance rate.
  await st("S7", { complianceStatus: "compliant", enrollmentStatus: "withdrawn" });

  const place = (facilityId: string, specialty: string, capacity: number, startDate: string) =>
    createPlacement(db, facilityId, { specialty, capacity, startDate, endDate: "2025-06-30", status: "active" });
  const p1 = await place(alpha.id, "Pediatrics", 2, "2025-03-10");
  const p2 = await place(beta.id, "Oncology", 3, "2025-04-01");
  const p3 = await place(ohio.id, "Pediatrics", 5, "2025-03-15");
  const app = (student: typeof s1, placementId: string, status: string, submitted: string, reviewed?: string) =>
    createApplication(db, student, placementId, {
      status: status as "pending",
      submittedAt: at(submitted),
      reviewedAt: reviewed ? at(reviewed) : null,
    });
  // Alpha (capacity 2): one approved in 2 days, one not selected in 4, three pending, one withdrawn.
  await app(s1, p1.id, "approved", "2025-01-06", "2025-01-08");
  await app(s2, p1.id, "rejected", "2025-01-07", "2025-01-11");
  await app(s3, p1.id, "pending", "2025-02-03");
  await app(s4, p1.id, "pending", "2025-02-04");
  await app(s5, p1.id, "pending", "2025-02-05");
  await app(s6, p1.id, "withdrawn", "2025-02-06");
  // Beta (capacity 3): approved in 6 days and in 1, not selected in 10.
  await app(s1, p2.id, "approved", "2025-01-20", "2025-01-26");
  await app(s2, p2.id, "approved", "2025-02-10", "2025-02-11");
  await app(s3, p2.id, "rejected", "2025-02-12", "2025-02-22");
  // Ohio: outside the state filter.
  await app(s4, p3.id, "approved", "2025-01-15", "2025-01-16");
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("who may call /api/analytics/admin/*", () => {
  for (const route of ROUTES) {
    it(`${route}: admins 200, other roles 403, signed out 401`, async () => {
      expect((await get(route, users.admin)).status).toBe(200);
      expect((await get(route, users.super_admin)).status).toBe(200);
      for (const role of ["program", "facility", "student"] as const) {
        expect((await get(route, users[role])).status, role).toBe(403);
      }
      expect((await t.call("GET", `/api/analytics/admin/${route}`)).status).toBe(401);
    });
  }
});

describe("chart filters", () => {
  const issuePaths = (res: Awaited<ReturnType<typeof get>>) =>
    (res.json.error.issues as { path: string }[]).map((i) => i.path);

  for (const chart of CHARTS) {
    it(`${chart}: a malformed date is 422 naming the field`, async () => {
      const res = await get(`${chart}?from=2025-13-01`);
      expect(res.status).toBe(422);
      expect(issuePaths(res)).toContain("from");
    });
  }

  it("refuses from after to, naming to", async () => {
    const res = await get("applications-over-time?from=2025-03-01&to=2025-02-01");
    expect(res.status).toBe(422);
    expect(issuePaths(res)).toEqual(["to"]);
  });

  it("refuses dates out of the calendar the portal means, and a state that is not a code", async () => {
    const year0 = await get("facility-decisions?to=0001-01-01");
    expect(year0.status).toBe(422);
    expect(issuePaths(year0)).toContain("to");
    const far = await get("seat-utilization?from=99999-01-01");
    expect(far.status).toBe(422);
    const state = await get("unmet-demand?state=Ohio");
    expect(state.status).toBe(422);
    expect(issuePaths(state)).toContain("state");
  });

  it("answers the widest range it accepts on every chart", async () => {
    for (const chart of CHARTS) {
      const res = await get(`${chart}?from=1900-01-01&to=2200-12-31&state=zz`);
      expect(res.status, chart).toBe(200);
      expect(res.json.filters).toMatchObject({ from: "1900-01-01", to: "2200-12-31", state: "ZZ" });
    }
  });

  it("defaults to the last 365 days up to today", async () => {
    const res = await get("applications-over-time");
    const today = new Date().toISOString().slice(0, 10);
    expect(res.json.filters.to).toBe(today);
    expect(Date.parse(today) - Date.parse(res.json.filters.from)).toBe(365 * 86_400_000);
  });
});

describe("figures on known data", () => {
  const range = "from=2025-01-01&to=2025-03-31&state=ZZ";

  it("applications over time: weekly by status, as a direct count", async () => {
    const res = await get(`applications-over-time?${range}`);
    expect(res.status).toBe(200);
    expect(res.json.bucket).toBe("week");
    expect(res.json.items).toEqual([
      { period: "2025-01-06", pending: 0, approved: 1, rejected: 1, withdrawn: 0, total: 2 },
      { period: "2025-01-20", pending: 0, approved: 1, rejected: 0, withdrawn: 0, total: 1 },
      { period: "2025-02-03", pending: 3, approved: 0, rejected: 0, withdrawn: 1, total: 4 },
      { period: "2025-02-10", pending: 0, approved: 1, rejected: 1, withdrawn: 0, total: 2 },
    ]);
    const [direct] = await rows<{ n: number }>(sql`
      select count(*)::int as n from applications a join placements p on p.id = a.placement_id
      join organizations f on f.id = p.facility_id
      where f.state = 'ZZ' and a.submitted_at >= '2025-01-01' and a.submitted_at < '2025-04-01'`);
    const total = res.json.items.reduce((sum: number, i: { total: number }) => sum + i.total, 0);
    expect(total).toBe(direct.n);
  });

  it("applications over time: monthly over a long range, narrowed by specialty", async () => {
    const monthly = await get("applications-over-time?from=2024-10-01&to=2025-03-31&state=ZZ");
    expect(monthly.json.bucket).toBe("month");
    expect(monthly.json.items).toEqual([
      { period: "2025-01-01", pending: 0, approved: 2, rejected: 1, withdrawn: 0, total: 3 },
      { period: "2025-02-01", pending: 3, approved: 1, rejected: 1, withdrawn: 1, total: 6 },
    ]);
    const pediatrics = await get(`applications-over-time?${range}&specialty=Pediatrics`);
    expect(pediatrics.json.items.map((i: { period: string; total: number }) => [i.period, i.total])).toEqual([
      ["2025-01-06", 2],
      ["2025-02-03", 4],
    ]);
    // Without the state filter Ohio's application counts too.
    const everywhere = await get("applications-over-time?from=2025-01-13&to=2025-01-19&specialty=Pediatrics");
    expect(everywhere.json.items).toEqual([
      { period: "2025-01-13", pending: 0, approved: 1, rejected: 0, withdrawn: 0, total: 1 },
    ]);
  });

  it("acceptance rate and median time to decision by facility", async () => {
    const res = await get(`facility-decisions?${range}`);
    expect(res.json.items.map(({ facilityId: _, ...r }: { facilityId: string }) => r)).toEqual([
      {
        facility: "Alpha Facility",
        state: "ZZ",
        applications: 6,
        decided: 2,
        approved: 1,
        acceptanceRate: 50,
        medianDays: 3,
      },
      {
        facility: "Beta Facility",
        state: "ZZ",
        applications: 3,
        decided: 3,
        approved: 2,
        acceptanceRate: 67,
        medianDays: 6,
      },
    ]);
  });

  it("seat utilization by specialty and state, rotations starting in the range", async () => {
    const res = await get("seat-utilization?from=2025-01-01&to=2025-06-30");
    const zz = res.json.items.filter((i: { state: string }) => i.state === "ZZ" || i.state === "OH");
    expect(zz).toEqual([
      { specialty: "Oncology", state: "ZZ", rotations: 1, capacity: 3, approved: 2, utilization: 67 },
      { specialty: "Pediatrics", state: "OH", rotations: 1, capacity: 5, approved: 1, utilization: 20 },
      { specialty: "Pediatrics", state: "ZZ", rotations: 1, capacity: 2, approved: 1, utilization: 50 },
    ]);
    // Beta's rotation starts on 1 April: outside a range ending in March.
    const march = await get(`seat-utilization?${range}`);
    expect(march.json.items.map((i: { specialty: string }) => i.specialty)).toEqual(["Pediatrics"]);
  });

  it("unmet demand: not selected plus pending beyond the seats left", async () => {
    const res = await get("unmet-demand?from=2025-01-01&to=2025-06-30&state=ZZ");
    expect(res.json.items).toEqual([
      // Alpha: 1 not selected; 3 pending for 2 - 1 = 1 seat left, so 2 beyond.
      { specialty: "Pediatrics", state: "ZZ", applications: 5, notSelected: 1, pendingBeyondCapacity: 2, unmet: 3 },
      { specialty: "Oncology", state: "ZZ", applications: 3, notSelected: 1, pendingBeyondCapacity: 0, unmet: 1 },
    ]);
    expect(pendingBeyondCapacity(3, 2, 1)).toBe(2);
    expect(pendingBeyondCapacity(3, 2, 4)).toBe(3);
    expect(pendingBeyondCapacity(1, 5, 0)).toBe(0);
  });

  it("compliance rates by program: compliant / active students", async () => {
    const res = await get("compliance-by-program?state=ZZ");
    expect(res.json.items.map(({ programId: _, ...r }: { programId: string }) => r)).toEqual([
      { program: "Zed Program", state: "ZZ", students: 6, compliant: 3, complianceRate: 50 },
    ]);
    const pediatrics = await get("compliance-by-program?state=ZZ&specialty=Pediatrics");
    expect(pediatrics.json.items[0]).toMatchObject({ students: 2, compliant: 2, complianceRate: 100 });
    // The students were added today: a range ending before today has none of them.
    const before = await get("compliance-by-program?state=ZZ&from=2025-01-01&to=2025-03-31");
    expect(before.json.items).toEqual([]);
  });

  it("offers the states and specialties there are", async () => {
    const res = await get("filter-options");
    expect(res.json.states).toEqual(expect.arrayContaining(["OH", "ZZ"]));
    expect(res.json.specialties).toEqual(expect.arrayContaining(["Oncology", "Pediatrics"]));
  });
});
