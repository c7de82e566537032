import { DEMO, expect, expectAccessible, signIn, test } from "./fixtures/test";

test("an unknown path shows the 404 page with a link home", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectAccessible(page);
});

test("guarded pages send a signed-out visitor to /auth", async ({ page }) => {
  await page.goto("/dashboard/program");
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto("/dashboard/admin/settings");
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto("/student/profile");
  await expect(page).toHaveURL(/\/auth\?role=student$/);
  await expectAccessible(page);
});

test("a facility user on an admin page is sent back to the facility dashboard", async ({ page }) => {
  await signIn(page, DEMO.facility);
  await expect(page).toHaveURL(/\/dashboard\/facility$/);
  await page.goto("/dashboard/admin");
  await expect(page).toHaveURL(/\/dashboard\/facility$/);
  await page.goto("/facility/placements");
  await expect(page).toHaveURL(/\/dashboard\/facility\/placements$/);
});

test("the landing pages lead to sign-in", async ({ page }) => {
  await page.goto("/");
  await expectAccessible(page);
  await page.getByRole("link", { name: "Student Portal" }).first().click();
  await expect(page).toHaveURL(/\/student$/);
  await expectAccessible(page);
  await page.getByRole("link", { name: "Sign In" }).first().click();
  await expect(page).toHaveURL(/\/auth\?role=student&mode=signin$/);
  await expect(page.getByText("Student sign in")).toBeVisible();
});

test("on a phone the sidebar collapses into a menu", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.program);
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await page.getByRole("button", { name: "Open navigation" }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Students", exact: true }).click();
  await expect(page).toHaveURL(/\/students$/);
  await expectAccessible(page);
});
