import { createRoute } from "@hono/zod-openapi";
import { calendarQuerySchema } from "../../../domain/calendar";
import { ADMIN_ROLES } from "../../../domain/roles";
import { allow } from "../../lib/access";
import { createRouter, errorResponses, jsonContent } from "../../lib/router";
import { CalendarEventListSchema } from "./schemas";
import { listCalendarEvents } from "./service";

// The calendar's events (issue 15), mounted under /api/calendar. Everyone with standing reads
// their own calendar; the scope decides whose records it shows (ADR 020).

export const CALENDAR_READERS = ["student", "program", "facility", ...ADMIN_ROLES] as const;

const listRoute = createRoute({
  method: "get",
  path: "/events",
  tags: ["calendar"],
  summary:
    "The caller's calendar: rotations, placement dates, deadlines, expiries and events overlapping the days asked",
  middleware: [allow(...CALENDAR_READERS)] as const,
  request: { query: calendarQuerySchema },
  responses: {
    200: jsonContent(CalendarEventListSchema, "Events by start"),
    ...errorResponses,
  },
});

export const calendarRoutes = createRouter().openapi(listRoute, async (c) => {
  const items = await listCalendarEvents(c.var.deps.db, c.var.scope, c.req.valid("query"));
  return c.json({ items }, 200);
});
