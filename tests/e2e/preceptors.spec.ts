import { DEMO, expect, expectAccessible, readMail, signIn, signOut, test, uniqueEmail } from "./fixtures/test";

// Issue 17, preceptors on the demo world: the first facility's coordinator invites a preceptor
// (the mail read from the dev mailbox), the preceptor sets a password and lands on their dashboard,
// the coordinator assigns them to a rotation without a preceptor, and the preceptor signs in and
// sees the student. axe on every page; 360 px and 1280 px.

test.describe.configure({ timeout: 180_000 });

test("a facility invites a preceptor, assigns them a rotation, and the preceptor sees the student", async ({
  page,
}) => {
  const email = uniqueEmail("preceptor");
  const password = "Precept-e2e-2026!";
  await page.setViewportSize({ width: 1280, height: 800 });

  // The coordinator invites a new member of staff.
  await signIn(page, DEMO.facility);
  await expect(page).toHaveURL(/\/dashboard\/facility$/);
  await page.getByRole("navigation").getByRole("link", { name: "Preceptors" }).click();
  await expect(page).toHaveURL(/\/dashboard\/facility\/preceptors$/);
  await expect(page.getByRole("heading", { name: "Preceptors", level: 1 })).toBeVisible();
  await expect(page.getByRole("table", { name: "Preceptors" }).getByText(DEMO.preceptor)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Invite preceptor" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite preceptor" });
  await dialog.getByLabel("Full name").fill("Riley Preceptor");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Title or credentials (optional)").fill("RN, BSN");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Invitation sent")).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await signOut(page);

  // The invitee opens the link, sets a password and lands on their dashboard.
  const mail = await readMail(page, email, /invites you to precept/);
  expect(mail.link).toContain("/preceptor-invite/");
  await page.goto(new URL(mail.link as string).pathname);
  await expect(page.getByRole("heading", { name: "Set your password" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Set password and continue" }).click();
  await expect(page).toHaveURL(/\/dashboard\/preceptor$/);
  await expect(page.getByRole("heading", { name: "My students" })).toBeVisible();
  await expect(page.getByText("No students assigned to you yet")).toBeVisible();
  await expectAccessible(page);
  await signOut(page);

  // The coordinator assigns them to a rotation that has no preceptor yet.
  await signIn(page, DEMO.facility);
  await expect(page).toHaveURL(/\/dashboard\/facility$/);
  await page.getByRole("navigation").getByRole("link", { name: "Rotations" }).click();
  await expect(page.getByRole("heading", { name: "Rotations", level: 1 })).toBeVisible();
  await page.getByLabel("Preceptors", { exact: true }).selectOption("true");
  await expect(page).toHaveURL(/unassigned=true/);
  const table = page.getByRole("table", { name: "Rotations" });
  await expect(table).toBeVisible();
  await expectAccessible(page);
  const assign = table.getByRole("button", { name: /^Assign preceptors to / }).first();
  const label = (await assign.getAttribute("aria-label")) ?? "";
  const student = label.replace(/^Assign preceptors to /, "").replace(/'s rotation$/, "");
  await assign.click();
  const picker = page.getByRole("dialog", { name: "Assign preceptors" });
  await picker.getByRole("checkbox", { name: /Riley Preceptor/ }).check();
  await expectAccessible(page);
  await picker.getByRole("button", { name: "Save preceptors" }).click();
  await expect(page.getByText("Preceptors saved")).toBeVisible();
  await signOut(page);

  // The preceptor signs in, lands on their dashboard and opens the student's rotation.
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard\/preceptor$/);
  await page.getByRole("link", { name: student }).click();
  await expect(page.getByRole("heading", { name: student, level: 1 })).toBeVisible();
  await expect(page.getByText("Compliance")).toBeVisible();
  await expectAccessible(page);
  // A preceptor does not reach the facility's pages.
  await page.goto("/dashboard/facility/rotations");
  await expect(page).toHaveURL(/\/dashboard\/preceptor$/);

  // 360 px: nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "My students" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });
});
