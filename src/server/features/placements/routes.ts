import { createRoute, z } from "@hono/zod-openapi";
import { isoDate } from "../../../domain/dates";
import { PLACEMENT_STATUSES, placementInputSchema } from "../../../domain/placements";
import { FACILITY_SIDE, PROGRAM_SIDE, STUDENT_VIEWERS } from "../../../domain/roles";
import { allow, namedOrganization, programScope, studentScope } from "../../lib/access";
import { changedFields, noteAudit } from "../../lib/audit";
import { pageOf, pageQuerySchema } from "../../lib/pagination";
import { cachedRead } from "../../lib/read-cache";
import { READS } from "../../lib/read-cache-routes";
import { createRouter, errorResponses, idParam, jsonContent } from "../../lib/router";
import { studentProgramId, withAgreementFlags } from "../agreements/requirement";
import {
  createFacilityPlacement,
  duplicateFacilityPlacement,
  facilityPlacementOptions,
  getFacilityPlacement,
  listFacilityPlacements,
  setFacilityPlacementStatus,
  updateFacilityPlacement,
} from "./manage";
import { FacilityPlacementSchema, PlacementOptionsSchema, PlacementSchema, StudentPlacementSchema } from "./schemas";
import { browsePlacements, getOpenPlacement, searchOpenPlacements } from "./search";

// Placements, whoever calls: programs search open placements for their students (admins too, View
// As) at /api/placements; students search for themselves at /api/me/student/placements; the
// facility manages its own, in every status, at /api/facility/placements (admins any facility's;
// another facility's placement is 404, D1). The guard's Scope says which.

// ---------------------------------------------------------------------------------------------
// Search open placements

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

const searchRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["placements"],
  summary: "Open placements: active, at verified facilities, with spots left; soonest first",
  middleware: [allow(...PROGRAM_SIDE), cachedRead(READS.placements)] as const,
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

const studentSearchQuery = pageQuerySchema.omit({ order: true }).extend({
  specialty: z.string().trim().max(100).optional(),
  startFrom: day("startFrom"),
  endBy: day("endBy"),
});

const studentSearchRoute = createRoute({
  method: "get",
  path: "/placements",
  tags: ["student"],
  summary: "Open placements with spots left, each with the student's own application if any",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: { query: studentSearchQuery },
  responses: { 200: jsonContent(pageOf(StudentPlacementSchema), "A page of placements"), ...errorResponses },
});

/** /api/placements: the programs' search. */
export const placementRoutes = createRouter()
  .openapi(searchRoute, async (c) => {
    const scope = programScope(c.get("scope"));
    const page = await searchOpenPlacements(c.get("deps").db, c.req.valid("query"));
    // Issue 17: each placement says whether its facility's agreement rule lets this program apply.
    const items = await withAgreementFlags(c.get("deps").db, namedOrganization(scope), page.items);
    return c.json({ ...page, items }, 200);
  })
  .openapi(detailRoute, async (c) => {
    const scope = programScope(c.get("scope"));
    const placement = await getOpenPlacement(c.get("deps").db, c.req.valid("param").id);
    const [flagged] = await withAgreementFlags(c.get("deps").db, namedOrganization(scope), [placement]);
    return c.json(flagged, 200);
  });

/** Mounted at /api/me/student: the student's own search. */
export const myPlacementRoutes = createRouter().openapi(studentSearchRoute, async (c) => {
  const scope = studentScope(c.get("scope"));
  const page = await browsePlacements(c.get("deps").db, scope, c.req.valid("query"));
  const items = await withAgreementFlags(c.get("deps").db, await studentProgramId(c.get("deps").db, scope), page.items);
  return c.json({ ...page, items }, 200);
});

// ---------------------------------------------------------------------------------------------
// The facility's own placements: list, create, edit, publish, close, duplicate

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

const facilityListRoute = createRoute({
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
    200: jsonContent(PlacementOptionsSchema, "Placements by title"),
    ...errorResponses,
  },
});

const facilityDetailRoute = createRoute({
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

/** /api/facility/placements: the facility's own. */
export const facilityPlacementRoutes = createRouter()
  .openapi(facilityListRoute, async (c) =>
    c.json(await listFacilityPlacements(c.get("deps").db, c.get("scope"), c.req.valid("query")), 200),
  )
  .openapi(optionsRoute, async (c) => {
    const items = await facilityPlacementOptions(c.get("deps").db, c.get("scope"), c.req.valid("query").facilityId);
    return c.json({ items }, 200);
  })
  .openapi(facilityDetailRoute, async (c) =>
    c.json(await getFacilityPlacement(c.get("deps").db, c.get("scope"), c.req.valid("param").id), 200),
  )
  .openapi(createPlacementRoute, async (c) =>
    c.json(await createFacilityPlacement(c.get("deps").db, c.get("scope"), c.req.valid("json")), 201),
  )
  .openapi(updateRoute, async (c) => {
    const id = c.req.valid("param").id;
    const before = await getFacilityPlacement(c.get("deps").db, c.get("scope"), id);
    const after = await updateFacilityPlacement(c.get("deps"), c.get("scope"), id, c.req.valid("json"));
    // The audit trail keeps what the edit changed (ADR 019).
    noteAudit(c, changedFields(before, after));
    return c.json(after, 200);
  })
  .openapi(statusRoute("publish"), async (c) =>
    c.json(await setFacilityPlacementStatus(c.get("deps").db, c.get("scope"), c.req.valid("param").id, "active"), 200),
  )
  .openapi(statusRoute("close"), async (c) =>
    c.json(await setFacilityPlacementStatus(c.get("deps").db, c.get("scope"), c.req.valid("param").id, "closed"), 200),
  )
  .openapi(duplicateRoute, async (c) =>
    c.json(await duplicateFacilityPlacement(c.get("deps").db, c.get("scope"), c.req.valid("param").id), 201),
  );
