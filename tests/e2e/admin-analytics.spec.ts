import { readFile } from "node:fs/promises";
import { DEMO, expect, expectAccessible, signIn, test } from "./fixtures/test";

// Issue 14: the platform overview's live figures, and the analytics charts with their filters,
// table alternative and CSV.

test("the platform overview shows the four figures the API computes", async ({ page }) => {
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await expect(page.getByRole("heading", { name: "Platform Overview", level: 1 })).toBeVisible();
  const res = await page.request.get("/api/analytics/admin/overview");
  expect(res.status()).toBe(200);
  const { stats } = await res.json();
  const figures = page.getByRole("region", { name: "Platform figures" });
  for (const [label, key] of [
    ["Nursing Programs", "programs"],
    ["Healthcare Facilities", "facilities"],
    ["Students", "students"],
    ["Applications", "applications"],
  ] as const) {
    const card = figures.locator("section").filter({ has: page.getByRole("heading", { name: label, exact: true }) });
    await expect(card).toContainText(String(stats[key].value));
    await expect(card).toContainText(`+${stats[key].trend.last30Days} `);
    expect(stats[key].value, key).toBeGreaterThan(0);
  }
  await expect(page.getByRole("heading", { name: "Top Performers" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Regional Market Trends" })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Analytics" }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/analytics$/);
});

test("an administrator filters the analytics by state, reads a chart as a table and downloads its CSV", async ({
  page,
}) => {
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await page.goto("/dashboard/admin/analytics");
  await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
  const seats = page.getByRole("region", { name: "Seat utilization by specialty and state", exact: true });
  // The chart is an image to assistive technology, named by a summary of its figures.
  await expect(seats.getByRole("img", { name: /seats approved across/ })).toBeVisible();
  await expectAccessible(page);

  await seats.getByRole("button", { name: "Show as table" }).click();
  const table = seats.getByRole("table");
  await expect(table).toBeVisible();
  const stateColumn = table.locator("tbody tr td:nth-child(2)");
  const statesBefore = new Set(await stateColumn.allTextContents());
  expect(statesBefore.size).toBeGreaterThan(1);

  await page.getByLabel("State", { exact: true }).selectOption("TX");
  await expect(page).toHaveURL(/[?&]state=TX/);
  await expect.poll(async () => [...new Set(await stateColumn.allTextContents())]).toEqual(["TX"]);
  await expectAccessible(page);

  const download = page.waitForEvent("download");
  await seats.getByRole("button", { name: "Download CSV: Seat utilization by specialty and state" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("seat-utilization_TX.csv");
  const csv = (await readFile((await file.path()) as string, "utf8")).replace(/^\uFEFF/, "");
  const [header, ...lines] = csv.trim().split("\r\n");
  expect(header).toBe("Specialty,State,Rotations,Seats,Approved,Utilization");
  expect(lines.length).toBe(await table.locator("tbody tr").count());
  for (const line of lines) expect(line.split(",")[1]).toBe("TX");

  // The filter survives a reload: it is in the address.
  await page.reload();
  await expect(page.getByLabel("State", { exact: true })).toHaveValue("TX");
});
