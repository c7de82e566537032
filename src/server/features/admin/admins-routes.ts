import { createRoute, z } from "@hono/zod-openapi";
import { ADMIN_ACTIONS, addAdminSchema } from "../../../domain/admin-accounts";
import { ADMIN_ROLES, SUPER_ADMIN_ONLY } from "../../../domain/roles";
import { allow } from "../../lib/access";
import { noteAudit } from "../../lib/audit";
import { sendCsv } from "../../lib/csv";
import { createRouter, errorResponses, jsonContent } from "../../lib/router";
import { changeAdminRights, createAdmin, exportAdmins, listAdmins } from "./admins-service";

// Administrator accounts (issue 14): any admin reads the list; only a super admin adds an admin or
// changes anyone's rights (spec sections 5, 6, 8).

const filterQuery = z.object({
  search: z.string().trim().max(100, "search must be at most 100 characters").optional(),
});
const listQuery = filterQuery.extend({
  page: z.coerce.number().int().min(1, "page must be 1 or more").default(1),
  pageSize: z.coerce.number().int().min(1).max(100, "pageSize must be at most 100").default(20),
});

const AdminRole = z.enum(["admin", "super_admin"]);
const AdminAccountSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    fullName: z.string(),
    organizationName: z.string(),
    role: AdminRole,
    since: z.string(),
  })
  .openapi("AdminAccount");

// User ids are Better Auth's text ids, not uuids: an unknown one is 404 from the service.
const userParam = z.object({
  id: z
    .string()
    .min(1)
    .max(100, "Administrator not found")
    .openapi({ param: { name: "id", in: "path" }, description: "The administrator's user id" }),
  action: z.enum(ADMIN_ACTIONS),
});

const listRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["admin"],
  summary: "Administrators and super admins (admin)",
  middleware: [allow(...ADMIN_ROLES)] as const,
  request: { query: listQuery },
  responses: {
    200: jsonContent(
      z.object({
        items: z.array(AdminAccountSchema),
        total: z.number().int(),
        page: z.number().int(),
        pageSize: z.number().int(),
        superAdmins: z.number().int(),
      }),
      "A page of administrators, super admins first",
    ),
    ...errorResponses,
  },
});

const exportRoute = createRoute({
  method: "get",
  path: "/export.csv",
  tags: ["admin"],
  summary: "Every administrator matching the search, as CSV (admin)",
  middleware: [allow(...ADMIN_ROLES)] as const,
  request: { query: filterQuery },
  responses: {
    200: { description: "CSV (UTF-8 with BOM)", content: { "text/csv": { schema: z.string() } } },
    ...errorResponses,
  },
});

const createAdminRoute = createRoute({
  method: "post",
  path: "/",
  tags: ["admin"],
  summary: "Add an administrator (super admin)",
  middleware: [allow(...SUPER_ADMIN_ONLY)] as const,
  request: { body: { content: { "application/json": { schema: addAdminSchema } }, required: true } },
  responses: {
    201: jsonContent(AdminAccountSchema.omit({ since: true }), "Created"),
    ...errorResponses,
  },
});

const rightsRoute = createRoute({
  method: "post",
  path: "/{id}/{action}",
  tags: ["admin"],
  summary: "Make a super admin, remove super admin rights, or remove administrator rights (super admin)",
  middleware: [allow(...SUPER_ADMIN_ONLY)] as const,
  request: { params: userParam },
  responses: {
    200: jsonContent(
      z.object({
        id: z.string(),
        email: z.string(),
        fullName: z.string(),
        before: z.array(AdminRole),
        after: z.array(AdminRole),
      }),
      "Changed",
    ),
    ...errorResponses,
  },
});

export const adminAccountRoutes = createRouter()
  .openapi(listRoute, async (c) => c.json(await listAdmins(c.get("deps"), c.req.valid("query")), 200))
  .openapi(exportRoute, async (c) => {
    const { header, rows } = await exportAdmins(c.get("deps"), c.req.valid("query"));
    return sendCsv(c, `administrators-${new Date().toISOString().slice(0, 10)}.csv`, header, rows);
  })
  .openapi(createAdminRoute, async (c) => {
    const created = await createAdmin(c.get("deps"), c.req.valid("json"));
    noteAudit(c, {
      summary: `Added administrator ${created.email}`,
      entityType: "users",
      entityId: created.id,
      before: { roles: [] },
      after: { roles: ["admin"] },
    });
    return c.json(created, 201);
  })
  .openapi(rightsRoute, async (c) => {
    const { id, action } = c.req.valid("param");
    const result = await changeAdminRights(c.get("deps"), id, action);
    const what = {
      "make-super-admin": "Made a super admin",
      "remove-super-admin": "Removed super admin rights of",
      "remove-admin": "Removed administrator rights of",
    }[action];
    noteAudit(c, {
      summary: `${what} ${result.email}`,
      entityType: "users",
      entityId: id,
      before: { roles: result.before },
      after: { roles: result.after },
    });
    return c.json(result, 200);
  });
