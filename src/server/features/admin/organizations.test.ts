import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizations } from "../../db/schema/organizations";
import { createPlacement } from "../../factories/placements";
import { createCoordinator, createFacility, createProgram, createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser("admin", { name: "Ada Admin" });
});
afterAll(async () => {
  await t.close();
});

const list = (query: string, cookie = admin.cookie) => t.call("GET", `/api/admin/organizations?${query}`, { cookie });
const decide = (id: string, decision: string, cookie = admin.cookie) =>
  t.call("POST", `/api/admin/organizations/${id}/${decision}`, { cookie });
const names = (res: { json: { items: { name: string }[] } }) => res.json.items.map((i) => i.name);
const UNKNOWN = "7b0c4a34-5c1e-4e1c-9d44-3f1f9e0d8a11";

describe("GET /api/admin/organizations", () => {
  it("lists programs pending first then by name, with coordinator and student counts", async () => {
    const beta = await createProgram(t, { name: "Zlist Beta Nursing", city: "Dayton", state: "OH" });
    const alpha = await createProgram(t, { name: "Zlist Alpha Nursing", verified: false });
    const gamma = await createProgram(t, { name: "Zlist Gamma Nursing", verified: false });
    await createCoordinator(t, beta.id);
    await createCoordinator(t, beta.id);
    await createStudent(t, beta.id);
    await createStudent(t, beta.id);
    await createStudent(t, beta.id, { enrollmentStatus: "withdrawn" });
    await createFacility(t, { name: "Zlist Facility" });

    const res = await list("kind=program&search=zlist");
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(["Zlist Alpha Nursing", "Zlist Gamma Nursing", "Zlist Beta Nursing"]);
    expect(res.json).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(res.json.items[2]).toMatchObject({
      id: beta.id,
      kind: "program",
      city: "Dayton",
      state: "OH",
      status: "verified",
      coordinators: 2,
      students: 2,
      activePlacements: null,
      createdAt: expect.any(String),
    });
    expect(res.json.items[0]).toMatchObject({ id: alpha.id, status: "pending", coordinators: 0, students: 0 });
    expect(gamma.id).toBe(res.json.items[1].id);
  });

  it("lists facilities with active placement counts, filters by status, and pages", async () => {
    const f = await createFacility(t, { name: "Zfac Mercy", city: "Akron" });
    await createCoordinator(t, f.id, "facility");
    await createPlacement(t.deps.db, f.id);
    await createPlacement(t.deps.db, f.id);
    await createPlacement(t.deps.db, f.id, { status: "draft" });
    const pending = await createFacility(t, { name: "Zfac Pending", verified: false });

    const res = await list("kind=facility&search=zfac");
    expect(names(res)).toEqual(["Zfac Pending", "Zfac Mercy"]);
    expect(res.json.items[1]).toMatchObject({ coordinators: 1, activePlacements: 2, students: null });

    const onlyPending = await list("kind=facility&status=pending&search=zfac");
    expect(onlyPending.json.items.map((i: { id: string }) => i.id)).toEqual([pending.id]);
    const byCity = await list("kind=facility&search=akron");
    expect(names(byCity)).toEqual(["Zfac Mercy"]);
    // LIKE wildcards are literal.
    expect((await list("kind=facility&search=%25")).json.total).toBe(0);

    const all = await list("kind=facility&pageSize=100");
    const page2 = await list("kind=facility&page=2&pageSize=1");
    expect(page2.json).toMatchObject({ page: 2, pageSize: 1, total: all.json.total });
    expect(page2.json.items[0].id).toBe(all.json.items[1].id);
  });

  it("answers 422 for a missing kind or bad status", async () => {
    const res = await list("status=maybe");
    expect(res.status).toBe(422);
    expect(res.json.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["kind", "status"]);
  });

  it("exports the same filters as CSV", async () => {
    const p = await createProgram(t, { name: "Zcsv, Nursing", city: "Toledo", state: "OH", verified: false });
    await createStudent(t, p.id);
    const res = await t.call("GET", "/api/admin/organizations/export.csv?kind=program&search=zcsv", {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="programs-/);
    const lines = res.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Name,City,State,Status,Suspended,Coordinators,Students,Joined");
    expect(lines.slice(1)).toEqual([
      `"Zcsv, Nursing",Toledo,OH,pending,,0,1,${p.createdAt.toISOString().slice(0, 10)}`,
    ]);
  });

  it("refuses non-admins (403) and signed-out callers (401)", async () => {
    for (const role of ["program", "facility", "student"] as const) {
      const u = await t.createUser(role);
      expect((await list("kind=program", u.cookie)).status).toBe(403);
      expect((await decide(UNKNOWN, "verify", u.cookie)).status).toBe(403);
    }
    expect((await list("kind=program", "")).status).toBe(401);
    const signedOut = await decide(UNKNOWN, "verify", "");
    expect(signedOut.status).toBe(401);
    expect(signedOut.json.error.code).toBe("unauthorized");
  });
});

describe("POST /api/admin/organizations/{id}/{decision}", () => {
  it("verify opens applications for a pending program and mails its coordinators", async () => {
    const program = await createProgram(t, { name: "Brand New Nursing", verified: false });
    const coordinator = await createCoordinator(t, program.id, "program", { name: "Cora Coordinator" });
    const student = await createStudent(t, program.id);
    const facility = await createFacility(t);
    const placement = await createPlacement(t.deps.db, facility.id);
    const submit = () =>
      t.call("POST", "/api/applications", {
        cookie: coordinator.cookie,
        body: { placementId: placement.id, studentIds: [student.id] },
      });

    const before = await submit();
    expect(before.status).toBe(403);
    expect(before.json.error.code).toBe("organization_unverified");

    const res = await decide(program.id, "verify");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: program.id, status: "verified", verifiedAt: expect.any(String) });
    const [row] = await t.deps.db.select().from(organizations).where(eq(organizations.id, program.id));
    expect(row.verificationStatus).toBe("verified");
    expect(row.verifiedAt).toBeInstanceOf(Date);

    expect((await submit()).status).toBe(201);

    await t.drainJobs(); // the mail is queued with the decision (ADR 015)
    const [mail] = await t.mailTo(coordinator.email);
    expect(mail.subject).toBe("Brand New Nursing is verified");
    expect(mail.text).toContain("Hello Cora Coordinator");
    expect(mail.link).toBe("http://localhost:3000/auth");
  });

  it("reject marks the organization rejected and mails its coordinators", async () => {
    const facility = await createFacility(t, { name: "Doubtful Clinic", verified: false });
    const coordinator = await createCoordinator(t, facility.id, "facility");
    const res = await decide(facility.id, "reject");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: facility.id, status: "rejected", verifiedAt: null });
    const [row] = await t.deps.db.select().from(organizations).where(eq(organizations.id, facility.id));
    expect(row.verificationStatus).toBe("rejected");
    await t.drainJobs();
    const [mail] = await t.mailTo(coordinator.email);
    expect(mail.subject).toBe("Doubtful Clinic could not be verified");
    expect(mail.link).toBeNull();
  });

  it("answers 409 when already in that state, changing nothing and mailing no one", async () => {
    const program = await createProgram(t, { name: "Twice Nursing", verified: false });
    const coordinator = await createCoordinator(t, program.id);
    expect((await decide(program.id, "verify")).status).toBe(200);
    const again = await decide(program.id, "verify");
    expect(again.status).toBe(409);
    expect(again.json.error).toEqual({ code: "conflict", message: "Twice Nursing is already verified" });
    await t.drainJobs();
    expect(await t.mailTo(coordinator.email)).toHaveLength(1);
    // Another decision is still possible.
    expect((await decide(program.id, "reject")).status).toBe(200);
    expect((await decide(program.id, "reject")).status).toBe(409);
  });

  it("answers 404 for an unknown organization and 422 for a bad decision", async () => {
    const res = await decide(UNKNOWN, "verify");
    expect(res.status).toBe(404);
    expect(res.json.error.message).toBe("Organization not found");
    expect((await decide(UNKNOWN, "maybe")).status).toBe(422);
  });
});
