import { createRoute, z } from "@hono/zod-openapi";
import { isoDate } from "../../../domain/dates";
import { departmentInputSchema } from "../../../domain/placements";
import { FACILITY_SIDE } from "../../../domain/roles";
import { allow } from "../../lib/access";
import { createRouter, errorResponses, idParam, jsonContent } from "../../lib/router";
import { DepartmentDeletedSchema, DepartmentListSchema, DepartmentSchema, DepartmentSeatsSchema } from "./schemas";
import { createDepartment, deleteDepartment, departmentSeats, listDepartments, updateDepartment } from "./service";

// 'Manage Departments': a facility coordinator's own departments; admins any facility's (View As).

const facilityIdQuery = z.object({
  facilityId: z.uuid("Unknown facility").optional().openapi({ description: "Admins only; ignored for a coordinator" }),
});
const departmentId = idParam("Department");

const listRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["departments"],
  summary: "The facility's departments with capacity, filled and available (computed in SQL)",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: { query: facilityIdQuery },
  responses: {
    200: jsonContent(DepartmentListSchema, "Departments by name"),
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
    params: departmentId,
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
  request: { params: departmentId },
  responses: {
    200: jsonContent(DepartmentDeletedSchema, "Deleted"),
    ...errorResponses,
  },
});

const seatsRoute = createRoute({
  method: "get",
  path: "/{id}/seats",
  tags: ["departments"],
  summary: "Seats free for a date range: capacity minus the seats its placements hold on the busiest day",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: {
    params: departmentId,
    query: z.object({
      startDate: isoDate("Start date"),
      endDate: isoDate("End date"),
      placementId: z
        .uuid("Unknown placement")
        .optional()
        .openapi({ description: "The placement being edited: its own seats are not counted" }),
    }),
  },
  responses: {
    200: jsonContent(DepartmentSeatsSchema, "Seats for these dates"),
    ...errorResponses,
  },
});

export const departmentRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const items = await listDepartments(c.get("deps").db, c.get("scope"), c.req.valid("query").facilityId);
    return c.json({ items }, 200);
  })
  .openapi(createDepartmentRoute, async (c) =>
    c.json(await createDepartment(c.get("deps").db, c.get("scope"), c.req.valid("json")), 201),
  )
  .openapi(updateRoute, async (c) =>
    c.json(await updateDepartment(c.get("deps").db, c.get("scope"), c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(seatsRoute, async (c) =>
    c.json(await departmentSeats(c.get("deps").db, c.get("scope"), c.req.valid("param").id, c.req.valid("query")), 200),
  )
  .openapi(deleteRoute, async (c) =>
    c.json(await deleteDepartment(c.get("deps").db, c.get("scope"), c.req.valid("param").id), 200),
  );
