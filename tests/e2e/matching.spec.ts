import type { Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, signIn, test } from "./fixtures/test";

// Issue 13, bulk matching on the demo world: the first program's coordinator chooses ten students,
// runs the matcher, compares the optimal and the stable proposals side by side, removes one line of
// the optimal proposal, reviews and confirms, and the rest are submitted as applications, each line
// submitted or refused with its reason.

test.describe.configure({ timeout: 180_000 });

/** The document never scrolls sideways (a table may, in its own box). */
async function fitsWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll, `page width at ${width}px`).toBeLessThanOrEqual(inner);
}

/** The program's pending applications of these students (the API's newest 100). */
async function pendingOf(page: Page, names: string[]) {
  const res = await page.request.get("/api/applications?status=pending&pageSize=100");
  expect(res.ok()).toBe(true);
  const items = (await res.json()).items as { student: { name: string } }[];
  return items.filter((a) => names.includes(a.student.name)).length;
}

test("a coordinator matches ten students, compares both proposals, removes a line and submits the rest", async ({
  page,
}) => {
  await signIn(page, DEMO.program);
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Match Students" }).click();
  await expect(page).toHaveURL(/\/matching$/);
  await expect(page.getByRole("heading", { level: 1, name: "Match students" })).toBeVisible();

  // The preview lists the students a run may take; choose ten of them.
  const students = page.getByRole("group", { name: "Students to match" }).getByRole("checkbox");
  await expect(students.first()).toBeVisible();
  expect(await students.count()).toBeGreaterThanOrEqual(10);
  await expect(page.getByText(/placements? with \d+ spots? left/)).toBeVisible();
  await expectAccessible(page);
  await fitsWidth(page, 360);
  await fitsWidth(page, 1920);
  await page.setViewportSize({ width: 1280, height: 900 });
  for (let i = 0; i < 10; i++) await students.nth(i).check();
  await expect(page.getByRole("radio", { name: /Only the students I tick \(10 chosen\)/ })).toBeChecked();
  await expect(page.getByText("10 students", { exact: true })).toBeVisible();

  // Run: progress while it computes, then both proposals side by side.
  await page.getByRole("button", { name: "Run matching" }).click();
  await expect(page).toHaveURL(/\/matching\?run=/);
  const optimal = page.getByRole("region", { name: "Optimal" });
  const stable = page.getByRole("region", { name: "Stable" });
  await expect(optimal).toBeVisible({ timeout: 60_000 });
  await expect(stable).toBeVisible();
  await expect(optimal.getByText(/Optimality certificate checked/)).toBeVisible();
  await expect(stable.getByText(/Stability checked/)).toBeVisible();
  for (const panel of [optimal, stable]) {
    await expect(panel.getByText("Students placed")).toBeVisible();
    await expect(panel.getByText(/^\d+ of 10$/)).toBeVisible();
    await expect(panel.getByText("In their top 3")).toBeVisible();
  }
  await expectAccessible(page);

  // Each line has its placement, score and reason; remove the first line of the optimal proposal.
  const rows = optimal.getByRole("table", { name: "Optimal proposal" }).locator("tbody tr");
  const before = await rows.count();
  expect(before).toBeGreaterThanOrEqual(2);
  const removeButton = rows.first().getByRole("button", { name: /^Remove .*'s line$/ });
  const removedName = /^Remove (.*)'s line$/.exec((await removeButton.getAttribute("aria-label")) ?? "")?.[1] ?? "";
  expect(removedName).not.toBe("");
  await removeButton.click();
  await expect(rows).toHaveCount(before - 1);
  await expect(optimal.getByText("1 removed")).toBeVisible();
  await expect(optimal.getByRole("button", { name: `Remove ${removedName}'s line` })).toHaveCount(0);

  // Review, confirm, and the answer: submitted N (and refused lines with their reasons).
  const kept = before - 1;
  const keptNames = (
    await optimal
      .getByRole("button", { name: /^Remove .*'s line$/ })
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label") ?? ""))
  ).map((label) => label.replace(/^Remove (.*)'s line$/, "$1"));
  expect(keptNames).toHaveLength(kept);
  const pendingBefore = await pendingOf(page, keptNames);
  await optimal.getByRole("button", { name: `Review & submit ${kept} applications` }).click();
  const dialog = page.getByRole("dialog", { name: `Submit ${kept} applications?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("listitem")).toHaveCount(kept);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: `Submit ${kept}` }).click();
  await expect(dialog).toBeHidden();
  const outcome = optimal.getByRole("region", { name: "Submission result" });
  await expect(outcome.getByRole("status")).toHaveText(/^Submitted \d+ applications?(, refused \d+)?$/);
  const text = (await outcome.getByRole("status").textContent()) ?? "";
  const submitted = Number(/Submitted (\d+)/.exec(text)?.[1]);
  const refused = Number(/refused (\d+)/.exec(text)?.[1] ?? 0);
  expect(submitted).toBeGreaterThanOrEqual(1);
  expect(submitted + refused).toBe(kept);
  await expectAccessible(page);

  // The result page fits a phone and a wide screen.
  await fitsWidth(page, 360);
  await fitsWidth(page, 1920);

  // The submitted lines are the program's new pending applications.
  expect(await pendingOf(page, keptNames)).toBe(pendingBefore + submitted);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Applications" }).click();
  await expect(page).toHaveURL(/\/applications/);
  await expectAccessible(page);
});
