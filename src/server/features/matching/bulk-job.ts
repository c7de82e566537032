import { and, eq, inArray, sql } from "drizzle-orm";
import type { RunPhase } from "../../../domain/matching/bulk";
import type { Db } from "../../db/client";
import { matchRuns } from "../../db/schema/match-runs";
import type { JobHandler } from "../../lib/jobs";
import { type ComputeOutput, PHASE_SPAN } from "./bulk-compute";
import { loadRunSources } from "./bulk-load";
import { computeInWorker } from "./bulk-runner";
import type { RunParams, StoredResult } from "./bulk-store";

// A match run is a job of the queue (ADR 015): enqueued with its run row in one transaction,
// claimed by whichever instance polls first, and computed on a worker thread there. Its progress
// (phase and percent) and its proposals go to the run's row, which the page polls through any
// instance. A run whose process died is taken over when the job's lease expires.

export const MATCHING_RUN = "matching.run";

/** Progress writes at most this often (and at each new phase). */
const PROGRESS_EVERY_MS = 250;

export function matchingRunHandler(deps: { db: Db }): JobHandler {
  return async (payload, ctx) => {
    const runId = (payload as { runId?: unknown } | null)?.runId;
    if (typeof runId !== "string") throw new Error("the payload names no run (runId)");
    const { db } = deps;
    // Claim the run: only one that is not finished (a retry after a crash finds it running).
    const [run] = await db
      .update(matchRuns)
      .set({ status: "running", phase: "loading", percent: 2, updatedAt: new Date() })
      .where(and(eq(matchRuns.id, runId), inArray(matchRuns.status, ["queued", "running"])))
      .returning({ id: matchRuns.id, programId: matchRuns.programId, params: matchRuns.params });
    if (!run) return;
    const params = run.params as RunParams;

    let lastPhase: RunPhase = "loading";
    let lastWrite = 0;
    let writes: Promise<unknown> = Promise.resolve();
    const report = (phase: RunPhase, percent: number) => {
      const now = Date.now();
      if (phase === lastPhase && now - lastWrite < PROGRESS_EVERY_MS) return;
      lastPhase = phase;
      lastWrite = now;
      writes = writes.then(() =>
        db
          .update(matchRuns)
          .set({ phase, percent: Math.min(99, Math.max(0, Math.round(percent))), updatedAt: new Date() })
          .where(and(eq(matchRuns.id, runId), eq(matchRuns.status, "running")))
          .catch((err) => ctx.log.warn({ err: String(err), runId }, "could not record a match run's progress")),
      );
    };

    try {
      const input = await loadRunSources(db, {
        programId: run.programId,
        studentIds: params.studentIds,
        placementIds: params.placementIds,
      });
      report("scoring", PHASE_SPAN.scoring[0]);
      const started = performance.now();
      const out: ComputeOutput = await computeInWorker(input, (phase, percent) => {
        const [from, to] = PHASE_SPAN[phase];
        report(phase, from + ((to - from) * percent) / 100);
      });
      const ms = Math.round(performance.now() - started);
      report("saving", 98);
      await writes;
      const result: StoredResult = {
        today: input.today,
        pairs: out.pairs,
        students: input.students.map((s, i) => ({ id: s.id, candidates: out.candidates[i] })),
        placements: input.placements.map((p) => ({
          id: p.id,
          spotsLeft: Math.max(0, p.scoring.capacity - p.scoring.slotsFilled),
        })),
        optimal: out.optimal,
        stable: out.stable,
      };
      await db
        .update(matchRuns)
        .set({
          status: "done",
          phase: "done",
          percent: 100,
          result,
          finishedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(matchRuns.id, runId));
      ctx.log.info(
        { runId, students: input.students.length, placements: input.placements.length, pairs: out.pairs, ms },
        "match run done",
      );
    } catch (err) {
      await writes;
      const message = err instanceof Error ? err.message : String(err);
      ctx.log.error({ runId, err: message }, "match run failed");
      await db
        .update(matchRuns)
        .set({
          status: "failed",
          error: "The run could not finish. Try again, or narrow the students or placements.",
          finishedAt: new Date(),
          updatedAt: sql`now()`,
        })
        .where(eq(matchRuns.id, runId));
    }
  };
}
