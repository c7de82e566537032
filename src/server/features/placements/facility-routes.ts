import { createRoute, z } from "@hono/zod-openapi";
import { PLACEMENT_STATUSES, placementInputSchema } from "../../../domain/placements";
import { FACILITY_SIDE } from "../../../domain/roles";
import { allow } from "../../lib/access";
import { pageOf, pageQuerySchema } from "../../lib/pagination";
import { createRouter, errorResponses, idParam, jsonContent } from "../../lib/router";
import {
  createFacilityPlacement,
  duplicateFacilityPlacement,
  facilityPlacementOptions,
  getFacilityPlacement,
  listFacilityPlacements,
  setFacilityPlacementStatus,
  updateFacilityPlacement,
} from "./facility-service";

// The facility coordinator's placements (issue 4); admins any facility's (View As). Programs and
// students get 403; another facility's placement is 404 (D1).

export const FacilityPlacementSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    specialty: z.string(),
    description: z.string(),
    requirements: z.array(z.string()),
    startDate: z.string().openapi({ description: "YYYY-MM-DD" }),
    endDate: z.string().openapi({ description: "YYYY-MM-DD" }),
    durationWeeks: z.number().int().openapi({ description: "Derived from the dates on the server" }),
    capacity: z.number().int(),
    slotsFilled: z.number().int(),
    availableSpots: z.number().int(),
    status: z.enum(PLACEMENT_STATUSES),
    allowLateJoiners: z.boolean().openapi({ description: "Applications are accepted after the rotation starts" }),
    phase: z.enum(["upcoming", "current", "ended"]).openapi({ description: "Against today's date" }),
    publishable: z.boolean().openapi({
      description: "May be active today: not ended, and not started unless late joiners are allowed",
    }),
    acceptsApplications: z.boolean().openapi({ description: "Active and taking applications today" }),
    pendingApplications: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    facility: z.object({ id: z.string(), name: z.string(), city: z.string().nullable(), state: z.string().nullable() }),
    department: z.object({ id: z.string(), name: z.string() }).nullable(),
  })
  .openapi("FacilityPlacement");

const facilityId = z
  .uuid("Unknown facility")
  .optional()
  .openapi({ description: "Admins only; every facility when omitted. Ignored for a coordinator" });

const listQuery = pageQuerySchema.omit({ order: true }).extend({
  status: z.enum(PLACEMENT_STATUSES).optional(),
  specialty: z.string().trim().max(100).optional(),
  departmentId: z.uuid("Unknown department").optional(),
  facilityId,
});
const placementId = idParam("Placement");
const placementBody = {
  content: { "application/json": { schema: placementInputSchema } },
  required: true,
} as const;

const listRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["facility placements"],
  summary: "The facility's placements in every status (active, draft, closed; then soonest first)",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: { query: listQuery },
  responses: { 200: jsonContent(pageOf(FacilityPlacementSchema), "A page of placements"), ...errorResponses },
});

const optionsRoute = createRoute({
  method: "get",
  path: "/options",
  tags: ["facility placements"],
  summary: "Every placement of the facility by title (filter options)",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: { query: z.object({ facilityId }) },
  responses: {
    200: jsonContent(
      z.object({
        items: z.array(z.object({ id: z.string(), title: z.string(), status: z.enum(PLACEMENT_STATUSES) })),
      }),
      "Placements by title",
    ),
    ...errorResponses,
  },
});

const detailRoute = createRoute({
  method: "get",
  path: "/{id}",
  tags: ["facility placements"],
  summary: "One of the facility's placements (another facility's: 404)",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: { params: placementId },
  responses: { 200: jsonContent(FacilityPlacementSchema, "The placement"), ...errorResponses },
});

const createPlacementRoute = createRoute({
  method: "post",
  path: "/",
  tags: ["facility placements"],
  summary: "Create a placement: save as draft, or publish as active (403 while the facility is pending verification)",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: { body: placementBody },
  responses: { 201: jsonContent(FacilityPlacementSchema, "Created"), ...errorResponses },
});

const updateRoute = createRoute({
  method: "put",
  path: "/{id}",
  tags: ["facility placements"],
  summary: "Edit a placement (capacity at least slots_filled; end date on or after start date)",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: { params: placementId, body: placementBody },
  responses: { 200: jsonContent(FacilityPlacementSchema, "Updated"), ...errorResponses },
});

const statusRoute = (action: "publish" | "close") =>
  createRoute({
    method: "post",
    path: `/{id}/${action}`,
    tags: ["facility placements"],
    summary:
      action === "publish"
        ? "Publish a draft or closed placement as active (403 while the facility is pending verification; 409 when the rotation ended, started without late joiners, or the department lacks the seats)"
        : "Close a placement to new applications (approved students stay placed)",
    middleware: [allow(...FACILITY_SIDE)] as const,
    request: { params: placementId },
    responses: { 200: jsonContent(FacilityPlacementSchema, "Updated"), ...errorResponses },
  });

const duplicateRoute = createRoute({
  method: "post",
  path: "/{id}/duplicate",
  tags: ["facility placements"],
  summary: "Duplicate for the next term: a draft with the dates shifted past the original's end, no spots filled",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: { params: placementId },
  responses: { 201: jsonContent(FacilityPlacementSchema, "The copy"), ...errorResponses },
});

export const facilityPlacementRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    c.json(await listFacilityPlacements(c.var.deps.db, c.var.scope, c.req.valid("query")), 200),
  )
  .openapi(optionsRoute, async (c) => {
    const items = await facilityPlacementOptions(c.var.deps.db, c.var.scope, c.req.valid("query").facilityId);
    return c.json({ items }, 200);
  })
  .openapi(detailRoute, async (c) =>
    c.json(await getFacilityPlacement(c.var.deps.db, c.var.scope, c.req.valid("param").id), 200),
  )
  .openapi(createPlacementRoute, async (c) =>
    c.json(await createFacilityPlacement(c.var.deps.db, c.var.scope, c.req.valid("json")), 201),
  )
  .openapi(updateRoute, async (c) =>
    c.json(
      await updateFacilityPlacement(c.var.deps.db, c.var.scope, c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  )
  .openapi(statusRoute("publish"), async (c) =>
    c.json(await setFacilityPlacementStatus(c.var.deps.db, c.var.scope, c.req.valid("param").id, "active"), 200),
  )
  .openapi(statusRoute("close"), async (c) =>
    c.json(await setFacilityPlacementStatus(c.var.deps.db, c.var.scope, c.req.valid("param").id, "closed"), 200),
  )
  .openapi(duplicateRoute, async (c) =>
    c.json(await duplicateFacilityPlacement(c.var.deps.db, c.var.scope, c.req.valid("param").id), 201),
  );
