import type { Locator, Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, signIn, signOut, test } from "./fixtures/test";

// Issue 17, evaluations on the demo world: the demo facility's coordinator evaluates a student of
// one of its rotations (and sees the anonymous summary of its site evaluations); the demo student
// evaluates the site of her finished rotation and reads her preceptor's evaluation of her; the
// program sees completion across its students. axe on every page; 360 and 1280 px.

test.describe.configure({ timeout: 180_000 });

const SHOTS = process.env.E2E_SHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** Answers every question of the form in `dialog`: the fourth point of each scale, a comment in each box. */
async function fillForm(dialog: Locator) {
  const groups = dialog.getByRole("group");
  const count = await groups.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await groups.nth(i).getByRole("radio").nth(3).check();
  const boxes = dialog.getByRole("textbox");
  for (let i = 0; i < (await boxes.count()); i++) await boxes.nth(i).fill(`Observed on the unit (${i + 1}).`);
}

async function fitsAt360(page: Page, heading: string) {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.reload();
  await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a facility evaluates a student, the student evaluates the site, the program sees completion", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });

  // The facility's coordinator fills an open evaluation of a student.
  await signIn(page, DEMO.facility);
  await expect(page).toHaveURL(/\/dashboard\/facility$/);
  await page.getByRole("navigation").getByRole("link", { name: "Evaluations" }).click();
  await expect(page).toHaveURL(/\/dashboard\/facility\/evaluations$/);
  await expect(page.getByRole("heading", { name: "What students say about your site" })).toBeVisible();
  // Five or more site evaluations: averages and comments, no names.
  await expect(page.getByRole("table", { name: "Average rating per question" })).toBeVisible();
  const list = page.getByRole("table", { name: "Evaluations of students" });
  await expect(list).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Status", { exact: true }).selectOption("open");
  await expect(page).toHaveURL(/status=open/);
  const evaluate = list.getByRole("button", { name: /^Evaluate / }).first();
  await expect(evaluate).toBeVisible();
  await evaluate.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("button", { name: "Submit evaluation" })).toBeVisible();
  await shot(page, "facility-fill");
  // Sending an empty form names what is missing.
  await dialog.getByRole("button", { name: "Submit evaluation" }).click();
  await expect(dialog.getByText(/Choose a rating for/).first()).toBeVisible();
  await fillForm(dialog);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Submit evaluation" }).click();
  await expect(page.getByText("Evaluation submitted", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Submitted", { exact: true })).toBeVisible();
  await expect(dialog.getByText("4 Above expectations (of 5)").first()).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await shot(page, "facility-page");
  await fitsAt360(page, "Evaluations");
  await signOut(page);

  // The demo student evaluates the site of her finished rotation, and reads her evaluation.
  await signIn(page, DEMO.student);
  await page.getByRole("navigation").getByRole("link", { name: "Evaluations" }).click();
  await expect(page).toHaveURL(/\/student\/evaluations$/);
  await expect(page.getByRole("heading", { name: "My Evaluations" })).toBeVisible();
  await expectAccessible(page);
  await page
    .getByRole("button", { name: /^Evaluate: / })
    .first()
    .click();
  const site = page.getByRole("dialog");
  await expect(site.getByText(/never\s+your name/)).toBeVisible();
  await fillForm(site);
  await expectAccessible(page);
  await site.getByRole("button", { name: "Submit evaluation" }).click();
  await expect(page.getByText("Evaluation submitted", { exact: true })).toBeVisible();
  await expect(site.getByText("Submitted", { exact: true })).toBeVisible();
  await site.getByRole("button", { name: "Close" }).click();
  await page
    .getByRole("button", { name: /^Read: / })
    .first()
    .click();
  const mine = page.getByRole("dialog");
  await expect(mine.getByText("Strengths", { exact: true })).toBeVisible();
  await expect(mine.getByText(/^· by /)).toBeVisible();
  await shot(page, "student-read");
  await mine.getByRole("button", { name: "Close" }).click();
  await shot(page, "student-page");
  await fitsAt360(page, "My Evaluations");
  await signOut(page);

  // The program sees completion across its students, filters it, and reads a site evaluation.
  await signIn(page, DEMO.program);
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  await page.getByRole("navigation").getByRole("link", { name: "Evaluations" }).click();
  await expect(page).toHaveURL(/\/evaluations$/);
  const completion = page.getByRole("table", { name: "Evaluations" });
  await expect(completion).toBeVisible();
  await expect(page.getByRole("button", { name: /^Overdue: [1-9]/ })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Kind", { exact: true }).selectOption("site");
  await page.getByLabel("Status", { exact: true }).selectOption("submitted");
  await expect(page).toHaveURL(/kind=site/);
  await expect(completion.getByText("Emily Carter").first()).toBeVisible();
  await completion
    .getByRole("button", { name: /site evaluation by Emily Carter/ })
    .first()
    .click();
  const read = page.getByRole("dialog");
  await expect(read.getByText("Observed on the unit (1).")).toBeVisible();
  await read.getByRole("button", { name: "Close" }).click();
  await shot(page, "program-completion");
  await page.getByRole("tab", { name: "Forms" }).click();
  await expect(page.getByText("Senior practicum performance review")).toBeVisible();
  await page.getByRole("button", { name: "Preview Senior practicum performance review" }).click();
  await expect(page.getByRole("dialog").getByRole("group").first()).toBeVisible();
  await expectAccessible(page);
  await shot(page, "program-preview");
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  await page.getByRole("tab", { name: "Settings" }).click();
  await expect(page.getByLabel("Ask for a midpoint evaluation too")).toBeChecked();
  await shot(page, "program-settings");
  await fitsAt360(page, "Evaluations");
});
