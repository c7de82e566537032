import { readFile } from "node:fs/promises";
import { DEMO, expect, expectAccessible, signIn, signOut, test } from "./fixtures/test";

// Issue 17, clinical hours on the demo world: the demo student logs a week (five entries) on their
// rotation, the facility's coordinator reviews them on /dashboard/facility/hours (returns one with
// a note, approves the other four), the student reads the note, and the program sees the totals and
// downloads the CSV with the hours. axe on every page; 360 and 1280 px.

const STUDENT = "Emily Carter";

test.describe.configure({ timeout: 180_000 });

test("a student logs a week of hours, the facility approves four and returns one, the program sees the totals", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO.student);
  await page.getByRole("navigation").getByRole("link", { name: "Hours" }).click();
  await expect(page).toHaveURL(/\/student\/hours$/);
  await expect(page.getByRole("heading", { name: "Clinical Hours" })).toBeVisible();
  // The page opens on a week with hours or on today's; the rotation's last week is still empty in
  // the demo world: go there.
  const next = page.getByRole("button", { name: "Next week" });
  for (let i = 0; i < 60 && (await next.isEnabled()); i++) {
    const before = page.url();
    await next.click();
    await expect(page).not.toHaveURL(before);
  }
  await expect(next).toBeDisabled();
  const week = page.getByRole("heading", { name: /^Week of .* · 0 h$/ });
  await expect(week).toBeVisible();
  const weekOf = ((await week.textContent()) ?? "").replace(/^Week of (.*) · 0 h$/, "$1");
  await expectAccessible(page);

  await page.getByRole("button", { name: "Log a week" }).click();
  const dialog = page.getByRole("dialog", { name: "Log a week" });
  await dialog.getByRole("checkbox", { name: "Direct patient care" }).check();
  await dialog.getByRole("checkbox", { name: "Assessment" }).check();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Log 5 days" }).click();
  await expect(page.getByText("5 entries logged")).toBeVisible();
  await expect(page.getByRole("heading", { name: `Week of ${weekOf} · 40 h` })).toBeVisible();
  await signOut(page);

  // The facility's coordinator reviews them.
  await signIn(page, DEMO.facility);
  await expect(page).toHaveURL(/\/dashboard\/facility$/);
  await page.getByRole("navigation").getByRole("link", { name: "Hours" }).click();
  await expect(page).toHaveURL(/\/dashboard\/facility\/hours$/);
  await page.getByLabel("Student", { exact: true }).selectOption({ label: STUDENT });
  await expect(page).toHaveURL(/studentId=/);
  const group = page.getByRole("region", { name: `${STUDENT}, week of ${weekOf}` });
  await expect(group.getByRole("button", { name: /^Approve / })).toHaveCount(5);
  await expectAccessible(page);

  await group
    .getByRole("button", { name: /^Return / })
    .first()
    .click();
  const back = page.getByRole("dialog", { name: "Return the entry" });
  await back.getByRole("button", { name: "Return" }).click();
  await expect(back.getByText("Say what to fix")).toBeVisible();
  await back.getByLabel("Note to the student").fill("Add the unit you worked on.");
  await back.getByRole("button", { name: "Return" }).click();
  await expect(page.getByText("1 entry returned")).toBeVisible();
  await expect(group.getByRole("button", { name: /^Approve / })).toHaveCount(4);
  await group.getByRole("checkbox", { name: /^Select all waiting entries/ }).check();
  await page.getByRole("button", { name: "Approve selected" }).click();
  await expect(page.getByText("4 entries approved")).toBeVisible();
  await expect(group).toHaveCount(0);
  await page.getByLabel("Status", { exact: true }).selectOption("approved");
  await expect(
    page.getByRole("region", { name: `${STUDENT}, week of ${weekOf}` }).getByText("Approved", { exact: true }),
  ).toHaveCount(4);
  await expectAccessible(page);
  await signOut(page);

  // The student reads the note; the returned entry can be fixed, the approved ones are locked.
  await signIn(page, DEMO.student);
  await page.getByRole("navigation").getByRole("link", { name: "Hours" }).click();
  await expect(page).toHaveURL(/\/student\/hours$/);
  await expect(page.getByRole("heading", { name: `Week of ${weekOf} · 40 h` })).toBeVisible();
  await expect(page.getByText("Add the unit you worked on.")).toBeVisible();
  await expect(page.getByText("Approved: locked")).toHaveCount(4);
  await expect(page.getByRole("button", { name: /^Edit entry / })).toHaveCount(1);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signOut(page);

  // The program: totals per student and the CSV with the hours.
  await signIn(page, DEMO.program);
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  await page.getByRole("navigation").getByRole("link", { name: "Hours" }).click();
  await expect(page).toHaveURL(/\/hours$/);
  await page.getByRole("searchbox").fill(STUDENT);
  await expect(page).toHaveURL(/q=Emily/);
  const table = page.getByRole("table", { name: "Clinical hours per student" });
  await expect(table.getByRole("row", { name: new RegExp(STUDENT) })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Required hours" })).toBeVisible();
  await expectAccessible(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  const csv = await readFile((await download.path()) as string, "utf8");
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe(
    "Student,Email,Rotation,Specialty,Facility,Start date,End date,Approved hours,Pending hours,Returned hours,Required hours",
  );
  const mine = lines.filter((l) => l.startsWith(`${STUDENT},student@demo.test,`));
  expect(mine.length).toBeGreaterThan(0);
  // The four approved shifts (32 h) count on the rotation logged above, beside its required hours.
  const approved = mine.map((l) => /,([\d.]+),([\d.]+),([\d.]+),(\d*)$/.exec(l)).filter((m) => m !== null);
  expect(approved.some((m) => Number(m[1]) >= 32 && m[4] !== "")).toBe(true);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectAccessible(page);
});
