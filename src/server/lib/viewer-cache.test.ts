import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sessions } from "../db/schema/auth";
import { adminAccessRequests, organizations, profiles, userRoles } from "../db/schema/organizations";
import { createCoordinator, createFacility, createProgram } from "../testing/factories";
import { createTestApp, type TestApp } from "../testing/harness";
import { createSessionReader } from "./session-reader";

// ADR 016: reads reuse the session row an instance keeps; every change to what a viewer is made of
// is announced by the database and drops it, on PGlite at once and on PostgreSQL as soon as the
// announcement arrives (milliseconds: `eventually` waits for it, never for a fixed time).

async function eventually<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  let last = await read();
  for (let i = 0; i < 100 && !done(last); i += 1) {
    await new Promise((r) => setTimeout(r, 20));
    last = await read();
  }
  return last;
}

describe("the viewer kept between reads", () => {
  let t: TestApp;
  let viewerQueries = 0;

  beforeAll(async () => {
    t = await createTestApp({ env: { VIEWER_CACHE_MS: "60000" } });
    await t.deps.realtime.ready;
    // Counts the one statement that reads a viewer (session-reader.ts), whichever database runs it.
    const { database } = t.deps;
    if (database.pool) {
      const query = database.pool.query.bind(database.pool) as (...a: unknown[]) => unknown;
      vi.spyOn(database.pool, "query").mockImplementation(((...args: unknown[]) => {
        if ((args[0] as { name?: string })?.name === "portal_viewer_by_token") viewerQueries += 1;
        return query(...args);
      }) as never);
    } else {
      const pglite = database.pglite!;
      const query = pglite.query.bind(pglite);
      vi.spyOn(pglite, "query").mockImplementation(((text: string, ...rest: unknown[]) => {
        if (typeof text === "string" && text.includes("from sessions s join users u")) viewerQueries += 1;
        return (query as (...a: unknown[]) => unknown)(text, ...rest);
      }) as never);
    }
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  const me = (cookie: string) => t.call("GET", "/api/accounts/me", { cookie });

  it("reads the session once for many reads, and afresh for every write", async () => {
    const program = await createProgram(t);
    const user = await createCoordinator(t, program.id, "program");
    expect((await me(user.cookie)).status).toBe(200);
    const before = viewerQueries;
    for (let i = 0; i < 5; i += 1) expect((await me(user.cookie)).status).toBe(200);
    expect(viewerQueries).toBe(before);
    const write = await t.call("POST", "/api/accounts/me/organization", {
      cookie: user.cookie,
      body: { organizationId: program.id },
    });
    expect(write.status).toBe(200);
    expect(viewerQueries).toBe(before + 1);
  });

  it("answers /me from the kept viewer with no query, and drops it when the profile or access request changes", async () => {
    const program = await createProgram(t);
    const user = await createCoordinator(t, program.id, "program");
    expect((await me(user.cookie)).status).toBe(200);
    const before = viewerQueries;
    const kept = await me(user.cookie);
    expect(viewerQueries).toBe(before);
    await t.deps.db.update(profiles).set({ fullName: "Renamed Coordinator" }).where(eq(profiles.userId, user.userId));
    const renamed = await eventually(
      () => me(user.cookie),
      (r) => r.json.profile.fullName === "Renamed Coordinator",
    );
    expect(kept.json.profile.fullName).not.toBe("Renamed Coordinator");
    expect(renamed.json.user.name).toBe("Renamed Coordinator");
    await t.deps.db.insert(adminAccessRequests).values({ userId: user.userId, organizationName: "State Board" });
    const requested = await eventually(
      () => me(user.cookie),
      (r) => r.json.accessRequest !== null,
    );
    expect(requested.json.accessRequest.status).toBe("pending");
  });

  it("drops a revoked session: the next reads are signed out", async () => {
    const program = await createProgram(t);
    const user = await createCoordinator(t, program.id, "program");
    expect((await me(user.cookie)).status).toBe(200);
    await t.deps.db.delete(sessions).where(eq(sessions.userId, user.userId));
    const after = await eventually(
      () => me(user.cookie),
      (r) => r.status === 401,
    );
    expect(after.status).toBe(401);
  });

  it("drops a viewer whose roles change", async () => {
    const program = await createProgram(t);
    const user = await createCoordinator(t, program.id, "program");
    expect((await t.call("GET", "/api/students", { cookie: user.cookie })).status).toBe(200);
    await t.deps.db.delete(userRoles).where(eq(userRoles.userId, user.userId));
    const after = await eventually(
      () => t.call("GET", "/api/students", { cookie: user.cookie }),
      (r) => r.status === 403,
    );
    expect(after.status).toBe(403);
  });

  it("drops every member's viewer when their organization is rejected", async () => {
    const facility = await createFacility(t);
    const user = await createCoordinator(t, facility.id, "facility");
    expect((await t.call("GET", "/api/facility/placements", { cookie: user.cookie })).status).toBe(200);
    await t.deps.db
      .update(organizations)
      .set({ verificationStatus: "rejected" })
      .where(eq(organizations.id, facility.id));
    const after = await eventually(
      () => t.call("GET", "/api/facility/placements", { cookie: user.cookie }),
      (r) => r.status === 403,
    );
    expect(after.status).toBe(403);
    expect(after.json.error.code).toBe("organization_rejected");
  });

  it("keeps nothing while the instance does not hear the announcements", async () => {
    const program = await createProgram(t);
    const user = await createCoordinator(t, program.id, "program");
    const deaf = createSessionReader(t.deps.auth, t.deps.database, {
      cacheMs: 60_000,
      changes: { onViewerChange: () => () => undefined, hearsViewerChanges: () => false },
    });
    const headers = new Headers({ cookie: user.cookie });
    expect((await deaf(headers, false)).kind).toBe("viewer");
    const before = viewerQueries;
    expect((await deaf(headers, false)).kind).toBe("viewer");
    expect(viewerQueries).toBe(before + 1);
  });
});
