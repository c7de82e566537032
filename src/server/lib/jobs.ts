import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client";
import { insertingJsonRows } from "../db/json-rows-insert";
import { jobs } from "../db/schema/jobs";
import type { Logger } from "./logger";

// The job queue (DESIGN.md: jobs; ADR 015): a table every instance polls. A job is claimed with
// `FOR UPDATE SKIP LOCKED` under a lease, so two instances never run it at the same time; it is
// retried with exponential backoff and marked failed after `max_attempts`. Delivery is at least
// once: a crash after a handler's effect and before `completed_at` runs it again. `dedupe_key`
// makes an enqueue idempotent, so a reminder keyed by document and window is enqueued once,
// whoever scans.

export type EnqueueJob = {
  kind: string;
  payload?: unknown;
  /** Unique among all jobs ever kept (completed ones are deleted after 30 days): a second enqueue is a no-op. */
  dedupeKey?: string;
  /** Not before this instant (default: now). */
  runAt?: Date;
  /** Default 8 (the column's default). */
  maxAttempts?: number;
};

/**
 * Adds a job; returns false when a job with the same `dedupeKey` already exists. Pass the caller's
 * transaction to enqueue only if its write commits (the job is invisible to runners until then).
 */
export async function enqueue(db: DbOrTx, job: EnqueueJob): Promise<boolean> {
  const rows = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload ?? {},
      dedupeKey: job.dedupeKey ?? null,
      ...(job.runAt ? { runAt: job.runAt } : {}),
      ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}),
    })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** What a handler gets besides its payload. */
export type JobContext = { id: number; kind: string; attempt: number; maxAttempts: number; log: Logger };
/**
 * Rows a job stores once it has run (a sent mail's outbox row): the runner stores a batch's rows in
 * the statement that records the batch completed, one statement for the batch instead of one per
 * job (issue 11). `table` and `columns` are names fixed in code, never input.
 */
export type StoredOnCompletion = { table: string; columns: readonly string[]; rows: Record<string, unknown>[] };
// biome-ignore lint/suspicious/noExplicitAny: each handler validates its own payload
export type JobHandler = (payload: any, ctx: JobContext) => Promise<void> | Promise<StoredOnCompletion>;
export type JobHandlers = Record<string, JobHandler>;

/**
 * A job enqueued by every runner for each period (hour or day, UTC): its dedupe key names the
 * period, so one instance runs it per period however many instances schedule it.
 */
export type PeriodicJob = {
  kind: string;
  every: "hour" | "day";
  /** The payload for the period that contains `now` (default: `{ period, today }`). */
  payload?: (period: { key: string; today: string; now: Date }) => unknown;
};

export type JobRunner = {
  workerId: string;
  start(): void;
  /** Stops polling and waits for the jobs running now. */
  stop(): Promise<void>;
  /** Claims and runs one batch of due jobs; returns how many were claimed. */
  drainOnce(): Promise<number>;
  /** Runs due jobs until none is left (jobs waiting for a retry later are not due). */
  drain(): Promise<number>;
  /** Enqueues the periodic jobs for the period containing `now` (default: the clock's now). */
  schedule(now?: Date): Promise<void>;
  /**
   * Polls now instead of at the next tick, when started and idle (a request just enqueued a job a
   * person waits for, such as a match run). Does nothing when stopped (tests drain by hand).
   */
  wake(): void;
};

export const COMPLETED_JOBS_KEPT_DAYS = 30;
const HOUR_MS = 3_600_000;

/** Exponential backoff after the n-th failed attempt: 30 s, 1 min, 2 min, ... capped at 1 hour. */
export function backoffMs(attempt: number, baseMs = 30_000, capMs = HOUR_MS): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

/** The UTC calendar day and hour of an instant, as period keys. */
export function periodKeys(now: Date) {
  const iso = now.toISOString();
  return { day: iso.slice(0, 10), hour: iso.slice(0, 13) };
}

type Claimed = { id: number | string; kind: string; payload: unknown; attempts: number; max_attempts: number };

export function createJobRunner(opts: {
  db: Db;
  log: Logger;
  handlers: JobHandlers;
  workerId?: string;
  /** How often to look for due jobs and schedule periodic ones (default 5 s). */
  pollMs?: number;
  /** Jobs claimed at a time (default 10). */
  batch?: number;
  /** How long a claim holds before another instance may take the job over (default 5 min). */
  leaseMs?: number;
  periodic?: PeriodicJob[];
  backoff?: (attempt: number) => number;
  /** The clock for periodic jobs (tests pass a fixed one). */
  now?: () => Date;
}): JobRunner {
  const { db, handlers } = opts;
  const workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const log = opts.log.child({ worker: workerId });
  const pollMs = opts.pollMs ?? 5_000;
  const batch = opts.batch ?? 10;
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  const backoff = opts.backoff ?? ((n: number) => backoffMs(n));
  const clock = opts.now ?? (() => new Date());
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;
  let lastHousekeeping = 0;

  async function schedule(now = clock()) {
    const keys = periodKeys(now);
    for (const p of opts.periodic ?? []) {
      const key = p.every === "hour" ? keys.hour : keys.day;
      const payload = p.payload ? p.payload({ key, today: keys.day, now }) : { period: key, today: keys.day };
      await enqueue(db, { kind: p.kind, payload, dedupeKey: `${p.kind}:${key}` });
    }
  }

  async function claim(): Promise<Claimed[]> {
    const result = await db.execute(sql`
      update jobs
         set locked_by = ${workerId},
             locked_until = now() + make_interval(secs => ${leaseMs / 1000}),
             attempts = attempts + 1
       where id in (
         select id from jobs
          where completed_at is null and failed_at is null
            and run_at <= now()
            and attempts < max_attempts
            and (locked_until is null or locked_until < now())
          order by run_at, id
          limit ${batch}
          for update skip locked)
      returning id, kind, payload, attempts, max_attempts`);
    return (result as unknown as { rows: Claimed[] }).rows;
  }

  /**
   * Runs one claimed job; true when it succeeded (its completion, and what it stores then, are
   * recorded by the caller).
   */
  async function runOne(job: Claimed, stored: StoredOnCompletion[]): Promise<boolean> {
    const id = Number(job.id);
    const attempt = Number(job.attempts);
    const maxAttempts = Number(job.max_attempts);
    const handler = Object.hasOwn(handlers, job.kind) ? handlers[job.kind] : undefined;
    try {
      if (!handler) throw new Error(`No handler for job kind "${job.kind}"`);
      const result = (await handler(job.payload, { id, kind: job.kind, attempt, maxAttempts, log })) as
        | StoredOnCompletion
        | undefined;
      if (result && result.rows.length > 0) stored.push(result);
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      // An unknown kind will not learn a handler by waiting: it fails at once.
      const final = !handler || attempt >= maxAttempts;
      if (final) {
        await db.execute(sql`
          update jobs set failed_at = now(), last_error = ${message}, locked_by = null, locked_until = null
           where id = ${id} and locked_by = ${workerId}`);
        log.error({ jobId: id, kind: job.kind, attempt, err: message }, "job failed for good");
      } else {
        const delay = backoff(attempt);
        await db.execute(sql`
          update jobs
             set run_at = now() + make_interval(secs => ${delay / 1000}), last_error = ${message},
                 locked_by = null, locked_until = null
           where id = ${id} and locked_by = ${workerId}`);
        log.warn({ jobId: id, kind: job.kind, attempt, retryInMs: delay, err: message }, "job failed: will retry");
      }
      return false;
    }
  }

  /**
   * Records the batch's completed jobs in one statement (issue 11: a decision's notices are several
   * jobs; one statement each was a fifth of a busy portal's statements), with the rows they store
   * (a sent mail's outbox row: one INSERT and one commit each kept the runner at 100-160 mails a
   * second while approvals queued 400). A crash before it runs the batch's jobs again, as a crash
   * between a handler and its completion always did.
   */
  async function complete(ids: number[], stored: StoredOnCompletion[]) {
    if (ids.length === 0) return;
    const groups = groupStored(stored);
    try {
      await db.execute(
        sql`with ${sql.join(
          groups.map((g, i) => sql`${sql.raw(`s${i}`)} as (${insertingJsonRows(g.table, g.columns, g.rows)}), `),
          sql``,
        )}done as (${completion(ids)} returning 1) select count(*) from done`,
      );
    } catch (err) {
      if (groups.length === 0) throw err;
      // A row the database refuses must not leave the batch's jobs to run (and mail) again: the
      // completion alone, then each row on its own.
      await db.execute(completion(ids));
      for (const g of groups)
        for (const row of g.rows)
          await db.execute(insertingJsonRows(g.table, g.columns, [row])).catch((e: unknown) => {
            log.error(
              { table: g.table, err: e instanceof Error ? e.message : String(e) },
              "job: a stored row was refused",
            );
          });
    }
  }

  // One array parameter (ids are numbers), not an IN list: one statement text whatever the batch's
  // size, so it is prepared once (ADR 034).
  const completion = (ids: number[]) => sql`
      update jobs set completed_at = now(), locked_by = null, locked_until = null, last_error = null
       where id = any(${`{${ids.join(",")}}`}::bigint[]) and locked_by = ${workerId}`;

  /** Cheap, at most hourly: forget old completed jobs; fail jobs whose last attempt died with its process. */
  async function housekeeping() {
    const now = Date.now();
    if (now - lastHousekeeping < HOUR_MS) return;
    lastHousekeeping = now;
    await db.execute(sql`
      delete from jobs where completed_at < now() - make_interval(days => ${COMPLETED_JOBS_KEPT_DAYS})`);
    await db.execute(sql`
      update jobs set failed_at = now(), last_error = coalesce(last_error, 'the last attempt did not finish')
       where completed_at is null and failed_at is null and attempts >= max_attempts and locked_until < now()`);
  }

  async function drainOnce() {
    const claimed = await claim();
    const done: number[] = [];
    const stored: StoredOnCompletion[] = [];
    try {
      for (const job of claimed) if (await runOne(job, stored)) done.push(Number(job.id));
    } finally {
      await complete(done, stored);
    }
    return claimed.length;
  }

  async function drain() {
    let total = 0;
    for (;;) {
      const n = await drainOnce();
      total += n;
      if (n === 0) return total;
    }
  }

  async function tick() {
    try {
      await schedule();
      await housekeeping();
      await drain();
    } catch (err) {
      log.error({ err: err instanceof Error ? err.message : String(err) }, "job runner: poll failed");
    }
  }

  function loop() {
    // While a tick runs there is no timer: wake() then leaves it alone (the tick drains what is due).
    timer = null;
    if (stopped) return;
    running = tick().finally(() => {
      if (!stopped) timer = setTimeout(loop, pollMs);
    });
  }

  return {
    workerId,
    start() {
      if (!stopped) return;
      stopped = false;
      loop();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
    drainOnce,
    drain,
    schedule,
    wake() {
      if (stopped || !timer) return;
      clearTimeout(timer);
      timer = null;
      loop();
    },
  };
}

/** Rows for the same table and columns, together (in the order the jobs ran). */
function groupStored(stored: StoredOnCompletion[]): StoredOnCompletion[] {
  const groups = new Map<string, StoredOnCompletion>();
  for (const s of stored) {
    const key = `${s.table}\u0000${s.columns.join("\u0000")}`;
    const group = groups.get(key);
    if (group) group.rows.push(...s.rows);
    else groups.set(key, { table: s.table, columns: s.columns, rows: [...s.rows] });
  }
  return [...groups.values()];
}
