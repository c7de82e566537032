import { gzipSync } from "node:zlib";
import { expect, expectAccessible, test } from "./fixtures/test";

// Issue 11: the public pages that look the same for everyone are prerendered at build time and
// sent compressed, so they paint before any script runs; the app then takes over without a change.

test("the landing pages are whole HTML before any script runs", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto("/");
  await expect(
    page.getByRole("heading", { level: 1, name: "Clinical placements for nursing, on one platform" }),
  ).toBeVisible();
  await page.goto("/student");
  await expect(page.getByRole("heading", { level: 1, name: "Your clinical rotations, in one place" })).toBeVisible();
  // The sign-in form shows at once but cannot be used (or submitted by the browser) before the app runs.
  await page.goto("/auth");
  await expect(page.getByLabel("Email")).toBeVisible();
  await expect(page.getByLabel("Email")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Sign In" })).toBeDisabled();
  await context.close();
});

test("pages and their code are sent compressed", async ({ request }) => {
  const html = await request.get("/", { headers: { "accept-encoding": "br" } });
  expect(html.headers()["content-encoding"]).toBe("br");
  const body = await html.text();
  expect(body).toContain("Clinical placements for nursing, on one platform");
  const script = body.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(script).toBeTruthy();
  const js = await request.get(script!, { headers: { "accept-encoding": "gzip" } });
  expect(js.headers()["content-encoding"]).toBe("gzip");
  expect(js.headers()["cache-control"]).toContain("immutable");
});

test("the app takes over a prerendered page: links work, nothing is logged", async ({ page }) => {
  await page.goto("/");
  await expect(
    page.getByRole("heading", { level: 1, name: "Clinical placements for nursing, on one platform" }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Get Started" }).first().click();
  await expect(page).toHaveURL(/\/auth/);
});

// Issue 11's goal: at most 100 kB of gzipped JavaScript on each public page (`npm run bench:web`
// reports the figures; ADR 028 keeps the signed-in pages' route table out of what they load).
for (const path of ["/", "/student", "/auth"]) {
  test(`${path} loads at most 100 kB of gzipped JavaScript`, async ({ page }) => {
    const reads: Promise<number>[] = [];
    page.on("response", (res) => {
      if (res.request().resourceType() !== "script") return;
      reads.push(res.body().then((body) => gzipSync(body, { level: 9 }).length));
    });
    await page.goto(path, { waitUntil: "networkidle" });
    const bytes = (await Promise.all(reads)).reduce((a, b) => a + b, 0);
    expect(reads.length).toBeGreaterThan(1);
    expect(bytes / 1024).toBeLessThanOrEqual(100);
  });
}
