import { defineConfig, devices } from "@playwright/test";
import { E2E_MAILBOX_DIR } from "./tests/e2e/fixtures/mailbox-dir";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// End to end through the real server on a fresh embedded database with the demo world.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "test-results/e2e.json" }]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
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
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://localhost:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: { PORT: String(PORT), LOG_LEVEL: "warn", DEV_MAILBOX_DIR: E2E_MAILBOX_DIR },
  },
});
