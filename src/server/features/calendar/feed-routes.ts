import { createHash } from "node:crypto";
import { createRoute, z } from "@hono/zod-openapi";
import { allow } from "../../lib/access";
import { noteAudit } from "../../lib/audit";
import { clientAddressOf } from "../../lib/client-address";
import { createRouter, ErrorSchema, errorResponses, idParam, jsonContent } from "../../lib/router";
import {
  calendarName,
  createFeed,
  FEED_LABEL_MAX,
  FeedRateLimited,
  icsFor,
  listFeeds,
  readFeed,
  revokeFeed,
} from "./feeds";
import { icsFileName } from "./ics";
import { CALENDAR_READERS } from "./routes";
import { findCalendarEvent } from "./service";

// Subscribable calendars (issue 15), mounted under /api/calendar: each user's private feed URLs
// (created, listed, revoked while signed in), the feed itself (public: the token is the key, no
// cookie, no session read; see isPublicApiPath) and one event as a .ics download.

const FeedSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .openapi("CalendarFeed");
const CreatedFeedSchema = FeedSchema.extend({
  url: z.string().openapi({ description: "The feed's address: shown this once, never again" }),
}).openapi("CreatedCalendarFeed");

const feedInput = z.object({
  label: z
    .string()
    .trim()
    .max(FEED_LABEL_MAX, `Label must be at most ${FEED_LABEL_MAX} characters`)
    .optional()
    .openapi({ description: "What the feed is for (e.g. 'Phone'); optional" }),
});

const calendarText = (description: string) => ({
  description,
  content: { "text/calendar": { schema: z.string() } },
});

const listFeedsRoute = createRoute({
  method: "get",
  path: "/feeds",
  tags: ["calendar"],
  summary: "The caller's calendar feeds, newest first (never their tokens)",
  middleware: [allow(...CALENDAR_READERS)] as const,
  responses: { 200: jsonContent(z.object({ items: z.array(FeedSchema) }), "Feeds"), ...errorResponses },
});

const createFeedRoute = createRoute({
  method: "post",
  path: "/feeds",
  tags: ["calendar"],
  summary: "Create a private calendar feed URL (shown once; at most 10 active: 409)",
  middleware: [allow(...CALENDAR_READERS)] as const,
  request: { body: { content: { "application/json": { schema: feedInput } }, required: true } },
  responses: { 201: jsonContent(CreatedFeedSchema, "Created, with its URL"), ...errorResponses },
});

const revokeFeedRoute = createRoute({
  method: "delete",
  path: "/feeds/{id}",
  tags: ["calendar"],
  summary: "Revoke a calendar feed: its URL answers 404 from now on",
  middleware: [allow(...CALENDAR_READERS)] as const,
  request: { params: idParam("Feed") },
  responses: { 200: jsonContent(FeedSchema, "Revoked"), ...errorResponses },
});

const readFeedRoute = createRoute({
  method: "get",
  path: "/feeds/{file}",
  tags: ["calendar"],
  summary: "A calendar feed as iCalendar (public: the token is the key; unknown or revoked: 404)",
  request: {
    params: z.object({
      file: z.string().openapi({ param: { name: "file", in: "path" }, description: "The feed's token, then .ics" }),
    }),
  },
  responses: {
    200: calendarText("The owner's calendar, 60 days back to 400 days ahead"),
    304: { description: "Not modified since the ETag sent in If-None-Match" },
    404: errorResponses[404],
    422: errorResponses[422],
    429: { description: "Too many reads", content: { "application/json": { schema: ErrorSchema } } },
  },
});

const eventIcsRoute = createRoute({
  method: "get",
  path: "/events/{id}/ics",
  tags: ["calendar"],
  summary: "One event as a .ics file (a series with its RRULE); 404 unless the caller may see it",
  middleware: [allow(...CALENDAR_READERS)] as const,
  request: {
    params: z.object({
      id: z.string().openapi({ param: { name: "id", in: "path" }, description: "The event's id (e.g. rotation-<id>)" }),
    }),
  },
  responses: { 200: calendarText("The event"), ...errorResponses },
});

/** A weak validator of the body: the same events give the same bytes (DTSTAMP is the record's change). */
const etagOf = (body: string) => `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;

export const feedRoutes = createRouter()
  .openapi(listFeedsRoute, async (c) => c.json({ items: await listFeeds(c.get("deps").db, c.get("viewer")) }, 200))
  .openapi(createFeedRoute, async (c) => {
    const { label } = c.req.valid("json");
    const feed = await createFeed(c.get("deps").db, c.get("viewer"), label ?? "", c.get("deps").env.appUrl);
    // The entry names the feed, never its URL (the token is the key to the calendar).
    noteAudit(c, { entityType: "calendar_feeds", entityId: feed.id, after: { label: feed.label } });
    return c.json(feed, 201);
  })
  .openapi(revokeFeedRoute, async (c) => {
    const feed = await revokeFeed(c.get("deps").db, c.get("viewer"), c.req.valid("param").id);
    noteAudit(c, { entityType: "calendar_feeds", after: { label: feed.label, revokedAt: feed.revokedAt } });
    return c.json(feed, 200);
  })
  .openapi(readFeedRoute, async (c) => {
    const { db, env } = c.get("deps");
    let body: string;
    try {
      body = await readFeed({ db, appUrl: env.appUrl }, c.req.valid("param").file, clientAddressOf(c));
    } catch (err) {
      if (err instanceof FeedRateLimited) c.header("retry-after", String(err.retryAfterSeconds));
      throw err;
    }
    const etag = etagOf(body);
    // Student records: never kept by a browser or proxy (the API's rule, http-security.ts). Calendar
    // apps keep the events in their own store and may still send If-None-Match: 304 then.
    c.header("cache-control", "private, no-store");
    c.header("etag", etag);
    const seen = c.req.header("if-none-match");
    if (seen?.split(",").some((t) => t.trim() === etag)) return c.body(null, 304);
    c.header("content-type", "text/calendar; charset=utf-8");
    c.header("content-disposition", 'inline; filename="calendar.ics"');
    return c.body(body, 200);
  })
  .openapi(eventIcsRoute, async (c) => {
    const { db, env } = c.get("deps");
    const { scope, viewer } = c.var;
    const event = await findCalendarEvent(db, scope, c.req.valid("param").id);
    const body = await icsFor(db, [event], { appUrl: env.appUrl, name: calendarName(viewer, scope), scope });
    c.header("content-type", "text/calendar; charset=utf-8");
    c.header("content-disposition", `attachment; filename="${icsFileName(event.title)}"`);
    c.header("cache-control", "private, no-store");
    return c.body(body, 200);
  });
