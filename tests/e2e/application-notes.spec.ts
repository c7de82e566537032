import { DEMO, expect, expectAccessible, signIn, signOut, test } from "./fixtures/test";

// Issue 9: a bulk submission carries a note per student (or none), the student sees whose note it
// is, and a finished rotation offers no Withdraw.

type Placement = { id: string; title: string; facility: { name: string }; availableSpots: number };
type Student = { id: string; firstName: string; lastName: string; email: string };
type ProgramApplication = { notes: string | null; student: { email: string }; placement: { id: string } };

test("a coordinator gives one student of a bulk a note and the other none; the student sees it as the program's", async ({
  page,
}) => {
  await signIn(page, DEMO.program);
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  const api = page.request;

  // A placement neither student has applied to, with two spots and a title that finds only itself.
  const studentsRes = await api.get("/api/students?enrollment=active&sort=name&pageSize=100");
  const roster = ((await studentsRes.json()) as { items: Student[] }).items;
  const demo = roster.find((s) => s.email === DEMO.student);
  const other = roster.find((s) => s.email !== DEMO.student);
  expect(demo && other).toBeTruthy();
  if (!demo || !other) return;
  const applied = new Set<string>();
  for (const s of [demo, other]) {
    const res = await api.get(`/api/applications?search=${encodeURIComponent(s.email)}&pageSize=100`);
    for (const a of ((await res.json()) as { items: ProgramApplication[] }).items) applied.add(a.placement.id);
  }
  const placements = ((await (await api.get("/api/placements?pageSize=100")).json()) as { items: Placement[] }).items;
  const count = new Map<string, number>();
  for (const p of placements) count.set(p.title, (count.get(p.title) ?? 0) + 1);
  const target = placements.find((p) => !applied.has(p.id) && p.availableSpots >= 2 && count.get(p.title) === 1);
  expect(target, "an open placement neither student applied to").toBeTruthy();
  if (!target) return;

  await page.goto("/placements");
  await page.getByLabel("Search", { exact: true }).fill(target.title);
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: target.title, exact: true }) });
  await card.getByRole("button", { name: /Submit Application/ }).click();
  const dialog = page.getByRole("dialog");
  for (const s of [demo, other]) {
    await dialog.getByRole("searchbox", { name: "Search students" }).fill(s.email);
    await dialog.getByRole("checkbox", { name: new RegExp(s.email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) }).check();
  }
  // One note field per chosen student; nothing shared.
  await expect(dialog.getByLabel(/^Note for /)).toHaveCount(2);
  await dialog.getByLabel(`Note for ${demo.firstName} ${demo.lastName}`).fill("Please bring your BLS card");
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Submit 2 Applications" }).click();
  await expect(page.getByText("2 applications submitted")).toBeVisible();

  const notesOf = async (email: string) => {
    const res = await api.get(`/api/applications?search=${encodeURIComponent(email)}&pageSize=100`);
    return ((await res.json()) as { items: ProgramApplication[] }).items.find((a) => a.placement.id === target.id)
      ?.notes;
  };
  expect(await notesOf(demo.email)).toBe("Please bring your BLS card");
  expect(await notesOf(other.email)).toBeNull();

  // The student sees the note as their program's, the facility's as the facility's.
  await signOut(page);
  await signIn(page, DEMO.student);
  await expect(page).toHaveURL(/\/dashboard\/student$/);
  await page.goto("/student/applications");
  const mine = page.getByRole("list", { name: "My applications" });
  await mine
    .getByRole("button", { name: `Details: ${target.title}` })
    .first()
    .click();
  const details = page.getByRole("dialog");
  await expect(details.getByText("Note from your program")).toBeVisible();
  await expect(details.getByText("Please bring your BLS card")).toBeVisible();
  await expect(details.getByText("Your note")).toHaveCount(0);
  await expect(details.getByText(`Note from ${target.facility.name}`)).toBeVisible();
  await expectAccessible(page);
  await details.getByRole("button", { name: "Close", exact: true }).first().click();
  await expect(details).toBeHidden();

  // A finished rotation is history: no Withdraw on it.
  const list = (await (await api.get("/api/me/student/applications?pageSize=100")).json()) as {
    items: { status: string; placement: { title: string; endDate: string } }[];
  };
  const today = new Date().toISOString().slice(0, 10);
  const finished = list.items.find((a) => a.status === "approved" && a.placement.endDate < today);
  expect(finished, "the demo student's finished rotation").toBeTruthy();
  if (!finished) return;
  await expect(mine.getByRole("button", { name: `Details: ${finished.placement.title}` }).first()).toBeVisible();
  await expect(mine.getByRole("button", { name: `Withdraw: ${finished.placement.title}` })).toHaveCount(0);
});
