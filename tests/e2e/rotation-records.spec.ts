import { readFile } from "node:fs/promises";
import { getDocumentProxy } from "unpdf";
import { DEMO, expect, expectAccessible, signIn, signOut, test } from "./fixtures/test";

// Issue 17, rotation records on the demo world: the demo program opens Rotation Records, filters
// (in the address), and downloads the demo student's record PDF, whose text holds her name, her
// approved hours and the preceptor's comment; the student finds "Download record" on her approved
// application. axe on every page; 360 and 1280 px.

const COMMENT = "Emily prepares thoroughly, communicates clearly with patients and families";

async function pdfText(path: string) {
  const doc = await getDocumentProxy(new Uint8Array(await readFile(path)), { verbosity: 0 });
  let text = "";
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    text += ` ${content.items.map((i) => ("str" in i ? i.str : "")).join(" ")}`;
  }
  return text.replace(/\s+/g, " ");
}

test.describe.configure({ timeout: 180_000 });

test("the program reads completion across its students and downloads a rotation's record", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO.program);
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  await page.getByRole("navigation").getByRole("link", { name: "Rotation Records" }).click();
  await expect(page).toHaveURL(/\/rotations$/);
  await expect(page.getByRole("heading", { name: "Rotation Records" })).toBeVisible();
  const table = page.getByRole("table", { name: "Rotation records" });
  await expect(table).toBeVisible();
  // The counts at the top: the demo world has an ended rotation complete in hours and evaluations.
  const complete = page.getByRole("button", { name: /^Ended, complete: [1-9]\d*\. Show these$/ });
  await expect(complete).toBeVisible();
  await expectAccessible(page);

  // A count filters; the filters live in the address.
  await complete.click();
  await expect(page).toHaveURL(/status=ended/);
  await expect(page).toHaveURL(/completion=complete/);
  await expect(page.getByLabel("Completion", { exact: true })).toHaveValue("complete");
  await expect(table.getByRole("row")).not.toHaveCount(1);
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/rotations$/);

  // The demo student's rotation, found by name.
  await page.getByRole("searchbox").fill("Emily Carter");
  await expect(page).toHaveURL(/q=Emily/);
  const row = table.getByRole("row").filter({ hasText: "Emily Carter" }).filter({ hasText: "pending review" });
  await expect(row).toHaveCount(1);
  // Her program requires 90 h, or 120 h of an ICU rotation.
  await expect(row).toContainText(/\/ (90|120) h/);
  // Her preceptor's evaluation is in; her own of the site too once evaluations.spec has run.
  await expect(row).toContainText(/[12] of 2/);
  const [, hours, required] =
    ((await row.getByText(/\/ (90|120) h/).textContent()) ?? "").match(/^([\d.]+) \/ (\d+) h/) ?? [];
  expect(hours).toBeTruthy();
  await expectAccessible(page);

  // Download the record and read it.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    row.getByRole("link", { name: /^Download record: Emily Carter/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^rotation-record-Emily-Carter-.*\.pdf$/);
  const text = await pdfText(await download.path());
  expect(text).toContain("Clinical Rotation Record");
  expect(text).toContain("Emily Carter");
  expect(text).toContain(`Approved ${hours} h of ${required} required`);
  expect(text).toContain(COMMENT);

  // 360 px: nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Rotation Records" })).toBeVisible();
  // A phone shows the records as cards.
  await expect(page.getByRole("list", { name: "Rotation records" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signOut(page);

  // The student downloads the record of her own approved rotation.
  await signIn(page, DEMO.student);
  await expect(page).toHaveURL(/\/dashboard\/student$/);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My Applications" }).click();
  await expect(page.getByRole("heading", { name: "My Applications" })).toBeVisible();
  const links = page.getByRole("link", { name: /^Download record:/ });
  await expect(links.first()).toBeVisible();
  await expectAccessible(page);
  const [own] = await Promise.all([page.waitForEvent("download"), links.first().click()]);
  expect(await pdfText(await own.path())).toContain("Emily Carter");
});
