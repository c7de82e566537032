import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobs } from "../db/schema/jobs";
import { mailOutbox } from "../db/schema/mail";
import { createTestApp, type TestApp } from "../testing/harness";
import { createJobRunner, enqueue, type JobHandlers, periodKeys } from "./jobs";
import { OUTBOX_COLUMNS, OUTBOX_TABLE } from "./mail";
import { enqueueMail, MAIL_SEND, mailSendHandler } from "./mail-queue";

// The job queue (lib/jobs.ts, ADR 015) on the test database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): dedupe, retries with backoff, failure after max attempts, unknown kinds,
// periodic scheduling and housekeeping. Lock contention between instances: jobs-concurrency.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ captureLogs: true });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.deps.db.delete(jobs);
});

const db = () => t.deps.db;
const rowsOf = (kind: string) => db().select().from(jobs).where(eq(jobs.kind, kind));
const runner = (handlers: JobHandlers, extra: Partial<Parameters<typeof createJobRunner>[0]> = {}) =>
  createJobRunner({ db: db(), log: t.deps.log, handlers, workerId: "test", ...extra });

describe("enqueue", () => {
  it("is idempotent by dedupe key and says whether the job is new", async () => {
    expect(await enqueue(db(), { kind: "k", payload: { n: 1 }, dedupeKey: "once" })).toBe(true);
    expect(await enqueue(db(), { kind: "k", payload: { n: 2 }, dedupeKey: "once" })).toBe(false);
    // Without a key, every enqueue is a job.
    expect(await enqueue(db(), { kind: "k" })).toBe(true);
    expect(await enqueue(db(), { kind: "k" })).toBe(true);
    const rows = await rowsOf("k");
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.dedupeKey === "once")?.payload).toEqual({ n: 1 });
  });

  it("inside a transaction: the job exists only if the caller's write commits", async () => {
    await expect(
      db().transaction(async (tx) => {
        await enqueue(tx, { kind: "in-tx", dedupeKey: "rolled-back" });
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    expect(await rowsOf("in-tx")).toHaveLength(0);
    await db().transaction(async (tx) => {
      await enqueue(tx, { kind: "in-tx", dedupeKey: "committed" });
    });
    expect(await rowsOf("in-tx")).toHaveLength(1);
  });

  it("a job due later is not run before its time", async () => {
    const seen: unknown[] = [];
    await enqueue(db(), { kind: "later", runAt: new Date(Date.now() + 3_600_000) });
    expect(await runner({ later: async (p) => void seen.push(p) }).drain()).toBe(0);
    expect(seen).toHaveLength(0);
  });
});

describe("running jobs", () => {
  it("runs each due job once with its payload and marks it completed", async () => {
    const seen: number[] = [];
    for (let n = 0; n < 25; n++) await enqueue(db(), { kind: "count", payload: { n } });
    const r = runner({ count: async (p: { n: number }) => void seen.push(p.n) }, { batch: 4 });
    expect(await r.drain()).toBe(25);
    expect(await r.drain()).toBe(0);
    expect(seen.sort((a, b) => a - b)).toEqual([...Array(25).keys()]);
    const rows = await rowsOf("count");
    expect(rows.every((j) => j.completedAt && !j.failedAt && j.attempts === 1 && !j.lockedBy)).toBe(true);
  });

  it("a batch with a failing job: the others are completed together, the failing one is retried alone", async () => {
    for (const n of [1, 2, 3]) await enqueue(db(), { kind: "mixed", payload: { n } });
    const r = runner({
      mixed: async (p: { n: number }) => {
        if (p.n === 2) throw new Error("the second one fails");
      },
    });
    expect(await r.drainOnce()).toBe(3);
    const rows = (await rowsOf("mixed")).sort(
      (a, b) => (a.payload as { n: number }).n - (b.payload as { n: number }).n,
    );
    expect(rows.map((j) => Boolean(j.completedAt))).toEqual([true, false, true]);
    expect(rows[1]).toMatchObject({ lastError: "the second one fails", lockedBy: null, failedAt: null });
    expect(rows.every((j) => j.lockedBy === null && j.attempts === 1)).toBe(true);
  });

  it("retries a failed job later with exponential backoff, then completes it", async () => {
    let calls = 0;
    const r = runner({
      flaky: async () => {
        calls += 1;
        if (calls < 3) throw new Error(`SMTP refused (${calls})`);
      },
    });
    await enqueue(db(), { kind: "flaky" });
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 2; attempt++) {
      expect(await r.drain()).toBe(1);
      const [job] = await rowsOf("flaky");
      expect(job).toMatchObject({ attempts: attempt, lastError: `SMTP refused (${attempt})`, completedAt: null });
      expect(job.failedAt).toBeNull();
      expect(job.lockedBy).toBeNull();
      delays.push(job.runAt.getTime() - Date.now());
      // Not due yet: nothing runs until the backoff has passed.
      expect(await r.drain()).toBe(0);
      await db().update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, job.id));
    }
    // 30 s after the first failure, 60 s after the second (give or take the test's own time).
    expect(delays[0]).toBeGreaterThan(25_000);
    expect(delays[0]).toBeLessThanOrEqual(30_000);
    expect(delays[1]).toBeGreaterThan(55_000);
    expect(delays[1]).toBeLessThanOrEqual(60_000);
    expect(await r.drain()).toBe(1);
    const [done] = await rowsOf("flaky");
    expect(done).toMatchObject({ attempts: 3, lastError: null });
    expect(done.completedAt).toBeInstanceOf(Date);
    expect(calls).toBe(3);
  });

  it("fails a job for good after max_attempts, logged at error", async () => {
    let calls = 0;
    const r = runner(
      {
        broken: async () => {
          calls += 1;
          throw new Error("always broken");
        },
      },
      { backoff: () => 0 },
    );
    await enqueue(db(), { kind: "broken", maxAttempts: 3 });
    await r.drain();
    const [job] = await rowsOf("broken");
    expect(calls).toBe(3);
    expect(job).toMatchObject({ attempts: 3, lastError: "always broken", completedAt: null });
    expect(job.failedAt).toBeInstanceOf(Date);
    expect(await r.drain()).toBe(0);
    expect(t.logs.some((l) => l.level === 50 && l.msg === "job failed for good" && l.kind === "broken")).toBe(true);
  });

  it("fails a job of an unknown kind at once, saying so", async () => {
    await enqueue(db(), { kind: "no.such.kind" });
    await runner({}).drain();
    const [job] = await rowsOf("no.such.kind");
    expect(job.attempts).toBe(1);
    expect(job.failedAt).toBeInstanceOf(Date);
    expect(job.lastError).toBe('No handler for job kind "no.such.kind"');
  });

  it("takes over a job whose claim expired (its process died), not one still held", async () => {
    await enqueue(db(), { kind: "orphan" });
    await db()
      .update(jobs)
      .set({ lockedBy: "dead", lockedUntil: sql`now() + interval '1 minute'`, attempts: 1 })
      .where(eq(jobs.kind, "orphan"));
    let ran = 0;
    const r = runner({
      orphan: async () => {
        ran += 1;
      },
    });
    expect(await r.drain()).toBe(0);
    await db().update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.kind, "orphan"));
    expect(await r.drain()).toBe(1);
    expect(ran).toBe(1);
    expect((await rowsOf("orphan"))[0].attempts).toBe(2);
  });
});

describe("periodic jobs and housekeeping", () => {
  it("enqueues one job per period whoever schedules it, with the period's day in the payload", async () => {
    const periodic = [
      { kind: "hourly", every: "hour" as const },
      { kind: "daily", every: "day" as const },
    ];
    const a = runner({}, { periodic, workerId: "a" });
    const b = runner({}, { periodic, workerId: "b" });
    const at = new Date("2026-03-01T10:15:00Z");
    await Promise.all([a.schedule(at), b.schedule(at), a.schedule(new Date("2026-03-01T10:59:00Z"))]);
    await b.schedule(new Date("2026-03-01T11:00:00Z"));
    const hourly = await rowsOf("hourly");
    expect(hourly.map((j) => j.dedupeKey).sort()).toEqual(["hourly:2026-03-01T10", "hourly:2026-03-01T11"]);
    expect(hourly.find((j) => j.dedupeKey === "hourly:2026-03-01T10")?.payload).toEqual({
      period: "2026-03-01T10",
      today: "2026-03-01",
    });
    expect((await rowsOf("daily")).map((j) => j.dedupeKey)).toEqual(["daily:2026-03-01"]);
    expect(periodKeys(at)).toEqual({ day: "2026-03-01", hour: "2026-03-01T10" });
  });

  it("start() schedules, runs due jobs and deletes completed jobs older than 30 days; stop() waits", async () => {
    await enqueue(db(), { kind: "old", dedupeKey: "old" });
    await enqueue(db(), { kind: "recent", dedupeKey: "recent" });
    await db().update(jobs).set({ completedAt: sql`now() - interval '31 days'` }).where(eq(jobs.kind, "old"));
    await db().update(jobs).set({ completedAt: sql`now() - interval '29 days'` }).where(eq(jobs.kind, "recent"));
    await enqueue(db(), { kind: "due" });
    let ran = 0;
    const r = runner(
      {
        due: async () => {
          ran += 1;
        },
        tick: async () => {},
      },
      { periodic: [{ kind: "tick", every: "day" }], pollMs: 60_000 },
    );
    r.start();
    await r.stop();
    expect(ran).toBe(1);
    expect(await rowsOf("old")).toHaveLength(0);
    expect(await rowsOf("recent")).toHaveLength(1);
    const [tick] = await rowsOf("tick");
    expect(tick.completedAt).toBeInstanceOf(Date);
  });
});

describe("rows a job stores with its completion (a sent mail's outbox row)", () => {
  const outboxOf = (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, to));
  const stored = (to: string, subject: string | null) => ({
    table: OUTBOX_TABLE,
    columns: OUTBOX_COLUMNS,
    rows: [{ to, subject, text: "body", html: null, link: null, transport: "dev" }],
  });

  it("a batch of queued mails: each sent once, its outbox row stored, its job completed", async () => {
    const to = `batch-${randomUUID()}@example.test`;
    for (const n of [1, 2, 3]) await enqueueMail(db(), { to, subject: `Notice ${n}`, text: `Body ${n}` });
    const r = runner({ [MAIL_SEND]: mailSendHandler(t.deps.mailer) });
    expect(await r.drain()).toBe(3);
    const rows = await outboxOf(to);
    expect(rows.map((m) => m.subject).sort()).toEqual(["Notice 1", "Notice 2", "Notice 3"]);
    expect(rows.every((m) => m.text.startsWith("Body ") && m.transport === "dev")).toBe(true);
    expect(await t.mailTo(to)).toHaveLength(3);
    expect((await rowsOf(MAIL_SEND)).every((j) => j.completedAt && j.lockedBy === null)).toBe(true);
    // Completed: a second drain sends nothing again.
    expect(await r.drain()).toBe(0);
    expect(await t.mailTo(to)).toHaveLength(3);
  });

  it("a row the database refuses: the batch's jobs are still completed (never run again), the other rows stored, the refusal logged", async () => {
    const to = `refused-${randomUUID()}@example.test`;
    for (const n of [1, 2, 3]) await enqueue(db(), { kind: "stores", payload: { n } });
    let runs = 0;
    const r = runner({
      stores: async (p: { n: number }) => {
        runs++;
        // The second row breaks subject's NOT NULL: the statement storing the batch fails.
        return stored(to, p.n === 2 ? null : `Row ${p.n}`);
      },
    });
    expect(await r.drainOnce()).toBe(3);
    expect((await outboxOf(to)).map((m) => m.subject).sort()).toEqual(["Row 1", "Row 3"]);
    expect((await rowsOf("stores")).every((j) => j.completedAt && !j.failedAt)).toBe(true);
    expect(await r.drain()).toBe(0);
    expect(runs).toBe(3);
    expect(t.logs.some((l) => l.msg === "job: a stored row was refused" && l.table === OUTBOX_TABLE)).toBe(true);
  });

  it("a failed job stores nothing; half a character in a mail is stored as U+FFFD", async () => {
    const to = `failed-${randomUUID()}@example.test`;
    await enqueue(db(), { kind: "fails-after", payload: {} });
    const r = runner({
      "fails-after": async () => {
        throw new Error("the delivery failed");
      },
    });
    expect(await r.drainOnce()).toBe(1);
    expect(await outboxOf(to)).toHaveLength(0);
    // Through the mailer, as the queue's handler and a direct send store it.
    await t.deps.mailer.send({ to, subject: "Half \ud800 a character", text: "Lone \udc00 surrogate" });
    const [row] = await outboxOf(to);
    expect(row).toMatchObject({ subject: "Half \ufffd a character", text: "Lone \ufffd surrogate" });
  });
});
