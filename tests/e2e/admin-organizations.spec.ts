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

  // A verified program is suspended from the list, not rejected; a suspended one is reinstated.
  await expect(row.getByRole("button", { name: `Reject ${organization}` })).toHaveCount(0);
  await expect(row.getByRole("button", { name: `Verify ${organization}` })).toHaveCount(0);
  await row.getByRole("button", { name: `Suspend ${organization}` }).click();
  await expect(dialog.getByRole("heading", { name: `Suspend ${organization}?` })).toBeVisible();
  await dialog.getByLabel("Reason").fill("Accreditation documents are out of date");
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await expect(page.getByText("Organization suspended")).toBeVisible();
  await expect(row.getByText("Suspended", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: `Suspend ${organization}` })).toHaveCount(0);
  await row.getByRole("button", { name: `Reinstate ${organization}` }).click();
  await expect(dialog.getByRole("heading", { name: `Reinstate ${organization}?` })).toBeVisible();
  await dialog.getByRole("button", { name: "Reinstate" }).click();
  await expect(page.getByText("Organization reinstated")).toBeVisible();
  await expect(row.getByRole("button", { name: `Suspend ${organization}` })).toBeVisible();
  await signOut(page);

  await signIn(page, email, "Spring-field-2026");
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  await expect(page.getByRole("heading", { name: "Student Placement Dashboard" })).toBeVisible();
  await expect(page.getByText(/is pending verification/)).toHaveCount(0);
  await expectAccessible(page);
});
