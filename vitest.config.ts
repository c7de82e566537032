import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  test: {
    // Every test file is in one of the two projects below (src/**/*.test.{ts,tsx}); not listed here,
    // where `extends: true` would add it to both.
    setupFiles: ["./vitest.setup.ts"],
    // The migrated database each test file's database is copied from (ADR 032).
    globalSetup: ["./src/server/testing/global-setup.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
    projects: [
      // The server's and the domain's tests share a worker's loaded modules from one file to the
      // next (ADR 036): each file still builds its own app and database (the harness), and none
      // mocks a module. Importing the app again for every file was about 40% of the suite's time.
      { extends: true, test: { name: "server", include: ["src/{server,domain}/**/*.test.{ts,tsx}"], isolate: false } },
      // The web's component tests mock modules (vi.mock): each file in a fresh module graph.
      { extends: true, test: { name: "web", include: ["src/web/**/*.test.{ts,tsx}"] } },
    ],
  },
});
