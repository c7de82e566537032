import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { scanExpiringAgreements } from "../features/agreements/reminders";
import { enqueueReviewDigests, scanExpiringDocuments } from "../features/compliance/reminders";
import { recomputeComplianceStatus } from "../features/compliance/status-sql";
import { scanEvaluations } from "../features/evaluations/reminders";
import { MATCHING_RUN, matchingRunHandler } from "../features/matching/bulk-job";
import type { SettingsStore } from "../features/settings/store";
import type { JobHandlers, PeriodicJob } from "../lib/jobs";
import type { Mailer } from "../lib/mail";
import { MAIL_SEND, mailSendHandler } from "../lib/mail-queue";

// What the job runner of every instance knows how to run (ADR 015), and what it schedules for
// each period. Periodic jobs carry their period's day in the payload: the handlers never read the
// clock, so a test runs "the scan of 2026-03-01" by enqueuing it with that day.

export const COMPLIANCE_SCAN = "compliance.scan";
export const COMPLIANCE_REVIEW_DIGEST = "compliance.review-digest";
export const COMPLIANCE_RECOMPUTE_STATUS = "compliance.recompute-status";
export const DATABASE_ANALYZE = "database.analyze";
/** Affiliation agreements ending in 90, 30 or 7 days: both sides' coordinators are reminded (issue 17). */
export const AGREEMENT_EXPIRY_SCAN = "agreements.expiry-scan";

/** Evaluations whose phase opened are created; preceptors and students are reminded (issue 17). */
export const EVALUATION_SCAN = "evaluations.daily-scan";

/** A periodic job's payload: the calendar day (UTC) of the period it runs for. */
type DayPayload = { today: string };

function dayOf(payload: unknown): string {
  const today = (payload as Partial<DayPayload> | null)?.today;
  if (typeof today !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(today))
    throw new Error("the payload has no day (today)");
  return today;
}

export function jobHandlers(deps: {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  embedded?: boolean;
  /** The platform settings (reminder windows); the defaults without. */
  settings?: SettingsStore;
}): JobHandlers {
  return {
    // The embedded database has no autovacuum: without fresh statistics the planner guesses the
    // sizes of grown tables and picks scans that take seconds (bench:compliance: 1 s → 70 ms).
    // PostgreSQL's autovacuum does this by itself.
    [DATABASE_ANALYZE]: async (_payload, ctx) => {
      if (!deps.embedded) return;
      const started = performance.now();
      await deps.db.execute(sql`analyze`);
      ctx.log.info({ ms: Math.round(performance.now() - started) }, "database statistics refreshed");
    },
    [MAIL_SEND]: mailSendHandler(deps.mailer),
    // A program's bulk match run (issue 13), computed on a worker thread.
    [MATCHING_RUN]: matchingRunHandler({ db: deps.db }),
    [COMPLIANCE_SCAN]: async (payload, ctx) => {
      // The windows are the platform setting's at the time of the scan (issue 14).
      const windows = deps.settings ? (await deps.settings.get()).reminderWindows : undefined;
      const created = await scanExpiringDocuments(deps.db, { today: dayOf(payload), appUrl: deps.appUrl, windows });
      if (created > 0) ctx.log.info({ reminders: created }, "compliance reminders enqueued");
    },
    [AGREEMENT_EXPIRY_SCAN]: async (payload, ctx) => {
      const created = await scanExpiringAgreements(deps.db, { today: dayOf(payload), appUrl: deps.appUrl });
      if (created > 0) ctx.log.info({ reminders: created }, "agreement expiry reminders enqueued");
    },
    [EVALUATION_SCAN]: async (payload, ctx) => {
      const { opened, reminders } = await scanEvaluations(deps.db, { today: dayOf(payload), appUrl: deps.appUrl });
      if (opened > 0 || reminders > 0) ctx.log.info({ opened, reminders }, "evaluations opened and reminders enqueued");
    },
    [COMPLIANCE_REVIEW_DIGEST]: async (payload, ctx) => {
      const created = await enqueueReviewDigests(deps.db, { today: dayOf(payload), appUrl: deps.appUrl });
      if (created > 0) ctx.log.info({ digests: created }, "review digests enqueued");
    },
    [COMPLIANCE_RECOMPUTE_STATUS]: async (payload, ctx) => {
      const changed = await recomputeComplianceStatus(deps.db, { today: dayOf(payload) });
      ctx.log.info({ changed }, "compliance status recomputed for the day");
    },
  };
}

/** Hourly reminder scan, daily digest, daily status recompute: one job per period across instances. */
export const PERIODIC_JOBS: PeriodicJob[] = [
  { kind: COMPLIANCE_SCAN, every: "hour" },
  { kind: COMPLIANCE_REVIEW_DIGEST, every: "day" },
  { kind: COMPLIANCE_RECOMPUTE_STATUS, every: "day" },
  { kind: DATABASE_ANALYZE, every: "day" },
  { kind: AGREEMENT_EXPIRY_SCAN, every: "day" },
  { kind: EVALUATION_SCAN, every: "day" },
];
