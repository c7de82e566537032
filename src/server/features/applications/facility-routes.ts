import { createRoute, z } from "@hono/zod-openapi";
import { APPLICATION_STATUSES } from "../../../domain/applications";
import { applicationReviewSchema, PLACED_PHASES, PLACEMENT_STATUSES } from "../../../domain/placements";
import { FACILITY_SIDE } from "../../../domain/roles";
import { COMPLIANCE_STATUSES } from "../../../domain/students";
import { allow } from "../../lib/access";
import { sendCsv } from "../../lib/csv";
import { pageOf, pageQuerySchema } from "../../lib/pagination";
import { createRouter, errorResponses, idParam, jsonContent } from "../../lib/router";
import {
  decideApplication,
  exportFacilityApplications,
  FACILITY_APPLICATION_CSV_HEADER,
  getFacilityApplication,
  listFacilityApplications,
  listPlacedStudents,
} from "./facility-service";

// The facility's review of applications to its placements, and its placed students (issue 4).
// Facility coordinators see their own facility's; admins any facility's; programs and students 403.

const facilityId = z
  .uuid("Unknown facility")
  .optional()
  .openapi({ description: "Admins only; every facility when omitted. Ignored for a coordinator" });

export const FacilityApplicationSchema = z
  .object({
    id: z.string(),
    status: z.enum(APPLICATION_STATUSES),
    notes: z.string().nullable().openapi({ description: "The note sent with the application" }),
    notesBy: z.enum(["student", "program"]).nullable().openapi({
      description: "Who wrote `notes`: the student applying for themselves, or their program (null without a note)",
    }),
    reviewNotes: z.string().nullable().openapi({ description: "The facility's notes with its decision" }),
    submittedAt: z.string(),
    reviewedAt: z.string().nullable(),
    withdrawnAt: z.string().nullable(),
    student: z.object({ id: z.string(), name: z.string(), email: z.string(), gpa: z.number().nullable() }),
    placement: z.object({
      id: z.string(),
      title: z.string(),
      specialty: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      status: z.enum(PLACEMENT_STATUSES),
      capacity: z.number().int(),
      slotsFilled: z.number().int(),
    }),
    department: z.object({ id: z.string(), name: z.string() }).nullable(),
    facility: z.object({ id: z.string(), name: z.string() }),
    program: z.object({ id: z.string(), name: z.string() }),
  })
  .openapi("FacilityApplication");

const ApplicantDetailSchema = FacilityApplicationSchema.extend({
  student: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    gpa: z.number().nullable(),
    phone: z.string().nullable(),
    specialtyInterest: z.string().nullable(),
    complianceStatus: z.enum(COMPLIANCE_STATUSES),
  }),
}).openapi("FacilityApplicationDetail");

const filterQuery = z.object({
  search: pageQuerySchema.shape.search.openapi({ description: "Student name or email, placement or program" }),
  status: z.enum(APPLICATION_STATUSES).optional(),
  placementId: z.uuid("Unknown placement").optional(),
  departmentId: z.uuid("Unknown department").optional(),
  facilityId,
});
const listQuery = filterQuery.extend({ page: pageQuerySchema.shape.page, pageSize: pageQuerySchema.shape.pageSize });
const applicationId = idParam("Application");

const listRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["facility applications"],
  summary: "Applications to the facility's placements, newest first",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: { query: listQuery },
  responses: { 200: jsonContent(pageOf(FacilityApplicationSchema), "A page of applications"), ...errorResponses },
});

const exportRoute = createRoute({
  method: "get",
  path: "/export.csv",
  tags: ["facility applications"],
  summary: "The same applications as CSV (facility labels: 'New' for pending)",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: { query: filterQuery },
  responses: {
    200: { description: "CSV file", content: { "text/csv": { schema: z.string() } } },
    ...errorResponses,
  },
});

const detailRoute = createRoute({
  method: "get",
  path: "/{id}",
  tags: ["facility applications"],
  summary: "One application with the applicant's details (D1: only through an application to this facility)",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: { params: applicationId },
  responses: { 200: jsonContent(ApplicantDetailSchema, "The application"), ...errorResponses },
});

const decisionRoute = (action: "approve" | "reject") =>
  createRoute({
    method: "post",
    path: `/{id}/${action}`,
    tags: ["facility applications"],
    summary:
      action === "approve"
        ? "Approve a pending application: takes a slot (409 when full, closed, or the student's dates overlap)"
        : "Reject a pending application",
    description:
      "Optional notes go to the program with the decision. reviewed_at is stamped; the program's coordinators and the student (when they have an account) are emailed and get a live `application.updated` event.",
    middleware: [allow(...FACILITY_SIDE)] as const,
    request: {
      params: applicationId,
      body: { content: { "application/json": { schema: applicationReviewSchema } }, required: false },
    },
    responses: { 200: jsonContent(ApplicantDetailSchema, "Decided"), ...errorResponses },
  });

export const facilityApplicationRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    c.json(await listFacilityApplications(c.var.deps.db, c.var.scope, c.req.valid("query")), 200),
  )
  .openapi(exportRoute, async (c) => {
    const rows = await exportFacilityApplications(c.var.deps.db, c.var.scope, c.req.valid("query"));
    return sendCsv(
      c,
      `facility-applications-${new Date().toISOString().slice(0, 10)}.csv`,
      FACILITY_APPLICATION_CSV_HEADER,
      rows,
    ) as never;
  })
  .openapi(detailRoute, async (c) =>
    c.json(await getFacilityApplication(c.var.deps.db, c.var.scope, c.req.valid("param").id), 200),
  )
  .openapi(decisionRoute("approve"), async (c) => {
    const { notes } = c.req.valid("json") ?? { notes: null };
    return c.json(
      await decideApplication(c.var.deps, c.var.viewer, c.var.scope, c.req.valid("param").id, "approved", notes),
      200,
    );
  })
  .openapi(decisionRoute("reject"), async (c) => {
    const { notes } = c.req.valid("json") ?? { notes: null };
    return c.json(
      await decideApplication(c.var.deps, c.var.viewer, c.var.scope, c.req.valid("param").id, "rejected", notes),
      200,
    );
  });

const PlacedStudentSchema = z
  .object({
    applicationId: z.string(),
    student: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    program: z.object({ id: z.string(), name: z.string() }),
    placement: z.object({
      id: z.string(),
      title: z.string(),
      specialty: z.string(),
      startDate: z.string(),
      endDate: z.string(),
    }),
    department: z.object({ id: z.string(), name: z.string() }).nullable(),
    facility: z.object({ id: z.string(), name: z.string() }),
    phase: z.enum(PLACED_PHASES),
  })
  .openapi("PlacedStudent");

const placedRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["facility applications"],
  summary: "Students with approved applications at the facility: current and upcoming unless a phase is asked",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: {
    query: pageQuerySchema.omit({ order: true }).extend({ phase: z.enum(PLACED_PHASES).optional(), facilityId }),
  },
  responses: { 200: jsonContent(pageOf(PlacedStudentSchema), "A page of placed students"), ...errorResponses },
});

export const placedStudentRoutes = createRouter().openapi(placedRoute, async (c) =>
  c.json(await listPlacedStudents(c.var.deps.db, c.var.scope, c.req.valid("query")), 200),
);
