import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, signIn, test } from "./fixtures/test";

type Placement = { id: string; title: string; facility: { name: string }; availableSpots: number };
type Student = { id: string; firstName: string; lastName: string; email: string };

/** All pages of a list endpoint, as the signed-in coordinator (the browser's cookies). */
async function all<T>(api: APIRequestContext, path: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const res = await api.get(`${path}${path.includes("?") ? "&" : "?"}page=${page}&pageSize=100`);
    expect(res.ok(), `${path} answered ${res.status()}`).toBeTruthy();
    const body = (await res.json()) as { items: T[]; total: number };
    items.push(...body.items);
    if (items.length >= body.total || body.items.length === 0) return items;
  }
}

/**
 * Two open placements this program has not applied to yet, with titles that find only themselves,
 * and four active students: the demo world is shared, so the test picks what it can use.
 */
async function pickFixtures(page: Page) {
  const api = page.request;
  const applied = new Set(
    (await all<{ placement: { id: string } }>(api, "/api/applications")).map((a) => a.placement.id),
  );
  const placements = await all<Placement>(api, "/api/placements");
  const titleCount = new Map<string, number>();
  for (const p of placements) titleCount.set(p.title, (titleCount.get(p.title) ?? 0) + 1);
  const usable = placements.filter((p) => !applied.has(p.id) && p.availableSpots > 0 && titleCount.get(p.title) === 1);
  expect(usable.length, "open placements the demo program has not applied to").toBeGreaterThanOrEqual(2);
  const students = (await all<Student>(api, "/api/students?enrollment=active&sort=name")).slice(0, 4);
  expect(students).toHaveLength(4);
  return { single: usable[0], bulk: usable[1], students };
}

const fullName = (s: Student) => `${s.firstName} ${s.lastName}`;

/** axe once the toasts are gone (they are transient; the page is what is checked). */
async function checkAccessible(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);
}

async function findPlacement(page: Page, p: Placement) {
  await page.getByLabel("Search", { exact: true }).fill(p.title);
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: p.title, exact: true }) });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(p.facility.name);
  return card;
}

async function chooseStudent(page: Page, s: Student) {
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("searchbox", { name: "Search students" }).fill(s.email);
  await dialog.getByRole("checkbox", { name: new RegExp(s.email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) }).check();
}

test("a coordinator finds a placement, submits one and a bulk of three, sees them and withdraws one", async ({
  page,
}) => {
  await signIn(page, DEMO.program);
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  await expect(page.getByRole("heading", { name: "Student Placement Dashboard" })).toBeVisible();
  await expect(page.getByText("Total Students")).toBeVisible();
  await checkAccessible(page);

  const { single, bulk, students } = await pickFixtures(page);
  const [one, ...three] = students;

  // Find a placement by search and submit one application.
  await page.goto("/placements");
  await expect(page.getByRole("heading", { name: "Placements", level: 1 })).toBeVisible();
  await checkAccessible(page);
  const card = await findPlacement(page, single);
  await card.getByRole("button", { name: /Submit Application/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Submit Application" })).toBeVisible();
  await dialog.getByRole("button", { name: "Submit Application" }).click();
  await expect(dialog.getByText("A student must be chosen")).toBeVisible();
  await chooseStudent(page, one);
  await checkAccessible(page);
  await dialog.getByRole("button", { name: "Submit Application" }).click();
  await expect(page.getByText("Application submitted", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // A bulk of three to another placement.
  const bulkCard = await findPlacement(page, bulk);
  await bulkCard.getByRole("button", { name: /Submit Application/ }).click();
  for (const s of three) await chooseStudent(page, s);
  await expect(dialog.getByText("3 selected")).toBeVisible();
  await dialog.getByRole("button", { name: "Submit 3 Applications" }).click();
  await expect(page.getByText("3 applications submitted")).toBeVisible();
  await expect(dialog).toBeHidden();

  // They are on /applications, as Pending.
  await page.goto("/applications");
  await expect(page.getByRole("heading", { name: "Applications", level: 1 })).toBeVisible();
  await checkAccessible(page);
  for (const [s, p] of [[one, single], ...three.map((s) => [s, bulk] as const)] as const) {
    await page.getByLabel("Search", { exact: true }).fill(s.email);
    const row = page.getByRole("row").filter({ hasText: p.title });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(fullName(s));
    await expect(row).toContainText("Pending");
  }

  // And on the dashboard's Recent Applications (the 5 newest).
  await page.goto("/dashboard/program");
  const recent = page.getByRole("list", { name: "Recent applications" });
  await expect(recent).toContainText(fullName(one));
  await expect(recent).toContainText(single.title);
  for (const s of three) await expect(recent).toContainText(fullName(s));
  await checkAccessible(page);

  // Withdraw the single one, after confirming.
  await page.goto("/applications");
  await page.getByLabel("Search", { exact: true }).fill(one.email);
  const row = page.getByRole("row").filter({ hasText: single.title });
  await row.getByRole("button", { name: `Withdraw ${fullName(one)}'s application to ${single.title}` }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm.getByRole("heading", { name: "Withdraw application?" })).toBeVisible();
  await checkAccessible(page);
  await confirm.getByRole("button", { name: "Withdraw" }).click();
  await expect(page.getByText("Application updated")).toBeVisible();
  await expect(row).toContainText("Withdrawn");
  await expect(row.getByRole("button", { name: /Withdraw/ })).toHaveCount(0);
});

test("/placements?student=<id> preselects that student in the apply dialog", async ({ page }) => {
  await signIn(page, DEMO.program);
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  const [student] = await all<Student>(page.request, "/api/students?enrollment=active&sort=name");
  await page.goto(`/placements?student=${student.id}`);
  await expect(page.getByRole("status").filter({ hasText: "Choosing a placement for" })).toContainText(
    fullName(student),
  );
  await page
    .getByRole("button", { name: /Submit Application/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText(`1 selected: ${fullName(student)}`)).toBeVisible();
  await dialog.getByRole("searchbox", { name: "Search students" }).fill(student.email);
  await expect(dialog.getByRole("checkbox", { name: new RegExp(fullName(student)) })).toBeChecked();
  await checkAccessible(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
});
