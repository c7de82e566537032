import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ADMIN_ROLES } from "../../../domain/roles";
import { allow } from "../../lib/access";
import { type AuditNote, noteAudit } from "../../lib/audit";
import type { AppEnv } from "../../lib/context";
import { streamCsv } from "../../lib/csv-stream";
import { pageOf } from "../../lib/pagination";
import { cachedRead } from "../../lib/read-cache";
import { READS } from "../../lib/read-cache-routes";
import { createRouter, errorResponses, idParam, jsonContent } from "../../lib/router";
import { getOrganizationDetail } from "./organization-detail-service";
import { createOrganization, setOrganizationSuspension } from "./organization-manage-service";
import {
  exportHeader,
  exportOrganizationPages,
  listOrganizations,
  setOrganizationVerification,
} from "./organizations-service";
import {
  AdminOrganizationDetailSchema,
  AdminOrganizationSchema,
  ORGANIZATION_STATUSES,
  OrganizationCreatedSchema,
  OrganizationDecidedSchema,
  OrganizationSuspensionSchema,
} from "./schemas";

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
  middleware: [allow(...ADMIN_ROLES), cachedRead(READS.adminOrganizations)] as const,
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

/** noteAudit for a guarded handler's context (its env is AppEnv's, narrowed by the guard). */
const note = (c: unknown, entry: AuditNote) => noteAudit(c as Context<AppEnv>, entry);

const detailRoute = createRoute({
  method: "get",
  path: "/{id}",
  tags: ["admin"],
  summary: "One organization: status, coordinators, counts and recent activity (admin)",
  middleware: [allow(...ADMIN_ROLES)] as const,
  request: { params: idParam("Organization") },
  responses: { 200: jsonContent(AdminOrganizationDetailSchema, "The organization"), ...errorResponses },
});

const text = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(min, `${field} must be at least ${min} characters`)
    .max(max, `${field} must be at most ${max} characters`);

const CreateBody = z.object({
  kind: z.enum(["program", "facility"]),
  name: text("name", 2, 100),
  city: text("city", 2, 100),
  state: z
    .string({ error: "state is required" })
    .trim()
    .regex(/^[A-Za-z]{2}$/, "state must be a two-letter code (OH)")
    .transform((v) => v.toUpperCase()),
  coordinator: z.object({
    email: z.string({ error: "coordinator email is required" }).trim().max(255).email("Invalid email address"),
    name: text("coordinator name", 2, 100),
  }),
});

const createRouteDef = createRoute({
  method: "post",
  path: "/",
  tags: ["admin"],
  summary: "Add an organization (verified) and invite its first coordinator by email (admin)",
  middleware: [allow(...ADMIN_ROLES)] as const,
  request: { body: { content: { "application/json": { schema: CreateBody } }, required: true } },
  responses: { 201: jsonContent(OrganizationCreatedSchema, "Created"), ...errorResponses },
});

const suspendRoute = createRoute({
  method: "post",
  path: "/{id}/suspend",
  tags: ["admin"],
  summary: "Suspend an organization: its users read but cannot submit, approve or publish (admin)",
  middleware: [allow(...ADMIN_ROLES)] as const,
  request: {
    params: idParam("Organization"),
    body: {
      content: { "application/json": { schema: z.object({ reason: text("reason", 2, 500) }) } },
      required: true,
    },
  },
  responses: { 200: jsonContent(OrganizationSuspensionSchema, "Suspended"), ...errorResponses },
});

const reinstateRoute = createRoute({
  method: "post",
  path: "/{id}/reinstate",
  tags: ["admin"],
  summary: "Reinstate a suspended organization (admin)",
  middleware: [allow(...ADMIN_ROLES)] as const,
  request: { params: idParam("Organization") },
  responses: { 200: jsonContent(OrganizationSuspensionSchema, "Reinstated"), ...errorResponses },
});

export const organizationsAdminRoutes = createRouter()
  .openapi(listRoute, async (c) => c.json(await listOrganizations(c.get("deps"), c.req.valid("query")), 200))
  .openapi(exportRoute, async (c) => {
    const q = c.req.valid("query");
    const day = new Date().toISOString().slice(0, 10);
    const file = `${q.kind === "program" ? "programs" : "facilities"}-${day}.csv`;
    return streamCsv(c, file, exportHeader(q.kind), exportOrganizationPages(c.get("deps"), q)) as never;
  })
  .openapi(detailRoute, async (c) => c.json(await getOrganizationDetail(c.get("deps"), c.req.valid("param").id), 200))
  .openapi(createRouteDef, async (c) => {
    const result = await createOrganization(c.get("deps"), c.req.valid("json"));
    const org = result.organization;
    note(c, {
      action: "organization.create",
      summary: `Added ${org.name} and invited ${result.coordinator.email} as its coordinator`,
      entityType: "organizations",
      entityId: org.id,
      organizationId: org.id,
      after: { ...org, coordinator: result.coordinator.email, newAccount: result.coordinator.newAccount },
    });
    return c.json(result, 201);
  })
  .openapi(suspendRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    const { result, before, after } = await setOrganizationSuspension(c.get("deps"), id, { suspend: true, reason });
    note(c, {
      action: "organization.suspend",
      summary: `Suspended ${result.name}: ${reason}`,
      entityType: "organizations",
      entityId: id,
      organizationId: id,
      before,
      after,
    });
    return c.json(result, 200);
  })
  .openapi(reinstateRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { result, before, after } = await setOrganizationSuspension(c.get("deps"), id, { suspend: false });
    note(c, {
      action: "organization.reinstate",
      summary: `Reinstated ${result.name}`,
      entityType: "organizations",
      entityId: id,
      organizationId: id,
      before,
      after,
    });
    return c.json(result, 200);
  })
  .openapi(decideRoute, async (c) => {
    const { id, decision } = c.req.valid("param");
    const result = await setOrganizationVerification(
      c.get("deps"),
      id,
      decision === "verify" ? "verified" : "rejected",
    );
    note(c, { entityType: "organizations", entityId: id, organizationId: id, after: { status: result.status } });
    return c.json(result, 200);
  });
