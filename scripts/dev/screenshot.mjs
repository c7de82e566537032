// Dev aid: `node scripts/dev/screenshot.mjs URL out.png [width] [height]` in Debian chromium.
import { chromium } from "@playwright/test";

const [, , url, out, w = "1280", h = "800"] = process.argv;
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
const p = await b.newPage({ viewport: { width: +w, height: +h } });
p.on("console", (m) => {
  if (m.type() === "error") console.log("console error:", m.text());
});
await p.goto(url, { waitUntil: "networkidle" });
await p.screenshot({ path: out, fullPage: false });
await b.close();
