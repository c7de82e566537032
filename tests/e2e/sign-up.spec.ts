import { DEMO, expect, expectAccessible, signIn, signOut, test, uniqueEmail } from "./fixtures/test";

async function signUp(
  page: import("@playwright/test").Page,
  role: "Nursing Program" | "Healthcare Facility" | "Administrator",
  email: string,
) {
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByRole("tabpanel").getByRole("radio", { name: role }).click();
  await page.getByLabel("Full name").fill("Jordan Rivera");
  await page.getByLabel("Organization name").fill(`${role} of Springfield`);
  await page.getByRole("tabpanel").getByLabel("Email").fill(email);
  await page.getByRole("tabpanel").getByLabel("Password").fill("Spring-field-2026");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Account created!")).toBeVisible();
}

test("a nursing program signs up and lands on its dashboard, pending verification", async ({ page }) => {
  await signUp(page, "Nursing Program", uniqueEmail("program"));
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  await expect(page.getByRole("heading", { name: "Student Placement Dashboard" })).toBeVisible();
  await expect(page.getByText(/is pending verification/)).toBeVisible();
  await expect(page.getByTestId("user-role")).toHaveText("Nursing Program");
  await expectAccessible(page);
});

test("a healthcare facility signs up and lands on its dashboard", async ({ page }) => {
  await signUp(page, "Healthcare Facility", uniqueEmail("facility"));
  await expect(page).toHaveURL(/\/dashboard\/facility$/);
  await expect(page.getByRole("heading", { name: "Placement Management" })).toBeVisible();
  await expectAccessible(page);
});

test("choosing Administrator files a request; a super admin approves it", async ({ page }) => {
  const email = uniqueEmail("admin");
  await signUp(page, "Administrator", email);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText("awaiting a super admin's decision")).toBeVisible();
  await expectAccessible(page);
  // No admin rights: the admin dashboard sends them away.
  await page.goto("/dashboard/admin");
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto("/account");
  await signOut(page);

  await signIn(page, DEMO.superadmin);
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  const row = page.getByRole("listitem").filter({ hasText: email });
  await row.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText(`Admin access granted to ${email}`)).toBeVisible();
  await expectAccessible(page);
  await signOut(page);

  await signIn(page, email, "Spring-field-2026");
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await expect(page.getByRole("heading", { name: "Platform Overview" })).toBeVisible();
});

test("sign-up names the invalid fields", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByRole("tabpanel").getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Full name is required")).toBeVisible();
  await expect(page.getByText("Organization name is required")).toBeVisible();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await expectAccessible(page);
});
