import { createRoute, z } from "@hono/zod-openapi";
import { isoDate } from "../../../domain/dates";
import { ADMIN_ROLES } from "../../../domain/roles";
import { allow } from "../../lib/access";
import { createRouter, errorResponses, jsonContent } from "../../lib/router";
import {
  AdminOverviewSchema,
  AnalyticsFilterOptionsSchema,
  ApplicationsOverTimeSchema,
  ComplianceByProgramSchema,
  FacilityDecisionsSchema,
  SeatUtilizationSchema,
  UnmetDemandSchema,
} from "./admin-schemas";
import {
  adminOverview,
  analyticsFilterOptions,
  applicationsOverTime,
  complianceByProgram,
  facilityDecisions,
  resolveFilters,
  seatUtilization,
  unmetDemand,
} from "./admin-service";

// /api/analytics/admin: the platform overview and the analytics charts, administrators only.

/** Every chart's filters: a date range (at most DATE_MIN..DATE_MAX, from ≤ to), a state, a specialty. */
const chartFilters = z
  .object({
    from: isoDate("From").optional(),
    to: isoDate("To").optional(),
    state: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, "State must be a two-letter code")
      .transform((s) => s.toUpperCase())
      .optional(),
    specialty: z.string().trim().min(1, "Specialty is empty").max(100, "Specialty is too long").optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { path: ["to"], message: "To must be on or after From" });

const overviewRoute = createRoute({
  method: "get",
  path: "/overview",
  tags: ["analytics"],
  summary: "The platform overview: stat cards, top performers, regional market trends (admins)",
  middleware: [allow(...ADMIN_ROLES)] as const,
  responses: { 200: jsonContent(AdminOverviewSchema, "The overview's figures"), ...errorResponses },
});

const filterOptionsRoute = createRoute({
  method: "get",
  path: "/filter-options",
  tags: ["analytics"],
  summary: "The states and specialties the charts can be filtered by (admins)",
  middleware: [allow(...ADMIN_ROLES)] as const,
  responses: { 200: jsonContent(AnalyticsFilterOptionsSchema, "States and specialties"), ...errorResponses },
});

// `P` keeps each path a literal type, so the typed client tells the charts apart.
const chart = <P extends string, S extends z.ZodType>(path: P, summary: string, schema: S) =>
  createRoute({
    method: "get",
    path,
    tags: ["analytics"],
    summary: `${summary} (admins)`,
    middleware: [allow(...ADMIN_ROLES)] as const,
    request: { query: chartFilters },
    responses: { 200: jsonContent(schema, "The chart's data"), ...errorResponses },
  });

export const adminAnalyticsRoutes = createRouter()
  .openapi(overviewRoute, async (c) => c.json(await adminOverview(c.get("deps").db), 200))
  .openapi(filterOptionsRoute, async (c) => c.json(await analyticsFilterOptions(c.get("deps").db), 200))
  .openapi(
    chart("/applications-over-time", "Applications over time by status", ApplicationsOverTimeSchema),
    async (c) => c.json(await applicationsOverTime(c.get("deps").db, resolveFilters(c.req.valid("query"))), 200),
  )
  .openapi(
    chart("/facility-decisions", "Acceptance rate and median time to decision by facility", FacilityDecisionsSchema),
    async (c) => c.json(await facilityDecisions(c.get("deps").db, resolveFilters(c.req.valid("query"))), 200),
  )
  .openapi(chart("/seat-utilization", "Seat utilization by specialty and state", SeatUtilizationSchema), async (c) =>
    c.json(await seatUtilization(c.get("deps").db, resolveFilters(c.req.valid("query"))), 200),
  )
  .openapi(chart("/unmet-demand", "Unmet demand by specialty and state", UnmetDemandSchema), async (c) =>
    c.json(await unmetDemand(c.get("deps").db, resolveFilters(c.req.valid("query"))), 200),
  )
  .openapi(chart("/compliance-by-program", "Compliance rates by program", ComplianceByProgramSchema), async (c) =>
    c.json(await complianceByProgram(c.get("deps").db, resolveFilters(c.req.valid("query"))), 200),
  );
