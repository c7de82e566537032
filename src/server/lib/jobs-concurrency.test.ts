import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../domain/compliance";
import { complianceDocuments } from "../db/schema/compliance";
import { jobs } from "../db/schema/jobs";
import { mailOutbox } from "../db/schema/mail";
import { createProgram, createStudent } from "../testing/factories";
import { createTestApp, type TestApp } from "../testing/harness";
import { createJobRunner, enqueue } from "./jobs";

// Two server instances on one PostgreSQL (ADR 015): each with its own pool and job runner, both
// draining at once. PostgreSQL only: PGlite is one connection, so there is no contention to test.

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)("two job runners on one PostgreSQL", () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("handle each of 200 jobs exactly once among them", async () => {
    await a.deps.db.delete(jobs);
    for (let n = 0; n < 200; n += 50)
      await a.deps.db
        .insert(jobs)
        .values(Array.from({ length: 50 }, (_, i) => ({ kind: "count", payload: { n: n + i } })));
    const handled = new Map<number, string[]>();
    const runner = (app: TestApp, id: string) =>
      createJobRunner({
        db: app.deps.db,
        log: app.deps.log,
        workerId: id,
        batch: 7,
        handlers: {
          count: async (p: { n: number }) => {
            handled.set(p.n, [...(handled.get(p.n) ?? []), id]);
            // Yield so the two runners interleave.
            await new Promise((r) => setTimeout(r, 1));
          },
        },
      });
    // Three runners per instance (each claim on its own pooled connection), all draining at once.
    const runners = [a, b, a, b, a, b].map((app, i) => runner(app, `runner-${i}`));
    const counts = await Promise.all(runners.map((r) => r.drain()));
    expect(counts.reduce((x, y) => x + y, 0)).toBe(200);
    expect(handled.size).toBe(200);
    expect([...handled.entries()].filter(([, ids]) => ids.length !== 1)).toEqual([]);
    // Several took part (batches of 7 with a pause each: one runner cannot take them all first).
    expect(counts.filter((n) => n > 0).length).toBeGreaterThan(1);
    const [left] = await a.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(sql`completed_at is null`);
    expect(left.n).toBe(0);
  });

  it("send a reminder exactly once when both scan and drain at the same time", async () => {
    const today = "2026-03-01";
    const program = await createProgram(a, { name: "Twin Runner Nursing" });
    const s = await createStudent(a, program.id);
    await a.deps.db.insert(complianceDocuments).values({
      studentId: s.id,
      requirementTypeId: "bls",
      status: "approved",
      issuedOn: "2024-03-08",
      expiresOn: addDays(today, 7),
      fileKey: "k",
      fileName: "bls.pdf",
      contentType: "application/pdf",
      sizeBytes: 1,
      sha256: "0",
    });
    // Each instance scans (as two scans of different hours, or a scan retried after a crash,
    // would), then both drain at once.
    await Promise.all(
      [a, b].map((app, i) =>
        enqueue(app.deps.db, { kind: "compliance.scan", payload: { today }, dedupeKey: `test-scan-${i}` }),
      ),
    );
    await Promise.all([a.drainJobs(), b.drainJobs(), a.drainJobs(), b.drainJobs()]);
    // And the app runners' own schedule for the same hour, from both at once.
    const at = new Date(`${today}T09:30:00Z`);
    await Promise.all([a.jobRunner.schedule(at), b.jobRunner.schedule(at)]);
    await Promise.all([a.drainJobs(), b.drainJobs()]);

    const sent = await a.deps.db.select().from(mailOutbox).where(sql`lower(${mailOutbox.to}) = lower(${s.email})`);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe("Your BLS/CPR (American Heart Association) expires in 7 days");
    const scans = await a.deps.db
      .select()
      .from(jobs)
      .where(sql`kind = 'compliance.scan' and dedupe_key like 'compliance.scan:%'`);
    expect(scans).toHaveLength(1);
  });
});
