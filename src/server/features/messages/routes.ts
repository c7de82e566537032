import { createRoute, z } from "@hono/zod-openapi";
import { allow, requireViewer } from "../../lib/access";
import { createRouter, errorResponses, jsonContent } from "../../lib/router";
import { unreadCount } from "./service";

const unreadRoute = createRoute({
  method: "get",
  path: "/unread-count",
  tags: ["messages"],
  summary: "How many messages to the signed-in user are unread (the header bell's dot)",
  middleware: [allow()] as const,
  responses: { 200: jsonContent(z.object({ unread: z.number().int() }), "Unread count"), 401: errorResponses[401] },
});

export const messageRoutes = createRouter().openapi(unreadRoute, async (c) => {
  const viewer = requireViewer(c.var.viewer);
  return c.json({ unread: await unreadCount(c.var.deps.db, viewer.userId) }, 200);
});
