import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
