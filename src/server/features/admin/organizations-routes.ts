import { createRoute, z } from "@hono/zod-openapi";
import { ADMIN_ROLES } from "../../../domain/roles";
import { allow } from "../../lib/access";
import { sendCsv } from "../../lib/csv";
import { pageOf } from "../../lib/pagination";
import { createRouter, errorResponses, idParam, jsonContent } from "../../lib/router";
import { exportOrganizations, listOrganizations, setOrganizationVerification } from "./organizations-service";
import { AdminOrganizationSchema, ORGANIZATION_STATUSES, OrganizationDecidedSchema } from "./schemas";

const filterQuery = z.object({
  kind: z.enum(["program", "facility"]),
  status: z.enum(ORGANIZATION_STATUSES).optional(),
  search: z.string().trim().max(100, "search must be at most 100 characters").optional(),
});
const listQuery = filterQuery.extend({
  page: z.coerce.number().int().min(1, "page must be 1 or more").default(1),
  pageSize: z.coerce.number().int().min(1).max(100, "pageSize must be at most 100").default(20),
});

const listRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["admin"],
  summary: "Nursing programs or facilities, pending verification first (admin)",
  middleware: [allow(...ADMIN_ROLES)] as const,
  request: { query: listQuery },
  responses: { 200: jsonContent(pageOf(AdminOrganizationSchema), "A page of organizations"), ...errorResponses },
});

const exportRoute = createRoute({
  method: "get",
  path: "/export.csv",
  tags: ["admin"],
  summary: "Every organization matching the filters, as CSV (admin)",
  middleware: [allow(...ADMIN_ROLES)] as const,
  request: { query: filterQuery },
  responses: {
    200: { description: "CSV (UTF-8 with BOM)", content: { "text/csv": { schema: z.string() } } },
    ...errorResponses,
  },
});

const decideRoute = createRoute({
  method: "post",
  path: "/{id}/{decision}",
  tags: ["admin"],
  summary: "Verify or reject an organization; its coordinators are told by mail (admin)",
  middleware: [allow(...ADMIN_ROLES)] as const,
  request: { params: idParam("Organization").extend({ decision: z.enum(["verify", "reject"]) }) },
  responses: {
    200: jsonContent(OrganizationDecidedSchema, "Decided"),
    ...errorResponses,
  },
});

export const organizationsAdminRoutes = createRouter()
  .openapi(listRoute, async (c) => c.json(await listOrganizations(c.var.deps, c.req.valid("query")), 200))
  .openapi(exportRoute, async (c) => {
    const q = c.req.valid("query");
    const { header, rows } = await exportOrganizations(c.var.deps, q);
    const day = new Date().toISOString().slice(0, 10);
    return sendCsv(c, `${q.kind === "program" ? "programs" : "facilities"}-${day}.csv`, header, rows);
  })
  .openapi(decideRoute, async (c) => {
    const { id, decision } = c.req.valid("param");
    const result = await setOrganizationVerification(c.var.deps, id, decision === "verify" ? "verified" : "rejected");
    return c.json(result, 200);
  });
