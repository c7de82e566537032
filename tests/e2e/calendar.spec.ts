import type { Page } from "@playwright/test";
import ical, { type VEvent } from "node-ical";
import { DEMO, expect, expectAccessible, signIn, signOut, test } from "./fixtures/test";

// Issue 15 on the demo world: the program coordinator (Dana Whitfield) finds Emily Carter's rotation
// on the month view and opens her record, adds an orientation day, subscribes and finds both in the
// feed fetched without a cookie; the facility sees its departments' capacity; Emily sees her own
// calendar and the dashboard's upcoming events. axe on every page and dialog.

type ApiEvent = { id: string; kind: string; title: string; start: string; end: string; allDay: boolean };

const localDay = (offset = 0) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

async function events(page: Page, query: Record<string, string>): Promise<ApiEvent[]> {
  const res = await page.request.get(`/api/calendar/events?${new URLSearchParams(query)}`);
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).items as ApiEvent[];
}

/** The calendar's event (its first segment: a rotation spans several week rows). */
const calendarEvent = (page: Page, title: string) => page.locator(".fc-event", { hasText: title }).first();

/** Moves the calendar forward until `title` shows (at most `months` times). */
async function findOnCalendar(page: Page, title: string, months = 6) {
  for (let i = 0; i < months && (await calendarEvent(page, title).count()) === 0; i++) {
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page.getByText("Loading events...")).toBeHidden();
  }
  await expect(calendarEvent(page, title)).toBeVisible();
}

test.describe.configure({ timeout: 180_000 });

test("a program coordinator filters by a student, opens a rotation, adds an orientation day and subscribes", async ({
  page,
  context,
  request,
}) => {
  const tag = Date.now().toString(36);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, DEMO.program);
  await expect(page).toHaveURL(/\/dashboard\/program$/);
  await page.getByRole("navigation").getByRole("link", { name: "Calendar" }).click();
  await expect(page).toHaveURL(/\/calendar/);
  await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Month" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Loading events...")).toBeHidden();
  await expectAccessible(page);

  // Filter by Emily Carter (the searchable picker): the address keeps it.
  await page.getByRole("combobox", { name: "Student" }).fill("Emily Carter");
  await page
    .getByRole("option", { name: /Emily Carter/ })
    .first()
    .click();
  await expect(page).toHaveURL(/studentId=/);
  const studentId = new URL(page.url()).searchParams.get("studentId") ?? "";

  // Her approved rotation that has not ended yet, as the API has it.
  const rotations = await events(page, { from: localDay(), to: localDay(365), studentId, kinds: "rotation" });
  expect(rotations.length).toBeGreaterThan(0);
  const rotation = rotations[0]!;
  await findOnCalendar(page, rotation.title, 13);
  await calendarEvent(page, rotation.title).click();
  const detail = page.getByRole("dialog", { name: rotation.title });
  await expect(detail).toBeVisible();
  await expect(detail.getByText("Emily Carter", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await detail.getByRole("link", { name: "Open student record" }).click();
  await expect(page).toHaveURL(new RegExp(`/students/${studentId}`));
  await expect(page.getByRole("heading", { level: 1, name: "Emily Carter", exact: true })).toBeVisible();

  // Back on the calendar (the same month and filter), an orientation day today, for the program's students.
  await page.goBack();
  await expect(page).toHaveURL(/studentId=/);
  await page.getByRole("button", { name: "Clear filters" }).click();
  await page.getByRole("button", { name: "Today", exact: true }).click();
  await page.getByRole("button", { name: "Add event" }).click();
  const form = page.getByRole("dialog", { name: "Add event" });
  const title = `Orientation day ${tag}`;
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Category").selectOption("orientation");
  await form.getByLabel("Date").fill(localDay());
  await form.getByLabel("Start time").fill("08:30");
  await form.getByLabel("End time").fill("11:00");
  await form.getByLabel("Location (optional)").fill("Skills lab, room 2");
  await form.getByLabel("Who sees it").selectOption("students");
  await expectAccessible(page);
  await form.getByRole("button", { name: "Add event" }).click();
  await expect(page.getByText("Event added")).toBeVisible();
  await expect(form).toBeHidden();
  // Today holds more events than a month cell shows: the list view shows them all.
  await page.getByRole("button", { name: "List", exact: true }).click();
  await expect(page.getByRole("button", { name: "List", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(calendarEvent(page, title)).toBeVisible();
  await calendarEvent(page, title).click();
  const mine = page.getByRole("dialog", { name: title });
  await expect(mine.getByText("Skills lab, room 2")).toBeVisible();
  await expect(mine.getByRole("button", { name: "Edit" })).toBeVisible();
  await mine.getByRole("button", { name: "Close" }).click();

  // Subscribe: the address is shown once; Copy puts it on the clipboard.
  await page.getByRole("button", { name: "Subscribe" }).click();
  const subscribe = page.getByRole("dialog", { name: "Subscribe to your calendar" });
  await subscribe.getByLabel("Feed name").fill(`E2E laptop ${tag}`);
  await subscribe.getByRole("button", { name: "Create feed" }).click();
  const address = subscribe.getByLabel(/Your feed address/);
  await expect(address).toHaveValue(/\/api\/calendar\/feeds\/.+\.ics$/);
  await subscribe.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByText("Feed address copied")).toBeVisible();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toBe(await address.inputValue());
  await expect(subscribe.getByText(`E2E laptop ${tag}`)).toBeVisible();
  await expectAccessible(page);

  // The feed, fetched without a cookie, carries the new event and the rotation, with UIDs.
  const feed = await request.get(url, { headers: { cookie: "" } });
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toMatch(/text\/calendar/);
  const parsed = ical.sync.parseICS(await feed.text());
  const vevents = Object.values(parsed).filter((c): c is VEvent => c?.type === "VEVENT");
  const summaryOf = (e: VEvent) => (typeof e.summary === "string" ? e.summary : e.summary?.val);
  const orientation = vevents.find((e) => summaryOf(e) === title);
  expect(orientation, "the orientation day in the feed").toBeDefined();
  expect(orientation?.uid).toBeTruthy();
  expect(orientation?.location).toBeTruthy();
  expect(vevents.some((e) => summaryOf(e) === rotation.title)).toBe(true);
});

test("a facility coordinator sees the calendar and its departments' capacity", async ({ page }) => {
  await signIn(page, DEMO.facility);
  await expect(page).toHaveURL(/\/dashboard\/facility$/);
  await page.getByRole("navigation").getByRole("link", { name: "Calendar" }).click();
  await expect(page).toHaveURL(/\/dashboard\/facility\/calendar/);
  await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
  await expect(page.getByText("Loading events...")).toBeHidden();
  await expect(page.getByLabel("Department")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("tab", { name: "Capacity" }).click();
  await expect(page.getByRole("heading", { name: "Department capacity by week" })).toBeVisible();
  await expect(page.getByRole("table").first()).toBeVisible();
  await expectAccessible(page);
  await signOut(page);
});

test("a student sees their calendar and the dashboard's upcoming events, also on a phone", async ({ page }) => {
  await signIn(page, DEMO.student);
  await expect(page).toHaveURL(/\/dashboard\/student$/);
  const upcoming = await events(page, { from: localDay(), to: localDay(30) });
  if (upcoming.length > 0) {
    await expect(page.getByRole("list", { name: "Upcoming events" }).getByRole("listitem")).toHaveCount(
      Math.min(upcoming.length, 6),
    );
    await expect(page.getByRole("list", { name: "Upcoming events" })).toContainText(upcoming[0]!.title);
  } else {
    await expect(page.getByText("Nothing on your calendar in the next 30 days.")).toBeVisible();
  }
  await expectAccessible(page);

  await page.getByRole("navigation").getByRole("link", { name: "Calendar" }).click();
  await expect(page).toHaveURL(/\/student\/calendar/);
  await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Subscribe" })).toBeVisible();
  const mine = await events(page, { from: localDay(-31), to: localDay(365), kinds: "rotation" });
  expect(mine.length).toBeGreaterThan(0);
  const next = mine.find((e) => e.end >= localDay()) ?? mine[0]!;
  await findOnCalendar(page, next.title, 13);
  await expectAccessible(page);

  // A phone starts in the list view.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto("/student/calendar");
  await expect(page.getByRole("button", { name: "List" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Loading events...")).toBeHidden();
  await expectAccessible(page);
});
