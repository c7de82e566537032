import { DEMO, expect, expectAccessible, signIn, test, uniqueEmail } from "./fixtures/test";

// A phone (390 px) with real-length names: the page never scrolls sideways and what the user must
// read or press stays on screen.
const PHONE = { width: 390, height: 844 };

const pageWidth = (page: import("@playwright/test").Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Wholly inside the window, across. */
async function onScreen(locator: import("@playwright/test").Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, `${locator} within ${PHONE.width} px`).toBe(true);
}

test("Account and security fits a phone with a long email and organization name", async ({ page }) => {
  await page.setViewportSize(PHONE);
  const email = uniqueEmail("accountlayoutwithaverylongemailaddress");
  const organization = "The Riverside and Lakeshore Regional Medical Center for Advanced Clinical Education";
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByLabel("Full name").fill("Sam Okafor");
  await page.getByLabel("Organization name").fill(organization);
  await page.getByRole("tabpanel").getByRole("radio", { name: "Healthcare Facility" }).click();
  await page.getByRole("tabpanel").getByLabel("Email").fill(email);
  await page.getByRole("tabpanel").getByLabel("Password").fill("Account-Layout-2026");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/dashboard\/facility$/);

  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Account and security" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await onScreen(page.getByText(email));
  await onScreen(page.getByRole("definition").filter({ hasText: organization }));
  await onScreen(page.getByLabel("Your password"));
  await onScreen(page.getByRole("button", { name: "Set up two-factor" }));
  await onScreen(page.getByRole("button", { name: "Sign out of all devices" }));
  await expectAccessible(page);
});

test("the facility's applications are cards on a phone: placement, readiness and status on screen", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signIn(page, DEMO.facility);
  await expect(page).toHaveURL(/\/dashboard\//);
  await page.goto("/dashboard/facility/applications");
  const cards = page.getByRole("list", { name: "Applications" }).getByRole("listitem");
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole("table", { name: "Applications" })).toHaveCount(0);
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  const card = cards.first();
  for (const field of ["Student", "Placement", "Readiness", "Status"]) {
    await onScreen(card.getByRole("term").filter({ hasText: field }));
    await onScreen(
      card.getByRole("definition").nth(["Student", "Program", "Placement", "Readiness", "Status"].indexOf(field)),
    );
  }
  await expectAccessible(page);

  // From md up it is the table again.
  await page.setViewportSize({ width: 1366, height: 800 });
  await expect(page.getByRole("table", { name: "Applications" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Applications" })).toHaveCount(0);
});
