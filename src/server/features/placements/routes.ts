import { createRoute, z } from "@hono/zod-openapi";
import { isoDate } from "../../../domain/dates";
import { PROGRAM_SIDE } from "../../../domain/roles";
import { allow, programScope } from "../../lib/access";
import { pageOf, pageQuerySchema } from "../../lib/pagination";
import { createRouter, errorResponses, idParam, jsonContent } from "../../lib/router";
import { PlacementSchema } from "./schemas";
import { getOpenPlacement, searchOpenPlacements } from "./service";

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

const searchRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["placements"],
  summary: "Open placements: active, at verified facilities, with spots left; soonest first",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { query: searchQuery },
  responses: { 200: jsonContent(pageOf(PlacementSchema), "A page of placements"), ...errorResponses },
});

const detailRoute = createRoute({
  method: "get",
  path: "/{id}",
  tags: ["placements"],
  summary: "One open placement (404 when it is not active or its facility is not verified)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: idParam("Placement") },
  responses: { 200: jsonContent(PlacementSchema, "The placement"), ...errorResponses },
});

export const placementRoutes = createRouter()
  .openapi(searchRoute, async (c) => {
    programScope(c.var.scope);
    return c.json(await searchOpenPlacements(c.var.deps.db, c.req.valid("query")), 200);
  })
  .openapi(detailRoute, async (c) => {
    programScope(c.var.scope);
    return c.json(await getOpenPlacement(c.var.deps.db, c.req.valid("param").id), 200);
  });
