import { parentPort, workerData } from "node:worker_threads";
import { type ComputeInput, computeProposals } from "./bulk-compute";

// A match run's computation on a worker thread (bulk-runner.ts starts it): reads the run's input,
// reports progress, answers the proposals, and ends.

const port = parentPort;
if (!port) throw new Error("bulk-worker.ts runs as a worker thread");
try {
  const out = computeProposals((workerData as { input: ComputeInput }).input, (phase, percent) =>
    port.postMessage({ type: "progress", phase, percent }),
  );
  port.postMessage({ type: "done", out });
} catch (err) {
  port.postMessage({ type: "error", message: err instanceof Error ? err.message : String(err) });
}
