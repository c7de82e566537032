import { createRoute, z } from "@hono/zod-openapi";
import { departmentInputSchema } from "../../../domain/placements";
import { allow, requireViewer } from "../../lib/access";
import { createRouter, errorResponses, jsonContent } from "../../lib/router";
import { createDepartment, deleteDepartment, listDepartments, updateDepartment } from "./service";

// 'Manage Departments': a facility coordinator's own departments; admins any facility's (View As).
export const FACILITY_SIDE = ["facility", "admin", "super_admin"] as const;

export const DepartmentSchema = z
  .object({
    id: z.string(),
    facilityId: z.string(),
    facilityName: z.string(),
    name: z.string(),
    specialty: z.string(),
    capacity: z.number().int().openapi({ description: "Students the department takes at a time" }),
    filled: z.number().int().openapi({ description: "Sum of slots_filled of its active placements" }),
    available: z.number().int().openapi({ description: "capacity - filled, never below 0" }),
    activePlacements: z.number().int(),
    placements: z.number().int(),
  })
  .openapi("Department");

const facilityIdQuery = z.object({
  facilityId: z.uuid("Unknown facility").optional().openapi({ description: "Admins only; ignored for a coordinator" }),
});
const idParam = z.object({ id: z.uuid("Unknown department") });

const listRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["departments"],
  summary: "The facility's departments with capacity, filled and available (computed in SQL)",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: { query: facilityIdQuery },
  responses: {
    200: jsonContent(z.object({ items: z.array(DepartmentSchema) }), "Departments by name"),
    ...errorResponses,
  },
});

const createDepartmentRoute = createRoute({
  method: "post",
  path: "/",
  tags: ["departments"],
  summary: "Create a department (name unique per facility: 409)",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: {
    body: {
      content: {
        "application/json": {
          schema: departmentInputSchema.extend({
            facilityId: z.uuid("Unknown facility").optional().openapi({ description: "Admins only" }),
          }),
        },
      },
      required: true,
    },
  },
  responses: { 201: jsonContent(DepartmentSchema, "Created"), ...errorResponses },
});

const updateRoute = createRoute({
  method: "put",
  path: "/{id}",
  tags: ["departments"],
  summary: "Edit a department (another facility's: 404)",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: {
    params: idParam,
    body: { content: { "application/json": { schema: departmentInputSchema } }, required: true },
  },
  responses: { 200: jsonContent(DepartmentSchema, "Updated"), ...errorResponses },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/{id}",
  tags: ["departments"],
  summary: "Delete a department without draft or active placements (409 otherwise)",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: { params: idParam },
  responses: {
    200: jsonContent(z.object({ id: z.string(), deleted: z.literal(true) }), "Deleted"),
    ...errorResponses,
  },
});

export const departmentRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const items = await listDepartments(c.var.deps.db, requireViewer(c.var.viewer), c.req.valid("query").facilityId);
    return c.json({ items }, 200);
  })
  .openapi(createDepartmentRoute, async (c) =>
    c.json(await createDepartment(c.var.deps.db, requireViewer(c.var.viewer), c.req.valid("json")), 201),
  )
  .openapi(updateRoute, async (c) =>
    c.json(
      await updateDepartment(c.var.deps.db, requireViewer(c.var.viewer), c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  )
  .openapi(deleteRoute, async (c) =>
    c.json(await deleteDepartment(c.var.deps.db, requireViewer(c.var.viewer), c.req.valid("param").id), 200),
  );
