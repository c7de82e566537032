// Makes sure a Chromium for Playwright exists: Debian's /usr/bin/chromium, installed when we are root.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function ensureBrowser() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  if (!root) {
    console.error(
      `Chromium not found at ${CHROMIUM}. Install Debian's: sudo apt-get update && sudo apt-get install -y chromium\n` +
        "(or point CHROMIUM_PATH at another Chromium build).",
    );
    process.exit(1);
  }
  console.log("Installing Debian's chromium for the end-to-end tests (about 30 s)...");
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (!existsSync(CHROMIUM)) {
    console.error(`apt-get finished but ${CHROMIUM} is still missing.`);
    process.exit(1);
  }
  return CHROMIUM;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBrowser();
