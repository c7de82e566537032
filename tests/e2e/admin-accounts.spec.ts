import { DEMO, expect, expectAccessible, signIn, test, uniqueEmail } from "./fixtures/test";

// Issue 14: a super admin adds an administrator through "Add Admin" (with each of the spec's
// validation messages), finds them on the Administrators page, and changes a platform setting.

test("a super admin adds an admin and changes a platform setting", async ({ page }) => {
  const email = uniqueEmail("new-admin");
  await signIn(page, DEMO.superadmin);
  await expect(page).toHaveURL(/\/dashboard\/admin$/);

  await page.getByRole("button", { name: "Add Admin" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Add Admin" })).toBeVisible();
  await expectAccessible(page);

  // Empty fields: each field's message.
  await dialog.getByRole("button", { name: "Create Admin" }).click();
  await expect(dialog.getByText("Invalid email address")).toBeVisible();
  await expect(dialog.getByText("Password must be at least 8 characters")).toBeVisible();
  await expect(dialog.getByText("Full name is required")).toBeVisible();
  await expect(dialog.getByText("Organization name is required")).toBeVisible();
  // Invalid values: the same messages.
  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByLabel("Password").fill("short");
  await dialog.getByLabel("Full Name").fill("A");
  await dialog.getByLabel("Organization Name").fill("B");
  await dialog.getByRole("button", { name: "Create Admin" }).click();
  await expect(dialog.getByText("Invalid email address")).toBeVisible();
  await expect(dialog.getByText("Password must be at least 8 characters")).toBeVisible();
  await expect(dialog.getByText("Full name is required")).toBeVisible();
  await expect(dialog.getByText("Organization name is required")).toBeVisible();
  await expect(dialog.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill("Placement-Office-2026");
  await dialog.getByLabel("Full Name").fill("Priya Platform");
  await dialog.getByLabel("Organization Name").fill("State Board of Nursing");
  await dialog.getByRole("button", { name: "Create Admin" }).click();
  await expect(page.getByText(`Admin user ${email} has been created successfully.`)).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // Opened again, the form is empty.
  await page.getByRole("button", { name: "Add Admin" }).click();
  await expect(page.getByRole("dialog").getByLabel("Email")).toHaveValue("");
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

  await page.getByRole("navigation").getByRole("link", { name: "Administrators" }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/admins$/);
  await expect(page.getByRole("heading", { name: "Administrators", level: 1 })).toBeVisible();
  await page.getByLabel("Search administrators").fill("Priya Platform");
  await expect(page).toHaveURL(/q=Priya/);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Administrator", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: "Make super admin: Priya Platform" })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("navigation").getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  const sender = page.getByLabel("Email sender name");
  await expect(sender).toHaveValue("Clinical Placement Portal");
  await expectAccessible(page);
  // A bad value names the field and is not saved.
  await sender.fill("X");
  const emailGroup = page.getByRole("region", { name: "Email" });
  await emailGroup.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Email sender name must be at least 2 characters")).toBeVisible();
  await sender.fill("Placement Office");
  await emailGroup.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Email sender name")).toHaveValue("Placement Office");
  await expect(page.getByRole("region", { name: "Email" }).getByText(/Last changed .* by /)).toBeVisible();
  await expectAccessible(page);
});
