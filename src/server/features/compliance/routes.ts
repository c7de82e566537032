import { createRoute, z } from "@hono/zod-openapi";
import { rejectionSchema } from "../../../domain/compliance";
import { FACILITY_SIDE, PROGRAM_SIDE, type Role, STUDENT_VIEWERS } from "../../../domain/roles";
import { COMPLIANCE_STATUSES } from "../../../domain/students";
import { allow, facilityScope, programScope, studentScope } from "../../lib/access";
import { noteAudit } from "../../lib/audit";
import { sendCsv } from "../../lib/csv";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "../../lib/file-inspection";
import { pageOf, pageQuerySchema } from "../../lib/pagination";
import { createRouter, ErrorSchema, errorResponses, idParam, jsonContent } from "../../lib/router";
import { sendStoredFile } from "../../lib/stored-files";
import { documentFile, reviewDocument, scanDocument, uploadDocument } from "./documents";
import {
  COMPLIANCE_SORTS,
  EXPORT_HEADER,
  exportCompliance,
  listCompliance,
  remindStudents,
  reviewQueue,
} from "./overview";
import { applicationReadiness, myApplicationsReadiness } from "./readiness";
import { activeTypes } from "./records";
import {
  getFacilityRequirements,
  getProgramRequirements,
  setFacilityRequirements,
  setProgramRequirements,
} from "./requirements";
import {
  ComplianceRowSchema,
  ComplianceSummarySchema,
  DocumentSchema,
  FacilityRequirementsSchema,
  MyComplianceSchema,
  ProgramRequirementsSchema,
  ReadinessSchema,
  RemindResultSchema,
  RequirementTypesSchema,
  ReviewQueueItemSchema,
  ScanSchema,
  StudentComplianceSchema,
} from "./schemas";
import { studentCompliance, studentInProgramScope } from "./student-compliance";

// Compliance (issue 12; the contract is /work/shared-notes/compliance-api.md):
// - /api/compliance: the catalogue, program and facility requirements, the file route, the
//   program's review (approve, reject), its overview (list, CSV, review queue, remind), the scan.
// - /api/students/{id}/compliance: one student's items and an upload on their behalf (program side).
// - /api/me/student/compliance: the student's own items, applications' readiness, and uploads.
// - /api/facility/applications/{id}/readiness: an applicant's readiness for the facility.
// A document or student the caller may not see is 404 (D1), never 403.

/** The routes that take a file (multipart/form-data; the app's body limit and JSON guard name them). */
export const UPLOAD_PATHS =
  /^\/api\/(students\/[^/]+\/compliance\/documents|me\/student\/compliance\/documents|compliance\/scan)$/;
/** The body a file of 10 MB needs with the form's other fields around it. */
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;
export const UPLOAD_TOO_LARGE = UPLOAD_MESSAGES.tooLarge;

const json = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

const fileField = z
  .custom<File>((v) => typeof File !== "undefined" && v instanceof File, { message: "Choose a file to upload" })
  .openapi({ type: "string", format: "binary", description: "PDF, JPEG or PNG, at most 10 MB" });
const optionalDay = z.string().max(20).optional().openapi({ description: "YYYY-MM-DD" });

const uploadForm = z.object({
  file: fileField,
  requirementTypeId: z
    .string({ error: "requirementTypeId is required" })
    .trim()
    .min(1, "requirementTypeId is required")
    .max(64),
  issuedOn: optionalDay,
  expiresOn: optionalDay,
});
const multipart = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "multipart/form-data": { schema } }, required: true },
});
const uploadErrors = {
  ...errorResponses,
  413: { description: "The file is larger than 10 MB", content: { "application/json": { schema: ErrorSchema } } },
  415: { description: "Not multipart/form-data", content: { "application/json": { schema: ErrorSchema } } },
} as const;

const UPLOADERS: Role[] = ["student", ...PROGRAM_SIDE];

// ---------------------------------------------------------------------------------------------
// /api/compliance

const typesRoute = createRoute({
  method: "get",
  path: "/requirement-types",
  tags: ["compliance"],
  summary: "The catalogue of requirement types (active, by sort order)",
  middleware: [allow()] as const,
  responses: { 200: jsonContent(RequirementTypesSchema, "The types"), ...errorResponses },
});

const programIdQuery = z.uuid("programId must be a program's id").optional();
const facilityIdQuery = z.uuid("facilityId must be a facility's id").optional();
const typeIds = z.array(z.string().max(64)).max(100, "At most 100 requirement types");

const getProgramReqRoute = createRoute({
  method: "get",
  path: "/program-requirements",
  tags: ["compliance"],
  summary: "The types every student of the program needs (admins name the program)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { query: z.object({ programId: programIdQuery }) },
  responses: { 200: jsonContent(ProgramRequirementsSchema, "The program's requirements"), ...errorResponses },
});

const putProgramReqRoute = createRoute({
  method: "put",
  path: "/program-requirements",
  tags: ["compliance"],
  summary: "Replace the program's requirements; every student's status is recomputed",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: json(z.object({ programId: programIdQuery, requirementTypeIds: typeIds })),
  responses: { 200: jsonContent(ProgramRequirementsSchema, "Saved"), ...errorResponses },
});

const getFacilityReqRoute = createRoute({
  method: "get",
  path: "/facility-requirements",
  tags: ["compliance"],
  summary: "The types the facility needs of every student placed with it (admins name the facility)",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: { query: z.object({ facilityId: facilityIdQuery }) },
  responses: { 200: jsonContent(FacilityRequirementsSchema, "The facility's requirements"), ...errorResponses },
});

const putFacilityReqRoute = createRoute({
  method: "put",
  path: "/facility-requirements",
  tags: ["compliance"],
  summary: "Replace the facility's requirements",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: json(z.object({ facilityId: facilityIdQuery, requirementTypeIds: typeIds })),
  responses: { 200: jsonContent(FacilityRequirementsSchema, "Saved"), ...errorResponses },
});

const scanRoute = createRoute({
  method: "post",
  path: "/scan",
  tags: ["compliance"],
  summary: "Check a file as an upload would and propose the dates found in it (stores nothing)",
  middleware: [allow(...UPLOADERS)] as const,
  request: multipart(z.object({ file: fileField })),
  responses: { 200: jsonContent(ScanSchema, "The proposal, for the student to confirm"), ...uploadErrors },
});

const documentId = idParam("Document");

const fileRoute = createRoute({
  method: "get",
  path: "/documents/{id}/file",
  tags: ["compliance"],
  summary: "A document's file: the student, their program, admins, facilities with their application",
  middleware: [allow()] as const,
  request: { params: documentId },
  responses: {
    200: {
      description: "The file's bytes",
      content: {
        "application/pdf": { schema: z.string().openapi({ format: "binary" }) },
        "image/png": { schema: z.string().openapi({ format: "binary" }) },
        "image/jpeg": { schema: z.string().openapi({ format: "binary" }) },
      },
    },
    ...errorResponses,
  },
});

const approveRoute = createRoute({
  method: "post",
  path: "/documents/{id}/approve",
  tags: ["compliance"],
  summary: "Approve the current, submitted document (the student's program or an admin)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: documentId },
  responses: { 200: jsonContent(DocumentSchema, "Approved"), ...errorResponses },
});

const rejectRoute = createRoute({
  method: "post",
  path: "/documents/{id}/reject",
  tags: ["compliance"],
  summary: "Reject the current, submitted document with a reason (the student is emailed)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: documentId, ...json(rejectionSchema) },
  responses: { 200: jsonContent(DocumentSchema, "Rejected"), ...errorResponses },
});

const listFilters = z.object({
  programId: programIdQuery,
  q: z.string().trim().max(100, "q must be at most 100 characters").optional(),
  status: z.enum(COMPLIANCE_STATUSES).optional(),
  expiringWithin: z
    .enum(["30", "60", "90"], { error: "expiringWithin must be 30, 60 or 90" })
    .optional()
    .transform((v) => (v ? (Number(v) as 30 | 60 | 90) : undefined)),
  requirementTypeId: z.string().max(64).optional(),
  sort: z.enum(COMPLIANCE_SORTS).default("name"),
});
const listQuery = pageQuerySchema.extend(listFilters.shape);
const exportQuery = pageQuerySchema.omit({ page: true, pageSize: true }).extend(listFilters.shape);
const filtersOf = <T extends { q?: string; search?: string }>(q: T) => ({ ...q, q: q.q ?? q.search });

const listRoute = createRoute({
  method: "get",
  path: "/students",
  tags: ["compliance"],
  summary: "The program's students with their compliance counts, and the program's summary",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { query: listQuery },
  responses: {
    200: jsonContent(pageOf(ComplianceRowSchema).extend({ summary: ComplianceSummarySchema }), "A page of students"),
    ...errorResponses,
  },
});

const exportRoute = createRoute({
  method: "get",
  path: "/students/export.csv",
  tags: ["compliance"],
  summary: "Every student matching the filters with their compliance counts, as CSV",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { query: exportQuery },
  responses: {
    200: { description: "CSV (UTF-8 with BOM)", content: { "text/csv": { schema: z.string() } } },
    ...errorResponses,
  },
});

const queueRoute = createRoute({
  method: "get",
  path: "/review-queue",
  tags: ["compliance"],
  summary: "Current documents waiting for review, oldest first",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { query: pageQuerySchema.pick({ page: true, pageSize: true }).extend({ programId: programIdQuery }) },
  responses: { 200: jsonContent(pageOf(ReviewQueueItemSchema), "A page of documents"), ...errorResponses },
});

const remindRoute = createRoute({
  method: "post",
  path: "/remind",
  tags: ["compliance"],
  summary: "Email each student a reminder of what is missing or expiring (once a day per student)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: json(
    z.object({
      studentIds: z
        .array(z.uuid("studentIds must be students' ids"))
        .min(1, "Choose at least one student")
        .max(500, "At most 500 students at once"),
    }),
  ),
  responses: { 200: jsonContent(RemindResultSchema, "How many reminders were sent"), ...errorResponses },
});

/** /api/compliance */
export const complianceRoutes = createRouter()
  .openapi(typesRoute, async (c) => c.json({ types: await activeTypes(c.get("deps").db) }, 200))
  .openapi(getProgramReqRoute, async (c) => {
    const { programId } = c.req.valid("query");
    return c.json(await getProgramRequirements(c.get("deps").db, programScope(c.get("scope"), programId)), 200);
  })
  .openapi(putProgramReqRoute, async (c) => {
    const { programId, requirementTypeIds } = c.req.valid("json");
    const scope = programScope(c.get("scope"), programId);
    return c.json(await setProgramRequirements(c.get("deps").db, scope, requirementTypeIds), 200);
  })
  .openapi(getFacilityReqRoute, async (c) => {
    const { facilityId } = c.req.valid("query");
    return c.json(await getFacilityRequirements(c.get("deps").db, facilityScope(c.get("scope"), facilityId)), 200);
  })
  .openapi(putFacilityReqRoute, async (c) => {
    const { facilityId, requirementTypeIds } = c.req.valid("json");
    const scope = facilityScope(c.get("scope"), facilityId);
    return c.json(await setFacilityRequirements(c.get("deps").db, scope, requirementTypeIds), 200);
  })
  .openapi(scanRoute, async (c) => {
    noteAudit(c, { skip: true }); // a check that stores nothing: not a change
    return c.json(await scanDocument(c.req.valid("form").file), 200);
  })
  .openapi(fileRoute, async (c) => {
    return sendStoredFile(c, await documentFile(c.get("deps"), c.get("scope"), c.req.valid("param").id));
  })
  .openapi(approveRoute, async (c) => {
    const scope = programScope(c.get("scope"));
    const doc = await reviewDocument(c.get("deps"), c.get("viewer"), scope, c.req.valid("param").id, "approved", null);
    noteAudit(c, reviewNote(doc));
    return c.json(doc, 200);
  })
  .openapi(rejectRoute, async (c) => {
    const scope = programScope(c.get("scope"));
    const { reason } = c.req.valid("json");
    const doc = await reviewDocument(
      c.get("deps"),
      c.get("viewer"),
      scope,
      c.req.valid("param").id,
      "rejected",
      reason,
    );
    noteAudit(c, reviewNote(doc));
    return c.json(doc, 200);
  })
  .openapi(listRoute, async (c) => {
    const q = c.req.valid("query");
    return c.json(await listCompliance(c.get("deps").db, programScope(c.get("scope"), q.programId), filtersOf(q)), 200);
  })
  .openapi(exportRoute, async (c) => {
    const q = c.req.valid("query");
    const rows = await exportCompliance(c.get("deps").db, programScope(c.get("scope"), q.programId), filtersOf(q));
    return sendCsv(c, `compliance-${new Date().toISOString().slice(0, 10)}.csv`, EXPORT_HEADER, rows);
  })
  .openapi(queueRoute, async (c) => {
    const q = c.req.valid("query");
    return c.json(await reviewQueue(c.get("deps").db, programScope(c.get("scope"), q.programId), q), 200);
  })
  .openapi(remindRoute, async (c) => {
    const scope = programScope(c.get("scope"));
    return c.json(await remindStudents(c.get("deps"), c.get("viewer"), scope, c.req.valid("json").studentIds), 200);
  });

// ---------------------------------------------------------------------------------------------
// /api/students/{id}/compliance (program side)

const studentId = idParam("Student");

const studentComplianceRoute = createRoute({
  method: "get",
  path: "/{id}/compliance",
  tags: ["compliance"],
  summary: "A student's required items with status, current document and history",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: studentId },
  responses: { 200: jsonContent(StudentComplianceSchema, "The student's compliance"), ...errorResponses },
});

const studentUploadRoute = createRoute({
  method: "post",
  path: "/{id}/compliance/documents",
  tags: ["compliance"],
  summary: "Upload proof on the student's behalf (replaces the current document, keeps history)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: studentId, ...multipart(uploadForm) },
  responses: { 201: jsonContent(DocumentSchema, "The new current document"), ...uploadErrors },
});

/** /api/students: a student's compliance, for their program. */
export const studentComplianceRoutes = createRouter()
  .openapi(studentComplianceRoute, async (c) => {
    const db = c.get("deps").db;
    const student = await studentInProgramScope(db, programScope(c.get("scope")), c.req.valid("param").id);
    return c.json(await studentCompliance(db, student.id), 200);
  })
  .openapi(studentUploadRoute, async (c) => {
    const deps = c.get("deps");
    const student = await studentInProgramScope(deps.db, programScope(c.get("scope")), c.req.valid("param").id);
    return c.json(await uploadDocument(deps, c.get("viewer"), student.id, c.req.valid("form")), 201);
  });

// ---------------------------------------------------------------------------------------------
// /api/me/student/compliance (the student)

const myComplianceRoute = createRoute({
  method: "get",
  path: "/compliance",
  tags: ["student"],
  summary: "The student's required items, and each open application's readiness",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  responses: { 200: jsonContent(MyComplianceSchema, "The student's compliance"), ...errorResponses },
});

const myUploadRoute = createRoute({
  method: "post",
  path: "/compliance/documents",
  tags: ["student"],
  summary: "Upload proof for a requirement (replaces the current document, keeps history)",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: multipart(uploadForm),
  responses: { 201: jsonContent(DocumentSchema, "The new current document"), ...uploadErrors },
});

/** /api/me/student: the student's own compliance. */
export const myComplianceRoutes = createRouter()
  .openapi(myComplianceRoute, async (c) => {
    const { studentId } = studentScope(c.get("scope"));
    const db = c.get("deps").db;
    const [mine, apps] = await Promise.all([studentCompliance(db, studentId), myApplicationsReadiness(db, studentId)]);
    return c.json({ ...mine, applications: apps }, 200);
  })
  .openapi(myUploadRoute, async (c) => {
    const { studentId } = studentScope(c.get("scope"));
    return c.json(await uploadDocument(c.get("deps"), c.get("viewer"), studentId, c.req.valid("form")), 201);
  });

// ---------------------------------------------------------------------------------------------
// /api/facility/applications/{id}/readiness

const readinessRoute = createRoute({
  method: "get",
  path: "/{id}/readiness",
  tags: ["facility"],
  summary: "The applicant's readiness: program, facility and placement requirements, with documents",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: { params: idParam("Application") },
  responses: { 200: jsonContent(ReadinessSchema, "Readiness"), ...errorResponses },
});

/** /api/facility/applications: readiness of an applicant (mounted beside the applications' routes). */
export const facilityReadinessRoutes = createRouter().openapi(readinessRoute, async (c) => {
  const scope = facilityScope(c.get("scope"));
  return c.json(await applicationReadiness(c.get("deps").db, scope, c.req.valid("param").id), 200);
});

/** The audit trail's word on a review (ADR 019): only a submitted document is reviewed. */
function reviewNote(doc: Awaited<ReturnType<typeof reviewDocument>>) {
  return {
    entityType: "compliance",
    entityId: doc.id,
    summary: `${doc.status === "approved" ? "Approved" : "Rejected"} a compliance document (${doc.fileName})`,
    before: { status: "submitted" },
    after: { status: doc.status, requirement: doc.requirementTypeId, rejectionReason: doc.rejectionReason },
  };
}
