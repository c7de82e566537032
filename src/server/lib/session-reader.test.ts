import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sessions } from "../db/schema/auth";
import { memberships } from "../db/schema/organizations";
import { createCoordinator, createProgram } from "../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../testing/harness";
import { loadViewer } from "./access";
import { isPublicApiPath, verifySignedToken } from "./session-reader";

// ADR 013: the viewer in one query on the hot path, with Better Auth's own behaviour kept for
// everything unusual (refresh, revocation, forged cookies).

const sign = (token: string, secret: string) =>
  encodeURIComponent(`${token}.${createHmac("sha256", secret).update(token).digest("base64")}`);

describe("verifySignedToken", () => {
  it("accepts Better Auth's signature and nothing else", () => {
    expect(verifySignedToken(sign("abc123", "s3cret"), "s3cret")).toBe("abc123");
    expect(verifySignedToken(sign("abc123", "s3cret"), "other")).toBeNull();
    expect(verifySignedToken(sign("abc123", "s3cret").replace("abc123", "abc124"), "s3cret")).toBeNull();
    expect(verifySignedToken("abc123", "s3cret")).toBeNull();
    expect(verifySignedToken("%E0%A4%A", "s3cret")).toBeNull();
    expect(verifySignedToken(".", "s3cret")).toBeNull();
  });

  it("names the public API paths that never read a session", () => {
    expect(isPublicApiPath("/api/health")).toBe(true);
    expect(isPublicApiPath("/api/openapi.json")).toBe(true);
    expect(isPublicApiPath("/api/docs")).toBe(true);
    expect(isPublicApiPath("/api/healthy")).toBe(false);
    expect(isPublicApiPath("/api/accounts/me")).toBe(false);
  });
});

describe("the session on every request", () => {
  let t: TestApp;
  let coordinator: TestUser;
  let programA: { id: string };
  let programB: { id: string };

  beforeAll(async () => {
    t = await createTestApp();
    programA = await createProgram(t);
    programB = await createProgram(t);
    coordinator = await createCoordinator(t, programA.id, "program");
    await t.deps.db
      .insert(memberships)
      .values({ userId: coordinator.userId, organizationId: programB.id, createdAt: new Date(Date.now() + 60_000) });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  const sessionRow = async (u: TestUser) => {
    const [row] = await t.deps.db.select().from(sessions).where(eq(sessions.userId, u.userId));
    return row;
  };

  it("builds the same viewer in one query as Better Auth plus loadViewer", async () => {
    const switched = await t.call("POST", "/api/accounts/me/organization", {
      cookie: coordinator.cookie,
      body: { organizationId: programB.id },
    });
    expect(switched.status).toBe(200);
    const read = await t.deps.readSession(new Headers({ cookie: coordinator.cookie }));
    expect(read.kind).toBe("viewer");
    const row = await sessionRow(coordinator);
    const found = await t.deps.auth.api.getSession({ headers: new Headers({ cookie: coordinator.cookie }) });
    expect(found).toBeTruthy();
    const slow = await loadViewer(
      t.deps.db,
      { id: row.id, activeOrganizationId: row.activeOrganizationId },
      found!.user,
    );
    // The fast path also carries what /me adds (ADR 016); the rest is the same viewer.
    const { account, ...fast } = read.kind === "viewer" ? read.viewer : { account: undefined };
    expect(fast).toEqual(slow);
    expect(account).toEqual({
      twoFactorEnabled: false,
      fullName: found!.user.name,
      organizationName: "",
      accessRequest: null,
    });
    expect(slow.organization?.id).toBe(programB.id);
    expect(slow.organizations.map((o) => o.id)).toEqual([programA.id, programB.id]);
  });

  it("gives a student their record and nobody a viewer for a forged or missing cookie", async () => {
    const student = await t.createUser("student");
    const me = await t.call("GET", "/api/accounts/me", { cookie: student.cookie });
    expect(me.status).toBe(200);
    expect(me.json.role).toBe("student");
    const read = await t.deps.readSession(new Headers({ cookie: student.cookie }));
    expect(read.kind === "viewer" && read.viewer.studentId).toBe(student.studentId);

    const forged = coordinator.cookie.replace(/session_token=([^.;]+)/, "session_token=$1x");
    expect((await t.call("GET", "/api/accounts/me", { cookie: forged })).status).toBe(401);
    expect((await t.deps.readSession(new Headers({ cookie: "theme=dark" }))).kind).toBe("anonymous");
    expect((await t.deps.readSession(new Headers())).kind).toBe("anonymous");
  });

  it("sees a deleted (revoked) session on the very next request", async () => {
    const other = await createCoordinator(t, programA.id, "program");
    expect((await t.call("GET", "/api/accounts/me", { cookie: other.cookie })).status).toBe(200);
    await t.deps.db.delete(sessions).where(eq(sessions.userId, other.userId));
    expect((await t.call("GET", "/api/accounts/me", { cookie: other.cookie })).status).toBe(401);
  });

  it("leaves the daily refresh to Better Auth: a session due for it gets a later expiry and a new cookie", async () => {
    const other = await createCoordinator(t, programA.id, "program");
    const day = 24 * 60 * 60 * 1000;
    // Seven-day sessions refresh once a day: this one was last refreshed two days ago.
    const stale = new Date(Date.now() + 5 * day);
    await t.deps.db.update(sessions).set({ expiresAt: stale }).where(eq(sessions.userId, other.userId));
    const res = await t.call("GET", "/api/accounts/me", { cookie: other.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie") ?? "").toContain("session_token=");
    const after = await sessionRow(other);
    expect(after.expiresAt.getTime()).toBeGreaterThan(stale.getTime() + day);
  });

  it("never reads the session store on public paths", async () => {
    const spy = vi.spyOn(t.deps, "readSession");
    expect((await t.call("GET", "/api/health", { cookie: coordinator.cookie })).status).toBe(200);
    expect((await t.call("GET", "/api/openapi.json", { cookie: coordinator.cookie })).status).toBe(200);
    expect(spy).not.toHaveBeenCalled();
    expect((await t.call("GET", "/api/accounts/me", { cookie: coordinator.cookie })).status).toBe(200);
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
