import type { Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, signIn, test } from "./fixtures/test";

// Live messages (issue 5): student@demo.test and their program coordinator (program@demo.test, Dana
// Whitfield of Lakeshore University School of Nursing) write to each other in two browsers; each
// sees the other's message arrive and the bell's unread dot appear without reloading.

const STUDENT_NAME = "Emily Carter";
const COORDINATOR_NAME = "Dana Whitfield";
const PROGRAM_NAME = "Lakeshore University School of Nursing";

/** Marks everything in the inbox read (through the API, with the page's session): a clean bell. */
async function readEverything(page: Page) {
  for (;;) {
    const res = await page.request.get("/api/messages?box=inbox&pageSize=100");
    expect(res.ok()).toBeTruthy();
    const { items } = (await res.json()) as { items: { id: string; read: boolean }[] };
    const unread = items.filter((m) => !m.read);
    if (unread.length === 0) return;
    for (const m of unread) expect((await page.request.post(`/api/messages/${m.id}/read`)).ok()).toBeTruthy();
  }
}

/** axe once the toasts have gone (they cover part of the page while shown). */
async function checkAccessible(page: Page) {
  for (const close of await page.getByRole("button", { name: "Close toast" }).all())
    await close.click({ timeout: 1000 }).catch(() => {});
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);
}

const bell = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Messages/ });
const row = (page: Page, subject: string) => page.getByTestId("message-row").filter({ hasText: subject });

test("a student and their coordinator exchange messages, each arriving live", async ({ page, browser }) => {
  const tag = Date.now().toString(36);
  const subject = `Clinical hours for week 3 (${tag})`;
  const student = page;

  // The coordinator in a second browser context, with the same console-error rule as the fixture.
  const coordinatorContext = await browser.newContext();
  const coordinator = await coordinatorContext.newPage();
  const coordinatorErrors: string[] = [];
  coordinator.on("console", (m) => {
    if (m.type() === "error" && !/status of (401|429)/.test(m.text())) coordinatorErrors.push(m.text());
  });
  coordinator.on("pageerror", (e) => coordinatorErrors.push(e.message));

  try {
    // The student opens Messages from the header bell.
    await signIn(student, DEMO.student);
    await expect(student).toHaveURL(/\/dashboard\/student$/);
    await readEverything(student);
    await bell(student).click();
    await expect(student).toHaveURL(/\/student\/messages$/);
    await expect(student.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
    await expect(student.getByRole("tab", { name: "Inbox" })).toHaveAttribute("aria-selected", "true");
    await expect(student.getByRole("list", { name: "Inbox" })).toBeVisible();
    await expect(student.getByTestId("unread-dot")).toHaveCount(0);
    await checkAccessible(student);

    // The coordinator opens Messages from theirs.
    await signIn(coordinator, DEMO.program);
    await expect(coordinator).toHaveURL(/\/dashboard\/program$/);
    await readEverything(coordinator);
    await bell(coordinator).click();
    await expect(coordinator).toHaveURL(/\/messages$/);
    await expect(coordinator.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
    await expect(coordinator.getByTestId("unread-dot")).toHaveCount(0);
    await checkAccessible(coordinator);

    // The coordinator writes: all fields are required.
    await coordinator.getByRole("button", { name: "New message" }).first().click();
    const compose = coordinator.getByRole("dialog", { name: "New message" });
    await compose.getByRole("button", { name: "Send message" }).click();
    await expect(compose.getByText("Recipient is required")).toBeVisible();
    await expect(compose.getByText("Subject is required")).toBeVisible();
    await expect(compose.getByText("Content is required")).toBeVisible();
    await compose.getByRole("combobox", { name: "Recipient" }).fill("Emily");
    await compose.getByRole("option", { name: new RegExp(STUDENT_NAME) }).click();
    await expect(compose.getByRole("combobox", { name: "Recipient" })).toHaveValue(STUDENT_NAME);
    await compose.getByLabel("Subject").fill(subject);
    await compose.getByLabel("Content").fill("Please log your clinical hours for week 3 by Friday.");
    await checkAccessible(coordinator);
    await compose.getByRole("button", { name: "Send message" }).click();
    await expect(coordinator.getByText("Message sent", { exact: true })).toBeVisible();
    await expect(compose).toBeHidden();

    // The student sees it arrive, unread, and the bell's dot, without a reload.
    const incoming = row(student, subject);
    await expect(incoming).toBeVisible();
    await expect(incoming).toHaveAttribute("data-unread", "true");
    await expect(incoming).toContainText(COORDINATOR_NAME);
    await expect(incoming).toContainText(PROGRAM_NAME);
    await expect(student.getByTestId("unread-dot")).toBeVisible();
    await expect(bell(student)).toHaveAccessibleName("Messages, 1 unread");

    // Opening it shows it in full and marks it read: the dot goes.
    await incoming.click();
    const detail = student.getByRole("dialog", { name: subject });
    await expect(detail.getByTestId("message-content")).toHaveText(
      "Please log your clinical hours for week 3 by Friday.",
    );
    await expect(detail.getByTestId("message-from")).toHaveText(`${COORDINATOR_NAME}, ${PROGRAM_NAME}`);
    await expect(student.getByTestId("unread-dot")).toHaveCount(0);
    await checkAccessible(student);

    // The student replies: recipient and 'Re: subject' are filled in.
    await detail.getByRole("button", { name: "Reply" }).click();
    const reply = student.getByRole("dialog", { name: "Reply" });
    await expect(reply.getByRole("combobox", { name: "Recipient" })).toHaveValue(COORDINATOR_NAME);
    await expect(reply.getByLabel("Subject")).toHaveValue(`Re: ${subject}`);
    await reply.getByLabel("Content").fill("Logged them this morning. Thank you!");
    await reply.getByRole("button", { name: "Send message" }).click();
    await expect(student.getByText("Message sent", { exact: true })).toBeVisible();
    await expect(row(student, subject)).not.toHaveAttribute("data-unread", "true");

    // The coordinator sees the reply arrive and their dot appear, without a reload.
    const replied = row(coordinator, `Re: ${subject}`);
    await expect(replied).toBeVisible();
    await expect(replied).toHaveAttribute("data-unread", "true");
    await expect(replied).toContainText(STUDENT_NAME);
    await expect(coordinator.getByTestId("unread-dot")).toBeVisible();
    await replied.click();
    await expect(coordinator.getByRole("dialog", { name: `Re: ${subject}` }).getByTestId("message-content")).toHaveText(
      "Logged them this morning. Thank you!",
    );
    await expect(coordinator.getByTestId("unread-dot")).toHaveCount(0);
    await coordinator.keyboard.press("Escape");

    // Sent and search.
    await student.keyboard.press("Escape");
    await student.getByRole("tab", { name: "Sent" }).click();
    await expect(student).toHaveURL(/box=sent/);
    await expect(row(student, `Re: ${subject}`)).toBeVisible();
    await checkAccessible(student);
    await coordinator.getByRole("searchbox", { name: "Search messages" }).fill(tag);
    await expect(coordinator.getByTestId("message-row")).toHaveCount(1);
    await coordinator.getByRole("searchbox", { name: "Search messages" }).fill(`nothing-like-${tag}`);
    await expect(coordinator.getByText("No messages match")).toBeVisible();
    await checkAccessible(coordinator);

    expect(coordinatorErrors, "console errors (coordinator)").toEqual([]);
  } finally {
    await coordinatorContext.close();
  }
});

test("the messages page works at phone width", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, DEMO.facility);
  await expect(page).toHaveURL(/\/dashboard\/facility$/);
  await bell(page).click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByTestId("message-row").first()).toBeVisible();
  // Nothing wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByTestId("message-row").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await checkAccessible(page);
});
