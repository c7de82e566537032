import { z } from "zod";
import { addDays } from "./calendar";
import { isoDate } from "./dates";

// The facility's capacity view (issue 15): departments × weeks, the seats taken on each week's
// busiest day against the department's capacity. Weeks start on Monday (ISO 8601), whatever day
// the caller names. Pure helpers shared by the server (the week range it asks SQL for) and the
// web (labels, navigation, fill levels). No I/O.

export const CAPACITY_WEEKS_DEFAULT = 8;
export const CAPACITY_WEEKS_MAX = 26;

/** The Monday of the week `day` (YYYY-MM-DD) falls in. */
export function weekStart(day: string): string {
  // getUTCDay: Sunday 0 … Saturday 6; Monday is 0 days back, Sunday 6.
  const back = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -back);
}

/** `count` successive weeks from the week of `from`: each its Monday and Sunday. */
export function weekRange(from: string, count: number): { start: string; end: string }[] {
  const first = weekStart(from);
  return Array.from({ length: count }, (_, i) => {
    const start = addDays(first, i * 7);
    return { start, end: addDays(start, 6) };
  });
}

/** The first day of the window `count` weeks earlier or later (previous / next navigation). */
export const shiftWeeks = (from: string, count: number) => addDays(weekStart(from), count * 7);

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A week's column heading: 'Mar 2–8' within a month, 'Mar 30–Apr 5' across two. */
export function weekLabel(start: string): string {
  const end = addDays(start, 6);
  const m1 = MONTHS[Number(start.slice(5, 7)) - 1];
  const m2 = MONTHS[Number(end.slice(5, 7)) - 1];
  const d1 = Number(start.slice(8, 10));
  const d2 = Number(end.slice(8, 10));
  return m1 === m2 ? `${m1} ${d1}–${d2}` : `${m1} ${d1}–${m2} ${d2}`;
}

/** The window's caption: 'Mar 2 – Apr 26, 2026', years named on both ends when they differ. */
export function windowLabel(weeks: readonly { start: string; end: string }[]): string {
  if (weeks.length === 0) return "";
  const first = weeks[0].start;
  const last = weeks[weeks.length - 1].end;
  const md = (d: string) => `${MONTHS[Number(d.slice(5, 7)) - 1]} ${Number(d.slice(8, 10))}`;
  return first.slice(0, 4) === last.slice(0, 4)
    ? `${md(first)} – ${md(last)}, ${last.slice(0, 4)}`
    : `${md(first)}, ${first.slice(0, 4)} – ${md(last)}, ${last.slice(0, 4)}`;
}

export type FillLevel = "empty" | "some" | "full" | "over";

/** How full a week is: over capacity, exactly full, some seats taken, or none. */
export function fillLevel(taken: number, capacity: number): FillLevel {
  if (taken > capacity) return "over";
  if (taken > 0 && taken === capacity) return "full";
  return taken > 0 ? "some" : "empty";
}

/** The bar's width in percent (0–100; over capacity is drawn full, the text says by how much). */
export const fillPercent = (taken: number, capacity: number) =>
  capacity <= 0 ? (taken > 0 ? 100 : 0) : Math.min(100, Math.round((taken / capacity) * 100));

/** What a cell says besides its figures (never colour alone): 'Full', '2 over', '3 free'. */
export function fillText(taken: number, capacity: number): string {
  if (taken > capacity) return `${taken - capacity} over`;
  if (taken === capacity) return capacity === 0 ? "No seats" : "Full";
  return `${capacity - taken} free`;
}

/** The capacity view's query: `from` (any day; its week's Monday is used), `weeks` 1–26 (default 8). */
export const capacityQuerySchema = z.object({
  from: isoDate("From").optional(),
  weeks: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return CAPACITY_WEEKS_DEFAULT;
      const n = Number(v);
      if (!/^\s*\d+\s*$/.test(v) || !Number.isInteger(n) || n < 1 || n > CAPACITY_WEEKS_MAX) {
        ctx.addIssue({ code: "custom", message: `Weeks must be a whole number from 1 to ${CAPACITY_WEEKS_MAX}` });
        return z.NEVER;
      }
      return n;
    }),
  facilityId: z
    .union([z.uuid("Unknown facility"), z.literal("")])
    .optional()
    .transform((v) => v || undefined),
});
export type CapacityQuery = z.output<typeof capacityQuerySchema>;
