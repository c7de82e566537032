import type { APIRequestContext, Page } from "@playwright/test";
import { apiSignedIn, DEMO, expect, expectAccessible, signIn, test } from "./fixtures/test";

type Student = { id: string; firstName: string; lastName: string; email: string };

/** YYYY-MM-DD, `days` from today: far enough ahead that no demo student's approved rotation overlaps. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** axe once the toasts are gone (they are transient; the page is what is checked). */
async function checkAccessible(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);
}

/** The value of a dashboard stat card, by its label. */
async function stat(page: Page, label: string) {
  const card = page.getByRole("heading", { name: label, exact: true }).locator("xpath=ancestor::section[1]");
  const text = (await card.locator("p").first().textContent()) ?? "";
  return Number.parseInt(text, 10);
}

/** The demo program coordinator's API session (the program side submits the applications). */
async function programApi(page: Page): Promise<APIRequestContext> {
  return apiSignedIn(new URL(page.url()).origin, DEMO.program);
}

test("a facility coordinator publishes a placement, reviews its applications and sees the placed student", async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const department = `E2E Unit ${tag}`;
  const title = `E2E Peds Rotation ${tag}`;

  await signIn(page, DEMO.facility);
  await expect(page).toHaveURL(/\/dashboard\/facility$/);
  await expect(page.getByRole("heading", { name: "Placement Management" })).toBeVisible();
  await expect(page.getByText("Utilization")).toBeVisible();
  await checkAccessible(page);
  const before = {
    active: await stat(page, "Active Placements"),
    pending: await stat(page, "Pending Applications"),
    placed: await stat(page, "Placed Students"),
  };

  // Manage Departments: add a unit.
  await page.getByRole("button", { name: "Manage Departments" }).click();
  const deptDialog = page.getByRole("dialog");
  await expect(deptDialog.getByRole("heading", { name: "Manage Departments" })).toBeVisible();
  await deptDialog.getByRole("button", { name: "Add department" }).click();
  await expect(deptDialog.getByText("Name is required")).toBeVisible();
  await deptDialog.getByLabel("Department name").fill(department);
  await deptDialog.getByLabel("Specialty").selectOption("Pediatrics");
  await deptDialog.getByLabel("Capacity").fill("4");
  await checkAccessible(page);
  await deptDialog.getByRole("button", { name: "Add department" }).click();
  await expect(page.getByText("Department created")).toBeVisible();
  await expect(deptDialog.getByRole("list", { name: "Departments" })).toContainText(department);
  await deptDialog.getByRole("button", { name: "Close" }).click();
  await expect(deptDialog).toBeHidden();
  const capacityList = page.getByRole("list", { name: "Department capacity" });
  await expect(capacityList.getByRole("listitem").filter({ hasText: department })).toContainText(
    "0 of 4 filled · 4 available",
  );

  // Create a placement: the end date before the start is refused naming the field; then save as draft.
  await page.goto("/dashboard/facility/placements");
  await expect(page.getByRole("heading", { name: "Placements", level: 1 })).toBeVisible();
  await checkAccessible(page);
  await page.getByRole("button", { name: "Create New Placement" }).click();
  const form = page.getByRole("dialog");
  await expect(form.getByRole("heading", { name: "Create New Placement" })).toBeVisible();
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Department").selectOption({ label: department });
  await expect(form.getByLabel("Specialty")).toHaveValue("Pediatrics");
  await form.getByLabel("Requirements (one per line)").fill("BLS certification\nCompleted Pediatrics I");
  await form.getByLabel("Start date").fill(dayFromToday(400));
  await form.getByLabel("End date").fill(dayFromToday(390));
  await form.getByLabel("Capacity").fill("3");
  await form.getByRole("button", { name: "Save as Draft" }).click();
  await expect(form.getByText("End date must be on or after the start date")).toBeVisible();
  await form.getByLabel("End date").fill(dayFromToday(400 + 53));
  await expect(form.getByText("8 weeks")).toBeVisible();
  await checkAccessible(page);
  await form.getByRole("button", { name: "Save as Draft" }).click();
  await expect(page.getByText("Placement created")).toBeVisible();
  await expect(form).toBeHidden();

  await page.getByLabel("Search", { exact: true }).fill(title);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Draft");
  await expect(row).toContainText("0 of 3 filled");

  // Publish it.
  await row.getByRole("button", { name: `Publish ${title}` }).click();
  await expect(page.getByText("Placement updated")).toBeVisible();
  await expect(row).toContainText("Active");
  await checkAccessible(page);

  // Two applications arrive from the demo program (through the API, as its coordinator).
  const program = await programApi(page);
  const placements = (await (await program.get(`/api/placements?search=${encodeURIComponent(title)}`)).json()) as {
    items: { id: string }[];
  };
  expect(placements.items).toHaveLength(1);
  const roster = (await (await program.get("/api/students?enrollment=active&sort=name&pageSize=100")).json()) as {
    items: Student[];
  };
  // Two students with no approved rotation yet: approving one then adds one placed student
  // (a student already placed here would be counted once, whatever the demo world's dates).
  const alreadyPlaced = new Set<string>();
  for (let page = 1; ; page++) {
    const approvedPage = (await (
      await program.get(`/api/applications?status=approved&pageSize=100&page=${page}`)
    ).json()) as {
      items: { student: { id: string } }[];
      total: number;
    };
    for (const a of approvedPage.items) alreadyPlaced.add(a.student.id);
    if (page * 100 >= approvedPage.total) break;
  }
  const [approved, rejected] = roster.items.filter((s) => !alreadyPlaced.has(s.id)).slice(-2);
  const submitted = await program.post("/api/applications", {
    data: { placementId: placements.items[0].id, studentIds: [approved.id, rejected.id] },
  });
  expect(submitted.status()).toBe(201);
  await program.dispose();
  const nameOf = (s: Student) => `${s.firstName} ${s.lastName}`;

  // The dashboard shows them: pending up by 2, one more active placement; Accept one with notes.
  await page.goto("/dashboard/facility");
  await expect(page.getByRole("heading", { name: "Placement Management" })).toBeVisible();
  await expect.poll(() => stat(page, "Pending Applications")).toBe(before.pending + 2);
  expect(await stat(page, "Active Placements")).toBe(before.active + 1);
  const queue = page.getByRole("list", { name: "Applications to review" });
  await expect(queue).toContainText(nameOf(approved));
  await queue.getByRole("button", { name: `Accept ${nameOf(approved)}'s application to ${title}` }).click();
  const review = page.getByRole("dialog");
  // The dialog speaks the dashboard's words (Accept / Decline, issue 9).
  await expect(review.getByRole("heading", { name: "Accept application" })).toBeVisible();
  await review.getByLabel("Notes to the program (optional)").fill("Report to the unit at 7:00 on day one.");
  await checkAccessible(page);
  // Their readiness is shown (issue 12): a roster student without documents is not ready, so
  // accepting asks first and names what is missing.
  await expect(review.getByText("Not ready").first()).toBeVisible();
  await review.getByRole("button", { name: "Accept" }).click();
  const anyway = page.getByRole("alertdialog", { name: "Approve anyway?" });
  await expect(anyway).toContainText("This student has not met every requirement");
  await checkAccessible(page);
  await anyway.getByRole("button", { name: "Approve anyway" }).click();
  await expect(page.getByText("Application updated")).toBeVisible();
  await expect(review).toBeHidden();
  await expect.poll(() => stat(page, "Placed Students")).toBe(before.placed + 1);
  expect(await stat(page, "Pending Applications")).toBe(before.pending + 1);
  await expect(capacityList.getByRole("listitem").filter({ hasText: department })).toContainText(
    "1 of 4 filled · 3 available",
  );
  await checkAccessible(page);

  // Reject the other on the applications page, with notes.
  await page.goto("/dashboard/facility/applications");
  await expect(page.getByRole("heading", { name: "Applications", level: 1 })).toBeVisible();
  await page.getByLabel("Search", { exact: true }).fill(title);
  const apps = page.getByRole("row").filter({ hasText: title });
  await expect(apps).toHaveCount(2);
  const pendingRow = apps.filter({ hasText: nameOf(rejected) });
  await expect(pendingRow).toContainText("New");
  await expect(apps.filter({ hasText: nameOf(approved) })).toContainText("Approved");
  await checkAccessible(page);
  await pendingRow.getByRole("button", { name: `Reject ${nameOf(rejected)}'s application to ${title}` }).click();
  await expect(review.getByRole("heading", { name: "Reject application" })).toBeVisible();
  await review.getByLabel("Notes to the program (optional)").fill("This term is full; please apply for spring.");
  await review.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByText("Application updated")).toBeVisible();
  await expect(pendingRow).toContainText("Rejected");
  await expect(pendingRow).toContainText("This term is full; please apply for spring.");
  await expect(pendingRow.getByRole("button", { name: /Approve|Reject/ })).toHaveCount(0);
  await page.getByLabel("Status").selectOption({ label: "New" });
  await expect(apps).toHaveCount(0);

  // The placed student, upcoming.
  await page.goto("/dashboard/facility/students");
  await expect(page.getByRole("heading", { name: "Placed Students" })).toBeVisible();
  await page.getByLabel("Search", { exact: true }).fill(title);
  const placed = page.getByRole("row").filter({ hasText: nameOf(approved) });
  await expect(placed).toHaveCount(1);
  await expect(placed).toContainText(department);
  await expect(placed).toContainText("Upcoming");
  await checkAccessible(page);
  await page.getByLabel("Search", { exact: true }).fill(`${title} nobody`);
  await expect(page.getByText("No placed students match these filters")).toBeVisible();
});
