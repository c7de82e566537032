import { makeDemoPdf } from "../../src/server/factories/documents";
import { apiSignedIn, DEMO, expect, expectAccessible, signIn, signOut, test } from "./fixtures/test";

// Issue 17, affiliation agreements on the demo world: the first facility's coordinator drafts an
// agreement with Cascade College of Nursing, uploads the PDF and signs for the facility (it awaits
// the program's signature), turns on "Require an active affiliation agreement", and Sonoran Valley
// (which holds none with the facility) sees the reason on the facility's placements instead of
// Apply. Cascade's coordinator then signs for the program (in force) and proposes a later end date
// with a new signed document, which the facility accepts. axe on every page; 360, 390 and 1280 px.

const FACILITY = "Mercy Lakeside Medical Center";
const SONORAN = "coordinator@sonoran.demo.test";
const CASCADE = "coordinator@cascade.demo.test";
const CASCADE_NAME = "Cascade College of Nursing";
const TITLE = "Clinical Affiliation Agreement (e2e)";
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test.describe.configure({ timeout: 180_000 });

// The rule is off again for the specs after this one, whatever happened in it: the test turns it
// off through the page at its end, but a failure before that would leave every program without an
// agreement unable to apply to the demo facility (as a failed suspension spec once left the facility
// suspended for nine later specs). An afterAll hook has its own time; turning the rule off is idempotent.
test.afterAll(async ({ baseURL }) => {
  const api = await apiSignedIn(baseURL, DEMO.facility);
  try {
    const off = await api.put("/api/agreements/requirement", {
      data: { requireAgreement: false },
      headers: { origin: baseURL ?? "" },
    });
    expect(off.ok()).toBeTruthy();
    expect(((await off.json()) as { requireAgreement: boolean }).requireAgreement).toBe(false);
  } finally {
    await api.dispose();
  }
});

test("each side signs an agreement, a program without one sees why it cannot apply, an amendment both accept", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO.facility);
  await expect(page).toHaveURL(/\/dashboard\/facility$/);
  await page.getByRole("navigation").getByRole("link", { name: "Agreements" }).click();
  await expect(page).toHaveURL(/\/dashboard\/facility\/agreements$/);
  await expect(page.getByRole("heading", { name: "Affiliation Agreements" })).toBeVisible();
  // The demo world's agreements in every status.
  const table = page.getByRole("table", { name: "Affiliation agreements" });
  await expect(table).toBeVisible();
  await expectAccessible(page);

  // A new draft naming the program, with a contact on each side.
  await page.getByRole("button", { name: "New agreement" }).click();
  const dialog = page.getByRole("dialog", { name: "New affiliation agreement" });
  await dialog.getByRole("combobox", { name: "Nursing program" }).fill("Cascade");
  await dialog.getByRole("option", { name: /Cascade College of Nursing/ }).click();
  await dialog.getByLabel("Title", { exact: true }).fill("Clinical Affiliation Agreement (e2e)");
  await dialog.getByLabel("Start date", { exact: true }).fill(day(-10));
  await dialog.getByLabel("End date", { exact: true }).fill(day(3 * 365));
  const names = dialog.getByLabel("Name", { exact: true });
  await names.nth(0).fill("Avery Program");
  await names.nth(1).fill("Jordan Facility");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Create draft" }).click();
  const created = page.getByRole("dialog", { name: "Clinical Affiliation Agreement (e2e)" });
  await expect(created.getByText("Draft", { exact: true })).toBeVisible();

  // The signed copy, then the signature.
  const pdf = await makeDemoPdf({ title: "Clinical Affiliation Agreement", lines: ["Signed by both parties."] });
  await created
    .getByLabel(/Upload the signed document/)
    .setInputFiles({ name: "signed-agreement.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdf) });
  await expect(created.getByRole("link", { name: "signed-agreement.pdf" })).toBeVisible();
  // The facility's signature alone: the agreement awaits the program's and is not in force.
  await created.getByRole("button", { name: `Sign for ${FACILITY}` }).click();
  await expect(created.getByText("Awaiting the program's signature", { exact: true })).toBeVisible();
  await expect(created.getByRole("button", { name: `Sign for ${CASCADE_NAME}` })).toHaveCount(0);
  await expect(created.getByText(/Signed by .* on /)).toBeVisible();
  await expectAccessible(page);
  await created.getByRole("button", { name: "Close" }).click();
  await expect(table.getByRole("button", { name: TITLE, exact: true })).toBeVisible();

  // The filters live in the address.
  await page.getByLabel("Status", { exact: true }).selectOption("expiring");
  await expect(page).toHaveURL(/status=expiring/);
  await page.getByRole("button", { name: "Clear filters" }).click();

  // Require an agreement for applications.
  const rule = page.getByRole("checkbox", { name: /Require an active affiliation agreement/ });
  await expect(rule).not.toBeChecked();
  await rule.click();
  await expect(page.getByText("Applications now need an active agreement")).toBeVisible();
  await expect(rule).toBeChecked();

  // The page at 360 px: nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Affiliation Agreements" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signOut(page);

  // A program without an agreement with the facility sees the reason before trying.
  await signIn(page, SONORAN);
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  await page.goto(`/placements?q=${encodeURIComponent(FACILITY)}`);
  const notice = page.getByText(`${FACILITY} requires an active affiliation agreement`).first();
  await expect(notice).toBeVisible();
  await expect(page.getByRole("button", { name: /^Agreement required to apply: / }).first()).toBeDisabled();
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(notice).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Its own agreements page says it holds none with the facility.
  await page.getByRole("navigation").getByRole("link", { name: "Agreements" }).click();
  await expect(page).toHaveURL(/\/agreements$/);
  await expect(page.getByRole("heading", { name: "Affiliation Agreements" })).toBeVisible();
  await expect(page.getByRole("button", { name: TITLE, exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await signOut(page);

  // Cascade's coordinator signs for the program: now it is in force. Then proposes a later end.
  await signIn(page, CASCADE);
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  await page.goto("/agreements");
  await page
    .getByRole("table", { name: "Affiliation agreements" })
    .getByRole("button", { name: TITLE, exact: true })
    .click();
  const mine = page.getByRole("dialog", { name: TITLE });
  await expect(mine.getByText("Awaiting the program's signature", { exact: true })).toBeVisible();
  await expect(mine.getByRole("button", { name: `Sign for ${FACILITY}` })).toHaveCount(0);
  await mine.getByRole("button", { name: `Sign for ${CASCADE_NAME}` }).click();
  await expect(mine.getByText("Active", { exact: true })).toBeVisible();
  // Its terms are no longer edited in place.
  await expect(mine.getByLabel("End date", { exact: true })).toBeDisabled();
  await mine.getByRole("button", { name: "Propose an amendment" }).click();
  await mine.getByLabel("New end date").fill(day(4 * 365));
  await mine.getByLabel("Why (the other side reads this)").fill("A fourth year for the new cohort.");
  await mine
    .getByLabel(/^New signed document/)
    .setInputFiles({ name: "amended-agreement.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdf) });
  await mine.getByRole("button", { name: "Propose amendment", exact: true }).click();
  await expect(mine.getByText(`${CASCADE_NAME} proposed`, { exact: false })).toBeVisible();
  await expect(mine.getByRole("button", { name: /^Accept for/ })).toHaveCount(0);
  await expect(mine.getByRole("button", { name: "Withdraw amendment" })).toBeVisible();
  await expect(mine.getByRole("link", { name: "amended-agreement.pdf" })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 800 });
  await expectAccessible(page);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wide).toBeLessThanOrEqual(1);
  await page.setViewportSize({ width: 1280, height: 800 });
  await mine.getByRole("button", { name: "Close" }).click();
  await signOut(page);

  // The facility turns the rule off again: the other journeys apply to its placements.
  await signIn(page, DEMO.facility);
  await expect(page).toHaveURL(/\/dashboard\/facility$/);
  await page.goto("/dashboard/facility/agreements");
  const again = page.getByRole("checkbox", { name: /Require an active affiliation agreement/ });
  await expect(again).toBeChecked();
  await again.click();
  await expect(again).not.toBeChecked();

  // The facility accepts Cascade's amendment: the agreement now ends on the new date.
  await page
    .getByRole("table", { name: "Affiliation agreements" })
    .getByRole("button", { name: TITLE, exact: true })
    .click();
  const theirs = page.getByRole("dialog", { name: TITLE });
  await expect(theirs.getByText("A fourth year for the new cohort.", { exact: false })).toBeVisible();
  await expectAccessible(page);
  await theirs.getByRole("button", { name: `Accept for ${FACILITY}` }).click();
  await expect(page.getByText("Amendment accepted: the agreement now has its terms")).toBeVisible();
  await expect(theirs.getByLabel("End date", { exact: true })).toHaveValue(day(4 * 365));
  await expect(theirs.getByRole("link", { name: "amended-agreement.pdf" })).toBeVisible();
  await expect(theirs.getByRole("button", { name: "Propose an amendment" })).toBeVisible();
});
