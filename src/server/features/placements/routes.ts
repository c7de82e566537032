import { createRoute, z } from "@hono/zod-openapi";
import { isoDate } from "../../../domain/dates";
import { allow, programScope, requireViewer } from "../../lib/access";
import { pageOf, pageQuerySchema } from "../../lib/pagination";
import { createRouter, errorResponses, jsonContent } from "../../lib/router";
import { getOpenPlacement, searchOpenPlacements } from "./service";

export const PlacementSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    specialty: z.string(),
    description: z.string(),
    requirements: z.array(z.string()),
    startDate: z.string().openapi({ description: "YYYY-MM-DD" }),
    endDate: z.string().openapi({ description: "YYYY-MM-DD" }),
    durationWeeks: z.number().int(),
    capacity: z.number().int(),
    slotsFilled: z.number().int(),
    availableSpots: z.number().int(),
    status: z.enum(["draft", "active", "closed"]),
    allowLateJoiners: z.boolean().openapi({ description: "Applications are accepted after the rotation starts" }),
    acceptsApplications: z
      .boolean()
      .openapi({ description: "Takes applications today: not ended, not started unless late joiners are allowed" }),
    facility: z.object({ id: z.string(), name: z.string(), city: z.string().nullable(), state: z.string().nullable() }),
    department: z.object({ id: z.string(), name: z.string() }).nullable(),
  })
  .openapi("Placement");

const day = (name: string) => isoDate(name).optional();

const searchQuery = pageQuerySchema.omit({ order: true }).extend({
  specialty: z.string().trim().max(100).optional(),
  startFrom: day("startFrom").openapi({ description: "Only placements starting on or after this day" }),
  endBy: day("endBy").openapi({ description: "Only placements ending on or before this day" }),
  includeFull: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true")
    .openapi({ description: "Also list placements without spots left (hidden by default)" }),
});

// Program coordinators search for their students; admins too (View As). Students browse in their own feature.
const PLACEMENT_SEARCHERS = ["program", "admin", "super_admin"] as const;

const searchRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["placements"],
  summary: "Open placements: active, at verified facilities, with spots left; soonest first",
  middleware: [allow(...PLACEMENT_SEARCHERS)] as const,
  request: { query: searchQuery },
  responses: { 200: jsonContent(pageOf(PlacementSchema), "A page of placements"), ...errorResponses },
});

const detailRoute = createRoute({
  method: "get",
  path: "/{id}",
  tags: ["placements"],
  summary: "One open placement (404 when it is not active or its facility is not verified)",
  middleware: [allow(...PLACEMENT_SEARCHERS)] as const,
  request: { params: z.object({ id: z.uuid("Unknown placement") }) },
  responses: { 200: jsonContent(PlacementSchema, "The placement"), ...errorResponses },
});

export const placementRoutes = createRouter()
  .openapi(searchRoute, async (c) => {
    programScope(requireViewer(c.var.viewer));
    return c.json(await searchOpenPlacements(c.var.deps.db, c.req.valid("query")), 200);
  })
  .openapi(detailRoute, async (c) => {
    programScope(requireViewer(c.var.viewer));
    return c.json(await getOpenPlacement(c.var.deps.db, c.req.valid("param").id), 200);
  });
