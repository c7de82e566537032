import { z } from "@hono/zod-openapi";
import { calendarEventSchema } from "../../../domain/calendar";

// The calendar's response bodies (issue 15): events in the shared contract (src/domain/calendar.ts).

export const CalendarEventSchema = calendarEventSchema.openapi("CalendarEvent");

/** The events overlapping the asked days, by start. */
export const CalendarEventListSchema = z.object({ items: z.array(CalendarEventSchema) });

export const CalendarEventDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });
