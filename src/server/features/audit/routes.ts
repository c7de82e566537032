import { createRoute, z } from "@hono/zod-openapi";
import { ADMIN_ROLES } from "../../../domain/roles";
import { allow } from "../../lib/access";
import { csvCell } from "../../lib/csv";
import { createRouter, errorResponses, jsonContent } from "../../lib/router";
import { AuditActionsSchema, AuditPageSchema, auditFilterSchema, auditListQuerySchema } from "./schemas";
import { auditActions, auditCsvBatches, CSV_HEADER, listAudit } from "./service";

// GET /api/admin/audit (+ /export.csv, /actions): administrators browse the audit trail (issue 14).

const listRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["admin"],
  summary: "The audit trail, newest first, filtered (admin)",
  middleware: [allow(...ADMIN_ROLES)] as const,
  request: { query: auditListQuerySchema },
  responses: { 200: jsonContent(AuditPageSchema, "A page of entries"), ...errorResponses },
});

const exportRoute = createRoute({
  method: "get",
  path: "/export.csv",
  tags: ["admin"],
  summary: "Every audit entry matching the filters, as CSV, streamed (admin)",
  middleware: [allow(...ADMIN_ROLES)] as const,
  request: { query: auditFilterSchema },
  responses: {
    200: { description: "CSV (UTF-8 with BOM)", content: { "text/csv": { schema: z.string() } } },
    ...errorResponses,
  },
});

const actionsRoute = createRoute({
  method: "get",
  path: "/actions",
  tags: ["admin"],
  summary: "Every action the audit trail has recorded, for the filter (admin)",
  middleware: [allow(...ADMIN_ROLES)] as const,
  responses: { 200: jsonContent(AuditActionsSchema, "Actions, alphabetical"), ...errorResponses },
});

const line = (cells: unknown[]) => `${cells.map(csvCell).join(",")}\r\n`;

export const auditRoutes = createRouter()
  .openapi(listRoute, async (c) => c.json(await listAudit(c.get("deps").db, c.req.valid("query")), 200))
  .openapi(actionsRoute, async (c) => c.json({ items: await auditActions(c.get("deps").db) }, 200))
  .openapi(exportRoute, async (c) => {
    const q = c.req.valid("query");
    const { db, log } = c.get("deps");
    const batches = auditCsvBatches(db, q);
    const encoder = new TextEncoder();
    // Pulled batch by batch as the client reads: a table of any size streams in constant memory.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(`\uFEFF${line(CSV_HEADER)}`));
      },
      async pull(controller) {
        try {
          const next = await batches.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value.map(line).join("")));
        } catch (err) {
          log.error({ err }, "audit: the CSV export failed midway");
          controller.error(err);
        }
      },
      async cancel() {
        await batches.return(undefined);
      },
    });
    const day = new Date().toISOString().slice(0, 10);
    c.header("content-type", "text/csv; charset=utf-8");
    c.header("content-disposition", `attachment; filename="audit-trail-${day}.csv"`);
    return c.body(body, 200);
  });
