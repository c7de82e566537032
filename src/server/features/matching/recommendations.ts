import { and, eq } from "drizzle-orm";
import {
  INELIGIBLE,
  matchScore,
  type PreparedPlacement,
  preparePlacement,
  prepareStudent,
  scorePlacement,
} from "../../../domain/matching/scoring";
import { students } from "../../db/schema/students";
import { type Scope, scopeWhere } from "../../lib/access";
import type { Deps } from "../../lib/context";
import { AppError, notFound } from "../../lib/errors";
import type { Realtime } from "../../lib/realtime";
import { createModelClient, type ModelClient, ModelLimitError, type Voice } from "./model";
import type { Recommendation, Recommendations } from "./schemas";
import { loadPool, type Pool, type PoolPlacement, studentSources } from "./sources";

// A student's recommendations (issue 13): the 10 open placements that score best for them, with
// the factors and a reason. Each instance keeps them per student (RECOMMENDATIONS_CACHE_MS, 5
// minutes by default, at most MAX_KEPT students) and keeps the pool of open placements too; the
// database announces every change they depend on (drizzle/0012, the portal_matching channel) and
// the instance drops what it keeps at once, on every instance (ADR 016's pattern). A result
// computed while a change was announced is not kept. While the LISTEN connection is down nothing is
// kept. When a language model is configured it rewords the reasons (model.ts).

export const RECOMMENDATIONS = 10;
/** Students whose recommendations an instance keeps at most (the oldest kept goes first). */
const MAX_KEPT = 5_000;
/** After the model failed (not 429/402), the engine's words are served this long before trying again. */
const MODEL_RETRY_MS = 60_000;

type PooledPlacement = PoolPlacement & { prepared: PreparedPlacement };
type PreparedPool = { placements: PooledPlacement[]; requirementNames: Pool["requirementNames"] };
type KeptPool = { pool: PreparedPool; until: number };
type Engine = { generatedAt: string; items: Recommendation[] };
type Entry = { engine: Engine; until: number; modelReasons: string[] | null; modelRetryAt: number };

type MatchingChanges = Pick<Realtime, "onMatchingChange" | "hearsMatchingChanges">;

/** What one app instance keeps: recommendations per student and voice, and the pool. */
export class RecommendationCache {
  private kept = new Map<string, Entry>();
  private pool: KeptPool | null = null;
  /** Bumped by every announced change: what was computed before a change concerning it is not kept. */
  private generation = 0;
  private everyoneChangedAt = 0;
  private studentChangedAt = new Map<string, number>();

  constructor(
    private cacheMs: number,
    private changes: MatchingChanges,
  ) {
    changes.onMatchingChange((studentId) => this.drop(studentId));
  }

  private keeping() {
    return this.cacheMs > 0 && this.changes.hearsMatchingChanges();
  }

  /** Forgets a student's recommendations ('*': everyone's, and the pool). */
  drop(studentId: string) {
    this.generation += 1;
    if (studentId === "*") {
      this.kept.clear();
      this.pool = null;
      this.everyoneChangedAt = this.generation;
      this.studentChangedAt.clear();
      return;
    }
    for (const voice of ["student", "coordinator"] as const) this.kept.delete(`${studentId}:${voice}`);
    this.studentChangedAt.set(studentId, this.generation);
    if (this.studentChangedAt.size > MAX_KEPT) {
      // Bounded: forgetting who changed when is safe if nothing computed before now is kept.
      this.studentChangedAt.clear();
      this.everyoneChangedAt = this.generation;
    }
  }

  /** A mark to pass to `put`: nothing computed before a later change is kept. */
  mark() {
    return this.generation;
  }

  get(studentId: string, voice: Voice): Entry | null {
    const entry = this.kept.get(`${studentId}:${voice}`);
    if (!entry || entry.until <= Date.now() || !this.keeping()) return null;
    return entry;
  }

  put(studentId: string, voice: Voice, engine: Engine, mark: number): Entry {
    const entry: Entry = { engine, until: Date.now() + this.cacheMs, modelReasons: null, modelRetryAt: 0 };
    const unchanged = this.everyoneChangedAt <= mark && (this.studentChangedAt.get(studentId) ?? 0) <= mark;
    if (this.keeping() && unchanged) {
      const key = `${studentId}:${voice}`;
      this.kept.delete(key);
      if (this.kept.size >= MAX_KEPT) this.kept.delete(this.kept.keys().next().value as string);
      this.kept.set(key, entry);
    }
    return entry;
  }

  getPool(): KeptPool["pool"] | null {
    return this.pool && this.pool.until > Date.now() && this.keeping() ? this.pool.pool : null;
  }

  putPool(pool: KeptPool["pool"], mark: number) {
    if (this.keeping() && this.everyoneChangedAt <= mark) this.pool = { pool, until: Date.now() + this.cacheMs };
  }

  /** How many students' recommendations are kept (tests). */
  size() {
    return this.kept.size;
  }
}

type MatchingState = { cache: RecommendationCache; model: ModelClient | null };
const states = new WeakMap<Realtime, MatchingState>();

/** This app's cache and model client (one per app: tests build several apps in one process). */
export function matchingState(deps: Pick<Deps, "env" | "realtime">): MatchingState {
  let state = states.get(deps.realtime);
  if (!state) {
    const { env } = deps;
    state = {
      cache: new RecommendationCache(env.RECOMMENDATIONS_CACHE_MS, deps.realtime),
      model:
        env.LLM_BASE_URL && env.LLM_API_KEY && env.LLM_MODEL
          ? createModelClient({
              baseURL: env.LLM_BASE_URL,
              apiKey: env.LLM_API_KEY,
              model: env.LLM_MODEL,
              timeoutMs: env.LLM_TIMEOUT_MS,
            })
          : null,
    };
    states.set(deps.realtime, state);
  }
  return state;
}

async function poolOf(deps: Pick<Deps, "db">, cache: RecommendationCache): Promise<PreparedPool> {
  const kept = cache.getPool();
  if (kept) return kept;
  const mark = cache.mark();
  const loaded = await loadPool(deps.db);
  const pool: PreparedPool = {
    requirementNames: loaded.requirementNames,
    placements: loaded.placements.map((p) => ({ ...p, prepared: preparePlacement(p.scoring) })),
  };
  cache.putPool(pool, mark);
  return pool;
}

/** The engine's top placements for one student (404 when the scope does not reach them). */
async function engineRecommendations(
  deps: Pick<Deps, "db">,
  cache: RecommendationCache,
  scope: Scope,
  studentId: string,
  voice: Voice,
): Promise<Engine> {
  const [sources, pool] = await Promise.all([studentSources(deps.db, scope, studentId), poolOf(deps, cache)]);
  const generatedAt = new Date().toISOString();
  // A student withdrawn from the roster can be approved for nothing: nothing to recommend.
  if (sources.withdrawn) return { generatedAt, items: [] };
  const student = prepareStudent(sources.scoring);
  const today = sources.today;
  const scored: { index: number; score: number }[] = [];
  pool.placements.forEach((p, index) => {
    if (sources.applied.has(p.view.id)) return;
    const score = matchScore(student, p.prepared, today);
    if (score !== INELIGIBLE) scored.push({ index, score });
  });
  // Best first; then the soonest start (the pool is ordered by start date, then id).
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  const items = scored.slice(0, RECOMMENDATIONS).map(({ index }) => {
    const p = pool.placements[index];
    const full = scorePlacement(student, p.prepared, today, { voice, requirementNames: pool.requirementNames });
    return {
      placement: p.view,
      match_score: full.score,
      reason: full.reason,
      engineReason: full.reason,
      factors: full.factors,
    };
  });
  return { generatedAt, items };
}

/** 404 unless the scope reaches the student (a kept answer is never served across programs). */
async function assertStudentInScope(deps: Pick<Deps, "db">, scope: Scope, studentId: string) {
  const [row] = await deps.db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.id, studentId), scopeWhere(scope, { program: students.programId, student: students.id })));
  if (!row) throw notFound("Student");
}

const RATE_LIMITED = new AppError("rate_limited", "Too many requests. Please try again in a moment.", 429);
const NO_CREDITS = new AppError("credits_exhausted", "Please contact support to add more credits.", 402);

/**
 * The student's recommendations for `scope` (the student themselves, their program, an admin).
 * `voice`: "student" speaks to the student ("your"), "coordinator" of them ("their").
 */
export async function recommendationsFor(
  deps: Pick<Deps, "db" | "env" | "realtime" | "log">,
  scope: Scope,
  studentId: string,
  voice: Voice,
): Promise<Recommendations> {
  const { cache, model } = matchingState(deps);
  let entry = cache.get(studentId, voice);
  if (entry) {
    if (scope.kind !== "student") await assertStudentInScope(deps, scope, studentId);
  } else {
    const mark = cache.mark();
    entry = cache.put(studentId, voice, await engineRecommendations(deps, cache, scope, studentId, voice), mark);
  }
  const engine = entry.engine;
  const answer = (reasons: string[] | null, fallback: boolean): Recommendations => ({
    mode: reasons ? "model" : "engine",
    model: reasons ? (model?.model ?? null) : null,
    fallback,
    generatedAt: engine.generatedAt,
    items: reasons ? engine.items.map((item, i) => ({ ...item, reason: reasons[i] })) : engine.items,
  });
  if (!model || engine.items.length === 0) return answer(null, false);
  if (entry.modelReasons) return answer(entry.modelReasons, false);
  if (entry.modelRetryAt > Date.now()) return answer(null, true);
  try {
    const reasons = await model.reword(
      engine.items.map((i) => ({
        title: i.placement.title,
        facility: i.placement.facility.name,
        reason: i.engineReason,
      })),
      voice,
    );
    entry.modelReasons = reasons;
    return answer(reasons, false);
  } catch (err) {
    if (err instanceof ModelLimitError) {
      deps.log.warn({ status: err.status }, "recommendations: the language model refused");
      throw err.status === 429 ? RATE_LIMITED : NO_CREDITS;
    }
    deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, "recommendations: engine words kept");
    entry.modelRetryAt = Date.now() + MODEL_RETRY_MS;
    return answer(null, true);
  }
}
