import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../testing/harness";

describe("GET /api/health", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers 200 when the database answers, without signing in", async () => {
    const res = await t.call("GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "ok", database: process.env.TEST_DATABASE_URL ? "postgres" : "pglite" });
  });

  it("asks the database once for twenty checks at once, and again for the next check (issue 11)", async () => {
    const ping = vi.spyOn(t.database, "ping");
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => t.call("GET", "/api/health")));
      for (const res of answers) expect(res.json.status).toBe("ok");
      expect(ping).toHaveBeenCalledTimes(1);
      expect((await t.call("GET", "/api/health")).status).toBe(200);
      expect(ping).toHaveBeenCalledTimes(2);
    } finally {
      ping.mockRestore();
    }
  });
});

describe("GET /api/health with the database gone", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers 503 so a load balancer takes the instance out", async () => {
    await t.database.close();
    const res = await t.call("GET", "/api/health");
    expect(res.status).toBe(503);
    expect(res.json).toEqual({
      status: "unavailable",
      database: process.env.TEST_DATABASE_URL ? "postgres" : "pglite",
    });
  });
});
