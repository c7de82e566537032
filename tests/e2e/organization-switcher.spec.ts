import { TWO_ORGANIZATIONS as U } from "./fixtures/e2e-records";
import { DEMO, expect, expectAccessible, signIn, test } from "./fixtures/test";

// ADR 011: a coordinator of two organizations acts for one at a time, and switches in the header.

test("a coordinator of two organizations switches between them from the header", async ({ page }) => {
  await signIn(page, U.email, U.password);
  // A new session acts for the oldest membership: the program.
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  const switcher = page.getByRole("button", { name: /Switch organization/ });
  await expect(switcher).toHaveAccessibleName(
    `Organization: ${U.program.name}, Nursing Program coordinator. Switch organization`,
  );
  await expectAccessible(page);

  // Keyboard only: open the menu, see both organizations with the role in each, pick the facility.
  await switcher.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  const program = menu.getByRole("menuitemradio", { name: new RegExp(U.program.name) });
  const facility = menu.getByRole("menuitemradio", { name: new RegExp(U.facility.name) });
  await expect(program).toHaveAttribute("aria-checked", "true");
  await expect(program).toContainText("Nursing Program coordinator");
  await expect(facility).toHaveAttribute("aria-checked", "false");
  await expect(facility).toContainText("Healthcare Facility coordinator");
  await expectAccessible(page);
  await page.keyboard.press("ArrowDown");
  await expect(facility).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/dashboard\/facility$/);
  await expect(page.getByRole("heading", { name: "Placement Management" })).toBeVisible();
  await expect(page.getByText(`Now acting for ${U.facility.name}`)).toBeVisible();
  await expect(switcher).toHaveAccessibleName(
    `Organization: ${U.facility.name}, Healthcare Facility coordinator. Switch organization`,
  );
  await expect(page.getByTestId("user-role")).toHaveText("Healthcare Facility");
  // The server acts for the facility now (the session holds the choice).
  const me = await page.request.get("/api/accounts/me");
  expect((await me.json()).organization.name).toBe(U.facility.name);
  await expectAccessible(page);

  // Opening /auth signed in sends them to the side they act for, not the first role they hold.
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/dashboard\/facility$/);

  // The choice holds across a reload (it belongs to the session), and switching back works by mouse.
  await page.reload();
  await expect(switcher).toHaveAccessibleName(new RegExp(`^Organization: ${U.facility.name}`));
  await switcher.click();
  await page.getByRole("menuitemradio", { name: new RegExp(U.program.name) }).click();
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  await expect(page.getByTestId("user-role")).toHaveText("Nursing Program");
  await expect(switcher).toHaveAccessibleName(new RegExp(`^Organization: ${U.program.name}`));
});

test("a coordinator of one organization has no organization switcher", async ({ page }) => {
  await signIn(page, DEMO.program);
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  await expect(page.getByTestId("user-name")).toBeVisible();
  await expect(page.getByRole("button", { name: /Switch organization/ })).toHaveCount(0);
});
