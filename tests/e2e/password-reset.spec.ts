import { expect, expectAccessible, readMail, signIn, signOut, test, uniqueEmail } from "./fixtures/test";

test("a user resets a forgotten password by email", async ({ page }) => {
  const email = uniqueEmail("reset");
  // A fresh account, so the demo accounts keep their password.
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByLabel("Full name").fill("Riley Chen");
  await page.getByLabel("Organization name").fill("Harbor Nursing College");
  await page.getByRole("tabpanel").getByLabel("Email").fill(email);
  await page.getByRole("tabpanel").getByLabel("Password").fill("Old-Password-11");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  await signOut(page);

  await page.goto("/auth");
  await page.getByRole("button", { name: "Forgot password?" }).click();
  const dialog = page.getByRole("dialog", { name: "Reset Password" });
  await dialog.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Please enter your email to reset your password.")).toBeVisible();
  await dialog.getByLabel("Email").fill(email);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Check your inbox for the reset link.")).toBeVisible();
  await expect(dialog).toBeHidden();

  const mail = await readMail(page, email);
  expect(mail.subject).toContain("Reset your Clinical Placement Portal password");
  expect(mail.link).toBeTruthy();
  await page.goto(mail.link!);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("New password", { exact: true }).fill("New-Password-22");
  await page.getByLabel("Confirm new password").fill("New-Password-22");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Password updated")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await signIn(page, email, "Old-Password-11");
  await expect(page.getByText("Login failed")).toBeVisible();
  await signIn(page, email, "New-Password-22");
  await expect(page).toHaveURL(/\/dashboard\/program$/);
});

test("an invalid reset link says so", async ({ page }) => {
  await page.goto("/reset-password?error=INVALID_TOKEN");
  await expect(page.getByText("This reset link is invalid or has expired.")).toBeVisible();
  await expectAccessible(page);
});
