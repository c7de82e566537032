import { makeDemoPdf } from "../../src/server/factories/documents";
import { DEMO, expect, expectAccessible, signIn, signOut, test } from "./fixtures/test";

// Issue 16 on the demo world: Emily Carter (student@demo.test) asks the study assistant a suggested
// question, watches the answer grow with its citation, opens the cited guide, ticks the uniform
// item of her preparation checklist and her approved rotation's own "Badge photo submitted" item,
// and finds both still ticked after signing in again.

const SCREENSHOTS = process.env.E2E_SCREENSHOTS_DIR ?? "test-results/learning";

test.describe.configure({ timeout: 120_000 });

test("a student asks the assistant, opens a cited resource and keeps a ticked checklist item", async ({ page }) => {
  await signIn(page, DEMO.student);
  await expect(page).toHaveURL(/\/dashboard\/student$/);
  await page.getByRole("navigation").getByRole("link", { name: "Learning Center" }).click();
  await expect(page).toHaveURL(/\/student\/learning$/);
  await expect(page.getByRole("heading", { name: "Learning Center" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "AI Assistant" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("Offline mode: answers from the Learning Center")).toBeVisible();
  const suggestions = page.getByRole("list", { name: "Suggested questions" }).getByRole("button");
  await expect(suggestions).toHaveCount(4);
  await expectAccessible(page);

  // A suggested question: the reply grows (an answer is on screen while the log is still busy).
  const log = page.getByRole("log", { name: "Conversation with the study assistant" });
  await page.getByRole("button", { name: "How do I give a good SBAR handoff report?" }).click();
  await expect(log.getByRole("article", { name: "You" })).toContainText("How do I give a good SBAR handoff report?");
  const answer = log.getByRole("article", { name: "Study assistant" });
  await expect(answer).toBeVisible();
  await expect(log).toHaveAttribute("aria-busy", "true");
  await expect(log).toHaveAttribute("aria-busy", "false", { timeout: 30_000 });
  await expect(answer).toContainText("Situation, Background, Assessment and Recommendation");
  await expect(answer).toContainText("Sources:");
  // Its time as 'MMM d, h:mm a'.
  await expect(answer.locator("time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (AM|PM)$/);
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: `${SCREENSHOTS}/assistant-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SCREENSHOTS}/assistant-1280.png`, fullPage: true });

  // The citation opens the guide it quotes.
  await answer.getByRole("link", { name: "SBAR Handoff Communication" }).click();
  await expect(page).toHaveURL(/\/student\/learning\?resource=/);
  await expect(page.getByRole("heading", { name: "SBAR Handoff Communication" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Giving a good SBAR report" })).toBeVisible();
  await page.getByRole("button", { name: "Mark as done: SBAR Handoff Communication" }).click();
  await expect(page.getByRole("button", { name: "Done: SBAR Handoff Communication" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expectAccessible(page);

  // The library: filtered by specialty, with the done mark kept.
  await page.getByRole("link", { name: "Back to the Learning Center" }).click();
  await expect(page.getByRole("tab", { name: "Resources" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText(/1 of \d+ resources done/)).toBeVisible();
  await page.getByLabel("Specialty").selectOption("Pediatrics");
  await expect(page.getByRole("list", { name: "Resources" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Preparing for a Pediatrics Rotation" })).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: `${SCREENSHOTS}/resources-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The checklist: the uniform item ticked, saved on the server.
  await page.getByRole("tab", { name: "Preparation Checklist" }).click();
  const uniform = page.getByRole("checkbox", { name: "Uniform and ID badge ready" });
  await expect(uniform).not.toBeChecked();
  const progress = page.getByText(/^\d+ of \d+ complete \(\d+%\)$/);
  const counts = async () =>
    (await progress.textContent())
      ?.match(/^(\d+) of (\d+)/)
      ?.slice(1)
      .map(Number) ?? [];
  const [before, total] = await counts();
  await uniform.check();
  await expect(uniform).toBeChecked();
  await expect(progress).toContainText(`${before + 1} of ${total} complete`);
  // The rotation's own items (its facility added them): ticked here too, and counted.
  const rotation = page
    .getByRole("region")
    .filter({ has: page.getByRole("checkbox", { name: "Badge photo submitted" }) });
  await expect(rotation).toBeVisible();
  const badge = rotation.getByRole("checkbox", { name: "Badge photo submitted" });
  await expect(badge).not.toBeChecked();
  await badge.check();
  await expect(badge).toBeChecked();
  await expect(progress).toContainText(`${before + 2} of ${total} complete`);
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/checklist-1280.png`, fullPage: true });

  await signOut(page);
  await signIn(page, DEMO.student);
  await expect(page).toHaveURL(/\/dashboard\/student$/);
  await page.goto("/student/learning?tab=checklist");
  await expect(page.getByRole("checkbox", { name: "Uniform and ID badge ready" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Badge photo submitted" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "EHR training completed" })).not.toBeChecked();
  // The conversation was kept too.
  await page.getByRole("tab", { name: "AI Assistant" }).click();
  await expect(
    page.getByRole("log", { name: "Conversation with the study assistant" }).getByRole("article", { name: "You" }),
  ).toContainText("How do I give a good SBAR handoff report?");

  // She deletes it: after confirming, the chat starts afresh and the conversation is gone for good.
  await page.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this conversation?" });
  await expect(confirm).toContainText("cannot be undone");
  await expectAccessible(page);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Conversation deleted")).toBeVisible();
  await expect(
    page.getByRole("log", { name: "Conversation with the study assistant" }).getByRole("article", { name: "You" }),
  ).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("list", { name: "Suggested questions" })).toBeVisible();
  await expect(
    page.getByRole("log", { name: "Conversation with the study assistant" }).getByRole("article", { name: "You" }),
  ).toHaveCount(0);
});

test("a coordinator adds a resource for the program's students, who find it in their library", async ({ page }) => {
  await signIn(page, DEMO.program);
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  await page.getByRole("navigation").getByRole("link", { name: "Learning Resources" }).click();
  await expect(page).toHaveURL(/\/learning-resources$/);
  await expect(page.getByRole("table", { name: "Learning resources" })).toBeVisible();
  // The shared library is read only for a coordinator.
  await expect(page.getByRole("button", { name: "Edit SBAR Handoff Communication" })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole("button", { name: "Add resource" }).click();
  const dialog = page.getByRole("dialog", { name: "Add resource" });
  await dialog.getByRole("button", { name: "Add resource" }).click();
  await expect(dialog.getByText("Title is required")).toBeVisible();
  await dialog.getByLabel("Title").fill("Parking and badge pickup at Mercy");
  await dialog.getByLabel("Type").selectOption("required");
  await dialog.getByLabel("Duration (minutes)").fill("5");
  await dialog
    .getByLabel("Text")
    .fill("## Parking\nStudents park in garage C and pick up their badge at security before 7 AM.");
  const map = await makeDemoPdf({ title: "Garage C map", lines: ["Level 4, staff entrance on Elm Street."] });
  await dialog
    .getByLabel("File (optional)")
    .setInputFiles({ name: "garage-map.pdf", mimeType: "application/pdf", buffer: Buffer.from(map) });
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Add resource" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("cell", { name: "Parking and badge pickup at Mercy", exact: true })).toBeVisible();
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: `${SCREENSHOTS}/program-resources-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signOut(page);

  await signIn(page, DEMO.student);
  await expect(page).toHaveURL(/\/dashboard\/student$/);
  await page.goto("/student/learning?tab=resources");
  await page.getByRole("searchbox").fill("garage");
  await page.getByRole("link", { name: "Parking and badge pickup at Mercy" }).click();
  // The uploaded file: a Download link the student may follow.
  const download = page.getByRole("link", { name: /Download garage-map\.pdf/ });
  await expect(download).toBeVisible();
  const file = await page.request.get((await download.getAttribute("href")) ?? "");
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("application/pdf");
  await expectAccessible(page);
});

test("a facility coordinator adds and removes a placement's own checklist item", async ({ page }) => {
  await signIn(page, DEMO.facility);
  await expect(page).toHaveURL(/\/dashboard\/facility$/);
  await page.goto("/dashboard/facility/placements");
  await page
    .getByRole("button", { name: /^Checklist items of / })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: /^Checklist items: / });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Add item" }).click();
  await expect(dialog.getByText("Title is required")).toBeVisible();
  await dialog.getByLabel("New item").fill("Parking permit collected (e2e)");
  await dialog.getByLabel("Description (optional)").fill("From the security desk, lobby B.");
  await dialog.getByRole("button", { name: "Add item" }).click();
  const list = dialog.getByRole("list", { name: "Checklist items" });
  await expect(list.getByText("Parking permit collected (e2e)")).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: `${SCREENSHOTS}/facility-items-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole("button", { name: "Remove Parking permit collected (e2e)" }).click();
  await expect(list.getByText("Parking permit collected (e2e)")).toHaveCount(0);
});
