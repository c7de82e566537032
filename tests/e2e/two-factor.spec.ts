import { totp } from "../../src/server/testing/totp";
import { expect, expectAccessible, signIn, signOut, test, uniqueEmail } from "./fixtures/test";

test("a user turns on two-factor and then signs in with a code", async ({ page }) => {
  const email = uniqueEmail("twofactor");
  const password = "Two-Factor-2026";
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByLabel("Full name").fill("Sam Okafor");
  await page.getByLabel("Organization name").fill("Riverside Medical Center");
  await page.getByRole("tabpanel").getByRole("radio", { name: "Healthcare Facility" }).click();
  await page.getByRole("tabpanel").getByLabel("Email").fill(email);
  await page.getByRole("tabpanel").getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/dashboard\/facility$/);

  // Reached from the header's account/security link.
  await page.getByRole("link", { name: "Account and security" }).click();
  await expect(page.getByRole("heading", { name: "Account and security" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Your password").fill(password);
  await page.getByRole("button", { name: "Set up two-factor" }).click();
  await expect(
    page.locator("svg", { has: page.locator("title", { hasText: "QR code for your authenticator app" }) }),
  ).toBeVisible();
  await expect(page.getByTestId("backup-codes").getByRole("listitem")).toHaveCount(10);
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await expectAccessible(page);
  await page.getByLabel(/Enter the 6-digit code/).fill(totp(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("Two-factor authentication is on")).toBeVisible();
  await signOut(page);

  await signIn(page, email, password);
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: /invalid|code/i })
      .first(),
  ).toBeVisible();
  // A code is accepted once (the confirmation used the current one): the next step's code, which
  // the server accepts as one step of clock drift, as an app would show it a moment later.
  await page.getByLabel("Authentication code").fill(totp(secret, { at: Date.now() + 30_000 }));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard\/facility$/);
});
