import type { Page } from "@playwright/test";
import { makeDemoPdf, makeDemoPng } from "../../src/server/factories/documents";
import { DEMO, expect, expectAccessible, readMail, signIn, signOut, test } from "./fixtures/test";

// Issue 12, the whole loop on the demo world: Emily Carter (student@demo.test) renews her BLS card,
// which runs out before her rotations end; her coordinator rejects the first scan with a reason,
// she uploads again, the coordinator approves. Her approved card stays in force meanwhile (her
// status and the program's compliance rate hold), and the facility sees her as ready for her
// Emergency Nursing rotation once the renewal is approved.

const BLS = "BLS/CPR (American Heart Association)";
// The card's upload button: "Upload", or "Upload a new one" once a document is on file.
const UPLOAD_BLS = /^Upload( a new one)?: BLS\/CPR \(American Heart Association\)$/;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The program dashboard's compliant students (its Compliance Rate's numerator). */
async function compliantStudents(page: Page): Promise<number> {
  const res = await page.request.get("/api/analytics/program-dashboard");
  expect(res.ok()).toBe(true);
  return (await res.json()).stats.compliantStudents as number;
}

async function myStatus(page: Page): Promise<string> {
  const res = await page.request.get("/api/me/student/compliance");
  expect(res.ok()).toBe(true);
  return (await res.json()).student.complianceStatus as string;
}

test.describe.configure({ timeout: 180_000 });

test("a student renews a BLS card; the program rejects, then approves it; the facility sees her ready", async ({
  page,
}) => {
  // The coordinator's figure before anything changes.
  await signIn(page, DEMO.program);
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  const compliantBefore = await compliantStudents(page);
  await signOut(page);

  // The student: BLS is "Expiring" and her applications say it runs out before the rotation ends.
  await signIn(page, DEMO.student);
  await expect(page).toHaveURL(/\/dashboard\/student$/);
  await page.getByRole("navigation").getByRole("link", { name: "Compliance" }).click();
  await expect(page).toHaveURL(/\/student\/compliance$/);
  await expect(page.getByRole("heading", { name: "My Compliance" })).toBeVisible();
  const blsCard = page.getByRole("article", { name: BLS });
  await expect(blsCard.getByText("Expiring", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Expires before the rotation ends").first()).toBeVisible();
  expect(await myStatus(page)).toBe("compliant");
  await expectAccessible(page);

  // Upload a new card: the dates printed on it are proposed for her to confirm.
  const issued = day(-3);
  const expires = day(730);
  const card = await makeDemoPdf({
    title: "BLS Provider - American Heart Association",
    lines: ["Emily Carter", `Issue Date: ${issued}`, `Recommended Renewal Date: ${expires}`],
  });
  await blsCard.getByRole("button", { name: UPLOAD_BLS }).click();
  const dialog = page.getByRole("dialog", { name: "Upload document" });
  await dialog
    .getByLabel("File")
    .setInputFiles({ name: "bls-card.pdf", mimeType: "application/pdf", buffer: Buffer.from(card) });
  await expect(dialog.getByText("We found these dates in your document. Please check them.")).toBeVisible();
  await expect(dialog.getByLabel("Issue date")).toHaveValue(issued);
  await expect(dialog.getByLabel(/Expiration date/)).toHaveValue(expires);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByText("Document uploaded")).toBeVisible();
  await expect(dialog).toBeHidden();
  // The card she has counts until it expires: the renewal waits for review beside it.
  await expect(blsCard.getByRole("region", { name: "Renewal awaiting review" })).toBeVisible();
  await expect(blsCard.getByText("Expiring", { exact: true }).first()).toBeVisible();
  expect(await myStatus(page)).toBe("compliant");
  await signOut(page);

  // The coordinator: the rate holds; reject the renewal from the review queue.
  await signIn(page, DEMO.program);
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  expect(await compliantStudents(page)).toBe(compliantBefore);
  await page.getByRole("navigation").getByRole("link", { name: "Compliance" }).click();
  await page.getByRole("tab", { name: /Waiting for review/ }).click();
  const queued = page.getByRole("article", { name: `Emily Carter's ${BLS} document` });
  await expect(queued).toBeVisible();
  await expectAccessible(page);
  await queued.getByRole("button", { name: /^Reject/ }).click();
  const reject = page.getByRole("dialog", { name: "Reject document" });
  await reject.getByRole("button", { name: "Reject document" }).click();
  await expect(reject.getByText("Reason is required")).toBeVisible();
  await reject.getByLabel("Reason").fill("Only the front of the card was uploaded. Please include both sides.");
  await reject.getByRole("button", { name: "Reject document" }).click();
  await expect(page.getByText("Document rejected")).toBeVisible();
  await expect(queued).toBeHidden();
  await signOut(page);

  // She is told why, by email and on her page, and uploads again (a photo of both sides this time).
  // Queued with the review: it leaves within the job runner's next poll.
  const mail = await readMail(page, DEMO.student, /was not accepted/);
  expect(mail.text).toContain("Only the front of the card was uploaded");
  await signIn(page, DEMO.student);
  await expect(page).toHaveURL(/\/dashboard\/student$/);
  await page.goto("/student/compliance");
  const rejected = blsCard.getByRole("region", { name: "Renewal rejected" });
  await expect(rejected.getByText("Only the front of the card was uploaded. Please include both sides.")).toBeVisible();
  expect(await myStatus(page)).toBe("compliant");
  await expectAccessible(page);
  await blsCard.getByRole("button", { name: UPLOAD_BLS }).click();
  await dialog
    .getByLabel("File")
    .setInputFiles({ name: "bls-both-sides.png", mimeType: "image/png", buffer: Buffer.from(makeDemoPng()) });
  await dialog.getByLabel("Issue date").fill(issued);
  await dialog.getByLabel(/Expiration date/).fill(expires);
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByText("Document uploaded")).toBeVisible();
  await expect(blsCard.getByRole("region", { name: "Renewal awaiting review" })).toBeVisible();
  await signOut(page);

  // The coordinator approves it on the student's own compliance page: the new card replaces the old.
  await signIn(page, DEMO.program);
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  await page.goto("/compliance?tab=review");
  const again = page.getByRole("article", { name: `Emily Carter's ${BLS} document` });
  await again.getByRole("link", { name: "Emily Carter", exact: true }).click();
  await expect(page).toHaveURL(/\/students\/[0-9a-f-]{36}\/compliance$/);
  const programCard = page.getByRole("article", { name: BLS });
  // In force: the approved card; under it the renewal to review; the rejected scan in the history.
  await expect(programCard.getByText("History (2 earlier uploads)")).toBeVisible();
  await programCard
    .getByRole("region", { name: "Renewal awaiting review" })
    .getByRole("button", { name: /^Approve/ })
    .click();
  await expect(page.getByText("Document approved")).toBeVisible();
  await expect(programCard.getByText("Approved", { exact: true }).first()).toBeVisible();
  await expect(programCard.getByRole("region", { name: /^Renewal/ })).toHaveCount(0);
  await expect(programCard.getByText("History (3 earlier uploads)")).toBeVisible();
  await expectAccessible(page);
  await expect.poll(() => compliantStudents(page)).toBe(compliantBefore);
  await signOut(page);

  await signIn(page, DEMO.student);
  await expect(page).toHaveURL(/\/dashboard\/student$/);
  expect(await myStatus(page)).toBe("compliant");
  await signOut(page);

  // The facility: her Emergency Nursing application now shows her ready, item by item.
  await signIn(page, DEMO.facility);
  await expect(page).toHaveURL(/\/dashboard\/facility$/);
  await page.getByRole("navigation").getByRole("link", { name: "Applications" }).click();
  await page.getByLabel("Search").fill("student@demo.test");
  const row = page
    .getByRole("row")
    .filter({ hasText: "Emily Carter" })
    .filter({ hasText: "Emergency Nursing Clinical Immersion" })
    .first();
  await expect(row.getByText("Ready", { exact: true })).toBeVisible();
  await row
    .getByRole("button", { name: /^Details: readiness of Emily Carter for Emergency Nursing Clinical Immersion/ })
    .click();
  const readiness = page.getByRole("dialog");
  await expect(readiness.getByText(BLS)).toBeVisible();
  await expect(readiness.getByText("Missing")).toHaveCount(0);
  await expectAccessible(page);
});
