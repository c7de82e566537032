import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { getDocumentProxy } from "unpdf";
import { makeDemoPdf } from "../../src/server/factories/documents";
import { apiSignedIn, DEMO, DEMO_PASSWORD, expect, expectAccessible, signIn, signOut, test } from "./fixtures/test";

// Issue 17, one rotation carried from agreement to evaluation on the demo world: Mercy Lakeside's
// coordinator (facility@demo.test) records a signed agreement with the demo student's program and
// publishes a rotation of its own (under way, ending in three days, so its final evaluations are
// open); the demo student is placed on it and the coordinator assigns Grace Nakamura
// (preceptor@demo.test) as her preceptor; the student logs a week of hours; Grace approves them and
// submits her final evaluation of the student; the student submits the site evaluation; the program
// downloads the rotation's record PDF (the approved hours, the preceptor's comment) and finds the
// hours in its hours CSV. axe on every page.
//
// Everything it changes is its own (titles carry a tag): the demo student's seeded rotations, their
// hours and evaluations (which hours.spec, evaluations.spec and rotation-records.spec use) are not
// touched, and the new rotation's dates overlap none of hers.

const STUDENT = "Emily Carter";
const PROGRAM = "Lakeshore University School of Nursing";
const FACILITY = "Mercy Lakeside Medical Center";
const PRECEPTOR = "Grace Nakamura";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function pdfText(path: string) {
  const doc = await getDocumentProxy(new Uint8Array(await readFile(path)), { verbosity: 0 });
  let text = "";
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    text += ` ${content.items.map((i) => ("str" in i ? i.str : "")).join(" ")}`;
  }
  return text.replace(/\s+/g, " ");
}

/** Answers every question of the form in `dialog`: the fourth point of each scale, `comment` in each box. */
async function fillForm(dialog: Locator, comment: string) {
  const groups = dialog.getByRole("group");
  const count = await groups.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await groups.nth(i).getByRole("radio").nth(3).check();
  const boxes = dialog.getByRole("textbox");
  for (let i = 0; i < (await boxes.count()); i++) await boxes.nth(i).fill(comment);
}

const originOf = (page: Page) => new URL(page.url()).origin;

test.describe.configure({ timeout: 240_000 });

test("a rotation goes from agreement to hours, evaluations and the program's record", async ({ page, request }) => {
  const tag = Date.now().toString(36);
  const AGREEMENT = `Clinical Affiliation Agreement (lifecycle ${tag})`;
  const DEPARTMENT = `Lifecycle Unit ${tag}`;
  const TITLE = `Emergency Lifecycle Practicum ${tag}`;
  const REFLECTION = `Triage shifts in the emergency department (${tag}).`;
  const COMMENT = `Lifecycle ${tag}: calm under pressure and a clear SBAR handoff every shift.`;
  const SITE_COMMENT = `Lifecycle ${tag}: a welcoming unit with time for teaching.`;
  await page.setViewportSize({ width: 1280, height: 800 });

  // 1. The facility records a signed affiliation agreement with the student's program.
  await signIn(page, DEMO.facility);
  await expect(page).toHaveURL(/\/dashboard\/facility$/);
  await page.getByRole("navigation").getByRole("link", { name: "Agreements" }).click();
  await expect(page).toHaveURL(/\/dashboard\/facility\/agreements$/);
  await expect(page.getByRole("heading", { name: "Affiliation Agreements" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Affiliation agreements" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "New agreement" }).click();
  const draft = page.getByRole("dialog", { name: "New affiliation agreement" });
  await draft.getByRole("combobox", { name: "Nursing program" }).fill("Lakeshore");
  await draft.getByRole("option", { name: new RegExp(PROGRAM) }).click();
  await draft.getByLabel("Title", { exact: true }).fill(AGREEMENT);
  await draft.getByLabel("Start date", { exact: true }).fill(day(-60));
  await draft.getByLabel("End date", { exact: true }).fill(day(2 * 365));
  const names = draft.getByLabel("Name", { exact: true });
  await names.nth(0).fill("Avery Program");
  await names.nth(1).fill("Marcus Bell");
  await expectAccessible(page);
  await draft.getByRole("button", { name: "Create draft" }).click();
  const agreement = page.getByRole("dialog", { name: AGREEMENT });
  await expect(agreement.getByText("Draft", { exact: true })).toBeVisible();
  const pdf = await makeDemoPdf({ title: "Clinical Affiliation Agreement", lines: ["Signed by both parties."] });
  await agreement
    .getByLabel(/Upload the signed document/)
    .setInputFiles({ name: `agreement-${tag}.pdf`, mimeType: "application/pdf", buffer: Buffer.from(pdf) });
  await expect(agreement.getByRole("link", { name: `agreement-${tag}.pdf` })).toBeVisible();
  await agreement.getByRole("button", { name: `Sign for ${FACILITY}` }).click();
  await expect(agreement.getByText("Awaiting the program's signature", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await agreement.getByRole("button", { name: "Close" }).click();
  // The program's coordinator signs for the program: only then is the agreement in force.
  const programApi = await apiSignedIn(originOf(page), DEMO.program);
  try {
    const found = await programApi.get(`/api/agreements?search=${encodeURIComponent(AGREEMENT)}`);
    const [{ id }] = ((await found.json()) as { items: { id: string }[] }).items;
    const signed = await programApi.post(`/api/agreements/${id}/sign`, {
      data: {},
      headers: { origin: originOf(page) },
    });
    expect(((await signed.json()) as { status: string }).status).toBe("active");
  } finally {
    await programApi.dispose();
  }

  // 2. The facility publishes a rotation under way (late joiners accepted) in a unit of its own,
  // ending in three days: its final evaluations are open.
  const origin = originOf(page);
  const unit = await page.request.post("/api/facility/departments", {
    data: { name: DEPARTMENT, specialty: "Emergency", capacity: 5 },
    headers: { origin },
  });
  expect(unit.ok()).toBeTruthy();
  await page.getByRole("navigation").getByRole("link", { name: "Placements" }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/facility\/placements$/);
  await page.getByRole("button", { name: "Create New Placement" }).click();
  const form = page.getByRole("dialog");
  await form.getByLabel("Title").fill(TITLE);
  await form.getByLabel("Department").selectOption({ label: DEPARTMENT });
  await form.getByLabel("Start date").fill(day(-20));
  await form.getByLabel("End date").fill(day(3));
  await form.getByLabel("Capacity").fill("1");
  await form.getByLabel("Accept applications after the rotation starts").check();
  await expectAccessible(page);
  await form.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Placement created")).toBeVisible();
  await expect(form).toBeHidden();
  const found = await page.request.get(`/api/facility/placements?search=${encodeURIComponent(TITLE)}`);
  const placement = ((await found.json()) as { items: { id: string; title: string }[] }).items.find(
    (p) => p.title === TITLE,
  );
  expect(placement).toBeTruthy();

  // The demo student applies (through the API, in a session of her own) and the facility approves.
  const studentSignIn = await request.post("/api/auth/sign-in/email", {
    data: { email: DEMO.student, password: DEMO_PASSWORD },
    headers: { origin },
  });
  expect(studentSignIn.ok()).toBeTruthy();
  const applied = await request.post("/api/me/student/applications", {
    data: { placementId: placement?.id },
    headers: { origin },
  });
  expect(applied.status()).toBe(201);
  const application = (await applied.json()) as { id: string };
  const approved = await page.request.post(`/api/facility/applications/${application.id}/approve`, {
    data: { confirmNotReady: true },
    headers: { origin },
  });
  expect(approved.ok()).toBeTruthy();

  // 3. The coordinator assigns Grace Nakamura as the rotation's preceptor.
  await page.getByRole("navigation").getByRole("link", { name: "Rotations" }).click();
  await expect(page.getByRole("heading", { name: "Rotations", level: 1 })).toBeVisible();
  await page.getByLabel("Search", { exact: true }).fill(TITLE);
  const rotations = page.getByRole("table", { name: "Rotations" });
  const rotationRow = rotations.getByRole("row").filter({ hasText: TITLE });
  await expect(rotationRow).toHaveCount(1);
  await expect(rotationRow).toContainText(STUDENT);
  await expectAccessible(page);
  await rotationRow.getByRole("button", { name: `Assign preceptors to ${STUDENT}'s rotation` }).click();
  const picker = page.getByRole("dialog", { name: "Assign preceptors" });
  await picker.getByRole("checkbox", { name: new RegExp(PRECEPTOR) }).check();
  await expectAccessible(page);
  await picker.getByRole("button", { name: "Save preceptors" }).click();
  await expect(page.getByText("Preceptors saved")).toBeVisible();
  await expect(rotationRow).toContainText(PRECEPTOR);
  await signOut(page);

  // 4. The student logs last week of the new rotation (Monday to Friday, 07:00–15:00).
  await signIn(page, DEMO.student);
  await expect(page).toHaveURL(/\/dashboard\/student$/);
  await page.getByRole("navigation").getByRole("link", { name: "Hours" }).click();
  await expect(page).toHaveURL(/\/student\/hours/);
  await expect(page.getByRole("heading", { name: "Clinical Hours" })).toBeVisible();
  await page
    .getByRole("combobox", { name: "Rotation", exact: true })
    .selectOption({ label: `${TITLE} · ${FACILITY} (current)` });
  await page.getByRole("button", { name: "Previous week" }).click();
  const week = page.getByRole("heading", { name: /^Week of .* · 0 h$/ });
  await expect(week).toBeVisible();
  const weekOf = ((await week.textContent()) ?? "").replace(/^Week of (.*) · 0 h$/, "$1");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Log a week" }).click();
  const log = page.getByRole("dialog", { name: "Log a week" });
  await log.getByRole("checkbox", { name: "Direct patient care" }).check();
  await log.getByRole("checkbox", { name: "Assessment" }).check();
  await log.getByLabel("Reflection for the week (optional)").fill(REFLECTION);
  await expectAccessible(page);
  await log.getByRole("button", { name: "Log 5 days" }).click();
  await expect(page.getByText("5 entries logged")).toBeVisible();
  await expect(page.getByRole("heading", { name: `Week of ${weekOf} · 40 h` })).toBeVisible();
  await signOut(page);

  // 5. The preceptor approves the week on her review queue.
  await signIn(page, DEMO.preceptor);
  await expect(page).toHaveURL(/\/dashboard\/preceptor$/);
  await expect(page.getByRole("heading", { name: "My students" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("navigation").getByRole("link", { name: "Hours to review" }).click();
  await expect(page).toHaveURL(/\/dashboard\/preceptor\/hours/);
  await page.getByLabel("Rotation", { exact: true }).selectOption({ label: `${TITLE} · ${STUDENT}` });
  await expect(page).toHaveURL(/rotation/);
  const group = page.getByRole("region", { name: `${STUDENT}, week of ${weekOf}` });
  await expect(group.getByRole("button", { name: /^Approve / })).toHaveCount(5);
  await expectAccessible(page);
  await group.getByRole("checkbox", { name: /^Select all waiting entries/ }).check();
  await page.getByRole("button", { name: "Approve selected" }).click();
  await expect(page.getByText("5 entries approved")).toBeVisible();
  await expect(group).toHaveCount(0);
  await page.getByLabel("Status", { exact: true }).selectOption("approved");
  await expect(
    page.getByRole("region", { name: `${STUDENT}, week of ${weekOf}` }).getByText("Approved", { exact: true }),
  ).toHaveCount(5);
  await expectAccessible(page);

  // 6. The preceptor submits her final evaluation of the student.
  await page.getByRole("navigation").getByRole("link", { name: "Evaluations" }).click();
  await expect(page).toHaveURL(/\/dashboard\/preceptor\/evaluations/);
  const evaluations = page.getByRole("table", { name: "Evaluations of students" });
  const evaluationRow = evaluations.getByRole("row").filter({ hasText: TITLE });
  const evaluate = evaluationRow.getByRole("button", { name: `Evaluate ${STUDENT} (final)` });
  await expect(evaluate).toBeVisible();
  await expectAccessible(page);
  await evaluate.click();
  const ofStudent = page.getByRole("dialog", { name: `Final evaluation of ${STUDENT}` });
  await expect(ofStudent.getByText(TITLE).first()).toBeVisible();
  await fillForm(ofStudent, COMMENT);
  await expectAccessible(page);
  await ofStudent.getByRole("button", { name: "Submit evaluation" }).click();
  await expect(page.getByText("Evaluation submitted", { exact: true })).toBeVisible();
  await expect(ofStudent.getByText("Submitted", { exact: true })).toBeVisible();
  await expect(ofStudent.getByText(COMMENT).first()).toBeVisible();
  await ofStudent.getByRole("button", { name: "Close" }).click();
  await expect(evaluationRow.getByRole("button", { name: `View ${STUDENT} (final)` })).toBeVisible();
  await signOut(page);

  // 7. The student evaluates the site, and reads her preceptor's evaluation.
  await signIn(page, DEMO.student);
  await expect(page).toHaveURL(/\/dashboard\/student$/);
  await page.getByRole("navigation").getByRole("link", { name: "Evaluations" }).click();
  await expect(page).toHaveURL(/\/student\/evaluations$/);
  await expect(page.getByRole("heading", { name: "My Evaluations" })).toBeVisible();
  await expectAccessible(page);
  const siteItem = page
    .getByRole("listitem")
    .filter({ hasText: TITLE })
    .filter({ has: page.getByRole("button", { name: `Evaluate: final evaluation, ${FACILITY}` }) });
  await siteItem.getByRole("button", { name: `Evaluate: final evaluation, ${FACILITY}` }).click();
  const ofSite = page.getByRole("dialog", { name: `Final evaluation of ${FACILITY}` });
  await expect(ofSite.getByText(/never\s+your name/)).toBeVisible();
  await fillForm(ofSite, SITE_COMMENT);
  await expectAccessible(page);
  await ofSite.getByRole("button", { name: "Submit evaluation" }).click();
  await expect(page.getByText("Evaluation submitted", { exact: true })).toBeVisible();
  await expect(ofSite.getByText("Submitted", { exact: true })).toBeVisible();
  await ofSite.getByRole("button", { name: "Close" }).click();
  await page
    .getByRole("listitem")
    .filter({ hasText: TITLE })
    .getByRole("button", { name: `Read: final evaluation, ${TITLE}` })
    .click();
  const mine = page.getByRole("dialog", { name: `Final evaluation of ${STUDENT}` });
  await expect(mine.getByText(COMMENT).first()).toBeVisible();
  await expect(mine.getByText(`· by ${PRECEPTOR}`)).toBeVisible();
  await expectAccessible(page);
  await mine.getByRole("button", { name: "Close" }).click();
  await signOut(page);

  // 8. The program downloads the rotation's record: the approved hours and the preceptor's comment.
  await signIn(page, DEMO.program);
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  await page.getByRole("navigation").getByRole("link", { name: "Rotation Records" }).click();
  await expect(page).toHaveURL(/\/rotations$/);
  await expect(page.getByRole("heading", { name: "Rotation Records" })).toBeVisible();
  await page.getByRole("searchbox").fill(TITLE);
  await expect(page).toHaveURL(/q=/);
  const records = page.getByRole("table", { name: "Rotation records" });
  const record = records.getByRole("row").filter({ hasText: TITLE });
  await expect(record).toHaveCount(1);
  await expect(record).toContainText(STUDENT);
  await expect(record).toContainText(/\D40 \/ \d+ h/);
  await expect(record).not.toContainText("pending review");
  await expectAccessible(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    record.getByRole("link", { name: new RegExp(`^Download record: ${STUDENT}`) }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^rotation-record-Emily-Carter-.*\.pdf$/);
  const text = await pdfText(await download.path());
  expect(text).toContain("Clinical Rotation Record");
  expect(text).toContain(STUDENT);
  expect(text).toContain(TITLE);
  expect(text).toContain(PRECEPTOR);
  expect(text).toMatch(/Approved 40 h of \d+ required/);
  expect(text).toContain(COMMENT);

  // 9. …and sees the hours in its hours CSV.
  await page.getByRole("navigation").getByRole("link", { name: "Hours" }).click();
  await expect(page).toHaveURL(/\/hours$/);
  await page.getByRole("searchbox").fill(STUDENT);
  await expect(page).toHaveURL(/q=Emily/);
  await expect(
    page.getByRole("table", { name: "Clinical hours per student" }).getByRole("row", { name: new RegExp(STUDENT) }),
  ).toBeVisible();
  await expectAccessible(page);
  const [csvDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  const csv = await readFile((await csvDownload.path()) as string, "utf8");
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe(
    "Student,Email,Rotation,Specialty,Facility,Start date,End date,Approved hours,Pending hours,Returned hours,Required hours",
  );
  const line = lines.find((l) => l.startsWith(`${STUDENT},${DEMO.student},`) && l.includes(TITLE));
  expect(line, `a CSV row for ${TITLE}`).toBeTruthy();
  // Approved, pending and returned hours, then the required hours.
  expect(line).toMatch(/,40,0,0,\d*$/);
});
