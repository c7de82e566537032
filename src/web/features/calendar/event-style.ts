import { AlarmClock, Building2, CalendarDays, type LucideIcon, ShieldAlert, Stethoscope } from "lucide-react";
import type { CalendarEventKind } from "@/domain/calendar";

/**
 * Each kind's look on the calendar and in the legend: dark text on a light fill with a strong left
 * border (contrast ≥ 4.5:1 on every fill), and an icon, so the kind never rests on colour alone
 * (the kind's name is also read out with each event).
 */
export const KIND_STYLE: Record<CalendarEventKind, { icon: LucideIcon; fill: string; border: string; text: string }> = {
  rotation: { icon: Stethoscope, fill: "#ccfbf1", border: "#0f766e", text: "#134e4a" },
  placement: { icon: Building2, fill: "#e0e7ff", border: "#4338ca", text: "#312e81" },
  deadline: { icon: AlarmClock, fill: "#fef3c7", border: "#b45309", text: "#78350f" },
  expiry: { icon: ShieldAlert, fill: "#fee2e2", border: "#b91c1c", text: "#7f1d1d" },
  custom: { icon: CalendarDays, fill: "#f3e8ff", border: "#7e22ce", text: "#581c87" },
};
