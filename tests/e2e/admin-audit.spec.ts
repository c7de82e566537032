import { readFileSync } from "node:fs";
import { DEMO, expect, expectAccessible, signIn, test, uniqueEmail } from "./fixtures/test";

// Issue 14: an administrator browses the audit trail: their own sign-in on top, a failed sign-in
// found by the action filter with the email tried, a row's details, and the CSV of what is shown.

test("an administrator browses, filters, expands and exports the audit trail", async ({ page, browser }) => {
  const tried = uniqueEmail("audit-failed");
  await page.goto("/auth");
  await page.getByLabel("Email").fill(tried);
  await page.getByLabel("Password").fill("not-the-password-1");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Login failed")).toBeVisible();

  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await page.getByRole("link", { name: "Audit Trail", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/audit$/);
  await expect(page.getByRole("heading", { name: "Audit Trail", level: 1 })).toBeVisible();

  const rows = page.getByTestId("audit-row");
  await expect(rows.first()).toContainText("Signed in");
  await expect(rows.first()).toContainText(DEMO.admin);
  await expectAccessible(page);

  await page.getByLabel("Action").selectOption({ label: "Failed sign-ins" });
  await expect(page).toHaveURL(/action=failed/);
  await expect(rows.first()).toContainText("Failed to sign in");
  await expect(rows.filter({ hasNotText: "Failed to sign in" })).toHaveCount(0);

  await rows
    .first()
    .getByRole("button", { name: /Details/ })
    .click();
  const details = page.locator("[id^='audit-']").first();
  await expect(details.getByRole("heading", { name: "Changes" })).toBeVisible();
  await expect(details).toContainText("auth.sign_in_failed");
  await expect(details).toContainText(tried);
  await expect(rows.first().getByRole("button", { name: /Details/ })).toHaveAttribute("aria-expanded", "true");
  await expectAccessible(page);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe(
    "id,at,actor_email,actor_name,actor_role,acting_as,action,summary,entity_type,entity_id,organization_id,organization_name,ip,before,after,detail",
  );
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((l) => l.includes(",auth.sign_in_failed,Failed to sign in,"))).toBe(true);
  expect(csv).toContain(tried);

  // Reload keeps the filter (it lives in the address).
  await page.reload();
  await expect(page.getByLabel("Action")).toHaveValue("failed");
  await expect(rows.first()).toContainText("Failed to sign in");

  // Live: a failed sign-in elsewhere appears without a reload (the audit stream).
  const later = uniqueEmail("audit-live");
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await other.goto("/auth");
  await other.getByLabel("Email").fill(later);
  await other.getByLabel("Password").fill("not-the-password-2");
  await other.getByRole("button", { name: "Sign In" }).click();
  await expect(other.getByText("Login failed")).toBeVisible();
  await elsewhere.close();
  await expect(rows.first()).toContainText(`tried ${later}`);

  // One person's entries: the Person box, applied on Enter.
  await page.getByRole("button", { name: "Clear filters" }).click();
  await page.getByLabel("Person").fill(DEMO.admin);
  await page.getByLabel("Person").press("Enter");
  await expect(page).toHaveURL(/actor=admin%40demo\.test/);
  await expect(rows.first()).toContainText("Signed in");
  await expect(rows.filter({ hasNotText: DEMO.admin })).toHaveCount(0);
  await expectAccessible(page);

  // One organization's entries: picked by name, kept in the address, cleared again.
  await page.getByRole("button", { name: "Clear filters" }).click();
  await page.getByLabel("Organization kind").selectOption({ label: "Facilities" });
  await page.getByRole("combobox", { name: "Facility" }).fill("Mercy Lakeside");
  await page.getByRole("option", { name: /Mercy Lakeside Medical Center/ }).click();
  await expect(page).toHaveURL(/organizationId=[0-9a-f-]{36}/);
  await expect(page.getByText("Showing the entries of Mercy Lakeside Medical Center.")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Every organization" }).click();
  await expect(page).not.toHaveURL(/organizationId=/);
});
