import { DEMO, expect, expectAccessible, signIn, test } from "./fixtures/test";

// Issue 9: what a facility coordinator sees of the rules on dates and department seats.

const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test("the placement form shows the department's free seats and refuses a rotation under way or too big", async ({
  page,
  consoleErrors,
}) => {
  const tag = Date.now().toString(36);
  const department = `Seats Unit ${tag}`;
  const title = `Late Joiners ${tag}`;

  await signIn(page, DEMO.facility);
  await expect(page).toHaveURL(/\/dashboard\/facility$/);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post("/api/facility/departments", {
    data: { name: department, specialty: "Pediatrics", capacity: 5 },
    headers: { origin },
  });
  expect(created.ok()).toBeTruthy();

  await page.goto("/dashboard/facility/placements");
  await page.getByRole("button", { name: "Create New Placement" }).click();
  const form = page.getByRole("dialog");
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Department").selectOption({ label: department });
  await form.getByLabel("Start date").fill(dayFromToday(-3));
  await form.getByLabel("End date").fill(dayFromToday(30));
  await form.getByLabel("Capacity").fill("6");
  await expect(form.getByTestId("department-seats")).toHaveText(`${department}: 5 of 5 seats free for these dates`);

  // Under way without late joiners: refused under the start date.
  await form.getByRole("button", { name: "Publish" }).click();
  await expect(form.getByText(/started on .*Accept applications after the rotation starts/)).toBeVisible();

  // Late joiners allowed, but more seats than the department has: refused under capacity.
  await form.getByLabel("Accept applications after the rotation starts").check();
  await form.getByRole("button", { name: "Publish" }).click();
  await expect(form.getByText(`${department} has 5 seats`).first()).toBeVisible();
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);

  await form.getByLabel("Capacity").fill("2");
  await form.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Placement created")).toBeVisible();
  await expect(form).toBeHidden();

  await page.getByLabel("Search", { exact: true }).fill(title);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Under way · late joiners accepted");

  // The two refusals above are the server's answers (422, 409) that the browser logs: expected here.
  const expected = /Failed to load resource: the server responded with a status of (409|422)/;
  const others = consoleErrors.filter((e) => !expected.test(e));
  consoleErrors.splice(0, consoleErrors.length, ...others);
});
