import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serveStatic } from "@hono/node-server/serve-static";
import { OpenAPIHono } from "@hono/zod-openapi";
import { Scalar } from "@scalar/hono-api-reference";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { SETTING_DEFAULTS } from "../domain/platform-settings";
import { ROSTER_MAX_BYTES, ROSTER_TOO_LARGE } from "../domain/roster";
import { matchWebRoute } from "../domain/web-routes";
import type { Database } from "./db/client";
import type { Env } from "./env";
import { auditAuthRequest } from "./features/accounts/auth-audit";
import { accountRoutes } from "./features/accounts/routes";
import { clearSignInFailures, guardedSignIn } from "./features/accounts/sign-in-guard";
import { adminAccountRoutes } from "./features/admin/admins-routes";
import { organizationsAdminRoutes } from "./features/admin/organizations-routes";
import { adminRoutes } from "./features/admin/routes";
import { AGREEMENT_UPLOAD_BODY_LIMIT, AGREEMENT_UPLOAD_PATH, agreementRoutes } from "./features/agreements/routes";
import { adminAnalyticsRoutes } from "./features/analytics/admin-routes";
import { analyticsRoutes, myDashboardRoutes } from "./features/analytics/routes";
import {
  applicationRoutes,
  facilityApplicationRoutes,
  myApplicationRoutes,
  placedStudentRoutes,
} from "./features/applications/routes";
import { auditRoutes } from "./features/audit/routes";
import { auditStreamRoutes } from "./features/audit/stream-routes";
import { capacityRoutes } from "./features/calendar/capacity-routes";
import { feedRoutes } from "./features/calendar/feed-routes";
import { calendarRoutes, myCalendarRoutes } from "./features/calendar/routes";
import {
  complianceRoutes,
  facilityReadinessRoutes,
  myComplianceRoutes,
  studentComplianceRoutes,
  UPLOAD_BODY_LIMIT,
  UPLOAD_PATHS,
  UPLOAD_TOO_LARGE,
} from "./features/compliance/routes";
import { departmentRoutes } from "./features/departments/routes";
import { myEvaluationRoutes } from "./features/evaluations/my-routes";
import { evaluationRoutes } from "./features/evaluations/routes";
import { eventRoutes } from "./features/events/routes";
import { healthRoutes } from "./features/health/routes";
import { hourRoutes, myHourRoutes } from "./features/hours/routes";
import {
  learningRoutes,
  myLearningRoutes,
  RESOURCE_UPLOAD_BODY_LIMIT,
  RESOURCE_UPLOAD_PATH,
} from "./features/learning/routes";
import { bulkMatchingRoutes } from "./features/matching/bulk-routes";
import { myRecommendationRoutes, studentRecommendationRoutes } from "./features/matching/routes";
import { messageRoutes } from "./features/messages/routes";
import { facilityPlacementRoutes, myPlacementRoutes, placementRoutes } from "./features/placements/routes";
import { preceptorInvitationRoutes, preceptorRoutes } from "./features/preceptors/routes";
import { myRotationRoutes, rotationRoutes } from "./features/rotations/routes";
import { settingsRoutes } from "./features/settings/routes";
import { createSettingsStore, mailNameOf, senderFrom } from "./features/settings/store";
import {
  adminRosterClaimRoutes,
  invitationRoutes,
  myProfileRoutes,
  myRosterClaimRoutes,
  studentRoutes,
  studentSignUpRoutes,
} from "./features/students/routes";
import { jobHandlers, PERIODIC_JOBS } from "./jobs/handlers";
import { sessionMiddleware } from "./lib/access";
import { auditTrail, summariesOf } from "./lib/audit";
import { createAuth } from "./lib/auth";
import { stampClientAddress } from "./lib/client-address";
import type { AppEnv, Deps } from "./lib/context";
import { AppError, CODE_BY_STATUS, errorBody, loggableError, sendError, withErrorEnvelope } from "./lib/errors";
import { bodyLimits, jsonBodies, sameOriginGuard, securityHeaders } from "./lib/http-security";
import { inputGuard } from "./lib/input-guard";
import { createJobRunner, enqueue } from "./lib/jobs";
import { type Logger, lazyChild, loggablePath } from "./lib/logger";
import { createMailer, type Mailer, withSenderName } from "./lib/mail";
import { enqueueMail, enqueueMails, enqueuingMails } from "./lib/mail-queue";
import { createReadCache } from "./lib/read-cache";
import { createRealtime, SESSION_ENDED } from "./lib/realtime";
import { createSessionReader } from "./lib/session-reader";

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../dist/web");

/** The pages scripts/build.mjs prerenders (src/web/prerender.tsx), and their files. */
const PRERENDERED_PAGES: Record<string, string> = {
  "/": "index.html",
  "/student": "student.html",
  "/auth": "auth.html",
};

/** An HTML file of the build, brotli or gzip compressed at build time when the browser accepts it. */
function sendHtml(c: Context, file: string, status: 200 | 404) {
  const accepts = c.req.header("accept-encoding") ?? "";
  c.header("vary", "accept-encoding");
  for (const [encoding, ext] of [
    ["br", ".br"],
    ["gzip", ".gz"],
  ] as const) {
    if (accepts.includes(encoding) && existsSync(file + ext)) {
      c.header("content-encoding", encoding);
      c.header("content-type", "text/html; charset=UTF-8");
      return c.body(readFileSync(file + ext), status);
    }
  }
  return c.html(readFileSync(file, "utf8"), status);
}

/** Better Auth routes after which some of the caller's sessions may be gone. */
const ENDS_SESSIONS = new Set(
  [
    "sign-out",
    "revoke-session",
    "revoke-sessions",
    "revoke-other-sessions",
    "change-password",
    "two-factor/enable",
    "two-factor/disable",
  ].map((p) => `/api/auth/${p}`),
);

export type AppOptions = { env: Env; database: Database; log: Logger; mailer?: Mailer; secret: string };

/** Composes the Hono app from the features. One app per database: tests build one per test file. */
export function createApp(opts: AppOptions) {
  const { env, database, log } = opts;
  const realtime = createRealtime(database, log);
  const settings = createSettingsStore({
    db: database.db,
    realtime,
    log,
    defaults: { emailSenderName: mailNameOf(env.MAIL_FROM) ?? SETTING_DEFAULTS.emailSenderName },
  });
  // Every mail leaves with the sender name of the settings (read when sent) and MAIL_FROM's address.
  const baseMailer =
    opts.mailer ??
    createMailer({
      db: database.db,
      log,
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      // A file per mail, live links included: for development and the end-to-end server only.
      devMailboxDir: env.NODE_ENV === "production" ? undefined : env.DEV_MAILBOX_DIR,
    });
  const mailer = withSenderName(baseMailer, async () =>
    senderFrom(env.MAIL_FROM, (await settings.get()).emailSenderName),
  );
  const auth = createAuth({
    db: database.db,
    mailer,
    appUrl: env.appUrl,
    secret: opts.secret,
    production: env.NODE_ENV === "production",
    port: env.PORT,
    log,
    // "Try again in 15 minutes or reset your password": a reset lifts the sign-in lockout.
    onPasswordReset: (user) => clearSignInFailures(database.db, user.email),
    rateLimitFactor: env.AUTH_RATE_LIMIT_FACTOR,
  });
  const readSession = createSessionReader(auth, database, { cacheMs: env.VIEWER_CACHE_MS, changes: realtime });
  const deps: Deps = {
    env,
    database,
    db: database.db,
    auth,
    readSession,
    mailer,
    jobs: { enqueue, enqueueMail, enqueueMails, enqueuingMails },
    realtime,
    readCache: createReadCache({ ms: env.READ_CACHE_MS, changes: realtime }),
    settings,
    log,
  };
  // Not started here: the server starts it (src/server/index.ts); tests drain it (harness).
  const jobRunner = createJobRunner({
    db: database.db,
    log,
    handlers: jobHandlers({
      db: database.db,
      mailer,
      appUrl: env.appUrl,
      embedded: database.kind === "pglite",
      settings,
    }),
    periodic: PERIODIC_JOBS,
  });
  deps.jobs.wake = () => jobRunner.wake();

  const app = new OpenAPIHono<AppEnv>();

  app.use("*", async (c, next) => {
    // As hono's requestId(): the caller's X-Request-Id when it is a plain token, else a new one;
    // securityHeaders sends it back (with the other headers, in one step).
    const sent = c.req.header("x-request-id");
    c.set("requestId", sent && sent.length <= 255 && !/[^\w\-=]/.test(sent) ? sent : crypto.randomUUID());
    c.set("deps", deps);
    stampClientAddress(c, env.TRUST_PROXY);
    // The request's logger is made on first use (most requests log only their request line).
    const requestIdValue = c.get("requestId");
    c.set(
      "log",
      lazyChild(log, () => ({ requestId: requestIdValue })),
    );
    const started = performance.now();
    const write = c.req.method !== "GET" && c.req.method !== "HEAD" && c.req.method !== "OPTIONS";
    try {
      await next();
    } finally {
      // Read your own writes on this instance: its kept answers go (ADR 027; others hear the triggers).
      // ADR 030: the other instances are told before the writer gets its answer.
      if (write) {
        deps.readCache.dropAll();
        await database.announcementsSent();
      }
    }
    if (c.req.path.startsWith("/api")) {
      log.info(
        {
          requestId: requestIdValue,
          method: c.req.method,
          path: loggablePath(c.req.path),
          status: c.res.status,
          ms: Math.round(performance.now() - started),
        },
        "request",
      );
    }
  });

  app.use("*", securityHeaders({ https: env.appUrl.startsWith("https:") }));
  // A cross-site write is refused by its headers, before its body is read (bodyLimits reads a JSON
  // body from the socket).
  app.use("/api/*", sameOriginGuard(env.appUrl));
  app.use(
    "/api/*",
    bodyLimits([
      {
        path: /^\/api\/students\/import(\/preview)?$/,
        maxSize: ROSTER_MAX_BYTES + 64 * 1024,
        message: ROSTER_TOO_LARGE,
      },
      // A compliance document: up to 10 MB of file plus the form's other fields.
      { path: UPLOAD_PATHS, maxSize: UPLOAD_BODY_LIMIT, message: UPLOAD_TOO_LARGE, field: "file" },
      // A signed affiliation agreement (issue 17): the same limit.
      { path: AGREEMENT_UPLOAD_PATH, maxSize: AGREEMENT_UPLOAD_BODY_LIMIT, message: UPLOAD_TOO_LARGE, field: "file" },
      // A learning resource's file (issue 16): the same limit.
      { path: RESOURCE_UPLOAD_PATH, maxSize: RESOURCE_UPLOAD_BODY_LIMIT, message: UPLOAD_TOO_LARGE, field: "file" },
    ]),
  );
  app.use("/api/*", jsonBodies([UPLOAD_PATHS, AGREEMENT_UPLOAD_PATH, RESOURCE_UPLOAD_PATH]));
  app.use("/api/*", inputGuard); // NUL characters refused with 422 (issue 8, item 8)

  // Better Auth owns /api/auth/*; email sign-in goes through the failed-attempt guard first.
  // Its errors get our envelope too (DESIGN.md: one envelope under /api).
  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    // Whose sessions a sign-out or revocation may end: their open event streams are told (item 11).
    const post = c.req.method === "POST";
    const endsSessions = post && ENDS_SESSIONS.has(c.req.path);
    // Who writes, for the audit trail and for the streams a sign-out ends.
    const before = post ? await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null) : null;
    const body = post ? await c.req.raw.clone().text() : "";
    const res =
      post && c.req.path === "/api/auth/sign-in/email"
        ? await guardedSignIn(deps, c.req.raw, (r) => auth.handler(r))
        : await auth.handler(c.req.raw);
    if (endsSessions && before && res.ok)
      await realtime.publish(database.db, { userId: before.user.id, type: SESSION_ENDED });
    if (post) await auditAuthRequest(c, before ? { id: before.user.id, email: before.user.email } : null, body, res);
    if (res.status >= 500)
      c.get("log").error({ path: loggablePath(c.req.path), status: res.status }, "auth endpoint failed");
    return withErrorEnvelope(res);
  });

  app.use("/api/*", sessionMiddleware);
  // Every successful write leaves an entry (lib/audit.ts); the sentences come from the routes' summaries.
  let summaries: Map<string, string> | null = null;
  app.use(
    "/api/*",
    auditTrail(() => {
      summaries ??= summariesOf(app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "", version: "" } }));
      return summaries;
    }),
  );

  const api = app
    .route("/api", healthRoutes)
    .route("/api/accounts", accountRoutes)
    .route("/api/messages", messageRoutes)
    .route("/api/admin/organizations", organizationsAdminRoutes)
    .route("/api/admin/roster-claims", adminRosterClaimRoutes)
    .route("/api/admin/audit", auditRoutes)
    .route("/api/admin/settings", settingsRoutes)
    .route("/api/admin/admins", adminAccountRoutes)
    .route("/api/admin", adminRoutes)
    .route("/api/placements", placementRoutes)
    .route("/api/applications", applicationRoutes)
    .route("/api/analytics/admin", adminAnalyticsRoutes)
    .route("/api/analytics", analyticsRoutes)
    .route("/api/agreements", agreementRoutes)
    .route("/api/rotations", rotationRoutes)
    .route("/api/evaluations", evaluationRoutes)
    .route("/api/me/student/evaluations", myEvaluationRoutes)
    .route("/api/facility/departments", departmentRoutes)
    .route("/api/calendar", calendarRoutes)
    .route("/api/calendar", capacityRoutes)
    .route("/api/calendar", feedRoutes)
    .route("/api/facility/placements", facilityPlacementRoutes)
    .route("/api/facility/applications", facilityApplicationRoutes)
    .route("/api/facility/applications", facilityReadinessRoutes)
    .route("/api/facility/placed-students", placedStudentRoutes)
    .route("/api/students", studentRoutes)
    .route("/api/students", studentComplianceRoutes)
    .route("/api/students", studentRecommendationRoutes)
    .route("/api/compliance", complianceRoutes)
    .route("/api/matching", bulkMatchingRoutes)
    .route("/api/invitations", invitationRoutes)
    .route("/api/accounts/student-sign-up", studentSignUpRoutes)
    .route("/api/me/student/roster-claims", myRosterClaimRoutes)
    // The student's own records: each domain's routes for the student's scope.
    .route("/api/me/student", myDashboardRoutes)
    .route("/api/me/student", myPlacementRoutes)
    .route("/api/me/student", myApplicationRoutes)
    .route("/api/me/student", myProfileRoutes)
    .route("/api/me/student", myComplianceRoutes)
    .route("/api/me/student", myRecommendationRoutes)
    .route("/api/me/student", myCalendarRoutes)
    .route("/api/me/student", myLearningRoutes)
    .route("/api/me/student", myRotationRoutes)
    .route("/api/me/student", myHourRoutes)
    .route("/api/hours", hourRoutes)
    .route("/api/learning", learningRoutes)
    .route("/api/preceptors", preceptorRoutes)
    .route("/api/preceptor-invitations", preceptorInvitationRoutes);

  // Server-Sent Events sit outside the typed chain: the browser reads them with EventSource.
  app.route("/api/events", eventRoutes);
  app.route("/api/admin/audit/stream", auditStreamRoutes);

  app.doc31("/api/openapi.json", {
    openapi: "3.1.0",
    info: { title: "Clinical Placement Portal API", version: "0.1.0" },
  });
  // The reference UI's script comes from our own node_modules: no CDN is needed (or reachable).
  const scalarScript = createRequire(import.meta.url).resolve("@scalar/api-reference/browser/standalone.js");
  app.get("/api/docs/scalar.js", (c) => {
    c.header("content-type", "text/javascript; charset=utf-8");
    c.header("cache-control", "public, max-age=86400");
    return c.body(readFileSync(scalarScript, "utf8"));
  });
  app.get(
    "/api/docs",
    Scalar({ url: "/api/openapi.json", pageTitle: "Clinical Placement Portal API", cdn: "/api/docs/scalar.js" }),
  );

  app.all("/api/*", (c) => c.json(errorBody("not_found", `No API route ${c.req.method} ${c.req.path}`), 404));

  // The built React app for every other path; client-side routes fall back to index.html.
  const indexFile = path.join(WEB_DIST, "index.html");
  if (existsSync(indexFile)) {
    // Hashed file names: cache for a year.
    app.use("/assets/*", async (c, next) => {
      await next();
      if (c.res.ok) c.res.headers.set("cache-control", "public, max-age=31536000, immutable");
    });
    // Public pages prerendered at build time (scripts/build.mjs) paint before any script runs.
    for (const [page, file] of Object.entries(PRERENDERED_PAGES)) {
      const html = path.join(WEB_DIST, "prerendered", file);
      // Only the plain address: a query (/auth?role=student) changes what the page shows.
      app.get(page, async (c, next) =>
        existsSync(html) && !new URL(c.req.url).search ? sendHtml(c, html, 200) : next(),
      );
    }
    app.use("*", serveStatic({ root: path.relative(process.cwd(), WEB_DIST), precompressed: true }));
    // A missing asset is a 404, never the app shell (which the browser would refuse as a script).
    app.get("/assets/*", (c) => c.text("Not found", 404));
    // Read per request (a small, OS-cached file): a rebuild is served without a restart. A path that
    // is no page of the web app (src/domain/web-routes.ts) gets the same shell with 404, so the
    // app still shows its 'Page not found' page while crawlers and tools see the truth.
    app.get("*", (c) => sendHtml(c, indexFile, matchWebRoute(c.req.path) ? 200 : 404));
  }

  app.onError((err, c) => {
    if (err instanceof AppError) return sendError(c, err);
    if (err instanceof HTTPException && err.status < 500) {
      const status = err.status;
      const code = CODE_BY_STATUS[status] ?? "http_error";
      const message =
        status === 400
          ? "The request body is not valid JSON"
          : status === 415
            ? "Send the request body as JSON (content-type: application/json)"
            : err.message || "Request failed";
      return c.json(errorBody(code, message), status);
    }
    const requestIdValue = c.get("requestId");
    (c.get("log") ?? log).error({ err: loggableError(err), requestId: requestIdValue }, "unhandled error");
    return c.json(
      errorBody("internal", `Something went wrong on our side (request ${requestIdValue}). Please try again.`),
      500,
    );
  });

  return { app: api, deps, jobRunner };
}

export type AppType = ReturnType<typeof createApp>["app"];
