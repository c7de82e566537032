import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pg from "pg";
import pino from "pino";
import type { Role } from "../../domain/roles";
import { createApp } from "../app";
import { type Database, openDatabase } from "../db/client";
import { studentUsers } from "../db/schema/students";
import { readEnv } from "../env";
import { createUserAccount } from "../factories/accounts";
import { createMembership, createOrganization as createOrganizationRow } from "../factories/organizations";
import { createStudent } from "../factories/students";
import { createLogger, type Logger } from "../lib/logger";
import { createMailer, type Mail, mailerDelivering } from "../lib/mail";
import { PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV } from "./database-template";

export const TEST_APP_URL = "http://localhost:3000";

/** Every role a test user can have, plus "none": signed in without any role (e.g. a pending admin request). */
export type TestRole = Role | "none";

/**
 * A fresh migrated database and app for one test file: PGlite in memory by default, a new
 * PostgreSQL database (dropped afterwards) when TEST_DATABASE_URL is set. Under Vitest the new
 * database is a copy of the run's migrated template (ADR 032, src/server/testing/global-setup.ts);
 * migrating it then finds nothing left to apply.
 * `captureLogs` keeps the app's log lines (parsed pino JSON) in `logs`; `env` overrides settings.
 */
export async function createTestApp(
  opts: {
    captureLogs?: boolean;
    env?: Record<string, string>;
    /**
     * A second server instance on another test app's database (as behind a load balancer): its own
     * connections and LISTEN, the same auth secret (so sessions work on both). Not migrated here;
     * the first app drops the database, so close this one first.
     */
    sameDatabaseAs?: SharedDatabase;
  } = {},
) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let databaseUrl: string | null = null;
  let drop: (() => Promise<void>) | null = null;
  let ownsDatabase = true;
  const secret = opts.sameDatabaseAs?.secret ?? randomBytes(32).toString("hex");
  if (opts.sameDatabaseAs) {
    const shared = opts.sameDatabaseAs;
    if (shared.databaseUrl) {
      databaseUrl = shared.databaseUrl;
      database = await openDatabase({ url: shared.databaseUrl });
    } else {
      // PGlite is one in-process database: the second app shares it (and does not close it).
      database = shared.database;
      ownsDatabase = false;
    }
  } else if (adminUrl) {
    const name = `cpp_test_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const template = process.env[POSTGRES_TEMPLATE_ENV];
    await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await openDatabase({ url: databaseUrl });
    drop = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    const template = process.env[PGLITE_TEMPLATE_ENV];
    database = await openDatabase({
      dataDir: null,
      ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
    });
  }
  if (!opts.sameDatabaseAs) await database.migrate();
  // Files (compliance documents) go to a folder of this app's own, removed when it closes.
  // A second app on the same database shares its files too.
  const ownsDataDir = !opts.sameDatabaseAs;
  const dataDir = opts.sameDatabaseAs?.dataDir ?? mkdtempSync(path.join(tmpdir(), "cpp-test-"));
  const env = readEnv({ NODE_ENV: "test", APP_URL: TEST_APP_URL, LOG_LEVEL: "silent", DATA_DIR: dataDir, ...opts.env });
  const logs: Record<string, unknown>[] = [];
  const log: Logger = opts.captureLogs
    ? pino(
        { level: "info", base: undefined },
        new Writable({
          write(chunk, _enc, done) {
            for (const line of String(chunk).split("\n").filter(Boolean)) logs.push(JSON.parse(line));
            done();
          },
        }),
      )
    : createLogger("silent");
  // Mail as the recipient gets it (live links and codes): the outbox table keeps them redacted
  // (issue 8, item 7), so tests read what was sent here (`mailTo`).
  const sent: SentMail[] = [];
  const realMailer = createMailer({ db: database.db, log, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  const deliver = async (mail: Mail) => {
    const row = await realMailer.deliver(mail);
    sent.push({
      id: sent.length + 1,
      to: mail.to,
      from: mail.from ?? null,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      link: mail.link ?? null,
      transport: realMailer.transport,
    });
    return row;
  };
  const mailer = mailerDelivering(realMailer.transport, deliver, database.db);
  const { app, deps, jobRunner } = createApp({ env, database, log, secret, mailer });

  // Better Auth limits requests per client address (3 sign-ins per 10 s on one address), so each
  // test user signs in from an address of its own unless a test names one.
  const filePrefix = `10.${randomBytes(1)[0]}`;
  let ipCounter = 0;
  const nextIp = () => {
    ipCounter += 1;
    return `${filePrefix}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
  };

  /**
   * JSON request helper. `cookie` signs the request in; `ip` sets the client address (the socket's
   * peer, as @hono/node-server passes it; X-Forwarded-For is not believed unless TRUST_PROXY is on). Requests to /api/auth/* carry the app's origin, as a browser's do.
   */
  async function call(
    method: string,
    path: string,
    opts: { body?: unknown; cookie?: string; ip?: string; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = {};
    if (path.startsWith("/api/auth/")) headers.origin = TEST_APP_URL;
    if (opts.body !== undefined) headers["content-type"] = "application/json";
    if (opts.cookie) headers.cookie = opts.cookie;
    Object.assign(headers, opts.headers);
    const res = await app.request(
      path,
      {
        method,
        headers,
        body:
          opts.body === undefined ? undefined : typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body),
      },
      socketFrom(opts.ip),
    );
    const text = await res.text();
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answers
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, json, text, headers: res.headers, cookie: cookieFrom(res.headers) };
  }

  /** Attempts an email sign-in; returns the raw response (status, json, cookie). */
  function attemptSignIn(email: string, password: string, ip = nextIp()) {
    return call("POST", "/api/auth/sign-in/email", { body: { email, password }, ip });
  }

  /** Signs in with email and password; returns the session cookie. */
  async function signIn(email: string, password: string, ip = nextIp()) {
    const res = await attemptSignIn(email, password, ip);
    if (res.status !== 200 || !res.cookie)
      throw new Error(`sign-in failed for ${email}: ${res.status} ${JSON.stringify(res.json)}`);
    return res.cookie;
  }

  /** An organization, verified unless told otherwise. */
  function createOrganization(
    kind: "program" | "facility",
    name = `Test ${kind} ${randomBytes(2).toString("hex")}`,
    verified = true,
  ) {
    return createOrganizationRow(deps.db, kind, { name, verified });
  }

  /**
   * A signed-in user with the given role: program and facility users coordinate an organization
   * (a new verified one unless `organizationId` is given); a student is on a program's roster and
   * linked to it.
   */
  async function createUser(
    role: TestRole,
    opts: { email?: string; password?: string; name?: string; organizationId?: string } = {},
  ) {
    const email = opts.email ?? `${role}-${randomBytes(4).toString("hex")}@test.dev`;
    const password = opts.password ?? "Test-Pass-2026!";
    const name = opts.name ?? `Test ${role}`;
    const userId = await createUserAccount(deps, {
      email,
      password,
      fullName: name,
      role: role === "none" ? null : role,
    });
    let organizationId: string | null = null;
    let studentId: string | null = null;
    if (role === "program" || role === "facility" || role === "preceptor") {
      // A preceptor is facility staff: a member of the facility holding the preceptor role.
      organizationId =
        opts.organizationId ?? (await createOrganization(role === "program" ? "program" : "facility")).id;
      await createMembership(deps.db, {
        userId,
        organizationId,
        ...(role === "preceptor" ? { role: "preceptor" as const, title: "Preceptor" } : {}),
      });
    } else if (role === "student") {
      organizationId = opts.organizationId ?? (await createOrganization("program")).id;
      const student = await createStudent(deps.db, organizationId, { firstName: "Test", lastName: "Student", email });
      studentId = student.id;
      await deps.db.insert(studentUsers).values({ userId, studentId });
    }
    const cookie = await signIn(email, password);
    return { userId, email, password, name, cookie, organizationId, studentId };
  }

  /** Mail sent to an address, newest first, as delivered (with its live links and codes). */
  async function mailTo(to: string): Promise<SentMail[]> {
    return sent.filter((m) => m.to.toLowerCase() === to.toLowerCase()).reverse();
  }

  let closed = false;
  return {
    app,
    deps,
    /** This app's job runner (not started: tests run due jobs with `drainJobs`). */
    jobRunner,
    /**
     * Runs every due job now (mail queued by decisions and withdrawals, reminders...), as the
     * server's runner would on its next poll; returns how many ran. Deterministic: no timers.
     */
    drainJobs: () => jobRunner.drain(),
    database,
    /** The PostgreSQL database's address (null on PGlite) and the auth secret, for `sameDatabaseAs`. */
    databaseUrl,
    secret,
    /** This app's DATA_DIR (files under `files/`). */
    dataDir,
    logs,
    call,
    attemptSignIn,
    signIn,
    nextIp,
    createOrganization,
    createUser,
    mailTo,
    close: async () => {
      if (closed) return;
      closed = true;
      // Ends open event streams and the LISTEN connection before the database goes.
      await deps.realtime.close().catch(() => {});
      if (ownsDatabase) await database.close().catch(() => {});
      if (drop) await drop();
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A mail as the harness saw it leave (see `mailTo`). */
export type SentMail = {
  id: number;
  to: string;
  /** The From header the app set (the settings' sender name), null when none was set. */
  from: string | null;
  subject: string;
  text: string;
  html: string | null;
  link: string | null;
  transport: "smtp" | "dev";
};

/** What a second app needs to open the same database (see createTestApp's `sameDatabaseAs`). */
export type SharedDatabase = { database: Database; databaseUrl: string | null; secret: string; dataDir?: string };

/** The bindings @hono/node-server passes: the socket the request came in on (its peer address). */
export function socketFrom(ip: string | undefined) {
  return ip ? { incoming: { socket: { remoteAddress: ip } } } : undefined;
}

export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export type TestUser = Awaited<ReturnType<TestApp["createUser"]>>;
