import type { Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, readMail, signIn, signOut, test, uniqueEmail } from "./fixtures/test";

// A student's journey (issue 5): their coordinator invites them, they set a password from the
// emailed link, edit their preferences, apply to a placement, see 'Applied' and withdraw.

/** axe once the toasts are gone (the shared Toaster's colours are checked on their own). */
async function checkAccessible(page: Page) {
  for (const close of await page.getByRole("button", { name: "Close toast" }).all()) {
    await close.click({ timeout: 1000 }).catch(() => {});
  }
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);
}

test("an invited student sets a password, edits preferences, applies, sees 'Applied' and withdraws", async ({
  page,
}) => {
  // The coordinator adds a student to the roster and invites them from the student's page.
  await signIn(page, DEMO.program);
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  const email = uniqueEmail("avery.student");
  const added = await page.request.post("/api/students", {
    data: { firstName: "Avery", lastName: "Nguyen", email },
  });
  expect(added.status()).toBe(201);
  const { id } = (await added.json()) as { id: string };
  await page.goto(`/students/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Avery Nguyen" })).toBeVisible();
  await page.getByRole("button", { name: /^Invite/ }).click();
  await expect(page.getByText("Invitation sent", { exact: true })).toBeVisible();
  const mail = await readMail(page, email);
  expect(mail.link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
  await signOut(page);

  // The student opens the link and sets a password.
  await page.goto(new URL(mail.link as string).pathname);
  await expect(page.getByRole("heading", { level: 1, name: "Set your password" })).toBeVisible();
  await expect(page.getByText(/Welcome, Avery!/)).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await checkAccessible(page);
  await page.getByLabel("Password", { exact: true }).fill("Rotation-Ready-2026");
  await page.getByLabel("Confirm password").fill("Rotation-Ready-2026");
  await page.getByRole("button", { name: "Set password and continue" }).click();
  await expect(page).toHaveURL(/\/dashboard\/student$/);
  await expect(page.getByRole("heading", { level: 1, name: "Student Dashboard" })).toBeVisible();
  const figures = page.getByRole("region", { name: "Key figures" });
  await expect(figures.getByText("Applications Under Review")).toBeVisible();
  await expect(page.getByText("No applications yet. Start by browsing available placements.")).toBeVisible();
  // Issue 13: the recommendations card answers from the start (no preferences yet: neutral factors).
  await expect(
    page
      .getByRole("list", { name: "Recommended placements" })
      .getByRole("article")
      .first()
      .or(page.getByText("No recommendations right now")),
  ).toBeVisible();
  await checkAccessible(page);

  // The link cannot be used twice.
  const again = await page.request.get(`/api/invitations/${mail.link?.split("/invite/")[1]}`);
  expect((await again.json()).state).toBe("used");

  // Profile: the academic record is read-only; preferences are tag lists (Enter adds, click removes).
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/student\/profile$/);
  await expect(page.getByText(/contact your program coordinator/)).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await checkAccessible(page);
  await page.getByRole("tab", { name: "Preferences" }).click();
  const places = page.getByRole("textbox", { name: "Geographic preferences" });
  await places.fill("  Chicago, IL ");
  await places.press("Enter");
  await places.fill("chicago, il");
  await places.press("Enter");
  await places.fill("Evanston, IL");
  await places.press("Enter");
  const placeList = page.getByRole("list", { name: "Geographic preferences" });
  await expect(placeList.getByRole("listitem")).toHaveCount(2);
  await placeList.getByRole("button", { name: "Remove Evanston, IL" }).click();
  await expect(placeList.getByRole("listitem")).toHaveCount(1);
  const specialties = page.getByRole("combobox", { name: "Specialty interests" });
  await specialties.fill("Pediatrics");
  await specialties.press("Enter");
  await page.getByLabel("Schedule constraints").fill("Day shifts; no Wednesday evenings");
  await checkAccessible(page);
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByText("Preferences updated", { exact: true })).toBeVisible();
  await expect(page.getByText("Your preferences have been saved successfully")).toBeVisible();
  await page.reload();
  await page.getByRole("tab", { name: "Preferences" }).click();
  await expect(page.getByRole("button", { name: "Remove Chicago, IL" })).toBeVisible();
  await expect(page.getByLabel("Schedule constraints")).toHaveValue("Day shifts; no Wednesday evenings");

  // Browse and apply: the dialog shows the summary and requirements; then the card says 'Applied'.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Browse Placements" }).click();
  await expect(page).toHaveURL(/\/student\/placements$/);
  const list = page.getByRole("list", { name: "Available placements" });
  await expect(list.getByRole("listitem").first()).toBeVisible();
  await checkAccessible(page);
  // The first placement the student can apply to: one whose facility still needs an agreement with
  // the program shows a disabled "Agreement required" (the journeys before this one, on this
  // worker's server, may have left any agreement recorded or not).
  const apply = list
    .getByRole("button", { name: /^Apply: / })
    .and(page.locator(":enabled"))
    .first();
  const title = ((await apply.getAttribute("aria-label")) ?? "").replace(/^Apply: /, "");
  await apply.click();
  const dialog = page.getByRole("dialog", { name: `Apply to ${title}` });
  await expect(dialog.getByText("Requirements")).toBeVisible();
  await dialog.getByLabel("Note to the facility (optional)").fill("Available for day shifts.");
  await checkAccessible(page);
  await dialog.getByRole("button", { name: "Submit Application" }).click();
  await expect(page.getByText("Application submitted", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole("button", { name: `Applied: ${title}` })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole("button", { name: `Applied: ${title}` })).toBeDisabled();

  // My applications: 'Under Review', details, then withdraw with a confirmation.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My Applications" }).click();
  await expect(page).toHaveURL(/\/student\/applications$/);
  const mine = page.getByRole("list", { name: "My applications" });
  await expect(mine.getByRole("listitem")).toHaveCount(1);
  await expect(mine.getByText("Under Review")).toBeVisible();
  await checkAccessible(page);
  await mine.getByRole("button", { name: `Details: ${title}` }).click();
  const details = page.getByRole("dialog", { name: title });
  await expect(details.getByText("Available for day shifts.")).toBeVisible();
  await checkAccessible(page);
  await details.getByRole("button", { name: "Close", exact: true }).first().click();
  await mine.getByRole("button", { name: `Withdraw: ${title}` }).click();
  const confirm = page.getByRole("dialog", { name: "Withdraw this application?" });
  await checkAccessible(page);
  await confirm.getByRole("button", { name: "Withdraw application" }).click();
  await expect(page.getByText("Application updated", { exact: true })).toBeVisible();
  await expect(mine.getByText("Withdrawn", { exact: true })).toBeVisible();
  await expect(mine.getByRole("button", { name: `Withdraw: ${title}` })).toHaveCount(0);

  // The dashboard counts it live.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("list", { name: "Recent applications" }).getByText("Withdrawn")).toBeVisible();
  await checkAccessible(page);
});

test("a used or unknown invitation link says what to do", async ({ page, consoleErrors }) => {
  await page.goto("/invite/not-a-real-token");
  await expect(page.getByRole("heading", { level: 1, name: "This invitation link is not valid" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to student sign in" })).toBeVisible();
  await checkAccessible(page);
  // The 404 of the lookup is what this test provokes.
  for (let i = consoleErrors.length - 1; i >= 0; i--)
    if (/status of 404/.test(consoleErrors[i])) consoleErrors.splice(i, 1);
});

test("a student signs up at /auth?role=student: the page asks for the code without saying whether the email is on a roster", async ({
  page,
}) => {
  await page.goto("/auth?role=student&mode=signup");
  await expect(page.getByRole("heading", { name: "Create your student account" })).toBeVisible();
  await checkAccessible(page);
  const email = uniqueEmail("not.on.roster");
  await page.getByLabel("Full name (optional)").fill("Pat Example");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("Rotation-Ready-2026");
  await page.getByRole("button", { name: "Send me a code" }).click();
  await expect(
    page.getByText("Check your email for a code; if your email is not on a roster, ask your program coordinator"),
  ).toBeVisible();
  await expect(page.getByLabel("6-digit code")).toBeVisible();
  await checkAccessible(page);
  const mail = await readMail(page, email);
  expect(mail.text).toMatch(/Ask your program coordinator/);
});

test("an admin viewing as a student without a student record sees that state, never someone's data", async ({
  page,
}) => {
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  for (const path of ["/dashboard/student", "/student/placements", "/student/applications", "/student/profile"]) {
    await page.goto(path);
    await expect(
      page.getByText("You are viewing as a student; no student record is linked to your account"),
    ).toBeVisible();
  }
  await checkAccessible(page);
});

test("an admin picks a student to view as, sees exactly her records, read only", async ({ page }) => {
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await page.goto("/student/profile");
  const picker = page.getByRole("combobox", { name: "View as which student?" });
  await picker.fill("Emily Carter");
  await page.getByRole("option", { name: /Emily Carter/ }).click();
  await expect(page).toHaveURL(/\/student\/profile\?student=[0-9a-f-]{36}$/);
  await expect(page.getByRole("region", { name: "View As" })).toContainText("Viewing as Emily Carter");
  await expect(page.getByText(DEMO.student).first()).toBeVisible();
  await checkAccessible(page);
  // Read only: the profile offers no save, no experience edits (the server refuses them anyway).
  await page.getByRole("tab", { name: "Goals" }).click();
  await expect(page.getByLabel("Career goals")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Save Preferences" })).toHaveCount(0);
  await page.getByRole("tab", { name: "Experience" }).click();
  await expect(page.getByRole("button", { name: "Add experience" })).toHaveCount(0);
  const student = new URL(page.url()).searchParams.get("student");
  // Her compliance and applications, without upload or withdraw; the sidebar keeps the pick.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Compliance" }).click();
  await expect(page).toHaveURL(`/student/compliance?student=${student}`);
  await expect(page.getByRole("heading", { name: "Your status" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Upload/ })).toHaveCount(0);
  await page.goto(`/student/applications?student=${student}`);
  await expect(page.getByRole("button", { name: /^Details:/ }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: /^Withdraw:/ })).toHaveCount(0);
  // Her dashboard, with the same pick carried in the address.
  await page.goto(`/dashboard/student?student=${student}`);
  await expect(page.getByRole("heading", { name: "Student Dashboard" })).toBeVisible();
  await expect(page.getByText("You are viewing as a student; no student record")).toHaveCount(0);
  // Another choice empties the pick.
  await page.getByRole("button", { name: "Choose another student" }).click();
  await expect(
    page.getByText("You are viewing as a student; no student record is linked to your account"),
  ).toBeVisible();
});

test.describe("on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("a city typed without Enter is saved by a tap on Save, its chip starting a new row", async ({ page }) => {
    await signIn(page, DEMO.student);
    await expect(page).toHaveURL(/\/dashboard\/student$/);
    await page.goto("/student/profile");
    await page.getByRole("tab", { name: "Preferences" }).tap();
    const places = page.getByRole("textbox", { name: "Geographic preferences" });
    await places.tap();
    await places.fill("Madison, WI");
    await page.getByRole("button", { name: "Save Preferences" }).tap();
    await expect(page.getByText("Preferences updated", { exact: true })).toBeVisible();
    await page.reload();
    await page.getByRole("tab", { name: "Preferences" }).tap();
    const placeList = page.getByRole("list", { name: "Geographic preferences" });
    await expect(placeList.getByRole("button", { name: "Remove Madison, WI" })).toBeVisible();
    // Leave the demo student's preferences as they were.
    await placeList.getByRole("button", { name: "Remove Madison, WI" }).tap();
    await page.getByRole("button", { name: "Save Preferences" }).tap();
    await expect(page.getByText("Preferences updated", { exact: true }).first()).toBeVisible();
    await page.reload();
    await page.getByRole("tab", { name: "Preferences" }).tap();
    await expect(placeList.getByRole("listitem")).toHaveCount(2);
  });
});
