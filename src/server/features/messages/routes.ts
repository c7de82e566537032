import { createRoute, z } from "@hono/zod-openapi";
import { MESSAGE_BOXES, messageInputSchema } from "../../../domain/messages";
import { allow } from "../../lib/access";
import { pageOf, pageQuerySchema } from "../../lib/pagination";
import { cachedRead } from "../../lib/read-cache";
import { READS } from "../../lib/read-cache-routes";
import { createRouter, errorResponses, idParam, jsonContent } from "../../lib/router";
import { MessageItemSchema, MessageSchema, MessageSentSchema, RecipientListSchema, UnreadCountSchema } from "./schemas";
import { getMessage, listMessages, listRecipients, markRead, sendMessage, unreadCount } from "./service";

// Every signed-in user has messages; what each may see and whom they may write to is decided in
// the service from the session (D1).

const messageId = idParam("Message");

const unreadRoute = createRoute({
  method: "get",
  path: "/unread-count",
  tags: ["messages"],
  summary: "How many messages to the signed-in user are unread (the header bell's dot)",
  middleware: [allow(), cachedRead(READS.unreadCount)] as const,
  responses: { 200: jsonContent(UnreadCountSchema, "Unread count"), 401: errorResponses[401] },
});

const listRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["messages"],
  summary: "The signed-in user's inbox or sent messages, newest first",
  middleware: [allow(), cachedRead(READS.messages)] as const,
  request: {
    query: z.object({
      box: z.enum(MESSAGE_BOXES).default("inbox"),
      search: pageQuerySchema.shape.search.openapi({
        description: "Subject, content, or the other person's name or organization",
      }),
      page: pageQuerySchema.shape.page,
      pageSize: pageQuerySchema.shape.pageSize,
    }),
  },
  responses: {
    200: jsonContent(pageOf(MessageItemSchema), "A page of messages"),
    401: errorResponses[401],
    422: errorResponses[422],
  },
});

const recipientsRoute = createRoute({
  method: "get",
  path: "/recipients",
  tags: ["messages"],
  summary: "The people the signed-in user may write to",
  description:
    "A student: their program's coordinators and the coordinators of facilities they applied to. A program coordinator: their students with accounts, the coordinators of facilities their program applied to, administrators. A facility coordinator: the coordinators of programs that applied to them, students who applied to them (with accounts), administrators. Administrators: anyone. Everyone: whoever wrote to them.",
  middleware: [allow()] as const,
  request: {
    query: z.object({
      search: pageQuerySchema.shape.search.openapi({ description: "Name, organization or email" }),
      limit: z.coerce.number().int().min(1).max(50, "limit must be at most 50").default(20),
    }),
  },
  responses: {
    200: jsonContent(RecipientListSchema, "People by name"),
    401: errorResponses[401],
    422: errorResponses[422],
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/{id}",
  tags: ["messages"],
  summary: "One message (its sender or recipient only)",
  middleware: [allow()] as const,
  request: { params: messageId },
  responses: {
    200: jsonContent(MessageSchema, "The message"),
    401: errorResponses[401],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

const readRoute = createRoute({
  method: "post",
  path: "/{id}/read",
  tags: ["messages"],
  summary: "Mark a message read (its recipient only)",
  middleware: [allow()] as const,
  request: { params: messageId },
  responses: {
    200: jsonContent(MessageSchema, "The message, read"),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

const sendRoute = createRoute({
  method: "post",
  path: "/",
  tags: ["messages"],
  summary: "Send a message to someone the user may write to",
  middleware: [allow()] as const,
  request: { body: { content: { "application/json": { schema: messageInputSchema } }, required: true } },
  responses: {
    201: jsonContent(MessageSentSchema, "Sent"),
    401: errorResponses[401],
    403: errorResponses[403],
    422: errorResponses[422],
  },
});

// Fixed paths before /{id}.
export const messageRoutes = createRouter()
  .openapi(unreadRoute, async (c) => {
    const viewer = c.get("viewer");
    return c.json({ unread: await unreadCount(c.get("deps").db, viewer.userId) }, 200);
  })
  .openapi(recipientsRoute, async (c) => {
    const items = await listRecipients(c.get("deps").db, c.get("viewer"), c.get("scope"), c.req.valid("query"));
    return c.json({ items }, 200);
  })
  .openapi(listRoute, async (c) =>
    c.json(await listMessages(c.get("deps").db, c.get("viewer"), c.req.valid("query")), 200),
  )
  .openapi(sendRoute, async (c) => {
    const item = await sendMessage(c.get("deps"), c.get("viewer"), c.get("scope"), c.req.valid("json"));
    return c.json({ message: "Message sent" as const, item }, 201);
  })
  .openapi(getRoute, async (c) =>
    c.json(await getMessage(c.get("deps").db, c.get("viewer"), c.req.valid("param").id), 200),
  )
  .openapi(readRoute, async (c) =>
    c.json(await markRead(c.get("deps"), c.get("viewer"), c.req.valid("param").id), 200),
  );
