// A pool worker of document-worker.ts. The server runs from TypeScript through tsx, whichever way it
// was started (npm start registers tsx in-process, development and tests load it their own way), and
// a worker thread inherits none of that: this plain module registers tsx for its own thread, then
// loads the jobs. One job at a time; the pool terminates the thread when a job overstays.
import { readlinkSync } from "node:fs";
import os from "node:os";
import { parentPort } from "node:worker_threads";
import { register } from "tsx/esm/api";

// This thread yields the CPU to the one serving requests: on Linux a thread has a nice value of its
// own (/proc/thread-self names its id). 10, not 19: on a machine busy with other processes a nice-19
// thread starves (a one-page check took 4 s instead of 0.3) and real files would miss their deadline.
// Elsewhere it keeps the process's priority.
const NICE = 10;
try {
  const threadId = Number(readlinkSync("/proc/thread-self").split("/").pop());
  if (threadId > 0) os.setPriority(threadId, NICE);
} catch {}

register();
const { runJob } = await import("./document-worker-jobs.ts");

parentPort.on("message", async ({ id, job }) => {
  try {
    parentPort.postMessage({ id, ok: true, value: await runJob(job) });
  } catch (err) {
    parentPort.postMessage({ id, ok: false, error: String(err?.message ?? err) });
  }
});
