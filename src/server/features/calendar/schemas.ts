import { z } from "@hono/zod-openapi";
import { calendarEventSchema } from "../../../domain/calendar";

// The calendar's response bodies (issue 15): events in the shared contract (src/domain/calendar.ts).

// Rebuilt from the contract's shape with this module's `z`: calling `.openapi` on the domain's
// schema itself depends on which zod copy the importer loaded first (a test crashed on it).
export const CalendarEventSchema = z.object(calendarEventSchema.shape).openapi("CalendarEvent");

/** The events overlapping the asked days, by start. */
export const CalendarEventListSchema = z.object({ items: z.array(CalendarEventSchema) });

export const CalendarEventDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });
