import { createRoute, z } from "@hono/zod-openapi";
import {
  APPLICATION_STATUSES,
  applicationSubmissionSchema,
  REFUSAL_CODES,
  submissionStudents,
} from "../../../domain/applications";
import { PROGRAM_SIDE } from "../../../domain/roles";
import { allow } from "../../lib/access";
import { sendCsv } from "../../lib/csv";
import { pageOf, pageQuerySchema } from "../../lib/pagination";
import { createRouter, errorResponses, idParam, jsonContent } from "../../lib/router";
import {
  APPLICATION_CSV_HEADER,
  exportApplications,
  listApplications,
  listAppliedFacilities,
  submitApplications,
  withdrawApplication,
} from "./service";

// Program coordinators manage their program's applications; admins any program's (View As).

const RefusalSchema = z
  .object({
    studentId: z.string(),
    name: z.string().nullable().openapi({ description: "null when the student is unknown to the caller" }),
    reason: z.string(),
    code: z.enum(REFUSAL_CODES),
  })
  .openapi("ApplicationRefusal");

const SubmittedSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  name: z.string(),
  status: z.literal("pending"),
  submittedAt: z.string(),
});

const SubmissionSchema = z
  .object({
    placement: z.object({ id: z.string(), title: z.string(), facilityName: z.string() }),
    submitted: z.array(SubmittedSchema),
    refused: z.array(RefusalSchema),
  })
  .openapi("ApplicationSubmission");

export const ApplicationSchema = z
  .object({
    id: z.string(),
    status: z.enum(APPLICATION_STATUSES),
    notes: z.string().nullable(),
    notesBy: z
      .enum(["student", "program"])
      .nullable()
      .openapi({ description: "Who wrote `notes`: the student applying, or the program (null without a note)" }),
    reviewNotes: z.string().nullable(),
    canWithdraw: z.boolean().openapi({ description: "Whether withdrawing is allowed today" }),
    leavesEarly: z.boolean().openapi({ description: "Withdrawing now would leave an approved rotation under way" }),
    submittedAt: z.string(),
    reviewedAt: z.string().nullable(),
    withdrawnAt: z.string().nullable(),
    student: z.object({
      id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      name: z.string(),
      email: z.string(),
      gpa: z.number().nullable(),
    }),
    placement: z.object({
      id: z.string(),
      title: z.string(),
      specialty: z.string(),
      startDate: z.string(),
      endDate: z.string(),
    }),
    facility: z.object({ id: z.string(), name: z.string(), city: z.string().nullable(), state: z.string().nullable() }),
    program: z.object({ id: z.string(), name: z.string() }),
  })
  .openapi("Application");

const filterQuery = z.object({
  search: pageQuerySchema.shape.search.openapi({ description: "Student name or email" }),
  status: z.enum(APPLICATION_STATUSES).optional(),
  specialty: z.string().trim().max(100).optional(),
  facilityId: z.uuid("Unknown facility").optional(),
  programId: z.uuid("Unknown program").optional().openapi({ description: "Admins only; ignored for a coordinator" }),
});

const listQuery = filterQuery.extend({ page: pageQuerySchema.shape.page, pageSize: pageQuerySchema.shape.pageSize });

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

const listRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["applications"],
  summary: "The program's applications, newest first",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { query: listQuery },
  responses: { 200: jsonContent(pageOf(ApplicationSchema), "A page of applications"), ...errorResponses },
});

const exportRoute = createRoute({
  method: "get",
  path: "/export.csv",
  tags: ["applications"],
  summary: "The program's applications as CSV (same filters as the list)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { query: filterQuery },
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
  request: { query: z.object({ programId: filterQuery.shape.programId }) },
  responses: {
    200: jsonContent(
      z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) }),
      "Facilities by name",
    ),
    ...errorResponses,
  },
});

const withdrawRoute = createRoute({
  method: "post",
  path: "/{id}/withdraw",
  tags: ["applications"],
  summary: "Withdraw a pending or approved application (an approved one frees its slot)",
  description:
    "Before the rotation starts: a pending or approved application. During it: a pending one, or an approved one (the student leaves the rotation early: `leftEarly`). After it ended, an approved rotation is history: 409. The facility's coordinators are told by mail and live event.",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: idParam("Application") },
  responses: {
    200: jsonContent(
      z.object({
        id: z.string(),
        status: z.literal("withdrawn"),
        previousStatus: z.enum(["pending", "approved"]),
        withdrawnAt: z.string(),
        leftEarly: z.boolean(),
        message: z.string(),
      }),
      "Withdrawn",
    ),
    ...errorResponses,
  },
});

export const applicationRoutes = createRouter()
  .openapi(submitRoute, async (c) => {
    const input = c.req.valid("json");
    const result = await submitApplications(c.var.deps, c.var.viewer, c.var.scope, {
      placementId: input.placementId,
      students: submissionStudents(input),
    });
    // Refusals are answers, not errors (ADR 003): the envelope is for whole-request failures.
    return result.submitted.length > 0 ? c.json(result, 201) : c.json(result, 200);
  })
  .openapi(listRoute, async (c) =>
    c.json(await listApplications(c.var.deps.db, c.var.scope, c.req.valid("query")), 200),
  )
  .openapi(exportRoute, async (c) => {
    const rows = await exportApplications(c.var.deps.db, c.var.scope, c.req.valid("query"));
    return sendCsv(
      c,
      `applications-${new Date().toISOString().slice(0, 10)}.csv`,
      APPLICATION_CSV_HEADER,
      rows,
    ) as never;
  })
  .openapi(facilitiesRoute, async (c) => {
    const items = await listAppliedFacilities(c.var.deps.db, c.var.scope, c.req.valid("query").programId);
    return c.json({ items }, 200);
  })
  .openapi(withdrawRoute, async (c) => {
    const result = await withdrawApplication(c.var.deps, c.var.scope, c.req.valid("param").id);
    return c.json(result, 200);
  });
