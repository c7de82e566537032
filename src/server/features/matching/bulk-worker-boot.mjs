// A worker thread's first module (bulk-runner.ts): the server's code is TypeScript, run through
// tsx, whose loader a worker does not inherit on Node 20; register it here, then load the entry.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
