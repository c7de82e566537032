import { DEMO, expect, expectAccessible, signIn, test } from "./fixtures/test";

// Issue 9, "Figures and words that agree": what a person sees.

test("a path that is no page answers 404 with the app's 'Page not found'; every page has its own title", async ({
  page,
}) => {
  expect((await page.request.get("/no-such-page")).status()).toBe(404);
  expect((await page.request.get("/students")).status()).toBe(200);
  expect((await page.request.get("/terms")).status()).toBe(200);

  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await expect(page).toHaveTitle("Page Not Found · Clinical Placement Portal");
  await page.goto("/");
  await expect(page).toHaveTitle("Clinical Placement Portal");
  await page.goto("/auth");
  await expect(page).toHaveTitle("Sign In · Clinical Placement Portal");
});

test("'Start Your Free Trial' opens Sign Up; Terms of Service and Privacy Policy are real, linked pages", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Start Your Free Trial" }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signup$/);
  await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();

  await page.getByRole("link", { name: "Terms of Service" }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  await expect(page.getByText(/Family Educational Rights and Privacy Act/)).toBeVisible();
  await expect(page).toHaveTitle("Terms of Service · Clinical Placement Portal");
  await expectAccessible(page);

  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 2, name: /How long we keep it/ })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: /Students' rights/ })).toBeVisible();
  await expectAccessible(page);
});

test("program dashboard: the placement rate never passes 100% and says what it counts; pages are titled", async ({
  page,
}) => {
  await signIn(page, DEMO.program);
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  await expect(page).toHaveTitle("Student Placement Dashboard · Clinical Placement Portal");
  const rate = page.getByText(/% placement rate: \d+ of \d+ active students have an approved rotation/);
  await expect(rate).toBeVisible();
  const [, pct, placed, total] = (await rate.textContent())?.match(/(\d+)% placement rate: (\d+) of (\d+)/) ?? [];
  expect(Number(pct)).toBeLessThanOrEqual(100);
  expect(Number(placed)).toBeLessThanOrEqual(Number(total));
  await page.getByRole("link", { name: "Manage Students" }).click();
  await expect(page).toHaveTitle("Students · Clinical Placement Portal");
  await expect(page.getByRole("button", { name: "Invite all" })).toBeVisible();
});

test("facility dashboard: placed students add up, and Accept opens an 'Accept application' dialog", async ({
  page,
}) => {
  await signIn(page, DEMO.facility);
  await expect(page).toHaveURL(/\/dashboard\/facility$/);
  const card = page.getByRole("heading", { name: "Placed Students" }).locator("xpath=..").locator("xpath=..");
  const detail = await card.getByText(/current \+ \d+ upcoming/).textContent();
  const value = Number(await card.locator("p").first().textContent());
  const [, current, upcoming, rotations] = detail?.match(/(\d+) current \+ (\d+) upcoming, in (\d+) rotation/) ?? [];
  expect(Number(current) + Number(upcoming)).toBe(value);

  const accept = page.getByRole("button", { name: /^Accept .+'s application/ }).first();
  await accept.click();
  await expect(page.getByRole("dialog").getByRole("heading", { name: "Accept application" })).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("button", { name: "Accept" })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

  // The list beside it counts the same rotations.
  await page.goto("/dashboard/facility/students");
  await expect(page.getByText(new RegExp(`of ${rotations}$`))).toBeVisible();
});

test("a preference typed without pressing Enter is saved", async ({ page }) => {
  await signIn(page, DEMO.student);
  await expect(page).toHaveURL(/\/dashboard\/student$/);
  await page.goto("/student/profile");
  await expect(page).toHaveTitle("Profile · Clinical Placement Portal");
  await page.getByRole("tab", { name: "Preferences" }).click();
  const place = `Madison, WI ${Date.now().toString(36)}`;
  await page.getByRole("textbox", { name: "Geographic preferences" }).fill(place);
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByText("Preferences updated", { exact: true })).toBeVisible();
  await page.reload();
  await page.getByRole("tab", { name: "Preferences" }).click();
  await expect(page.getByRole("list", { name: "Geographic preferences" }).getByText(place)).toBeVisible();
  // Leave the demo student's preferences as they were.
  await page.getByRole("button", { name: `Remove ${place}` }).click();
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByText("Preferences updated", { exact: true }).first()).toBeVisible();
});
