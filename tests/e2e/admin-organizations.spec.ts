import { DEMO, expect, expectAccessible, signIn, signOut, test, uniqueEmail } from "./fixtures/test";

test("an administrator verifies a newly signed-up nursing program", async ({ page }) => {
  const email = uniqueEmail("verify-program");
  const organization = `Verification Nursing ${Date.now().toString(36)}`;
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByRole("tabpanel").getByRole("radio", { name: "Nursing Program" }).click();
  await page.getByLabel("Full name").fill("Vera Verify");
  await page.getByLabel("Organization name").fill(organization);
  await page.getByRole("tabpanel").getByLabel("Email").fill(email);
  await page.getByRole("tabpanel").getByLabel("Password").fill("Spring-field-2026");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  await expect(page.getByText(/is pending verification/)).toBeVisible();
  await signOut(page);

  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await page.goto("/dashboard/admin/programs");
  await expect(page.getByRole("heading", { name: "Programs", level: 1 })).toBeVisible();
  await page.getByLabel("Search programs").fill(organization);
  const row = page.getByRole("row").filter({ hasText: organization });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Pending", { exact: true })).toBeVisible();
  await expectAccessible(page);

  await row.getByRole("button", { name: `Verify ${organization}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: `Verify ${organization}?` })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Organization verified")).toBeVisible();
  await expect(row.getByText("Verified", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await signOut(page);

  await signIn(page, email, "Spring-field-2026");
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  await expect(page.getByRole("heading", { name: "Student Placement Dashboard" })).toBeVisible();
  await expect(page.getByText(/is pending verification/)).toHaveCount(0);
  await expectAccessible(page);
});
