import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { PROGRAM_SIDE, STUDENT_VIEWERS } from "../../../domain/roles";
import { COMPLETION_STATES, ROTATION_PHASES, ROTATION_RECORD_READERS } from "../../../domain/rotation-records";
import { allow, type GuardedEnv, programScope, type Scope, studentScope } from "../../lib/access";
import { actorOf, noteAudit, recordAudit } from "../../lib/audit";
import type { AppEnv } from "../../lib/context";
import { sendCsv } from "../../lib/csv";
import { pageOf, pageQuerySchema } from "../../lib/pagination";
import { createRouter, errorResponses, jsonContent } from "../../lib/router";
import { COMPLETION_CSV_HEADER, COMPLETION_SORTS, exportCompletion, listCompletion } from "./completion";
import { loadRotationRecord } from "./record-data";
import { renderRotationRecord } from "./record-pdf";

// Rotation records (issue 17): the PDF of one rotation's record for the student's file
// (/api/rotations/{applicationId}/record.pdf for the program, the facility, the rotation's
// preceptors and administrators; /api/me/student/rotations/{applicationId}/record.pdf for the
// student), and the program's completion across its students (/api/rotations/records).
// Another organization's rotation is 404 (D1); each download leaves an audit entry.

const applicationParam = z.object({
  applicationId: z.uuid("Rotation not found").openapi({
    param: { name: "applicationId", in: "path" },
    description: "The rotation's (approved application's) id",
  }),
});

const pdfResponse = {
  200: {
    description: "The rotation record as a PDF",
    content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } },
  },
  ...errorResponses,
};

const filterQuery = z.object({
  search: pageQuerySchema.shape.search,
  status: z
    .enum(ROTATION_PHASES, { error: `status must be one of ${ROTATION_PHASES.join(", ")}` })
    .optional()
    .openapi({ description: "Where the rotation stands in time" }),
  facilityId: z.uuid("facilityId must be a facility's id").optional(),
  completion: z
    .enum(COMPLETION_STATES, { error: `completion must be one of ${COMPLETION_STATES.join(", ")}` })
    .optional()
    .openapi({ description: "complete: hours reach the requirement and every expected evaluation is in" }),
  sort: z.enum(COMPLETION_SORTS, { error: `sort must be one of ${COMPLETION_SORTS.join(", ")}` }).optional(),
  order: pageQuerySchema.shape.order,
  programId: z
    .uuid("programId must be a program's id")
    .optional()
    .openapi({ description: "Administrators: one program (a coordinator always gets their own)" }),
});

const CompletionRowSchema = z
  .object({
    id: z.uuid(),
    studentId: z.uuid(),
    studentName: z.string(),
    email: z.string(),
    placement: z.string(),
    specialty: z.string(),
    department: z.string().nullable(),
    facilityId: z.uuid(),
    facilityName: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    status: z.enum(ROTATION_PHASES),
    approvedMinutes: z.number().int(),
    pendingMinutes: z.number().int(),
    requiredHours: z.number().int().nullable().openapi({ description: "null: the program set no requirement" }),
    evaluationsSubmitted: z.number().int(),
    evaluationsExpected: z.number().int(),
    preceptorAssigned: z.boolean(),
    complete: z.boolean(),
  })
  .openapi("RotationCompletion");

const CompletionPageSchema = pageOf(CompletionRowSchema).extend({
  counts: z.object({
    total: z.number().int(),
    endedComplete: z.number().int(),
    endedIncomplete: z.number().int(),
    current: z.number().int(),
    upcoming: z.number().int(),
  }),
  facilities: z.array(z.object({ id: z.uuid(), name: z.string() })),
});

const listRoute = createRoute({
  method: "get",
  path: "/records",
  tags: ["rotations"],
  summary: "The program's approved rotations with hours and evaluations completion, filtered, paginated",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: {
    query: filterQuery.extend({ page: pageQuerySchema.shape.page, pageSize: pageQuerySchema.shape.pageSize }),
  },
  responses: { 200: jsonContent(CompletionPageSchema, "A page of rotations with counts"), ...errorResponses },
});

const exportRoute = createRoute({
  method: "get",
  path: "/records/export.csv",
  tags: ["rotations"],
  summary: "The program's rotations' completion as CSV (same filters as the list)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { query: filterQuery },
  responses: { 200: { description: "CSV file", content: { "text/csv": { schema: z.string() } } }, ...errorResponses },
});

const recordRoute = createRoute({
  method: "get",
  path: "/{applicationId}/record.pdf",
  tags: ["rotations"],
  summary: "Download a rotation's record (hours, evaluations, documents) as a PDF",
  middleware: [allow(...ROTATION_RECORD_READERS)] as const,
  request: { params: applicationParam },
  responses: pdfResponse,
});

const myRecordRoute = createRoute({
  method: "get",
  path: "/rotations/{applicationId}/record.pdf",
  tags: ["rotations"],
  summary: "Download the record of one of my rotations as a PDF",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: { params: applicationParam },
  responses: pdfResponse,
});

const today = () => new Date().toISOString().slice(0, 10);

/** Loads, renders, records who downloaded which record, and sends the file. */
async function sendRecord(c: Context<GuardedEnv>, scope: Scope, applicationId: string, action: string) {
  const { db } = c.get("deps");
  const record = await loadRotationRecord(db, scope, applicationId);
  const bytes = await renderRotationRecord(record);
  // A read the pipeline does not record (ADR 019 records writes): the handler writes the entry.
  await recordAudit(db, {
    ...actorOf(c as unknown as Context<AppEnv>),
    action,
    summary: `Downloaded the rotation record of ${record.student.name} (${record.rotation.placement}, ${record.rotation.facility})`,
    entityType: "rotation_record",
    entityId: record.id,
    organizationId: record.student.programId,
    detail: { studentId: record.student.id, facilityId: record.rotation.facilityId, scope: scope.kind },
  });
  noteAudit(c, { recorded: true });
  const name = `rotation-record-${record.student.name.trim().replace(/\s+/g, "-")}-${record.rotation.startDate}.pdf`;
  const ascii = name.replace(/[^A-Za-z0-9._-]+/g, "-");
  c.header("content-type", "application/pdf");
  c.header("content-disposition", `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`);
  c.header("cache-control", "private, no-store");
  c.header("x-content-type-options", "nosniff");
  c.header("content-length", String(bytes.byteLength));
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200);
}

export const rotationRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const q = c.req.valid("query");
    return c.json(await listCompletion(c.get("deps").db, programScope(c.get("scope"), q.programId), q), 200);
  })
  .openapi(exportRoute, async (c) => {
    const q = c.req.valid("query");
    const rows = await exportCompletion(c.get("deps").db, programScope(c.get("scope"), q.programId), q);
    return sendCsv(c, `rotation-records-${today()}.csv`, COMPLETION_CSV_HEADER, rows) as never;
  })
  .openapi(
    recordRoute,
    async (c) =>
      sendRecord(
        c,
        c.get("scope"),
        c.req.valid("param").applicationId,
        "GET /api/rotations/{applicationId}/record.pdf",
      ) as never,
  );

/** Mounted at /api/me/student: the student's own rotation records. */
export const myRotationRoutes = createRouter().openapi(
  myRecordRoute,
  async (c) =>
    sendRecord(
      c,
      studentScope(c.get("scope")),
      c.req.valid("param").applicationId,
      "GET /api/me/student/rotations/{applicationId}/record.pdf",
    ) as never,
);
