import { createRoute, z } from "@hono/zod-openapi";
import { HOUR_STATUSES, hourEntrySchema, REVIEW_NOTE_MAX, requirementsSchema } from "../../../domain/hours";
import { PRECEPTOR_SIDE, PROGRAM_SIDE, STUDENT_VIEWERS } from "../../../domain/roles";
import { allow, programScope, rotationScope, studentScope } from "../../lib/access";
import { noteAudit } from "../../lib/audit";
import { sendCsv } from "../../lib/csv";
import { pageQuerySchema } from "../../lib/pagination";
import { createRouter, errorResponses, idParam, jsonContent } from "../../lib/router";
import { createEntry, deleteEntry, myHours, updateEntry } from "./entries";
import {
  exportProgramTotals,
  getRequirements,
  PROGRAM_CSV_HEADER,
  programTotals,
  requirementProgram,
  setRequirements,
} from "./program";
import { exportForReview, listForReview, REVIEW_CSV_HEADER, reviewEntries, reviewOptions } from "./review";
import {
  EntryDeletedSchema,
  HourEntrySchema,
  MyHoursSchema,
  ProgramTotalsPageSchema,
  RequirementsSchema,
  ReviewOptionsSchema,
  ReviewPageSchema,
  ReviewResultSchema,
} from "./schemas";

// Clinical hour logs (issue 17). The student's own log at /api/me/student/hours (STUDENT_VIEWERS:
// an administrator viewing as a student reads it, never writes); the review at /api/hours/review
// (a rotation's supervisors: PRECEPTOR_SIDE, scoped by rotationScope); the program's totals and
// requirements at /api/hours/program and /api/hours/requirements (PROGRAM_SIDE).

const ENTITY = "hour_logs";
const entryId = idParam("Hour entry");
const json = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});
const csvResponse = { description: "CSV file", content: { "text/csv": { schema: z.string() } } };
const today = () => new Date().toISOString().slice(0, 10);

// ---- the student's own log ----

const myListRoute = createRoute({
  method: "get",
  path: "/hours",
  tags: ["hours"],
  summary: "The student's approved rotations with their hour totals, and one rotation's entries",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: {
    query: z.object({
      rotationId: z
        .uuid("rotationId must be a rotation's id")
        .optional()
        .openapi({ description: "Default: the current rotation (else the latest past one, else the next)" }),
    }),
  },
  responses: { 200: jsonContent(MyHoursSchema, "Rotations and entries"), ...errorResponses },
});

const myCreateRoute = createRoute({
  method: "post",
  path: "/hours",
  tags: ["hours"],
  summary: "Log clinical hours on a day of an approved rotation (an overlap or more than 24 hours a day: 409)",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: json(hourEntrySchema.extend({ rotationId: z.uuid("Choose one of your rotations") })),
  responses: { 201: jsonContent(HourEntrySchema, "The entry, waiting for review"), ...errorResponses },
});

const myUpdateRoute = createRoute({
  method: "put",
  path: "/hours/{id}",
  tags: ["hours"],
  summary: "Edit an hour entry that is not approved (it goes back for review)",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: { params: entryId, ...json(hourEntrySchema) },
  responses: { 200: jsonContent(HourEntrySchema, "Saved"), ...errorResponses },
});

const myDeleteRoute = createRoute({
  method: "delete",
  path: "/hours/{id}",
  tags: ["hours"],
  summary: "Delete an hour entry that is not approved",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: { params: entryId },
  responses: { 200: jsonContent(EntryDeletedSchema, "Deleted"), ...errorResponses },
});

const entryAudit = (e: { id: string }, programId?: string) => ({
  entityType: ENTITY,
  entityId: e.id,
  organizationId: programId ?? null,
});

export const myHourRoutes = createRouter()
  .openapi(myListRoute, async (c) =>
    c.json(await myHours(c.get("deps").db, studentScope(c.get("scope")), c.req.valid("query")), 200),
  )
  .openapi(myCreateRoute, async (c) => {
    const created = await createEntry(c.get("deps").db, studentScope(c.get("scope")), c.req.valid("json"));
    noteAudit(c, { ...entryAudit(created), after: created });
    return c.json(created, 201);
  })
  .openapi(myUpdateRoute, async (c) => {
    const { before, after } = await updateEntry(
      c.get("deps").db,
      studentScope(c.get("scope")),
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    noteAudit(c, { ...entryAudit(after), before, after });
    return c.json(after, 200);
  })
  .openapi(myDeleteRoute, async (c) => {
    const removed = await deleteEntry(c.get("deps").db, studentScope(c.get("scope")), c.req.valid("param").id);
    noteAudit(c, { ...entryAudit(removed), before: removed });
    return c.json({ id: removed.id, deleted: true as const }, 200);
  });

// ---- the review ----

const facilityIdField = z
  .uuid("facilityId must be a facility's id")
  .optional()
  .openapi({ description: "Administrators: one facility; ignored for a coordinator or preceptor" });

const reviewFilter = z.object({
  status: z.enum(HOUR_STATUSES, { error: `status must be one of ${HOUR_STATUSES.join(", ")}` }).optional(),
  studentId: z.uuid("studentId must be a student's id").optional(),
  rotationId: z.uuid("rotationId must be a rotation's id").optional(),
  search: pageQuerySchema.shape.search,
  facilityId: facilityIdField,
});

const reviewListRoute = createRoute({
  method: "get",
  path: "/review",
  tags: ["hours"],
  summary: "Hour entries to review, grouped by student and week (preceptors: their rotations' only)",
  middleware: [allow(...PRECEPTOR_SIDE)] as const,
  request: {
    query: reviewFilter.extend({
      page: pageQuerySchema.shape.page,
      pageSize: z.coerce.number().int().min(1).max(200, "pageSize must be at most 200").default(50),
    }),
  },
  responses: { 200: jsonContent(ReviewPageSchema, "A page of entries with counts by status"), ...errorResponses },
});

const reviewExportRoute = createRoute({
  method: "get",
  path: "/review/export.csv",
  tags: ["hours"],
  summary: "The hour entries to review as CSV (same filters as the list)",
  middleware: [allow(...PRECEPTOR_SIDE)] as const,
  request: { query: reviewFilter },
  responses: { 200: csvResponse, ...errorResponses },
});

const reviewOptionsRoute = createRoute({
  method: "get",
  path: "/review/options",
  tags: ["hours"],
  summary: "The students and rotations whose hours the caller reviews (the filters' choices)",
  middleware: [allow(...PRECEPTOR_SIDE)] as const,
  request: { query: z.object({ facilityId: facilityIdField }) },
  responses: { 200: jsonContent(ReviewOptionsSchema, "Students and rotations"), ...errorResponses },
});

const reviewRoute = createRoute({
  method: "post",
  path: "/review",
  tags: ["hours"],
  summary: "Approve or return hour entries (a return needs a note, mailed to the student)",
  middleware: [allow(...PRECEPTOR_SIDE)] as const,
  request: json(
    z.object({
      ids: z
        .array(z.uuid("ids must be hour entries' ids"), { error: "Choose the entries to review" })
        .min(1, "Choose at least one entry")
        .max(200, "Review at most 200 entries at once"),
      action: z.enum(["approve", "return"], { error: "action must be approve or return" }),
      note: z
        .string({ error: "note must be text" })
        .trim()
        .max(REVIEW_NOTE_MAX, `Note must be at most ${REVIEW_NOTE_MAX} characters`)
        .optional(),
      facilityId: facilityIdField,
    }),
  ),
  responses: { 200: jsonContent(ReviewResultSchema, "Reviewed"), ...errorResponses },
});

// ---- the program ----

const programIdField = z
  .uuid("programId must be a program's id")
  .optional()
  .openapi({ description: "Administrators: one program; ignored for a coordinator" });

const totalsFilter = z.object({
  search: pageQuerySchema.shape.search,
  specialty: z.string().trim().max(100, "specialty must be at most 100 characters").optional(),
  below: z
    .enum(["true", "false"], { error: "below must be true or false" })
    .optional()
    .openapi({ description: "Only students below their required hours" }),
  programId: programIdField,
});

const programListRoute = createRoute({
  method: "get",
  path: "/program",
  tags: ["hours"],
  summary: "Hour totals per student of the program against the required hours",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: {
    query: totalsFilter.extend({ page: pageQuerySchema.shape.page, pageSize: pageQuerySchema.shape.pageSize }),
  },
  responses: { 200: jsonContent(ProgramTotalsPageSchema, "A page of students"), ...errorResponses },
});

const programExportRoute = createRoute({
  method: "get",
  path: "/program/export.csv",
  tags: ["hours"],
  summary: "Hour totals as CSV: one row per student and rotation",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { query: totalsFilter },
  responses: { 200: csvResponse, ...errorResponses },
});

const getRequirementsRoute = createRoute({
  method: "get",
  path: "/requirements",
  tags: ["hours"],
  summary: "The clinical hours the program requires per specialty ('' is the default)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { query: z.object({ programId: programIdField }) },
  responses: { 200: jsonContent(RequirementsSchema, "The requirements"), ...errorResponses },
});

const putRequirementsRoute = createRoute({
  method: "put",
  path: "/requirements",
  tags: ["hours"],
  summary: "Replace the program's required clinical hours (per specialty and a default, 0–2000)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: json(requirementsSchema.extend({ programId: programIdField })),
  responses: { 200: jsonContent(RequirementsSchema, "Saved"), ...errorResponses },
});

const boolOf = (v?: "true" | "false") => v === "true";

export const hourRoutes = createRouter()
  .openapi(reviewListRoute, async (c) => {
    const q = c.req.valid("query");
    return c.json(await listForReview(c.get("deps").db, rotationScope(c.get("scope"), q.facilityId), q), 200);
  })
  .openapi(reviewExportRoute, async (c) => {
    const q = c.req.valid("query");
    const rows = await exportForReview(c.get("deps").db, rotationScope(c.get("scope"), q.facilityId), q);
    return sendCsv(c, `hours-review-${today()}.csv`, REVIEW_CSV_HEADER, rows) as never;
  })
  .openapi(reviewOptionsRoute, async (c) => {
    const q = c.req.valid("query");
    return c.json(await reviewOptions(c.get("deps").db, rotationScope(c.get("scope"), q.facilityId)), 200);
  })
  .openapi(reviewRoute, async (c) => {
    const body = c.req.valid("json");
    const result = await reviewEntries(
      c.get("deps"),
      rotationScope(c.get("scope"), body.facilityId),
      c.get("viewer"),
      body,
    );
    noteAudit(c, {
      entityType: ENTITY,
      entityId: result.updated.length === 1 ? result.updated[0] : null,
      organizationId: result.facilityIds.length === 1 ? result.facilityIds[0] : null,
      after: { status: body.action === "approve" ? "approved" : "returned", note: body.note ?? null },
      detail: { ids: result.updated, skipped: result.skipped },
    });
    const { facilityIds: _omit, ...answer } = result;
    return c.json(answer, 200);
  })
  .openapi(programListRoute, async (c) => {
    const q = c.req.valid("query");
    const scope = programScope(c.get("scope"), q.programId);
    return c.json(await programTotals(c.get("deps").db, scope, { ...q, below: boolOf(q.below) }), 200);
  })
  .openapi(programExportRoute, async (c) => {
    const q = c.req.valid("query");
    const scope = programScope(c.get("scope"), q.programId);
    const rows = await exportProgramTotals(c.get("deps").db, scope, { ...q, below: boolOf(q.below) });
    return sendCsv(c, `clinical-hours-${today()}.csv`, PROGRAM_CSV_HEADER, rows) as never;
  })
  .openapi(getRequirementsRoute, async (c) => {
    const programId = await requirementProgram(
      c.get("deps").db,
      programScope(c.get("scope"), c.req.valid("query").programId),
    );
    return c.json(await getRequirements(c.get("deps").db, programId), 200);
  })
  .openapi(putRequirementsRoute, async (c) => {
    const body = c.req.valid("json");
    const programId = await requirementProgram(c.get("deps").db, programScope(c.get("scope"), body.programId));
    const { before, after } = await setRequirements(
      c.get("deps").db,
      programId,
      c.get("viewer").userId,
      body.requirements,
    );
    noteAudit(c, {
      entityType: "program_hour_requirements",
      entityId: programId,
      organizationId: programId,
      before,
      after,
    });
    return c.json(after, 200);
  });
