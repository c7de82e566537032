import { expect, test } from "./fixtures/test";

// A signed-out visitor is not an error: the session check every page makes answers 200 with no
// session, so the public pages and /auth log nothing (the shared fixture forgives a 401; this does not).

for (const path of ["/", "/student", "/auth"]) {
  test(`${path} logs no console error when signed out`, async ({ page }) => {
    const logged: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") logged.push(m.text());
    });
    const checks: number[] = [];
    page.on("response", (res) => {
      if (new URL(res.url()).pathname.startsWith("/api/accounts/")) checks.push(res.status());
    });
    await page.goto(path, { waitUntil: "networkidle" });
    await expect(page.locator("h1").first()).toBeVisible();
    expect(checks.every((s) => s === 200)).toBe(true);
    expect(logged).toEqual([]);
  });
}
