import { createRoute, z } from "@hono/zod-openapi";
import { FACILITY_SIDE, PROGRAM_SIDE, STUDENT_VIEWERS } from "../../../domain/roles";
import { allow, facilityScope, programScope, studentScope } from "../../lib/access";
import { cachedRead } from "../../lib/read-cache";
import { READS } from "../../lib/read-cache-routes";
import { createRouter, errorResponses, jsonContent } from "../../lib/router";
import { FacilityDashboardSchema, ProgramDashboardSchema, StudentDashboardSchema } from "./schemas";
import { facilityDashboard, programDashboard, studentDashboard } from "./service";

// The dashboards' figures, from live data (D9): the program's and the facility's at /api/analytics
// (admins any organization's), the student's own at /api/me/student/dashboard.

const programDashboardRoute = createRoute({
  method: "get",
  path: "/program-dashboard",
  tags: ["analytics"],
  summary: "The program dashboard's figures, from live data",
  middleware: [allow(...PROGRAM_SIDE), cachedRead(READS.programDashboard)] as const,
  request: {
    query: z.object({
      programId: z
        .uuid("Unknown program")
        .optional()
        .openapi({ description: "Admins only; every program when omitted" }),
    }),
  },
  responses: { 200: jsonContent(ProgramDashboardSchema, "Dashboard figures"), ...errorResponses },
});

const facilityDashboardRoute = createRoute({
  method: "get",
  path: "/facility-dashboard",
  tags: ["analytics"],
  summary: "The facility dashboard's figures, from live data",
  middleware: [allow(...FACILITY_SIDE), cachedRead(READS.facilityDashboard)] as const,
  request: {
    query: z.object({
      facilityId: z
        .uuid("Unknown facility")
        .optional()
        .openapi({ description: "Admins only; every facility when omitted" }),
    }),
  },
  responses: { 200: jsonContent(FacilityDashboardSchema, "Dashboard figures"), ...errorResponses },
});

const studentDashboardRoute = createRoute({
  method: "get",
  path: "/dashboard",
  tags: ["student"],
  summary: "The student's dashboard: tiles, recent applications, upcoming rotation starts",
  middleware: [allow(...STUDENT_VIEWERS), cachedRead(READS.studentDashboard)] as const,
  responses: { 200: jsonContent(StudentDashboardSchema, "The dashboard"), ...errorResponses },
});

/** /api/analytics: the program's and the facility's dashboards. */
export const analyticsRoutes = createRouter()
  .openapi(programDashboardRoute, async (c) => {
    const scope = programScope(c.get("scope"), c.req.valid("query").programId);
    return c.json(await programDashboard(c.get("deps").db, scope), 200);
  })
  .openapi(facilityDashboardRoute, async (c) => {
    const scope = facilityScope(c.get("scope"), c.req.valid("query").facilityId);
    return c.json(await facilityDashboard(c.get("deps").db, scope), 200);
  });

/** /api/me/student: the student's own dashboard. */
export const myDashboardRoutes = createRouter().openapi(studentDashboardRoute, async (c) =>
  c.json(await studentDashboard(c.get("deps").db, studentScope(c.get("scope"))), 200),
);
