import {
  apiSignedIn,
  DEMO,
  expect,
  expectAccessible,
  readMail,
  signIn,
  signOut,
  test,
  uniqueEmail,
} from "./fixtures/test";

// Issue 14: an administrator suspends and reinstates the demo facility, and adds a program whose
// first coordinator chooses a password from the emailed link.

const FACILITY = "Mercy Lakeside Medical Center";

// The demo facility is whole again for the specs after this one, whatever happened above. The test's
// own `finally` reinstates through the page, but it shares the test's time: a slow machine that spent
// the minute before it (CI once did) left the facility suspended and nine later specs got 403s. An
// afterAll hook has its own time; it reinstates over the API only when the facility is still suspended.
test.afterAll(async ({ baseURL }) => {
  const api = await apiSignedIn(baseURL, DEMO.admin);
  try {
    const list = await api.get(`/api/admin/organizations?kind=facility&search=${encodeURIComponent(FACILITY)}`);
    expect(list.ok()).toBeTruthy();
    const { items } = (await list.json()) as { items: { id: string; name: string; suspendedAt: string | null }[] };
    const facility = items.find((o) => o.name === FACILITY);
    expect(facility, `${FACILITY} in the admin list`).toBeTruthy();
    if (facility?.suspendedAt) {
      const reinstated = await api.post(`/api/admin/organizations/${facility.id}/reinstate`, {
        headers: { origin: baseURL ?? "" },
      });
      expect(reinstated.ok()).toBeTruthy();
    }
  } finally {
    await api.dispose();
  }
});

test("an administrator suspends a facility, its coordinator cannot approve, then it is reinstated", async ({
  page,
}) => {
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await page.goto("/dashboard/admin/facilities");
  await page.getByLabel("Search facilities").fill(FACILITY);
  await expect(page).toHaveURL(/q=Mercy/);
  const row = page.getByRole("row").filter({ hasText: FACILITY });
  await expect(row).toHaveCount(1);
  await row.getByRole("link", { name: FACILITY }).click();
  await expect(page.getByRole("heading", { name: FACILITY, level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Coordinators" })).toBeVisible();
  await expect(page.getByText(DEMO.facility)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Suspend" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await expect(dialog.getByText("A reason of at least 2 characters is required")).toBeVisible();
  await dialog.getByLabel("Reason").fill("Affiliation agreement expired");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await expect(page.getByText("Organization suspended")).toBeVisible();
  await expect(page.getByText("Reason: Affiliation agreement expired")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Suspended Mercy Lakeside" }).first()).toBeVisible();
  await expectAccessible(page);
  await signOut(page);

  try {
    await signIn(page, DEMO.facility);
    await expect(page).toHaveURL(/\/dashboard\/facility$/);
    await expect(page.getByText(`${FACILITY} is suspended by the platform's administrators.`)).toBeVisible();
    await expect(page.getByText("Reason: Affiliation agreement expired")).toBeVisible();
    const mail = await readMail(page, DEMO.facility, `${FACILITY} is suspended`);
    expect(mail.text).toContain("Affiliation agreement expired");
    // Reads work; an approval is refused with the reason.
    const pending = await page.request.get("/api/facility/applications?status=pending&pageSize=1");
    expect(pending.status()).toBe(200);
    const [application] = ((await pending.json()) as { items: { id: string }[] }).items;
    expect(application).toBeTruthy();
    const approve = await page.request.post(`/api/facility/applications/${application.id}/approve`, { data: {} });
    expect(approve.status()).toBe(403);
    expect(((await approve.json()) as { error: { message: string } }).error.message).toContain(
      `${FACILITY} is suspended by the platform's administrators`,
    );
    await signOut(page);
  } finally {
    // Reinstated through the page, so the demo facility is whole again for the other specs, even
    // when a step above failed while the coordinator was still signed in.
    await page.context().clearCookies();
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    await page.goto("/dashboard/admin/facilities");
    await page.getByLabel("Search facilities").fill(FACILITY);
    // As above: the search has reached the address before the row is opened (a click while the
    // search was still on its way once left the page on the list, on a busy machine).
    await expect(page).toHaveURL(/q=Mercy/);
    await page.getByRole("row").filter({ hasText: FACILITY }).getByRole("link", { name: FACILITY }).click();
    await expect(page.getByRole("heading", { name: FACILITY, level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Reinstate" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Reinstate" }).click();
    await expect(page.getByText("Organization reinstated")).toBeVisible();
    await expect(page.getByRole("button", { name: "Suspend" })).toBeVisible();
    await signOut(page);
  }

  await signIn(page, DEMO.facility);
  await expect(page).toHaveURL(/\/dashboard\/facility$/);
  await expect(page.getByRole("heading", { name: "Placement Management" })).toBeVisible();
  await expect(page.getByText(`${FACILITY} is suspended`)).toHaveCount(0);
});

test("an administrator adds a program and its coordinator chooses a password from the email", async ({ page }) => {
  const email = uniqueEmail("added-coordinator");
  const name = `Added Valley Nursing ${Date.now().toString(36)}`;
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await page.goto("/dashboard/admin/programs");
  await page.getByRole("button", { name: "Add program" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a nursing program" });
  await dialog.getByRole("button", { name: "Add program" }).click();
  await expect(dialog.getByText("Invalid email address")).toBeVisible();
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByLabel("City").fill("Dayton");
  await dialog.getByLabel("State").fill("OH");
  await dialog.getByLabel("Coordinator's full name").fill("Nia Newcomer");
  await dialog.getByLabel("Coordinator's email").fill(email);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Add program" }).click();
  await expect(page.getByText(`${name} added`)).toBeVisible();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByText("Verified", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: email })).toBeVisible();
  await expectAccessible(page);
  await signOut(page);

  const mail = await readMail(page, email);
  expect(mail.subject).toBe(`Set up your ${name} account on the Clinical Placement Portal`);
  await page.goto(mail.link as string);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel("New password", { exact: true }).fill("Chosen-Pass-2026");
  await page.getByLabel("Confirm new password").fill("Chosen-Pass-2026");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await signIn(page, email, "Chosen-Pass-2026");
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  await expect(page.getByText(/is pending verification/)).toHaveCount(0);
});

test("an administrator picks the facility to view as, kept in the address", async ({ page }) => {
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await page.goto("/dashboard/facility");
  const picker = page.getByRole("combobox", { name: /View as which healthcare facility/ });
  await picker.fill("Mercy Lake");
  const option = page.getByRole("option", { name: new RegExp(FACILITY) });
  await expect(option).toBeVisible();
  await expectAccessible(page);
  await picker.press("ArrowDown");
  await picker.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/facility\?facility=[0-9a-f-]{36}$/);
  await expect(page.getByRole("region", { name: "View As" })).toContainText(`Viewing as ${FACILITY}`);
  await expect(page.getByRole("heading", { name: "Placement Management" })).toBeVisible();
  await page.getByRole("button", { name: "Choose another healthcare facility" }).click();
  await expect(page).toHaveURL(/\/dashboard\/facility$/);
});
