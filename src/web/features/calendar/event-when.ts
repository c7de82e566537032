import { type CalendarEvent, WEEKDAY_LABELS } from "@/domain/calendar";
import { formatDate } from "@/web/lib/format";

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** When an event happens, in words: days for all-day events; times in the viewer's zone, naming the planner's zone when it differs. */
export function describeWhen(e: Pick<CalendarEvent, "allDay" | "start" | "end" | "timeZone">, zone = browserZone()) {
  if (e.allDay) return e.start === e.end ? formatDate(e.start) : `${formatDate(e.start)} – ${formatDate(e.end)}`;
  const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: zone });
  const time = new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone: zone });
  const start = new Date(e.start);
  const end = new Date(e.end);
  const sameDay = day.format(start) === day.format(end);
  const text = sameDay
    ? `${day.format(start)}, ${time.format(start)} – ${time.format(end)}`
    : `${day.format(start)}, ${time.format(start)} – ${day.format(end)}, ${time.format(end)}`;
  return e.timeZone && e.timeZone !== zone ? `${text} (your time; planned in ${e.timeZone})` : text;
}

const DAY_NAMES: Record<string, string> = WEEKDAY_LABELS;

const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

/** An RFC 5545 weekly rule in words: "Weekly on Monday and Wednesday, 10 times". Other rules as written. */
export function describeRecurrence(rule: string): string {
  const parts = Object.fromEntries(
    rule
      .replace(/^RRULE:/i, "")
      .split(";")
      .map((p) => p.split("=") as [string, string])
      .filter(([k, v]) => k && v)
      .map(([k, v]) => [k.toUpperCase(), v]),
  );
  if (parts.FREQ !== "WEEKLY") return rule;
  const days = (parts.BYDAY ?? "")
    .split(",")
    .map((d: string) => DAY_NAMES[d.toUpperCase()])
    .filter(Boolean);
  let text = days.length > 0 ? `Weekly on ${list(days)}` : "Weekly";
  if (parts.INTERVAL && parts.INTERVAL !== "1") text = text.replace("Weekly", `Every ${parts.INTERVAL} weeks`);
  if (parts.COUNT) text += `, ${parts.COUNT} time${parts.COUNT === "1" ? "" : "s"}`;
  else if (parts.UNTIL) {
    const u = parts.UNTIL as string;
    const day = `${u.slice(0, 4)}-${u.slice(4, 6)}-${u.slice(6, 8)}`;
    text += `, until ${formatDate(day)}`;
  }
  return text;
}
