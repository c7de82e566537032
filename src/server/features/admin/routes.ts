import { createRoute, z } from "@hono/zod-openapi";
import { SUPER_ADMIN_ONLY } from "../../../domain/roles";
import { allow } from "../../lib/access";
import { notFound } from "../../lib/errors";
import { createRouter, errorResponses, idParam, jsonContent } from "../../lib/router";
import { AccessRequestDecidedSchema, AccessRequestPageSchema, MailboxSchema } from "./schemas";
import { decideAccessRequest, listAccessRequests, listMailbox } from "./service";

const pageQuery = z.object({
  status: z.enum(["pending", "approved", "denied"]).optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

const listRoute = createRoute({
  method: "get",
  path: "/access-requests",
  tags: ["admin"],
  summary: "Administrator access requests (super admin)",
  middleware: [allow(...SUPER_ADMIN_ONLY)] as const,
  request: { query: pageQuery },
  responses: {
    200: jsonContent(AccessRequestPageSchema, "A page of requests, pending first"),
    ...errorResponses,
  },
});

const decideRoute = createRoute({
  method: "post",
  path: "/access-requests/{id}/{decision}",
  tags: ["admin"],
  summary: "Approve or deny an access request (super admin)",
  middleware: [allow(...SUPER_ADMIN_ONLY)] as const,
  request: { params: idParam("Access request").extend({ decision: z.enum(["approve", "deny"]) }) },
  responses: {
    200: jsonContent(AccessRequestDecidedSchema, "Decided"),
    ...errorResponses,
  },
});

const mailboxRoute = createRoute({
  method: "get",
  path: "/mailbox",
  tags: ["admin"],
  summary: "The dev mailbox, when no SMTP server is configured (super admin)",
  middleware: [allow(...SUPER_ADMIN_ONLY)] as const,
  request: {
    query: z.object({ to: z.string().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
  },
  responses: { 200: jsonContent(MailboxSchema, "Newest mail first"), ...errorResponses },
});

export const adminRoutes = createRouter()
  .openapi(listRoute, async (c) => c.json(await listAccessRequests(c.get("deps"), c.req.valid("query")), 200))
  .openapi(decideRoute, async (c) => {
    const { id, decision } = c.req.valid("param");
    const result = await decideAccessRequest(
      c.get("deps"),
      c.get("viewer"),
      id,
      decision === "approve" ? "approved" : "denied",
    );
    return c.json(result, 200);
  })
  .openapi(mailboxRoute, async (c) => {
    // With real SMTP the mail left this system: there is no mailbox to show.
    if (c.get("deps").mailer.transport !== "dev") throw notFound("Dev mailbox");
    return c.json({ items: await listMailbox(c.get("deps"), c.req.valid("query")) }, 200);
  });
