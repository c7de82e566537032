import { Worker } from "node:worker_threads";
import type { ProposedDates } from "../../domain/document-dates";

/**
 * Untrusted document work (a PDF's text layer, its dates, its check for scripts) never runs on the
 * thread that serves requests: it runs on a small pool of worker threads, one job per worker at a
 * time, and a job still running at its deadline has its worker terminated (a hostile PDF can make
 * pdf.js or a regular expression spin for minutes; only a hard stop bounds that). At most
 * POOL_SIZE jobs run at once per process; a few more wait their turn briefly, the rest are told
 * "busy" at once. The jobs themselves are in document-worker-jobs.ts.
 */
export type DocumentJob =
  | { kind: "pdf-text"; bytes: Uint8Array }
  | { kind: "pdf-dates"; bytes: Uint8Array; today: string }
  | { kind: "text-dates"; text: string; today: string }
  | { kind: "pdf-check"; bytes: Uint8Array };

/** What the worker answers a PDF's check (file-inspection.ts): null when nothing is wrong. */
export type PdfCheck = "active" | "encrypted" | "inflates" | "unreadable" | null;

export type DocumentJobValue = {
  "pdf-text": string;
  "pdf-dates": ProposedDates;
  "text-dates": ProposedDates;
  "pdf-check": PdfCheck;
};

export type JobOutcome<T> =
  | { ok: true; value: T }
  /** timeout: killed at its deadline; busy: no worker free in time; failed: the job threw or its worker died; stopped: shutting down. */
  | { ok: false; reason: "timeout" | "busy" | "failed" | "stopped" };

/** Jobs running at once per process: the machine's cores stay mostly free for requests. */
export const POOL_SIZE = 2;
/**
 * Jobs that may wait for a worker; any more are answered "busy" at once. Enough for a burst of
 * ordinary uploads (twenty at once from one form) to wait rather than fail; each holds one body.
 */
export const MAX_WAITING = 64;
/** How long a job waits for a worker before it is answered "busy" (a few hostile jobs ahead of it). */
export const DEFAULT_WAIT_MS = 30_000;
/** A worker idle this long exits (it holds pdf.js and tsx: tens of MB). */
const IDLE_MS = 30_000;
/** A worker's heap; past it the worker dies (the job fails), never the server. */
const WORKER_HEAP_MB = 256;

const ENTRY = new URL("./document-worker-thread.mjs", import.meta.url);

/**
 * A counting limit: `acquire` answers a release function once one of `size` places is free, or
 * null when `maxWaiting` are already waiting, after `waitMs`, or once closed. Used for the pool and
 * for OCR (tesseract runs in its own worker, but each one is a core's worth of work).
 */
export function createLimit(size: number, maxWaiting: number) {
  let inUse = 0;
  let closed = false;
  const waiting: { grant: (release: (() => void) | null) => void; timer: NodeJS.Timeout }[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.grant(once());
    } else inUse -= 1;
  };
  const once = () => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      release();
    };
  };
  return {
    acquire(waitMs: number): Promise<(() => void) | null> {
      if (closed) return Promise.resolve(null);
      if (inUse < size) {
        inUse += 1;
        return Promise.resolve(once());
      }
      if (waiting.length >= maxWaiting) return Promise.resolve(null);
      return new Promise((grant) => {
        const entry = {
          grant,
          timer: setTimeout(() => {
            waiting.splice(waiting.indexOf(entry), 1);
            grant(null);
          }, waitMs),
        };
        waiting.push(entry);
      });
    },
    close() {
      closed = true;
      for (const entry of waiting.splice(0)) {
        clearTimeout(entry.timer);
        entry.grant(null);
      }
    },
    get closed() {
      return closed;
    },
  };
}

const limit = createLimit(POOL_SIZE, MAX_WAITING);
const idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];
const live = new Set<Worker>();
let nextId = 1;

function takeWorker(): Worker {
  const kept = idle.pop();
  if (kept) {
    clearTimeout(kept.timer);
    kept.worker.ref();
    return kept.worker;
  }
  const worker = new Worker(ENTRY, {
    // The entry registers tsx itself: the parent's flags (tsx's --import, --watch, profilers) are not wanted.
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
    stdout: true,
    stderr: true,
  });
  // pdf.js warns on stdout about damaged files; that is not the server's log.
  worker.stdout.resume();
  worker.stderr.resume();
  worker.on("error", () => {}); // each job listens for its own worker's death
  live.add(worker);
  worker.once("exit", () => live.delete(worker));
  return worker;
}

function keepIdle(worker: Worker) {
  if (limit.closed || !live.has(worker)) {
    void worker.terminate();
    return;
  }
  // An idle worker does not keep the process alive.
  worker.unref();
  const entry = {
    worker,
    timer: setTimeout(() => {
      idle.splice(idle.indexOf(entry), 1);
      void worker.terminate();
    }, IDLE_MS).unref(),
  };
  idle.push(entry);
}

/** Runs `job` on a pool worker, or answers why not: never throws, never blocks this thread. */
export async function runDocumentJob<J extends DocumentJob>(
  job: J,
  opts: { deadlineMs: number; waitMs?: number },
): Promise<JobOutcome<DocumentJobValue[J["kind"]]>> {
  const release = await limit.acquire(opts.waitMs ?? DEFAULT_WAIT_MS);
  if (!release) return { ok: false, reason: limit.closed ? "stopped" : "busy" };
  let worker: Worker;
  try {
    worker = takeWorker();
  } catch {
    release();
    return { ok: false, reason: "failed" };
  }
  const id = nextId++;
  type Outcome = JobOutcome<DocumentJobValue[J["kind"]]>;
  const outcome = await new Promise<{ outcome: Outcome; reusable: boolean }>((resolve) => {
    const finish = (outcome: Outcome, reusable: boolean) => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      resolve({ outcome, reusable });
    };
    const onMessage = (message: { id: number; ok: boolean; value?: unknown }) => {
      if (message?.id !== id) return;
      const value = message.value as DocumentJobValue[J["kind"]];
      finish(message.ok ? { ok: true, value } : { ok: false, reason: "failed" }, true);
    };
    const onError = () => finish({ ok: false, reason: "failed" }, false);
    const onExit = () => finish({ ok: false, reason: limit.closed ? "stopped" : "failed" }, false);
    const timer = setTimeout(() => finish({ ok: false, reason: "timeout" }, false), opts.deadlineMs);
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    try {
      worker.postMessage({ id, job });
    } catch {
      finish({ ok: false, reason: "failed" }, false);
    }
  });
  if (outcome.reusable) keepIdle(worker);
  else {
    live.delete(worker);
    // The place is free once the worker is gone: never more than POOL_SIZE at work.
    await worker.terminate().catch(() => {});
  }
  release();
  return outcome.outcome;
}

/** Shutdown: no new jobs, waiting ones answered "stopped", running ones killed. */
export async function stopDocumentWorkers(): Promise<void> {
  limit.close();
  for (const entry of idle.splice(0)) clearTimeout(entry.timer);
  await Promise.all([...live].map((worker) => worker.terminate().catch(() => {})));
}
