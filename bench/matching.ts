// `npm run bench:matching` (issue 13): the bulk-matching algorithms of src/domain/matching on
// reproducible instances (fixed seeds, random-instances.ts), printed as one table. Figures only,
// no asserts; speed never goes into the tests.
//   1. deferred acceptance at residency-match scale, ours against a textbook implementation;
//   2. the optimal assignment at 20,000 × 4,000 × 30, with its certificate checked;
//   3. agreement with HiGHS and glpk.js on 200 small instances, and time side by side as the size
//      grows (each external solve in a worker stopped at BENCH_SOLVER_CAP seconds, default 60);
//   4. recommendations for one student among 5,000 placements (matching-recommendations.ts).
// BENCH_RUNS (default 5) sets how many runs each median of ours takes.
import os from "node:os";
import { buildInstance, type MatchingInstance } from "../src/domain/matching/instance";
import { toLinearProgram } from "../src/domain/matching/linear-program";
import { checkOptimality, optimalAssignment } from "../src/domain/matching/optimal";
import { sortedByPreference } from "../src/domain/matching/preference-order";
import {
  assignmentScale,
  randomSmallInstance,
  residencyScale,
  seededRandom,
} from "../src/domain/matching/random-instances";
import { deferredAcceptance, findBlockingPair } from "../src/domain/matching/stable";
import { summarize } from "../src/domain/matching/summary";
import { recommendationsSection } from "./matching-recommendations";
import { type SolverName, type SolverOutcome, solveInWorker, solveWithGlpk, solveWithHighs } from "./matching-solvers";
import { type PlainEdge, textbookDeferredAcceptance } from "./matching-textbook";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WARMUP = 2;
const CAP_SECONDS = Number(process.env.BENCH_SOLVER_CAP ?? 60);

/** One line of the table. */
export interface Row {
  row: string;
  measure: string;
  ours?: string;
  textbook?: string;
  highs?: string;
  glpk?: string;
  check?: string;
}
/** A part of the table: measures, then returns its rows. */
export type Section = () => Promise<Row[]>;

/** Median wall and CPU time (ms) of RUNS runs of `run` after WARMUP unmeasured ones, and the last result. */
function median<T>(run: () => T, runs = RUNS, warmup = WARMUP): { ms: number; cpu: number; result: T } {
  const wall: number[] = [];
  const cpu: number[] = [];
  let result!: T;
  for (let i = 0; i < warmup + runs; i++) {
    const startedCpu = process.cpuUsage();
    const started = performance.now();
    result = run();
    const elapsed = performance.now() - started;
    const used = process.cpuUsage(startedCpu);
    if (i < warmup) continue;
    wall.push(elapsed);
    cpu.push((used.user + used.system) / 1000);
  }
  const mid = (values: number[]) => values.sort((x, y) => x - y)[Math.floor(values.length / 2)];
  return { ms: mid(wall), cpu: mid(cpu), result };
}

const ms = (value: number) => (value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${value.toFixed(1)} ms`);
const timed = (m: { ms: number; cpu: number }) => `${ms(m.ms)} (CPU ${ms(m.cpu)})`;
const count = (n: number) => n.toLocaleString("en-US");
const plainEdges = (inst: MatchingInstance): PlainEdge[] => {
  const edges: PlainEdge[] = [];
  for (let s = 0; s < inst.studentCount; s++) {
    for (let e = inst.offsets[s]; e < inst.offsets[s + 1]; e++) {
      edges.push({ student: s, placement: inst.placements[e], score: inst.scores[e], priority: inst.priorities[e] });
    }
  }
  return edges;
};
/** The same instance with each student's edges shuffled (fixed seed): not in preference order. */
function shuffled(inst: MatchingInstance): MatchingInstance {
  const rand = seededRandom(7);
  const placements = inst.placements.slice();
  const scores = inst.scores.slice();
  const priorities = inst.priorities.slice();
  for (let s = 0; s < inst.studentCount; s++) {
    for (let e = inst.offsets[s + 1] - 1; e > inst.offsets[s]; e--) {
      const f = inst.offsets[s] + Math.floor(rand() * (e - inst.offsets[s] + 1));
      [placements[e], placements[f]] = [placements[f], placements[e]];
      [scores[e], scores[f]] = [scores[f], scores[e]];
      [priorities[e], priorities[f]] = [priorities[f], priorities[e]];
    }
  }
  return { ...inst, placements, scores, priorities };
}
const seats = (inst: MatchingInstance) => inst.capacities.reduce((a, b) => a + b, 0);
const shape = (inst: MatchingInstance) =>
  `${count(inst.studentCount)} students × ${count(inst.capacities.length)} placements, ${count(seats(inst))} seats, ${count(inst.placements.length)} edges`;
const same = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a));
const percent = (x: number) => `${(100 * x).toFixed(0)}%`;
/** Share of students placed at their first choice (edges in preference order). */
const firstChoice = (inst: MatchingInstance, placementOf: Int32Array) => {
  let n = 0;
  for (let s = 0; s < inst.studentCount; s++) {
    if (
      placementOf[s] >= 0 &&
      inst.offsets[s] < inst.offsets[s + 1] &&
      inst.placements[inst.offsets[s]] === placementOf[s]
    )
      n++;
  }
  return n / inst.studentCount;
};

/** Ours against the textbook on one instance (edges as they lie in it), both from the same edges. */
function compareDeferredAcceptance(measure: string, inst: MatchingInstance): Row {
  const edges = plainEdges(inst);
  const capacities = [...inst.capacities];
  const ours = median(() => deferredAcceptance(inst));
  const textbook = median(() => textbookDeferredAcceptance(inst.studentCount, capacities, edges));
  const identical = textbook.result.every((j, s) => j === ours.result.placementOf[s]);
  const stable = findBlockingPair(inst, ours.result) === null;
  const summary = summarize(inst, ours.result);
  const ordered = sortedByPreference(inst);
  return {
    row: "1",
    measure,
    ours: timed(ours),
    textbook: timed(textbook),
    check: `${(textbook.ms / ours.ms).toFixed(1)}× (CPU ${(textbook.cpu / ours.cpu).toFixed(1)}×); same matching: ${identical ? "yes" : "NO"}; blocking pairs: ${stable ? "none" : "FOUND"}; placed ${percent(summary.placed / inst.studentCount)}, 1st choice ${percent(firstChoice(ordered, ours.result.placementOf))}, top 3 ${percent(summary.topThreeShare)}`,
  };
}

const deferredAcceptanceSection: Section = async () => {
  const residency = residencyScale();
  const rows = [
    compareDeferredAcceptance(
      `deferred acceptance, residency scale: ${shape(residency)}; rank lists of 12–30 within a specialty, home region favoured`,
      residency,
    ),
    compareDeferredAcceptance(
      "… stress case: one market, everyone ranks by popularity (same sizes)",
      residencyScale(false),
    ),
    compareDeferredAcceptance(
      "… residency, each student's edges shuffled (ours sorts them first)",
      shuffled(residency),
    ),
  ];
  // The server's whole path: buildInstance from plain edge objects (shuffled), then the matching.
  const shuffledEdges = plainEdges(shuffled(residency));
  const capacities = [...residency.capacities];
  const built = median(() =>
    deferredAcceptance(buildInstance({ studentCount: residency.studentCount, capacities, edges: shuffledEdges })),
  );
  const textbook = median(() => textbookDeferredAcceptance(residency.studentCount, capacities, shuffledEdges));
  rows.push({
    row: "1",
    measure: "… residency, ours including buildInstance from the shuffled plain edge objects",
    ours: timed(built),
    textbook: timed(textbook),
    check: `${(textbook.ms / built.ms).toFixed(1)}× (CPU ${(textbook.cpu / built.cpu).toFixed(1)}×)`,
  });
  return rows;
};

const optimalSection: Section = async () => {
  const rows: Row[] = [];
  for (const segmented of [true, false]) {
    const inst = assignmentScale(20_000, segmented);
    const ours = median(() => optimalAssignment(inst));
    const check = median(() => checkOptimality(inst, ours.result), 1, 0);
    const summary = summarize(inst, ours.result);
    rows.push({
      row: "2",
      measure: segmented
        ? `optimal assignment: ${shape(inst)}; 30 candidates within a specialty`
        : "… stress case: one market, everyone ranks by popularity (same sizes)",
      ours: timed(ours),
      check: `certificate checked: ${check.result.ok ? "yes" : `NO (${check.result.reason})`} (check ${ms(check.ms)}); total ${ours.result.total.toFixed(2)}; placed ${percent(summary.placed / inst.studentCount)}, top 3 ${percent(summary.topThreeShare)}`,
    });
  }
  return rows;
};

const describeOutcome = (outcome: SolverOutcome, objective: number) =>
  "failed" in outcome
    ? outcome.failed
    : `${ms(outcome.ms)}${same(outcome.objective, objective) ? "" : " (OTHER OBJECTIVE)"}`;

const solversSection: Section = async () => {
  const rand = seededRandom(2026);
  const agree = { HiGHS: 0, "glpk.js": 0 };
  const instances = 200;
  let edges = 0;
  for (let i = 0; i < instances; i++) {
    // At least one edge: glpk.js aborts on a model without columns.
    let inst: MatchingInstance;
    do {
      inst = randomSmallInstance(rand, { maxStudents: 40, maxPlacements: 12, maxCapacity: 4, tiedScores: i % 4 === 0 });
    } while (inst.placements.length === 0);
    edges += inst.placements.length;
    const ours = optimalAssignment(inst).total;
    const lp = toLinearProgram(inst);
    for (const [name, solve] of [
      ["HiGHS", solveWithHighs],
      ["glpk.js", solveWithGlpk],
    ] as const) {
      const outcome = await solve(lp, CAP_SECONDS);
      if (!("failed" in outcome) && same(outcome.objective, ours)) agree[name]++;
    }
  }
  const rows: Row[] = [
    {
      row: "3",
      measure: `same objective value on ${instances} random small instances (≤ 40 students × 12 placements, ${count(edges)} edges in all, ties in a quarter)`,
      highs: `${agree.HiGHS}/${instances}`,
      glpk: `${agree["glpk.js"]}/${instances}`,
    },
  ];
  for (const students of [1_000, 5_000, 20_000]) {
    const inst = assignmentScale(students);
    const ours = median(() => optimalAssignment(inst));
    const certified = checkOptimality(inst, ours.result).ok;
    const lp = toLinearProgram(inst);
    const outcomes: Record<SolverName, SolverOutcome> = {
      HiGHS: await solveInWorker("HiGHS", lp, CAP_SECONDS),
      "glpk.js": await solveInWorker("glpk.js", lp, CAP_SECONDS),
    };
    rows.push({
      row: "3",
      measure: `optimal assignment, ${shape(inst)}`,
      ours: timed(ours),
      highs: describeOutcome(outcomes.HiGHS, ours.result.total),
      glpk: describeOutcome(outcomes["glpk.js"], ours.result.total),
      check: `certificate: ${certified ? "yes" : "NO"}`,
    });
  }
  return rows;
};

/**
 * The table's parts, in order. ROW 4 GOES HERE: "recommendations for one student among 5,000
 * active placements: p50 and p95 over 1,000 calls" (issue 13, with the scoring engine) — add a
 * Section returning rows with `row: "4"` to this list.
 */
export const SECTIONS: Section[] = [deferredAcceptanceSection, optimalSection, solversSection, recommendationsSection];

const cpu = os.cpus()[0]?.model ?? "unknown CPU";
console.log(
  `machine: ${os.cpus().length} cores, ${cpu}, Node ${process.version}; load average at start ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
console.log(
  `ours and textbook: median of ${RUNS} runs after ${WARMUP} warm-up runs, wall clock (and this process's CPU time, which other load on a shared machine inflates less); HiGHS and glpk.js: one solve each in a worker, wall clock, capped at ${CAP_SECONDS} s (HiGHS: passing the sparse model + solve; glpk.js: solve, its JSON model built beforehand)\n`,
);
const started = performance.now();
const rows: Row[] = [];
for (const section of SECTIONS) rows.push(...(await section()));
console.log("| # | measure | ours | textbook | HiGHS | glpk.js | check |");
console.log("|---|---|---:|---:|---:|---:|---|");
for (const r of rows) {
  console.log(
    `| ${r.row} | ${r.measure} | ${r.ours ?? "—"} | ${r.textbook ?? "—"} | ${r.highs ?? "—"} | ${r.glpk ?? "—"} | ${r.check ?? ""} |`,
  );
}
console.log(`\nbench ran in ${ms(performance.now() - started)}`);
