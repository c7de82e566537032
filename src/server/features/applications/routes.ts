import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { applicationSubmissionSchema, submissionStudents } from "../../../domain/application-submission";
import { APPLICATION_NOTES_MAX, APPLICATION_STATUSES } from "../../../domain/applications";
import { applicationReviewSchema, PLACED_PHASES } from "../../../domain/placements";
import { FACILITY_SIDE, PROGRAM_SIDE, STUDENT_VIEWERS } from "../../../domain/roles";
import { allow, type GuardedEnv, studentScope } from "../../lib/access";
import { noteAudit } from "../../lib/audit";
import { sendCsv } from "../../lib/csv";
import { pageOf, pageQuerySchema } from "../../lib/pagination";
import { createRouter, errorResponses, idParam, jsonContent } from "../../lib/router";
import {
  APPLICATION_CSV_HEADER,
  exportApplications,
  exportFacilityApplications,
  FACILITY_APPLICATION_CSV_HEADER,
  getFacilityApplication,
  listApplications,
  listAppliedFacilities,
  listFacilityApplications,
  listPlacedStudents,
  myApplications,
} from "./list";
import { decideApplication } from "./review";
import {
  ApplicantDetailSchema,
  ApplicationSchema,
  AppliedFacilitiesSchema,
  AppliedSchema,
  FacilityApplicationSchema,
  MyApplicationSchema,
  PlacedStudentSchema,
  SubmissionSchema,
  WithdrawnSchema,
} from "./schemas";
import { submitApplications, submitOwnApplication } from "./submit";
import { withdrawApplication } from "./withdraw";

// Applications, whoever calls (D7). Program coordinators submit, list and withdraw their program's
// at /api/applications; the facility reviews those to its placements at /api/facility/applications
// and lists its placed students at /api/facility/placed-students; the student applies, lists and
// withdraws their own at /api/me/student/applications. Admins act as any program or facility (View
// As); an admin without a student record gets 404 on the student's routes. The guard's Scope says
// whose applications a route touches.

const applicationId = idParam("Application");

/** Admins only: narrows the list to one facility; every facility when omitted. */
const facilityId = z
  .uuid("Unknown facility")
  .optional()
  .openapi({ description: "Admins only; every facility when omitted. Ignored for a coordinator" });

// ---------------------------------------------------------------------------------------------
// Submit

const submitRoute = createRoute({
  method: "post",
  path: "/",
  tags: ["applications"],
  summary: "Submit applications for one or more students (up to 200) to one placement",
  description:
    "Each student is checked on its own: refused students are listed with a code and a reason, never as an error. 201 when at least one application was submitted, 200 when every student was refused. Errors are whole-request failures only: 404 for an unknown placement, 403 while the program is pending verification, 422 for invalid fields.",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { body: { content: { "application/json": { schema: applicationSubmissionSchema } }, required: true } },
  responses: {
    200: jsonContent(SubmissionSchema, "Nothing submitted: every student refused, each with a reason"),
    201: jsonContent(SubmissionSchema, "Submitted (some students may be refused)"),
    ...errorResponses,
  },
});

const applyBody = z.object({
  placementId: z.uuid("Choose a placement"),
  notes: z
    .string()
    .trim()
    .max(APPLICATION_NOTES_MAX, `Notes must be at most ${APPLICATION_NOTES_MAX} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});

const applyRoute = createRoute({
  method: "post",
  path: "/applications",
  tags: ["student"],
  summary: "Apply to a placement (the application carries the student's own program); 409 when already applied",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: { body: { content: { "application/json": { schema: applyBody } }, required: true } },
  responses: { 201: jsonContent(AppliedSchema, "Application submitted"), ...errorResponses },
});

// ---------------------------------------------------------------------------------------------
// Lists: the program's, the facility's, the student's own

const programFilterQuery = z.object({
  search: pageQuerySchema.shape.search.openapi({ description: "Student name or email" }),
  status: z.enum(APPLICATION_STATUSES).optional(),
  specialty: z.string().trim().max(100).optional(),
  facilityId: z.uuid("Unknown facility").optional(),
  programId: z.uuid("Unknown program").optional().openapi({ description: "Admins only; ignored for a coordinator" }),
});
const programListQuery = programFilterQuery.extend({
  page: pageQuerySchema.shape.page,
  pageSize: pageQuerySchema.shape.pageSize,
});

const listRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["applications"],
  summary: "The program's applications, newest first",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { query: programListQuery },
  responses: { 200: jsonContent(pageOf(ApplicationSchema), "A page of applications"), ...errorResponses },
});

const exportRoute = createRoute({
  method: "get",
  path: "/export.csv",
  tags: ["applications"],
  summary: "The program's applications as CSV (same filters as the list)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { query: programFilterQuery },
  responses: {
    200: { description: "CSV file", content: { "text/csv": { schema: z.string() } } },
    ...errorResponses,
  },
});

const facilitiesRoute = createRoute({
  method: "get",
  path: "/facilities",
  tags: ["applications"],
  summary: "Facilities the program applied to (the facility filter's options)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { query: z.object({ programId: programFilterQuery.shape.programId }) },
  responses: { 200: jsonContent(AppliedFacilitiesSchema, "Facilities by name"), ...errorResponses },
});

const facilityFilterQuery = z.object({
  search: pageQuerySchema.shape.search.openapi({ description: "Student name or email, placement or program" }),
  status: z.enum(APPLICATION_STATUSES).optional(),
  placementId: z.uuid("Unknown placement").optional(),
  departmentId: z.uuid("Unknown department").optional(),
  facilityId,
});
const facilityListQuery = facilityFilterQuery.extend({
  page: pageQuerySchema.shape.page,
  pageSize: pageQuerySchema.shape.pageSize,
});

const facilityListRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["facility applications"],
  summary: "Applications to the facility's placements, newest first",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: { query: facilityListQuery },
  responses: { 200: jsonContent(pageOf(FacilityApplicationSchema), "A page of applications"), ...errorResponses },
});

const facilityExportRoute = createRoute({
  method: "get",
  path: "/export.csv",
  tags: ["facility applications"],
  summary: "The same applications as CSV (facility labels: 'New' for pending)",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: { query: facilityFilterQuery },
  responses: {
    200: { description: "CSV file", content: { "text/csv": { schema: z.string() } } },
    ...errorResponses,
  },
});

const facilityDetailRoute = createRoute({
  method: "get",
  path: "/{id}",
  tags: ["facility applications"],
  summary: "One application with the applicant's details (D1: only through an application to this facility)",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: { params: applicationId },
  responses: { 200: jsonContent(ApplicantDetailSchema, "The application"), ...errorResponses },
});

const myListRoute = createRoute({
  method: "get",
  path: "/applications",
  tags: ["student"],
  summary: "The student's applications: pending, approved, rejected, withdrawn",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: {
    query: z.object({
      page: pageQuerySchema.shape.page,
      pageSize: z.coerce.number().int().min(1).max(100, "pageSize must be at most 100").default(50),
    }),
  },
  responses: { 200: jsonContent(pageOf(MyApplicationSchema), "A page of applications"), ...errorResponses },
});

// ---------------------------------------------------------------------------------------------
// Review: the facility approves or rejects

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
      body: {
        content: {
          "application/json": {
            schema:
              action === "approve"
                ? applicationReviewSchema.extend({
                    confirmNotReady: z.boolean().optional().openapi({
                      description: "Approve a student who has not met every requirement (recorded with who and when)",
                    }),
                  })
                : applicationReviewSchema,
          },
        },
        required: false,
      },
    },
    responses: { 200: jsonContent(ApplicantDetailSchema, "Decided"), ...errorResponses },
  });

// ---------------------------------------------------------------------------------------------
// Withdraw: the program or the student, under the same rules

const withdrawRoute = createRoute({
  method: "post",
  path: "/{id}/withdraw",
  tags: ["applications"],
  summary: "Withdraw a pending or approved application (an approved one frees its slot)",
  description:
    "Before the rotation starts: a pending or approved application. During it: a pending one, or an approved one (the student leaves the rotation early: `leftEarly`). After it ended, an approved rotation is history: 409. The facility's coordinators are told by mail and live event.",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: applicationId },
  responses: { 200: jsonContent(WithdrawnSchema, "Withdrawn"), ...errorResponses },
});

const myWithdrawRoute = createRoute({
  method: "post",
  path: "/applications/{id}/withdraw",
  tags: ["student"],
  summary: "Withdraw one's own pending or approved application (an approved one frees its slot)",
  description:
    "The program's rules: before the rotation starts, a pending or approved application; during it, a pending one or an approved one (leaving early: `leftEarly`); after it ended, an approved rotation is history (409). The facility is told by mail and live event.",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: { params: applicationId },
  responses: { 200: jsonContent(WithdrawnSchema, "Withdrawn"), ...errorResponses },
});

// ---------------------------------------------------------------------------------------------
// Placed students: the facility's approved applications

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

// ---------------------------------------------------------------------------------------------
// The routers, one per mount point (app.ts)

const today = () => new Date().toISOString().slice(0, 10);

/** /api/applications: the program's. */
export const applicationRoutes = createRouter()
  .openapi(submitRoute, async (c) => {
    const input = c.req.valid("json");
    const result = await submitApplications(c.get("deps"), c.get("viewer"), c.get("scope"), {
      placementId: input.placementId,
      students: submissionStudents(input),
    });
    // Refusals are answers, not errors (ADR 003): the envelope is for whole-request failures.
    return result.submitted.length > 0 ? c.json(result, 201) : c.json(result, 200);
  })
  .openapi(listRoute, async (c) =>
    c.json(await listApplications(c.get("deps").db, c.get("scope"), c.req.valid("query")), 200),
  )
  .openapi(exportRoute, async (c) => {
    const rows = await exportApplications(c.get("deps").db, c.get("scope"), c.req.valid("query"));
    return sendCsv(c, `applications-${today()}.csv`, APPLICATION_CSV_HEADER, rows) as never;
  })
  .openapi(facilitiesRoute, async (c) => {
    const items = await listAppliedFacilities(c.get("deps").db, c.get("scope"), c.req.valid("query").programId);
    return c.json({ items }, 200);
  })
  .openapi(withdrawRoute, async (c) => {
    const result = await withdrawApplication(c.get("deps"), c.get("scope"), c.req.valid("param").id);
    noteWithdrawal(c, result);
    return c.json(result, 200);
  });

/** /api/facility/applications: those to the facility's placements. */
export const facilityApplicationRoutes = createRouter()
  .openapi(facilityListRoute, async (c) =>
    c.json(await listFacilityApplications(c.get("deps").db, c.get("scope"), c.req.valid("query")), 200),
  )
  .openapi(facilityExportRoute, async (c) => {
    const rows = await exportFacilityApplications(c.get("deps").db, c.get("scope"), c.req.valid("query"));
    return sendCsv(c, `facility-applications-${today()}.csv`, FACILITY_APPLICATION_CSV_HEADER, rows) as never;
  })
  .openapi(facilityDetailRoute, async (c) =>
    c.json(await getFacilityApplication(c.get("deps").db, c.get("scope"), c.req.valid("param").id), 200),
  )
  .openapi(decisionRoute("approve"), async (c) => {
    const body = (c.req.valid("json") ?? {}) as { notes?: string | null; confirmNotReady?: boolean };
    const id = c.req.valid("param").id;
    const { deps, viewer, scope } = c.var;
    const decided = await decideApplication(
      deps,
      viewer,
      scope,
      id,
      "approved",
      body.notes ?? null,
      body.confirmNotReady === true,
    );
    noteDecision(c, decided);
    return c.json(decided, 200);
  })
  .openapi(decisionRoute("reject"), async (c) => {
    const { notes } = c.req.valid("json") ?? { notes: null };
    const decided = await decideApplication(
      c.get("deps"),
      c.get("viewer"),
      c.get("scope"),
      c.req.valid("param").id,
      "rejected",
      notes,
    );
    noteDecision(c, decided);
    return c.json(decided, 200);
  });

// The audit trail's before and after (ADR 019): only a pending application can be decided.
type Decided = Awaited<ReturnType<typeof decideApplication>>;
function noteDecision(c: Context<GuardedEnv>, d: Decided) {
  noteAudit(c, {
    summary: `${d.status === "approved" ? "Approved" : "Rejected"} ${d.student.name}'s application to ${d.placement.title}`,
    entityType: "applications",
    entityId: d.id,
    organizationId: d.facility.id,
    before: { status: "pending" },
    after: {
      status: d.status,
      reviewNotes: d.reviewNotes,
      ...(d.readinessOverride ? { approvedNotReady: d.readinessOverride.missing } : {}),
    },
  });
}
function noteWithdrawal(c: Context<GuardedEnv>, w: Awaited<ReturnType<typeof withdrawApplication>>) {
  noteAudit(c, {
    entityType: "applications",
    entityId: w.id,
    before: { status: w.previousStatus },
    after: { status: w.status, ...(w.leftEarly ? { leftEarly: true } : {}) },
  });
}

/** /api/facility/placed-students. */
export const placedStudentRoutes = createRouter().openapi(placedRoute, async (c) =>
  c.json(await listPlacedStudents(c.get("deps").db, c.get("scope"), c.req.valid("query")), 200),
);

/** /api/me/student: the student's own. */
export const myApplicationRoutes = createRouter()
  .openapi(applyRoute, async (c) => {
    const result = await submitOwnApplication(
      c.get("deps"),
      c.get("viewer"),
      studentScope(c.get("scope")),
      c.req.valid("json"),
    );
    return c.json(result, 201);
  })
  .openapi(myListRoute, async (c) =>
    c.json(await myApplications(c.get("deps").db, studentScope(c.get("scope")), c.req.valid("query")), 200),
  )
  .openapi(myWithdrawRoute, async (c) => {
    const result = await withdrawApplication(c.get("deps"), studentScope(c.get("scope")), c.req.valid("param").id);
    noteWithdrawal(c, result);
    return c.json(result, 200);
  });
