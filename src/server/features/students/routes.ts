import { createRoute, z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import type { MiddlewareHandler } from "hono/types";
import { PROGRAM_SIDE } from "../../../domain/roles";
import {
  ROSTER_COLUMNS,
  ROSTER_MAX_BYTES,
  ROSTER_MAX_ROWS,
  ROSTER_TOO_LARGE,
  ROSTER_TOO_MANY_ROWS,
  rosterLineCount,
} from "../../../domain/roster";
import { ENROLLMENT_FILTERS, INVITATION_STATES, STUDENT_SORTS } from "../../../domain/student-list";
import { COMPLIANCE_STATUSES, studentInputSchema } from "../../../domain/students";
import { allow, type GuardedEnv, programScope } from "../../lib/access";
import { sendCsv } from "../../lib/csv";
import { AppError } from "../../lib/errors";
import { pageOf, pageQuerySchema } from "../../lib/pagination";
import { createRouter, errorResponses, idParam, jsonContent } from "../../lib/router";
import {
  createStudent,
  deleteStudent,
  EXPORT_HEADER,
  exportRow,
  exportStudents,
  getStudentDetail,
  importRoster,
  inviteStudent,
  listStudents,
  previewRoster,
  previewSummary,
  setEnrollment,
  targetProgram,
  updateStudent,
  withdrawStudent,
} from "./service";

// The program coordinator's roster (issue 3). Program coordinators see their own program; admins
// any program (optionally one, by programId); everyone else gets 403 (D1).

const ApplicationCountsSchema = z
  .object({
    pending: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
    withdrawn: z.number().int(),
    total: z.number().int(),
  })
  .openapi("ApplicationCounts");

const InvitationSchema = z
  .object({
    state: z.enum(INVITATION_STATES),
    sentAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
  })
  .openapi("StudentInvitation");

const StudentSchema = z
  .object({
    id: z.string(),
    programId: z.string(),
    programName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    gpa: z.number().nullable(),
    specialtyInterest: z.string().nullable(),
    complianceStatus: z.enum(COMPLIANCE_STATUSES),
    enrollmentStatus: z.enum(["active", "withdrawn"]),
    withdrawnAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    applications: ApplicationCountsSchema,
    invitation: InvitationSchema,
  })
  .openapi("Student");

const StudentApplicationSchema = z
  .object({
    id: z.string(),
    placementId: z.string(),
    placementTitle: z.string(),
    specialty: z.string(),
    facilityName: z.string(),
    facilityCity: z.string().nullable(),
    facilityState: z.string().nullable(),
    startDate: z.string(),
    endDate: z.string(),
    status: z.enum(["pending", "approved", "rejected", "withdrawn"]),
    notes: z.string().nullable(),
    submittedAt: z.string(),
    reviewedAt: z.string().nullable(),
  })
  .openapi("StudentApplication");

const StudentDetailSchema = z
  .object({
    student: StudentSchema,
    statistics: ApplicationCountsSchema,
    accommodationRequests: z
      .string()
      .nullable()
      .openapi({ description: "The student's accommodation requests (their program only)" }),
    applications: z.array(StudentApplicationSchema),
  })
  .openapi("StudentDetail");

const programIdQuery = z.uuid("programId must be a program's id").optional();

const filterSchema = z.object({
  programId: programIdQuery,
  specialty: z.string().trim().max(100, "specialty must be at most 100 characters").optional(),
  complianceStatus: z.enum(COMPLIANCE_STATUSES).optional(),
  enrollment: z.enum(ENROLLMENT_FILTERS).default("active"),
  sort: z.enum(STUDENT_SORTS).default("createdAt"),
});
const listQuery = pageQuerySchema.extend(filterSchema.shape);
const exportQuery = pageQuerySchema.omit({ page: true, pageSize: true }).extend(filterSchema.shape);

const studentId = idParam("Student");

const createBody = studentInputSchema.extend({ programId: programIdQuery });
const updateBody = studentInputSchema.partial();
const rosterBody = z.object({
  csv: z
    .string({ error: "csv is required" })
    .max(ROSTER_MAX_BYTES, ROSTER_TOO_LARGE)
    .refine((csv) => rosterLineCount(csv) <= ROSTER_MAX_ROWS, ROSTER_TOO_MANY_ROWS),
  programId: programIdQuery,
});

// Typed as a guarded handler so the route keeps the guard's typed viewer and scope after it.
const rosterLimit: MiddlewareHandler<GuardedEnv> = bodyLimit({
  maxSize: ROSTER_MAX_BYTES + 64 * 1024,
  onError: () => {
    throw new AppError("too_large", ROSTER_TOO_LARGE, 413);
  },
});

const RosterPreviewSchema = z
  .object({
    rows: z.array(
      z.object({ line: z.number().int(), values: z.record(z.string(), z.string()), errors: z.array(z.string()) }),
    ),
    missingColumns: z.array(z.enum(ROSTER_COLUMNS)),
    unknownColumns: z.array(z.string()),
    total: z.number().int(),
    valid: z.number().int(),
    invalid: z.number().int(),
  })
  .openapi("RosterPreview");

const RosterImportSchema = z
  .object({
    added: z.number().int(),
    skipped: z.array(z.object({ line: z.number().int(), email: z.string(), reasons: z.array(z.string()) })),
  })
  .openapi("RosterImport");

const json = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

const listRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["students"],
  summary: "The program's students: search, filters, sort, pages (D13)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { query: listQuery },
  responses: { 200: jsonContent(pageOf(StudentSchema), "A page of students"), ...errorResponses },
});

const exportRoute = createRoute({
  method: "get",
  path: "/export.csv",
  tags: ["students"],
  summary: "Every student matching the filters, as CSV",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { query: exportQuery },
  responses: {
    200: { description: "CSV (UTF-8 with BOM)", content: { "text/csv": { schema: z.string() } } },
    ...errorResponses,
  },
});

const createStudentRoute = createRoute({
  method: "post",
  path: "/",
  tags: ["students"],
  summary: "Add a student to the roster (compliance starts pending)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: json(createBody),
  responses: { 201: jsonContent(StudentSchema, "The new student"), ...errorResponses },
});

const previewRoute = createRoute({
  method: "post",
  path: "/import/preview",
  tags: ["students"],
  summary: "Validate a roster CSV row by row without saving anything",
  middleware: [allow(...PROGRAM_SIDE), rosterLimit] as const,
  request: json(rosterBody),
  responses: { 200: jsonContent(RosterPreviewSchema, "Each row with its errors"), ...errorResponses },
});

const importRoute = createRoute({
  method: "post",
  path: "/import",
  tags: ["students"],
  summary: "Import the valid rows of a roster CSV in one transaction; skip the others with reasons",
  middleware: [allow(...PROGRAM_SIDE), rosterLimit] as const,
  request: json(rosterBody),
  responses: { 200: jsonContent(RosterImportSchema, "How many were added and which were skipped"), ...errorResponses },
});

const detailRoute = createRoute({
  method: "get",
  path: "/{id}",
  tags: ["students"],
  summary: "A student with statistics and applications",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: studentId },
  responses: { 200: jsonContent(StudentDetailSchema, "The student"), ...errorResponses },
});

const updateRoute = createRoute({
  method: "patch",
  path: "/{id}",
  tags: ["students"],
  summary: "Edit a student",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: studentId, ...json(updateBody) },
  responses: { 200: jsonContent(StudentSchema, "The student, edited"), ...errorResponses },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/{id}",
  tags: ["students"],
  summary: "Remove a student who has no applications (otherwise withdraw them)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: studentId },
  responses: {
    200: jsonContent(z.object({ id: z.string(), deleted: z.literal(true) }), "Removed"),
    ...errorResponses,
  },
});

const withdrawRoute = createRoute({
  method: "post",
  path: "/{id}/withdraw",
  tags: ["students"],
  summary: "Withdraw a student from the roster, keeping their history",
  description:
    "Also withdraws the student's pending applications and their approved ones whose rotation has not started (freeing the seats), in the same transaction; each facility concerned is told by mail and live event. Nothing can be approved for a withdrawn student.",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: studentId },
  responses: { 200: jsonContent(StudentSchema, "The student, withdrawn"), ...errorResponses },
});

const reinstateRoute = createRoute({
  method: "post",
  path: "/{id}/reinstate",
  tags: ["students"],
  summary: "Put a withdrawn student back on the active roster",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: studentId },
  responses: { 200: jsonContent(StudentSchema, "The student, active"), ...errorResponses },
});

const inviteRoute = createRoute({
  method: "post",
  path: "/{id}/invite",
  tags: ["students"],
  summary: "Email the student an invitation to create their account (again: a fresh link)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: studentId },
  responses: { 200: jsonContent(InvitationSchema, "The invitation state"), ...errorResponses },
});

export const studentRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const q = c.req.valid("query");
    const scope = programScope(c.var.scope, q.programId);
    return c.json(await listStudents(c.var.deps.db, scope, q), 200);
  })
  .openapi(exportRoute, async (c) => {
    const q = c.req.valid("query");
    const scope = programScope(c.var.scope, q.programId);
    const rows = await exportStudents(c.var.deps.db, scope, q);
    const day = new Date().toISOString().slice(0, 10);
    return sendCsv(c, `students-${day}.csv`, EXPORT_HEADER, rows.map(exportRow));
  })
  .openapi(createStudentRoute, async (c) => {
    const { programId, ...input } = c.req.valid("json");
    const db = c.var.deps.db;
    const target = await targetProgram(db, programScope(c.var.scope, programId), programId);
    return c.json(await createStudent(db, target, input), 201);
  })
  .openapi(previewRoute, async (c) => {
    const { csv, programId } = c.req.valid("json");
    const db = c.var.deps.db;
    const target = await targetProgram(db, programScope(c.var.scope, programId), programId);
    return c.json(previewSummary(await previewRoster(db, target, csv)), 200);
  })
  .openapi(importRoute, async (c) => {
    const { csv, programId } = c.req.valid("json");
    const db = c.var.deps.db;
    const target = await targetProgram(db, programScope(c.var.scope, programId), programId);
    return c.json(await importRoster(db, target, csv), 200);
  })
  .openapi(detailRoute, async (c) => {
    const scope = programScope(c.var.scope);
    return c.json(await getStudentDetail(c.var.deps.db, scope, c.req.valid("param").id), 200);
  })
  .openapi(updateRoute, async (c) => {
    const scope = programScope(c.var.scope);
    return c.json(await updateStudent(c.var.deps.db, scope, c.req.valid("param").id, c.req.valid("json")), 200);
  })
  .openapi(deleteRoute, async (c) => {
    const scope = programScope(c.var.scope);
    return c.json(await deleteStudent(c.var.deps.db, scope, c.req.valid("param").id), 200);
  })
  .openapi(withdrawRoute, async (c) => {
    const scope = programScope(c.var.scope);
    return c.json(await withdrawStudent(c.var.deps, scope, c.req.valid("param").id), 200);
  })
  .openapi(reinstateRoute, async (c) => {
    const scope = programScope(c.var.scope);
    return c.json(await setEnrollment(c.var.deps.db, scope, c.req.valid("param").id, "active"), 200);
  })
  .openapi(inviteRoute, async (c) => {
    const viewer = c.var.viewer;
    const scope = programScope(c.var.scope);
    return c.json(await inviteStudent(c.var.deps, viewer, scope, c.req.valid("param").id), 200);
  });
