import { createRoute } from "@hono/zod-openapi";
import { calendarEventInputSchema, calendarQuerySchema } from "../../../domain/calendar";
import { ADMIN_ROLES, STUDENT_VIEWERS } from "../../../domain/roles";
import { allow, studentScope } from "../../lib/access";
import { noteAudit } from "../../lib/audit";
import { createRouter, errorResponses, idParam, jsonContent } from "../../lib/router";
import { createCustomEvent, deleteCustomEvent, updateCustomEvent } from "./custom-events";
import { CalendarEventDeletedSchema, CalendarEventListSchema, CalendarEventSchema } from "./schemas";
import { listCalendarEvents } from "./service";

// The calendar's events (issue 15, ADR 020), mounted under /api/calendar. Everyone with standing
// reads their own calendar (the scope decides whose records it shows); a program's or facility's
// coordinators add, change and remove their organization's own events, administrators anyone's.

export const CALENDAR_READERS = ["student", "program", "facility", ...ADMIN_ROLES] as const;
export const CALENDAR_EDITORS = ["program", "facility", ...ADMIN_ROLES] as const;

const eventId = idParam("Event");
const body = { content: { "application/json": { schema: calendarEventInputSchema } }, required: true };

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

const createEventRoute = createRoute({
  method: "post",
  path: "/events",
  tags: ["calendar"],
  summary: "Add a calendar event (orientation, site visit, meeting), optionally weekly",
  middleware: [allow(...CALENDAR_EDITORS)] as const,
  request: { body },
  responses: { 201: jsonContent(CalendarEventSchema, "Created (its first occurrence)"), ...errorResponses },
});

const updateEventRoute = createRoute({
  method: "put",
  path: "/events/{id}",
  tags: ["calendar"],
  summary: "Change a calendar event (another organization's: 404); its SEQUENCE grows",
  middleware: [allow(...CALENDAR_EDITORS)] as const,
  request: { params: eventId, body },
  responses: { 200: jsonContent(CalendarEventSchema, "Updated (its first occurrence)"), ...errorResponses },
});

const deleteEventRoute = createRoute({
  method: "delete",
  path: "/events/{id}",
  tags: ["calendar"],
  summary: "Remove a calendar event (another organization's: 404)",
  middleware: [allow(...CALENDAR_EDITORS)] as const,
  request: { params: eventId },
  responses: { 200: jsonContent(CalendarEventDeletedSchema, "Removed"), ...errorResponses },
});

// The student's own calendar under /api/me/student, like every other student page: an
// administrator viewing as a student (`?student=`, ADR 011) is narrowed by the guard to exactly
// that student, so they see what the student sees (deadlines and events included), read only.
const myListRoute = createRoute({
  method: "get",
  path: "/calendar/events",
  tags: ["calendar"],
  summary: "The student's own calendar (administrators: the student they view as)",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: { query: calendarQuerySchema },
  responses: {
    200: jsonContent(CalendarEventListSchema, "Events by start"),
    ...errorResponses,
  },
});

export const myCalendarRoutes = createRouter().openapi(myListRoute, async (c) => {
  const items = await listCalendarEvents(c.get("deps").db, studentScope(c.get("scope")), c.req.valid("query"));
  return c.json({ items }, 200);
});

export const calendarRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const items = await listCalendarEvents(c.get("deps").db, c.get("scope"), c.req.valid("query"));
    return c.json({ items }, 200);
  })
  .openapi(createEventRoute, async (c) => {
    const created = await createCustomEvent(
      c.get("deps").db,
      c.get("scope"),
      c.get("viewer").userId,
      c.req.valid("json"),
    );
    // The entry names the stored event (as PUT and DELETE do) and the organization it belongs to.
    noteAudit(c, { entityId: created.eventId, organizationId: created.programId ?? created.facilityId });
    return c.json(created, 201);
  })
  .openapi(updateEventRoute, async (c) =>
    c.json(
      await updateCustomEvent(c.get("deps").db, c.get("scope"), c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  )
  .openapi(deleteEventRoute, async (c) =>
    c.json(await deleteCustomEvent(c.get("deps").db, c.get("scope"), c.req.valid("param").id), 200),
  );
