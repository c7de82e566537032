import { randomBytes } from "node:crypto";
import pg from "pg";
import { createApp } from "../app";
import { type Database, openDatabase } from "../db/client";
import { readEnv } from "../env";
import { createAccount } from "../features/accounts/service";
import { grantRole } from "../lib/access";
import { createLogger } from "../lib/logger";

/**
 * A fresh migrated database and app for one test file: PGlite in memory by default, a new
 * PostgreSQL database (dropped afterwards) when TEST_DATABASE_URL is set.
 */
export async function createTestApp() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let drop: (() => Promise<void>) | null = null;
  if (adminUrl) {
    const name = `cpp_test_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString() });
    drop = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    database = await openDatabase({ dataDir: null });
  }
  await database.migrate();
  const env = readEnv({ NODE_ENV: "test", APP_URL: "http://localhost:3000", LOG_LEVEL: "silent" });
  const log = createLogger("silent");
  const { app, deps } = createApp({ env, database, log, secret: randomBytes(32).toString("hex") });

  /** JSON request helper; `cookie` signs the request in. */
  async function call(method: string, path: string, opts: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.body !== undefined) headers["content-type"] = "application/json";
    if (opts.cookie) headers.cookie = opts.cookie;
    const res = await app.request(path, {
      method,
      headers,
      body: opts.body === undefined ? undefined : typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body),
    });
    const text = await res.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, json, headers: res.headers };
  }

  /** Signs in with email and password; returns the session cookie. */
  async function signIn(email: string, password: string, ip = "127.0.0.1") {
    const res = await call("POST", "/api/auth/sign-in/email", {
      body: { email, password },
      headers: { origin: "http://localhost:3000", "x-forwarded-for": ip },
    });
    if (res.status !== 200) throw new Error(`sign-in failed for ${email}: ${res.status} ${JSON.stringify(res.json)}`);
    return cookieFrom(res.headers);
  }

  /** Creates a user with the given role (and, for program/facility, a verified organization). */
  async function createUser(
    role: "super_admin" | "admin" | "program" | "facility" | "none",
    opts: { email?: string; password?: string; name?: string } = {},
  ) {
    const email = opts.email ?? `${role}-${randomBytes(3).toString("hex")}@test.dev`;
    const password = opts.password ?? "Test-Pass-2026!";
    const userId = await createAccount(deps, { email, password, fullName: opts.name ?? `Test ${role}` });
    if (role !== "none") await grantRole(deps.db, userId, role);
    const cookie = await signIn(email, password);
    return { userId, email, password, cookie };
  }

  return {
    app,
    deps,
    call,
    signIn,
    createUser,
    close: async () => {
      await database.close();
      if (drop) await drop();
    },
  };
}

export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
