import { availableParallelism } from "node:os";
import { z } from "zod";

// The only reader of process.env (DESIGN.md). Everything else receives a typed Env.
const bool = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : ["1", "true", "yes", "on"].includes(v.toLowerCase())));

// An optional text setting: an empty string is unset.
const optionalText = z
  .string()
  .optional()
  .or(z.literal("").transform(() => undefined));

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  APP_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SMTP_URL: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Failed sign-ins from one client address within 15 minutes before it is locked out (issue 8).
  // The end-to-end server raises it: its whole suite signs in from one address.
  // Multiplies Better Auth's per-address request limits (100 auth requests a minute in production,
  // 60 sign-ins, 5 reset requests...). The end-to-end server raises it: its whole suite is one address.
  AUTH_RATE_LIMIT_FACTOR: z.coerce.number().min(1).max(1000).default(1),
  SIGN_IN_ADDRESS_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
  MAIL_FROM: z.string().default("Clinical Placement Portal <no-reply@placement-portal.local>"),
  // Development only: without SMTP, each mail (with its links) is also written as a JSON file to
  // this folder; the end-to-end server reads mail there. Ignored in production and with SMTP_URL.
  DEV_MAILBOX_DIR: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DEMO_DATA: bool,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // How many proxies of ours stand in front of the server (their X-Forwarded-For entries are
  // believed); off by default: the socket's peer address is the client (issue 8, item 3).
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const t = (v ?? "").trim().toLowerCase();
      if (t === "" || ["0", "false", "no", "off"].includes(t)) return 0;
      if (["true", "yes", "on"].includes(t)) return 1;
      const n = Number(t);
      if (Number.isInteger(n) && n > 0 && n <= 10) return n;
      ctx.addIssue({ code: "custom", message: "use off, on (one proxy) or the number of proxies (1 to 10)" });
      return z.NEVER;
    }),
  // Issue 11 (ADR 034): on PostgreSQL each connection prepares the statements it runs again (once
  // per text) instead of parsing and planning them on every call. Off for a pooler that cannot keep
  // prepared statements (PgBouncer in transaction mode before 1.21).
  DATABASE_PREPARED_STATEMENTS: bool,
  // Server processes sharing the port (node:cluster); more than one needs PostgreSQL (issue 11).
  // Unset: one per core on PostgreSQL (at most 4), one on the embedded database.
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  // How long a signed-in viewer read from the database is reused by reads on this instance; every
  // change to it is announced and drops it at once (ADR 016). 0 turns keeping off; tests default to 0.
  VIEWER_CACHE_MS: z.coerce.number().int().min(0).max(300_000).optional(),
  // How long the hot reads' answers are kept per instance; every change to a table they read is
  // announced and drops them at once (ADR 027). 0 turns keeping off; tests default to 0.
  READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  // Compliance documents: on disk under DATA_DIR/files unless S3_BUCKET names an S3-compatible bucket.
  S3_BUCKET: optionalText,
  S3_ENDPOINT: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  S3_REGION: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === "" ? "us-east-1" : v)),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: bool,
  // Issue 13: how long an instance keeps a student's recommendations (every change they depend on
  // is announced and drops them at once); 0 computes them on every request.
  RECOMMENDATIONS_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(300_000),
  // Issue 13, D12: an OpenAI-compatible endpoint that may reword the recommendations' reasons
  // (scores and order stay the engine's). All three or none.
  LLM_BASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  LLM_API_KEY: optionalText,
  LLM_MODEL: optionalText,
  // How long the model may take before the engine's words are used instead.
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8_000),
  // Issue 16: the offline study assistant sends its composed answer a few words at a time, this
  // many milliseconds apart, so the page shows it growing as a model's would. 0 sends it at once.
  ASSISTANT_STREAM_PACE_MS: z.coerce.number().int().min(0).max(1000).optional(),
  AUTH_SECRET: z
    .string()
    .min(32)
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

export type Env = Omit<
  z.infer<typeof schema>,
  "VIEWER_CACHE_MS" | "READ_CACHE_MS" | "ASSISTANT_STREAM_PACE_MS" | "WEB_CONCURRENCY" | "DATABASE_PREPARED_STATEMENTS"
> & {
  DATABASE_PREPARED_STATEMENTS: boolean;
  WEB_CONCURRENCY: number;
  ASSISTANT_STREAM_PACE_MS: number;
  appUrl: string;
  demoData: boolean;
  VIEWER_CACHE_MS: number;
  READ_CACHE_MS: number;
};

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const env = parsed.data;
  const llm = [env.LLM_BASE_URL, env.LLM_API_KEY, env.LLM_MODEL].filter(Boolean).length;
  if (llm !== 0 && llm !== 3) {
    throw new Error("Invalid configuration:\n  LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are set together or not at all");
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      "Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all",
    );
  }
  return {
    ...env,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    // Demo world: on for the embedded database, off on PostgreSQL unless asked for (D10).
    demoData: env.DEMO_DATA ?? !env.DATABASE_URL,
    VIEWER_CACHE_MS: env.VIEWER_CACHE_MS ?? (env.NODE_ENV === "test" ? 0 : 10_000),
    READ_CACHE_MS: env.READ_CACHE_MS ?? (env.NODE_ENV === "test" ? 0 : 5_000),
    ASSISTANT_STREAM_PACE_MS: env.ASSISTANT_STREAM_PACE_MS ?? (env.NODE_ENV === "test" ? 0 : 20),
    WEB_CONCURRENCY: env.WEB_CONCURRENCY ?? defaultConcurrency(env.DATABASE_URL),
    DATABASE_PREPARED_STATEMENTS: env.DATABASE_PREPARED_STATEMENTS ?? true,
  };
}

/**
 * Server processes when WEB_CONCURRENCY is unset (issue 11): one process uses one core, so on
 * PostgreSQL one per core, at most 4 (each holds up to 11 database connections: its pool and its
 * LISTEN connection, against PostgreSQL's default of 100). The embedded database lives inside one
 * process: one.
 */
export function defaultConcurrency(databaseUrl: string | undefined, cores = availableParallelism()): number {
  return databaseUrl ? Math.max(1, Math.min(cores, 4)) : 1;
}

/** Command-line scripts read their own flags; they still get the environment from here. */
export const rawArgv = () => process.argv.slice(2);
