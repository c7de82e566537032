import { defineConfig, devices } from "@playwright/test";
import { E2E_PORT, E2E_WORKERS, mailboxDir } from "./tests/e2e/fixtures/mailbox-dir";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// End to end through the real server on a fresh embedded database with the demo world. Each worker
// has a server and a database of its own (tests/e2e/fixtures/mailbox-dir.ts): its spec files run
// one after another on it, as the whole suite did on one server, and no two journeys running at the
// same time share data.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "test-results/e2e.json" }]] : [["list"]],
  use: {
    // Worker N's own server: tests/e2e/fixtures/test.ts sets it per worker.
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: Array.from({ length: E2E_WORKERS }, (_, i) => ({
    command: `node scripts/e2e-server.mjs`,
    url: `http://localhost:${E2E_PORT + i}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: { PORT: String(E2E_PORT + i), LOG_LEVEL: "warn", DEV_MAILBOX_DIR: mailboxDir(i) },
  })),
});
