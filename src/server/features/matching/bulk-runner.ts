import { Worker } from "node:worker_threads";
import type { ComputeInput, ComputeOutput, Progress } from "./bulk-compute";

// Runs a match run's computation on a worker thread of its own, so that scoring and solving (a
// few seconds for 5,000 students × 500 placements) never hold the event loop that answers the
// server's other requests. One thread per run, ended when it answers (or after `timeoutMs`).

const BOOT = new URL("./bulk-worker-boot.mjs", import.meta.url);
const ENTRY = new URL("./bulk-worker.ts", import.meta.url).href;

/** A run that takes longer than this is stopped and reported as failed. */
export const RUN_TIMEOUT_MS = 4 * 60_000;

type Message =
  | { type: "progress"; phase: Parameters<Progress>[0]; percent: number }
  | { type: "done"; out: ComputeOutput }
  | { type: "error"; message: string };

export function computeInWorker(
  input: ComputeInput,
  progress: Progress,
  opts: { timeoutMs?: number } = {},
): Promise<ComputeOutput> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(BOOT, { workerData: { entry: ENTRY, input } });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => settle(() => reject(new Error("The run took too long and was stopped"))),
      opts.timeoutMs ?? RUN_TIMEOUT_MS,
    );
    worker.on("message", (m: Message) => {
      if (m.type === "progress") progress(m.phase, m.percent);
      else if (m.type === "done") settle(() => resolve(m.out));
      else settle(() => reject(new Error(m.message)));
    });
    worker.on("error", (err) => settle(() => reject(err)));
    worker.on("exit", (code) => settle(() => reject(new Error(`The run's worker stopped (exit code ${code})`))));
  });
}
