// The server Playwright starts: a fresh embedded database (with the demo world) in a temp folder.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "cpp-e2e-"));
// Mail of an earlier run is not this run's (DEV_MAILBOX_DIR comes from playwright.config.ts).
if (process.env.DEV_MAILBOX_DIR) rmSync(process.env.DEV_MAILBOX_DIR, { recursive: true, force: true });
delete process.env.DATABASE_URL;
process.env.DEMO_DATA = "true";
// Every spec signs in from 127.0.0.1: the suite's own failed sign-ins must not lock the address.
process.env.SIGN_IN_ADDRESS_LIMIT = "100000";
// Better Auth's per-address limits too (a fast run passed 100 auth requests a minute: 429).
process.env.AUTH_RATE_LIMIT_FACTOR = "100";
process.env.APP_URL = `http://localhost:${process.env.PORT}`;
// The demo world and the records only the journeys need (a coordinator of two organizations), made
// before the server opens the database; the server then finds it seeded.
execFileSync(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "e2e-fixtures.ts")], {
  stdio: "inherit",
});
await import("./start.mjs");
