// General LP solvers for `npm run bench:matching` row 3 (dev dependencies only): HiGHS (highs,
// WebAssembly) and GLPK (glpk.js, WebAssembly) on the matching LP of linear-program.ts. Large
// solves run in a worker thread that the bench terminates at its time cap, because a solver's own
// time limit does not cover loading the model and a WebAssembly call cannot be interrupted from
// the calling thread.
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import GLPK from "glpk.js/node";
import loadHighs from "highs";
import type { SparseLinearProgram } from "../src/domain/matching/linear-program";

export type SolverName = "HiGHS" | "glpk.js";
/** Objective value and solve time (ms), or why there is none. */
export type SolverOutcome = { objective: number; ms: number } | { failed: string };

/** A solve stopped by its own time limit reads as the cap, like one the bench terminated. */
const notOptimal = (status: string, ms: number, capSeconds: number): SolverOutcome => ({
  failed: ms >= capSeconds * 1000 * 0.95 ? `> ${capSeconds} s` : status,
});

let highsRuntime: Awaited<ReturnType<typeof loadHighs>> | undefined;
let glpkRuntime: Awaited<ReturnType<typeof GLPK>> | undefined;

/** HiGHS: the sparse model passed as arrays, then run (timed together). */
export async function solveWithHighs(lp: SparseLinearProgram, capSeconds: number): Promise<SolverOutcome> {
  highsRuntime ??= await loadHighs();
  const highs = highsRuntime;
  const started = performance.now();
  return highs.withModel(
    {
      numCols: lp.numCols,
      numRows: lp.numRows,
      sense: highs.constants.objectiveSense.maximize,
      colCost: lp.colCost,
      colLower: lp.colLower,
      colUpper: lp.colUpper,
      rowLower: new Float64Array(lp.numRows).fill(-highs.infinity),
      rowUpper: lp.rowUpper,
      matrix: {
        format: "csc",
        numRows: lp.numRows,
        numCols: lp.numCols,
        starts: lp.starts,
        indices: lp.indices,
        values: lp.values,
      },
    },
    (model): SolverOutcome => {
      model.options.set({ output_flag: false, time_limit: capSeconds });
      model.run();
      const ms = performance.now() - started;
      const status = model.getModelStatus();
      if (status === highs.constants.modelStatus.empty) return { objective: 0, ms };
      if (status !== highs.constants.modelStatus.optimal) return notOptimal(`status ${status}`, ms, capSeconds);
      return { objective: model.getObjectiveValue(), ms };
    },
  );
}

/** glpk.js: its JSON model is built first (not timed), then solved by the simplex with presolve (timed). */
export async function solveWithGlpk(lp: SparseLinearProgram, capSeconds: number): Promise<SolverOutcome> {
  glpkRuntime ??= await GLPK();
  const glpk = glpkRuntime;
  const rows: { name: string; coef: number }[][] = Array.from({ length: lp.numRows }, () => []);
  for (let c = 0; c < lp.numCols; c++) {
    for (let k = lp.starts[c]; k < lp.starts[c + 1]; k++)
      rows[lp.indices[k]].push({ name: `x${c}`, coef: lp.values[k] });
  }
  const model = {
    name: "matching",
    objective: {
      direction: glpk.GLP_MAX,
      name: "score",
      vars: Array.from(lp.colCost, (coef, c) => ({ name: `x${c}`, coef })),
    },
    subjectTo: rows.map((vars, r) => ({ name: `r${r}`, vars, bnds: { type: glpk.GLP_UP, ub: lp.rowUpper[r], lb: 0 } })),
    bounds: Array.from({ length: lp.numCols }, (_, c) => ({
      name: `x${c}`,
      type: glpk.GLP_DB,
      lb: lp.colLower[c],
      ub: lp.colUpper[c],
    })),
  };
  const started = performance.now();
  const result = glpk.solve(model, { msglev: glpk.GLP_MSG_OFF, presol: true, tmlim: capSeconds });
  const ms = performance.now() - started;
  if (lp.numCols === 0) return { objective: 0, ms };
  if (result.result.status !== glpk.GLP_OPT) return notOptimal(`status ${result.result.status}`, ms, capSeconds);
  return { objective: result.result.z, ms };
}

const solvers = { HiGHS: solveWithHighs, "glpk.js": solveWithGlpk };

/** One solve in a worker thread, terminated after capSeconds (plus a second's grace). */
export function solveInWorker(solver: SolverName, lp: SparseLinearProgram, capSeconds: number): Promise<SolverOutcome> {
  return new Promise((resolve) => {
    // Node 20 does not carry `--import tsx` into worker threads: the worker registers tsx itself.
    const bootstrap = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
    const worker = new Worker(bootstrap, { eval: true, workerData: { solver, lp, capSeconds } });
    const timer = setTimeout(
      () => {
        void worker.terminate();
        resolve({ failed: `> ${capSeconds} s` });
      },
      (capSeconds + 1) * 1000,
    );
    worker.once("message", (outcome: SolverOutcome) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(outcome);
    });
    worker.once("error", (error) => {
      clearTimeout(timer);
      resolve({ failed: error.message.slice(0, 60) });
    });
  });
}

if (!isMainThread && workerData?.solver) {
  const { solver, lp, capSeconds } = workerData as { solver: SolverName; lp: SparseLinearProgram; capSeconds: number };
  solvers[solver](lp, capSeconds).then(
    (outcome) => parentPort?.postMessage(outcome),
    (error: Error) => parentPort?.postMessage({ failed: error.message.slice(0, 60) }),
  );
}
