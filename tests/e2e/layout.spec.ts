import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { type Area, NAVIGATION } from "../../src/web/app/shell/navigation";
import { DEMO, expect, signIn, test } from "./fixtures/test";

// Issue 9, "Layouts that fit": every page of every role at a phone, a tablet, a laptop and a wide
// screen. The page itself never scrolls sideways (a table may, inside its own box), the sidebar's
// column reaches the bottom of long pages, and each list's row actions can be reached without
// scrolling anything sideways.
const WIDTHS = [360, 768, 1280, 1920] as const;
const SIDEBAR_FROM = 768; // md: the sidebar is a drawer below it

/** Buttons that must be on screen, without sideways scrolling, once their row is scrolled to. */
type Actions = { required?: RegExp[]; optional?: RegExp[] };

const ACTIONS: Record<string, Actions> = {
  "/applications": { required: [/^Withdraw /] },
  "/students": { required: [/^(Invite|Resend invite) /] },
  "/dashboard/facility": { required: [/^(Accept|Approve) /, /^(Decline|Reject) /] },
  "/dashboard/facility/applications": { required: [/^(Approve|Accept) /, /^(Reject|Decline) /] },
  "/dashboard/facility/placements": { required: [/^Edit /] },
  "/dashboard/admin/programs": { required: [/^(Verify|Reject) /] },
  "/dashboard/admin/facilities": { required: [/^(Verify|Reject) /] },
  "/placements": { optional: [/^Submit Application: /] },
  "/student/placements": { optional: [/^Apply: /] },
  "/student/applications": { optional: [/^Withdraw: /] },
  "/dashboard/facility/rotations": { required: [/^Assign preceptors to /] },
  "/dashboard/facility/preceptors": { required: [/^Remove .* as a preceptor$/] },
};

/** A page: a fixed path, or one found from another page (a detail page). */
type Visit = string | { label: string; find: (page: Page) => Promise<string> };

const firstStudent = async (page: Page) => {
  await page.goto("/students");
  const href = await page.locator("main a[href^='/students/']").first().getAttribute("href");
  expect(href, "a student to open").toBeTruthy();
  return href as string;
};

const ROLES: { role: keyof typeof DEMO; area: Area; visits: Visit[] }[] = [
  {
    role: "program",
    area: "program",
    visits: [
      ...NAVIGATION.program.map((i) => i.to),
      { label: "/students/:id", find: firstStudent },
      { label: "/students/:id/compliance", find: async (page) => `${await firstStudent(page)}/compliance` },
      "/account",
    ],
  },
  { role: "facility", area: "facility", visits: [...NAVIGATION.facility.map((i) => i.to), "/account"] },
  { role: "admin", area: "admin", visits: [...NAVIGATION.admin.map((i) => i.to), "/account"] },
  { role: "superadmin", area: "admin", visits: ["/dashboard/admin"] },
  { role: "student", area: "student", visits: [...NAVIGATION.student.map((i) => i.to), "/account"] },
  // Issue 17: the preceptor's pages, and one of their students.
  {
    role: "preceptor",
    area: "preceptor",
    visits: [
      ...NAVIGATION.preceptor.map((i) => i.to),
      {
        label: "/dashboard/preceptor/rotations/:id",
        find: async (page) => {
          await page.goto("/dashboard/preceptor");
          const href = await page
            .locator("main a[href^='/dashboard/preceptor/rotations/']")
            .first()
            .getAttribute("href");
          expect(href, "a rotation to open").toBeTruthy();
          return href as string;
        },
      },
    ],
  },
];

/** Screenshots for a person to look at: LAYOUT_SCREENSHOTS=/tmp/layout-shots. */
const SHOTS = process.env.LAYOUT_SCREENSHOTS;

async function settle(page: Page) {
  await expect(page.locator("main h1").first()).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
}

/** Two frames after a resize: layout, ResizeObserver-driven charts and calendars have caught up. */
const frames = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50)))),
  );

/** The document's width against the window's, and what sticks out when it is wider. */
const pageOverflow = (page: Page) =>
  page.evaluate(() => {
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    const culprits: string[] = [];
    if (scrollWidth > width) {
      for (const el of document.querySelectorAll("body *")) {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.right <= width + 1) continue;
        if ([...el.children].some((c) => c.getBoundingClientRect().right > width + 1)) continue;
        const text = (el.textContent ?? "").trim().slice(0, 30);
        culprits.push(`<${el.tagName.toLowerCase()}> "${text}" ends at ${Math.round(box.right)}px`);
        if (culprits.length === 3) break;
      }
    }
    return { width, scrollWidth, culprits };
  });

/** The sidebar's column (background and border) reaches the bottom of the page. */
const sidebarGap = (page: Page) =>
  page.evaluate(() => {
    const aside = document.querySelector("aside");
    if (!aside) return "no sidebar";
    const bottom = aside.getBoundingClientRect().bottom + window.scrollY;
    const pageBottom = document.documentElement.scrollHeight;
    return bottom >= pageBottom - 1 ? null : `the sidebar ends at ${Math.round(bottom)}px of ${pageBottom}px`;
  });

/**
 * The first button named `name`, scrolled to vertically only (every sideways scroll box back at its
 * start): is it inside the window and inside every box that clips it, and not covered?
 */
async function unreachable(page: Page, name: RegExp): Promise<string | null> {
  const button = page.getByRole("button", { name }).first();
  const problem = await button.evaluate((el) => {
    for (let a = el.parentElement; a; a = a.parentElement) a.scrollLeft = 0;
    window.scrollTo(0, 0);
    const before = el.getBoundingClientRect();
    window.scrollTo(0, before.top + before.height / 2 - window.innerHeight / 2);
    const box = el.getBoundingClientRect();
    if (box.left < 0 || box.right > window.innerWidth + 0.5)
      return `spans ${Math.round(box.left)}-${Math.round(box.right)}px of a ${window.innerWidth}px window`;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX === "visible") continue;
      const clip = a.getBoundingClientRect();
      if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5)
        return `is cut off by its scroll box (${Math.round(clip.left)}-${Math.round(clip.right)}px) at ${Math.round(box.left)}-${Math.round(box.right)}px`;
    }
    // A disabled button lets the pointer through (pointer-events: none); what is on top is the question.
    const pointerEvents = (el as HTMLElement).style.pointerEvents;
    (el as HTMLElement).style.pointerEvents = "auto";
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    (el as HTMLElement).style.pointerEvents = pointerEvents;
    if (!hit || !el.contains(hit)) return `is covered by <${hit?.tagName.toLowerCase()}>`;
    return null;
  });
  if (problem) return problem;
  // As a person would reach it: scrolled into view, it is wholly inside the window.
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  if (!box || box.x < 0 || box.x + box.width > width + 0.5) return "is outside the window after scrolling to it";
  return null;
}

for (const { role, area, visits } of ROLES) {
  test(`${role}: every page fits at ${WIDTHS.join(", ")} px and its row actions are reachable`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, DEMO[role]);
    await expect(page).toHaveURL(/\/dashboard\//);

    // Messages is in the sidebar, not only behind the bell.
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect
      .soft(nav.getByRole("link", { name: "Messages", exact: true }))
      .toHaveAttribute("href", area === "student" ? "/student/messages" : "/messages", { timeout: 3000 });

    const failures: string[] = [];
    for (const visit of visits) {
      await page.setViewportSize({ width: 1280, height: 800 });
      const path = typeof visit === "string" ? visit : await visit.find(page);
      const label = typeof visit === "string" ? visit : visit.label;
      await page.goto(path);
      await settle(page);
      const actions = ACTIONS[path] ?? {};
      for (const name of actions.required ?? []) {
        await expect(page.getByRole("button", { name }).first(), `${label}: a ${name} button`).toBeVisible();
      }

      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await frames(page);
        const where = `${label} at ${width}px`;

        const overflow = await pageOverflow(page);
        if (overflow.scrollWidth > overflow.width)
          failures.push(
            `${where}: the page scrolls sideways (${overflow.scrollWidth}px wide): ${overflow.culprits.join("; ")}`,
          );

        if (width >= SIDEBAR_FROM) {
          const gap = await sidebarGap(page);
          if (gap) failures.push(`${where}: ${gap}`);
        }

        for (const name of [...(actions.required ?? []), ...(actions.optional ?? [])]) {
          if ((await page.getByRole("button", { name }).count()) === 0) continue;
          const problem = await unreachable(page, name);
          if (problem) failures.push(`${where}: the first ${name} button ${problem}`);
        }

        if (SHOTS && (width === 360 || width === 1280)) {
          mkdirSync(SHOTS, { recursive: true });
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.screenshot({ path: `${SHOTS}/${role}${label.replaceAll(/[/:]/g, "_")}-${width}.png` });
        }
      }
    }
    expect(failures, "layout problems").toEqual([]);
  });
}
