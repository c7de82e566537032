import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../domain/roles";
import { adminAccessRequests, organizations } from "./db/schema/organizations";
import { createTestApp, type TestApp, type TestRole, type TestUser } from "./testing/harness";

// Who may call which route (DESIGN.md: "Every route is tested for each role"). One row per route
// under /api except Better Auth's /api/auth/*; a route missing here fails the completeness test.
//
// `allowed` callers must get `ok` (the route's success, or, where a row sends a made-up id or an
// empty body, the 404/422 that proves the caller got past the access check); every other signed-in
// caller gets 403 and a signed-out caller 401, both in the error envelope.

type Who = "anonymous" | TestRole;
const EVERYONE: Who[] = ["anonymous", "none", "student", "program", "facility", "admin", "super_admin"];
const SIGNED_IN: Who[] = EVERYONE.filter((w) => w !== "anonymous");
const ADMINS: Role[] = ["admin", "super_admin"];
const PROGRAM_SIDE: Role[] = ["program", ...ADMINS];
const FACILITY_SIDE: Role[] = ["facility", ...ADMINS];

type Ctx = { t: TestApp; users: Record<TestRole, TestUser> };
type Req = { path?: string; body?: unknown; headers?: Record<string, string>; ip?: string };
type Row = {
  /** Method and path as Hono registers them (`:id` parameters). */
  route: string;
  allowed: "public" | "signed-in" | Role[];
  /** A number, or per caller (e.g. admins viewing as a student without a linked record get 404). */
  ok: number | ((who: Who) => number);
  /** Builds the request; by default every `:param` becomes a random UUID and there is no body. */
  request?: (ctx: Ctx, who: Who) => Promise<Req> | Req;
  /** Further checks on an allowed caller's response. */
  check?: (res: Awaited<ReturnType<TestApp["call"]>>, ctx: Ctx, who: Who) => void | Promise<void>;
  /** After a refused call: the state the route must not have changed. */
  unchanged?: (ctx: Ctx, req: Req) => Promise<void>;
  /** Streams (Server-Sent Events) are opened, checked and closed rather than read. */
  stream?: boolean;
};

let requestSeq = 0;
/** A pending administrator access request, as the sign-up page files it. */
async function pendingRequest(ctx: Ctx) {
  requestSeq += 1;
  const res = await ctx.t.call("POST", "/api/accounts/sign-up", {
    body: {
      fullName: "Ada Applicant",
      organizationName: "State Board",
      email: `matrix-req${requestSeq}-${randomUUID()}@test.dev`,
      password: "Board-member-2026",
      role: "admin",
    },
    // Sign-ups count against the client address (20 an hour, issue 8 item 6): one address each.
    ip: ctx.t.nextIp(),
  });
  expect(res.status).toBe(201);
  const me = await ctx.t.call("GET", "/api/accounts/me", { cookie: res.cookie });
  const [row] = await ctx.t.deps.db
    .select()
    .from(adminAccessRequests)
    .where(eq(adminAccessRequests.userId, me.json.user.id));
  return row.id;
}

const STUDENT_VIEWERS: Role[] = ["student", ...ADMINS];
/** The student's own record answers `status`; an admin viewing as a student without one gets 404. */
const ownRecord = (status: number) => (who: Who) => (who === "student" ? status : 404);
const EXPERIENCE = { kind: "work", organization: "Corner Clinic", title: "Receptionist", startDate: "2023-01-01" };

const csv = (res: { headers: Headers }) => expect(res.headers.get("content-type")).toMatch(/^text\/csv/);

const MATRIX: Row[] = [
  // Platform
  { route: "GET /api/health", allowed: "public", ok: 200, check: (res) => expect(res.json.status).toBe("ok") },
  { route: "GET /api/openapi.json", allowed: "public", ok: 200 },
  { route: "GET /api/docs", allowed: "public", ok: 200 },
  { route: "GET /api/docs/scalar.js", allowed: "public", ok: 200 },
  { route: "GET /api/events", allowed: "signed-in", ok: 200, stream: true },

  // Accounts
  {
    route: "POST /api/accounts/sign-up",
    allowed: "public",
    ok: 201,
    request: (ctx) => ({
      ip: ctx.t.nextIp(),
      body: {
        fullName: "Sam Signup",
        organizationName: "Signup Health",
        email: `matrix-${randomUUID()}@test.dev`,
        password: "Sign-up-2026",
        role: "facility",
      },
    }),
    check: async (res, ctx) => {
      const me = await ctx.t.call("GET", "/api/accounts/me", { cookie: res.cookie });
      expect(me.json.role).toBe("facility");
    },
  },
  {
    route: "GET /api/accounts/me",
    allowed: "signed-in",
    ok: 200,
    check: (res, { users }, who) => expect(res.json.user.id).toBe(users[who as TestRole].userId),
  },

  // Messages
  {
    route: "GET /api/messages/unread-count",
    allowed: "signed-in",
    ok: 200,
    check: (res) => expect(res.json.unread).toBe(0),
  },
  {
    route: "GET /api/messages",
    allowed: "signed-in",
    ok: 200,
    check: (res) => expect(res.json).toMatchObject({ items: [], total: 0 }),
  },
  {
    route: "GET /api/messages/recipients",
    allowed: "signed-in",
    ok: 200,
    check: (res) => expect(Array.isArray(res.json.items)).toBe(true),
  },
  // Someone else's message (or an unknown one) is 404 for every role, admins included.
  { route: "GET /api/messages/:id", allowed: "signed-in", ok: 404 },
  { route: "POST /api/messages/:id/read", allowed: "signed-in", ok: 404 },
  { route: "POST /api/messages", allowed: "signed-in", ok: 422, request: () => ({ body: {} }) },

  // Admin
  {
    route: "GET /api/admin/access-requests",
    allowed: ["super_admin"],
    ok: 200,
    check: (res) => expect(Array.isArray(res.json.items)).toBe(true),
  },
  {
    route: "POST /api/admin/access-requests/:id/:decision",
    allowed: ["super_admin"],
    ok: 200,
    request: async (ctx) => ({ path: `/api/admin/access-requests/${await pendingRequest(ctx)}/approve` }),
    check: (res) => expect(res.json.status).toBe("approved"),
    unchanged: async ({ t }, req) => {
      const id = req.path!.split("/")[4];
      const [row] = await t.deps.db.select().from(adminAccessRequests).where(eq(adminAccessRequests.id, id));
      expect(row.status).toBe("pending");
    },
  },
  { route: "GET /api/admin/mailbox", allowed: ["super_admin"], ok: 200 },
  // Emails on several programs' rosters (issue 8, item 2)
  { route: "GET /api/admin/roster-claims", allowed: ADMINS, ok: 200 },
  {
    route: "GET /api/admin/organizations",
    allowed: ADMINS,
    ok: 200,
    request: () => ({ path: "/api/admin/organizations?kind=program" }),
    check: (res) => expect(Array.isArray(res.json.items)).toBe(true),
  },
  {
    route: "GET /api/admin/organizations/export.csv",
    allowed: ADMINS,
    ok: 200,
    request: () => ({ path: "/api/admin/organizations/export.csv?kind=facility" }),
    check: csv,
  },
  {
    route: "POST /api/admin/organizations/:id/:decision",
    allowed: ADMINS,
    ok: 200,
    request: async ({ t }) => {
      const [org] = await t.deps.db
        .insert(organizations)
        .values({ kind: "program", name: `Matrix Nursing ${randomUUID()}` })
        .returning();
      return { path: `/api/admin/organizations/${org.id}/verify` };
    },
    check: (res) => expect(res.json.status).toBe("verified"),
    unchanged: async ({ t }, req) => {
      const id = req.path!.split("/")[4];
      const [row] = await t.deps.db.select().from(organizations).where(eq(organizations.id, id));
      expect(row.verificationStatus).toBe("pending");
    },
  },

  // Placements
  { route: "GET /api/placements", allowed: PROGRAM_SIDE, ok: 200 },
  { route: "GET /api/placements/:id", allowed: PROGRAM_SIDE, ok: 404 },

  // Applications
  { route: "POST /api/applications", allowed: PROGRAM_SIDE, ok: 422, request: () => ({ body: {} }) },
  { route: "GET /api/applications", allowed: PROGRAM_SIDE, ok: 200 },
  { route: "GET /api/applications/export.csv", allowed: PROGRAM_SIDE, ok: 200, check: csv },
  { route: "GET /api/applications/facilities", allowed: PROGRAM_SIDE, ok: 200 },
  { route: "POST /api/applications/:id/withdraw", allowed: PROGRAM_SIDE, ok: 404 },

  // Analytics
  { route: "GET /api/analytics/program-dashboard", allowed: PROGRAM_SIDE, ok: 200 },
  { route: "GET /api/analytics/facility-dashboard", allowed: FACILITY_SIDE, ok: 200 },

  // Facility: departments, placements, application review, placed students
  { route: "GET /api/facility/departments", allowed: FACILITY_SIDE, ok: 200 },
  { route: "POST /api/facility/departments", allowed: FACILITY_SIDE, ok: 422, request: () => ({ body: {} }) },
  {
    route: "PUT /api/facility/departments/:id",
    allowed: FACILITY_SIDE,
    ok: 404,
    request: () => ({
      path: `/api/facility/departments/${randomUUID()}`,
      body: { name: "Unit", specialty: "Pediatrics", capacity: 4 },
    }),
  },
  { route: "DELETE /api/facility/departments/:id", allowed: FACILITY_SIDE, ok: 404 },
  {
    route: "GET /api/facility/departments/:id/seats",
    allowed: FACILITY_SIDE,
    ok: 404,
    request: () => ({
      path: `/api/facility/departments/${randomUUID()}/seats?startDate=2031-03-01&endDate=2031-04-30`,
    }),
  },
  { route: "GET /api/facility/placements", allowed: FACILITY_SIDE, ok: 200 },
  { route: "GET /api/facility/placements/options", allowed: FACILITY_SIDE, ok: 200 },
  { route: "GET /api/facility/placements/:id", allowed: FACILITY_SIDE, ok: 404 },
  { route: "POST /api/facility/placements", allowed: FACILITY_SIDE, ok: 422, request: () => ({ body: {} }) },
  {
    route: "PUT /api/facility/placements/:id",
    allowed: FACILITY_SIDE,
    ok: 422,
    request: () => ({ path: `/api/facility/placements/${randomUUID()}`, body: {} }),
  },
  { route: "POST /api/facility/placements/:id/publish", allowed: FACILITY_SIDE, ok: 404 },
  { route: "POST /api/facility/placements/:id/close", allowed: FACILITY_SIDE, ok: 404 },
  { route: "POST /api/facility/placements/:id/duplicate", allowed: FACILITY_SIDE, ok: 404 },
  { route: "GET /api/facility/applications", allowed: FACILITY_SIDE, ok: 200 },
  { route: "GET /api/facility/applications/export.csv", allowed: FACILITY_SIDE, ok: 200, check: csv },
  { route: "GET /api/facility/applications/:id", allowed: FACILITY_SIDE, ok: 404 },
  { route: "POST /api/facility/applications/:id/approve", allowed: FACILITY_SIDE, ok: 404 },
  {
    route: "POST /api/facility/applications/:id/reject",
    allowed: FACILITY_SIDE,
    ok: 404,
    request: () => ({ path: `/api/facility/applications/${randomUUID()}/reject`, body: { notes: "No" } }),
  },
  { route: "GET /api/facility/placed-students", allowed: FACILITY_SIDE, ok: 200 },

  // Student accounts (D3): public invitation links and roster-email sign-up
  { route: "GET /api/invitations/:token", allowed: "public", ok: 404 },
  {
    route: "POST /api/invitations/:token/accept",
    allowed: "public",
    ok: 404,
    request: () => ({ body: { password: "Clinical-Rotation-2026" } }),
  },
  {
    route: "POST /api/accounts/student-sign-up",
    allowed: "public",
    ok: 202,
    request: (ctx) => ({ ip: ctx.t.nextIp(), body: { email: `matrix-${randomUUID()}@test.dev` } }),
  },
  {
    route: "POST /api/accounts/student-sign-up/confirm",
    allowed: "public",
    ok: 410,
    request: () => ({
      body: { email: `matrix-${randomUUID()}@test.dev`, code: "123456", password: "Clinical-Rotation-2026" },
    }),
  },

  // The signed-in student's own records; admins viewing as a student have no linked record (404)
  { route: "GET /api/me/student/dashboard", allowed: STUDENT_VIEWERS, ok: ownRecord(200) },
  { route: "GET /api/me/student/placements", allowed: STUDENT_VIEWERS, ok: ownRecord(200) },
  {
    route: "POST /api/me/student/applications",
    allowed: STUDENT_VIEWERS,
    ok: 404,
    request: () => ({ body: { placementId: randomUUID() } }),
  },
  { route: "GET /api/me/student/applications", allowed: STUDENT_VIEWERS, ok: ownRecord(200) },
  { route: "POST /api/me/student/applications/:id/withdraw", allowed: STUDENT_VIEWERS, ok: 404 },
  { route: "GET /api/me/student/profile", allowed: STUDENT_VIEWERS, ok: ownRecord(200) },
  {
    route: "PUT /api/me/student/preferences",
    allowed: STUDENT_VIEWERS,
    ok: ownRecord(200),
    request: () => ({ body: { careerGoals: "Pediatric nurse" } }),
  },
  {
    route: "POST /api/me/student/experiences",
    allowed: STUDENT_VIEWERS,
    ok: ownRecord(201),
    request: () => ({ body: EXPERIENCE }),
  },
  {
    route: "PUT /api/me/student/experiences/:id",
    allowed: STUDENT_VIEWERS,
    ok: 404,
    request: () => ({ path: `/api/me/student/experiences/${randomUUID()}`, body: EXPERIENCE }),
  },
  { route: "DELETE /api/me/student/experiences/:id", allowed: STUDENT_VIEWERS, ok: 404 },
  // Programs listing the student's email, and "Not my program" (issue 8, item 2)
  { route: "GET /api/me/student/roster-claims", allowed: STUDENT_VIEWERS, ok: ownRecord(200) },
  { route: "POST /api/me/student/roster-claims/:id/report", allowed: STUDENT_VIEWERS, ok: 404 },

  // Students (roster)
  { route: "GET /api/students", allowed: PROGRAM_SIDE, ok: 200 },
  { route: "GET /api/students/export.csv", allowed: PROGRAM_SIDE, ok: 200, check: csv },
  { route: "POST /api/students", allowed: PROGRAM_SIDE, ok: 422, request: () => ({ body: {} }) },
  { route: "POST /api/students/import/preview", allowed: PROGRAM_SIDE, ok: 422, request: () => ({ body: {} }) },
  { route: "POST /api/students/import", allowed: PROGRAM_SIDE, ok: 422, request: () => ({ body: {} }) },
  { route: "GET /api/students/:id", allowed: PROGRAM_SIDE, ok: 404 },
  {
    route: "PATCH /api/students/:id",
    allowed: PROGRAM_SIDE,
    ok: 404,
    request: () => ({ path: `/api/students/${randomUUID()}`, body: {} }),
  },
  { route: "DELETE /api/students/:id", allowed: PROGRAM_SIDE, ok: 404 },
  { route: "POST /api/students/:id/withdraw", allowed: PROGRAM_SIDE, ok: 404 },
  { route: "POST /api/students/:id/reinstate", allowed: PROGRAM_SIDE, ok: 404 },
  { route: "POST /api/students/:id/invite", allowed: PROGRAM_SIDE, ok: 404 },
  // Issue 9: a coordinator invites their own program; an admin must name one (422 without).
  {
    route: "POST /api/students/invite-all",
    allowed: PROGRAM_SIDE,
    ok: (who) => (who === "program" ? 200 : 422),
  },
];

let t: TestApp;
let ctx: Ctx;
beforeAll(async () => {
  t = await createTestApp();
  const users = {} as Record<TestRole, TestUser>;
  for (const role of ["none", "student", "program", "facility", "admin", "super_admin"] as const)
    users[role] = await t.createUser(role);
  ctx = { t, users };
});
afterAll(async () => {
  await t.close();
});

const isAllowed = (row: Row, who: Who) =>
  row.allowed === "public"
    ? true
    : row.allowed === "signed-in"
      ? who !== "anonymous"
      : who !== "anonymous" && row.allowed.includes(who as Role);

describe("the access matrix covers every API route", () => {
  it("has one row for each route under /api (except /api/auth/*) and no stale rows", () => {
    const registered = new Set(
      t.app.routes
        .filter(
          (r) =>
            r.method !== "ALL" && r.path.startsWith("/api/") && !r.path.startsWith("/api/auth/") && r.path !== "/api/*",
        )
        .map((r) => `${r.method} ${r.path.replace(/\/$/, "")}`),
    );
    const rows = MATRIX.map((r) => r.route);
    expect(new Set(rows).size, "duplicate rows").toBe(rows.length);
    const missing = [...registered].filter((r) => !rows.includes(r));
    const stale = rows.filter((r) => !registered.has(r));
    expect(missing, "routes without a row in the access matrix: add one").toEqual([]);
    expect(stale, "rows for routes that no longer exist").toEqual([]);
  });
});

for (const row of MATRIX) {
  const [method, pattern] = row.route.split(" ");
  describe(row.route, () => {
    for (const who of EVERYONE) {
      const allowed = isAllowed(row, who);
      const expected = allowed
        ? typeof row.ok === "function"
          ? row.ok(who)
          : row.ok
        : who === "anonymous"
          ? 401
          : 403;
      it(`${who}: ${expected}`, async () => {
        const req: Req = row.request ? await row.request(ctx, who) : {};
        const path = req.path ?? pattern.replace(/:[a-zA-Z]+/g, () => randomUUID());
        const cookie = who === "anonymous" ? undefined : ctx.users[who].cookie;
        if (row.stream) {
          const controller = new AbortController();
          const res = await t.app.request(path, { headers: cookie ? { cookie } : {}, signal: controller.signal });
          expect(res.status).toBe(expected);
          if (allowed) {
            expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
            await res.body?.cancel();
          } else {
            expect(await res.json()).toMatchObject({
              error: { code: expected === 401 ? "unauthorized" : "forbidden" },
            });
          }
          controller.abort();
          return;
        }
        const res = await t.call(method, path, { cookie, body: req.body, headers: req.headers, ip: req.ip });
        expect(res.status, JSON.stringify(res.json)?.slice(0, 300)).toBe(expected);
        if (allowed) {
          await row.check?.(res, ctx, who);
        } else {
          expect(res.json.error).toEqual(
            expected === 401
              ? { code: "unauthorized", message: "Please sign in to continue" }
              : { code: "forbidden", message: expect.any(String) },
          );
          await row.unchanged?.(ctx, { ...req, path });
        }
      });
    }
  });
}

describe("every role is tried", () => {
  it("covers anonymous, a user without a role and each of the five roles", () => {
    expect(new Set(SIGNED_IN)).toEqual(new Set(["none", "student", "program", "facility", "admin", "super_admin"]));
  });
});
