import type { Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, signIn, signOut, test } from "./fixtures/test";

// Issue 13 on the demo world: Emily Carter (student@demo.test) sees placements recommended to her
// with a match percent and a reason on her dashboard and on Browse Placements, opens the factors of
// one, applies from the dashboard's card; her coordinator sees the same list on her student page.
// At 360 px nothing scrolls sideways. The engine's mode is shown (no model is configured here).

/** axe once the toasts are gone (the shared Toaster's colours are checked on their own). */
async function checkAccessible(page: Page) {
  for (const close of await page.getByRole("button", { name: "Close toast" }).all()) {
    await close.click({ timeout: 1000 }).catch(() => {});
  }
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
}

test.describe.configure({ timeout: 120_000 });

test("a student sees recommendations with reasons on the dashboard and on Browse Placements; her coordinator too", async ({
  page,
}) => {
  await signIn(page, DEMO.student);
  await expect(page).toHaveURL(/\/dashboard\/student$/);

  // The dashboard's card: the best three, each with a match percent and a reason.
  const card = page.getByRole("list", { name: "Recommended placements" });
  await expect(card.getByRole("article").first()).toBeVisible();
  const cards = card.getByRole("article");
  expect(await cards.count()).toBeLessThanOrEqual(3);
  const first = cards.first();
  await expect(first.getByText(/^\d{1,3}% match$/)).toBeVisible();
  const title = (await first.getByRole("heading").textContent())?.trim() ?? "";
  expect(title).not.toBe("");
  await expect(first.getByTestId("recommendation-reason")).toHaveText(/^Why: \S.{10,}/);
  await expect(page.getByTestId("recommendation-mode")).toContainText("Engine mode");
  // The factors, opened from the keyboard.
  await first.getByText(/^How the \d+% is made/).focus();
  await page.keyboard.press("Enter");
  const factors = first.getByRole("list", { name: `Factors of the match with ${title}` });
  await expect(factors.getByRole("listitem")).toHaveCount(6);
  await expect(factors).toContainText("Specialty fit");
  await expect(factors).toContainText(/of 30 points/);
  await checkAccessible(page);

  // Apply from the card: Browse Placements opens with the apply dialog for that placement.
  await first.getByRole("link", { name: `Apply: ${title}` }).click();
  await expect(page).toHaveURL(/\/student\/placements/);
  const dialog = page.getByRole("dialog", { name: `Apply to ${title}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/student\/placements$/);

  // "Recommended for you" above the list, with reasons, and the list of placements below it.
  const recommended = page.getByRole("region", { name: "Recommended for you" });
  await expect(recommended).toBeVisible();
  const mine = recommended.getByRole("list", { name: "Recommended for you" });
  await expect(mine.getByRole("article").first()).toBeVisible();
  await expect(
    mine
      .getByRole("article")
      .first()
      .getByText(/^\d{1,3}% match$/),
  ).toBeVisible();
  await expect(mine.getByRole("article").first().getByTestId("recommendation-reason")).toHaveText(/^Why: \S.{10,}/);
  await expect(page.getByRole("list", { name: "Available placements" }).getByRole("listitem").first()).toBeVisible();
  await checkAccessible(page);

  // A phone: nothing scrolls sideways, the cards and their buttons fit.
  await page.setViewportSize({ width: 360, height: 740 });
  await noSidewaysScroll(page);
  await expect(mine.getByRole("button", { name: /^Apply \(recommended\): / }).first()).toBeInViewport({ ratio: 0 });
  await page.goto("/dashboard/student");
  await expect(page.getByRole("list", { name: "Recommended placements" }).getByRole("article").first()).toBeVisible();
  await noSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signOut(page);

  // Her coordinator: the student's page has her recommendations, spoken of as 'their'.
  await signIn(page, DEMO.program);
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  const found = await page.request.get(`/api/students?search=${encodeURIComponent(DEMO.student)}`);
  expect(found.ok()).toBe(true);
  const [student] = (await found.json()).items as { id: string }[];
  await page.goto(`/students/${student.id}`);
  await page.getByRole("tab", { name: "Recommended Placements" }).click();
  const theirs = page.getByRole("list", { name: "Recommended placements for this student" });
  await expect(theirs.getByRole("article").first()).toBeVisible();
  await expect(theirs.getByRole("article").first()).toContainText(/% match/);
  await expect(theirs).toContainText(/their/);
  await expect(theirs.getByRole("link", { name: /^Submit Application \(recommended\): / }).first()).toBeVisible();
  await checkAccessible(page);
});
