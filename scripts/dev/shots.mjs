// Dev aid: `node scripts/dev/shots.mjs BASE_URL EMAIL /path1 /path2 ...` signs in as a demo account and screenshots each path to /tmp.
import { chromium } from "@playwright/test";

const [, , base, email, ...paths] = process.argv;
const b = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
});
const p = await b.newPage({ viewport: { width: 1280, height: 900 } });
p.on("console", (m) => {
  if (m.type() === "error") console.log("console error:", m.text());
});
await p.goto(`${base}/auth`);
await p.getByLabel("Email").fill(email);
await p.getByLabel("Password").fill("Demo-2026!");
await p.getByRole("button", { name: "Sign In" }).click();
await p.waitForURL(/dashboard/);
for (const path of paths) {
  await p.goto(base + path, { waitUntil: "networkidle" });
  await p.waitForTimeout(500);
  const out = `/tmp/shot-${path.replace(/\W+/g, "_")}.png`;
  await p.screenshot({ path: out, fullPage: true });
  console.log(out);
}
await b.close();
