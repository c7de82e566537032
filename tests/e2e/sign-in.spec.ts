import { DEMO, expect, expectAccessible, signIn, signOut, test } from "./fixtures/test";

const LANDINGS = [
  { email: DEMO.superadmin, url: /\/dashboard\/admin$/, heading: "Platform Overview" },
  { email: DEMO.admin, url: /\/dashboard\/admin$/, heading: "Platform Overview" },
  { email: DEMO.program, url: /\/dashboard\/program$/, heading: "Student Placement Dashboard" },
  { email: DEMO.facility, url: /\/dashboard\/facility$/, heading: "Placement Management" },
  { email: DEMO.student, url: /\/dashboard\/student$/, heading: "Student Dashboard" },
];

for (const l of LANDINGS) {
  test(`${l.email} signs in and lands on their dashboard`, async ({ page }) => {
    await signIn(page, l.email);
    await expect(page.getByText("Welcome back!")).toBeVisible();
    await expect(page).toHaveURL(l.url);
    await expect(page.getByRole("heading", { name: l.heading })).toBeVisible();
    await expectAccessible(page);
    await signOut(page);
  });
}

test("a wrong password shows 'Login failed'", async ({ page }) => {
  await signIn(page, DEMO.program, "not-the-password");
  await expect(page.getByText("Login failed")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expectAccessible(page);
});

test("a signed-in program user opening /auth is sent to the program dashboard", async ({ page }) => {
  await signIn(page, DEMO.program);
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/dashboard\/program$/);
});

test("an admin switches perspective with View As", async ({ page }) => {
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await page.getByRole("button", { name: "View As" }).click();
  await expect(page.getByText("Switch Perspective")).toBeVisible();
  await page.getByRole("menuitem", { name: "Healthcare Facility" }).click();
  await expect(page).toHaveURL(/\/dashboard\/facility$/);
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Placements" }),
  ).toHaveAttribute("href", "/dashboard/facility/placements");
});
