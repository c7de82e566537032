// A pool worker of document-worker.ts. The server runs from TypeScript through tsx, whichever way it
// was started (npm start registers tsx in-process, development and tests load it their own way), and
// a worker thread inherits none of that: this plain module registers tsx for its own thread, then
// loads the jobs. One job at a time; the pool terminates the thread when a job overstays.
import { parentPort } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { runJob } = await import("./document-worker-jobs.ts");

parentPort.on("message", async ({ id, job }) => {
  try {
    parentPort.postMessage({ id, ok: true, value: await runJob(job) });
  } catch (err) {
    parentPort.postMessage({ id, ok: false, error: String(err?.message ?? err) });
  }
});
