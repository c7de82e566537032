import { createRoute, z } from "@hono/zod-openapi";
import {
  EVALUATION_KINDS,
  EVALUATION_PHASES,
  EVALUATION_READERS,
  EVALUATION_STATUSES,
  evaluationAnswersSchema,
  evaluationFormEditSchema,
  evaluationFormSchema,
  evaluationSettingsSchema,
} from "../../../domain/evaluations";
import { FACILITY_SIDE, PRECEPTOR_SIDE, PROGRAM_SIDE } from "../../../domain/roles";
import { allow, facilityScope, programScope, rotationScope } from "../../lib/access";
import { changedFields, noteAudit } from "../../lib/audit";
import { sendCsv } from "../../lib/csv";
import { pageQuerySchema } from "../../lib/pagination";
import { createRouter, errorResponses, idParam, jsonContent } from "../../lib/router";
import {
  EvaluationDetailSchema,
  EvaluationPageSchema,
  FormListSchema,
  FormSavedSchema,
  FormSchema,
  SettingsSchema,
  SiteSummarySchema,
} from "./schemas";
import {
  createForm,
  EVALUATION_CSV_HEADER,
  EVALUATION_SORTS,
  exportProgramEvaluations,
  getEvaluation,
  getForm,
  getSettings,
  listForms,
  listProgramEvaluations,
  listSupervisedEvaluations,
  saveSettings,
  setFormActive,
  siteSummary,
  submitStudentEvaluation,
  updateForm,
} from "./service";

// /api/evaluations (issue 17): the program's completion, settings and forms (program coordinators,
// administrators naming a program); the evaluations of students that preceptors and facility
// coordinators fill; the facility's anonymous summary of its site evaluations; one evaluation.
// Another organization's evaluation, or a rotation not assigned to the preceptor, is 404 (D1).

const evaluationId = idParam("Evaluation");
const formId = idParam("Form");
const ENTITY = "evaluations";
const FORM_ENTITY = "evaluation_templates";

const json = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

const programIdField = z
  .uuid("programId must be a program's id")
  .optional()
  .openapi({ description: "Administrators: the program (ignored for a coordinator)" });

const filterQuery = z.object({
  programId: programIdField,
  kind: z.enum(EVALUATION_KINDS, { error: "kind must be student or site" }).optional(),
  phase: z.enum(EVALUATION_PHASES, { error: "phase must be midpoint or final" }).optional(),
  status: z.enum(EVALUATION_STATUSES, { error: `status must be one of ${EVALUATION_STATUSES.join(", ")}` }).optional(),
  search: pageQuerySchema.shape.search,
  sort: z.enum(EVALUATION_SORTS, { error: `sort must be one of ${EVALUATION_SORTS.join(", ")}` }).optional(),
  order: pageQuerySchema.shape.order,
});
const paged = filterQuery.extend({ page: pageQuerySchema.shape.page, pageSize: pageQuerySchema.shape.pageSize });

const listRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["evaluations"],
  summary: "Evaluation completion across the program's students (administrators: every program, or the one named)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { query: paged },
  responses: {
    200: jsonContent(EvaluationPageSchema, "A page of evaluations with counts by status"),
    ...errorResponses,
  },
});

const exportRoute = createRoute({
  method: "get",
  path: "/export.csv",
  tags: ["evaluations"],
  summary: "Evaluation completion as CSV (same filters as the list)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { query: filterQuery },
  responses: { 200: { description: "CSV file", content: { "text/csv": { schema: z.string() } } }, ...errorResponses },
});

const assignedRoute = createRoute({
  method: "get",
  path: "/assigned",
  tags: ["evaluations"],
  summary:
    "Evaluations of students to fill: a preceptor's assigned rotations, a facility coordinator's facility (administrators: all)",
  middleware: [allow(...PRECEPTOR_SIDE)] as const,
  request: {
    query: paged.omit({ programId: true, kind: true }).extend({
      facilityId: z
        .uuid("facilityId must be a facility's id")
        .optional()
        .openapi({ description: "Administrators only" }),
    }),
  },
  responses: { 200: jsonContent(EvaluationPageSchema, "A page of evaluations of students"), ...errorResponses },
});

const summaryRoute = createRoute({
  method: "get",
  path: "/site-summary",
  tags: ["evaluations"],
  summary: "The facility's site evaluations, aggregated and anonymous, shown from five submitted",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: {
    query: z.object({
      facilityId: z
        .uuid("facilityId must be a facility's id")
        .optional()
        .openapi({ description: "Administrators only" }),
    }),
  },
  responses: { 200: jsonContent(SiteSummarySchema, "Averages per question and the comments"), ...errorResponses },
});

const getSettingsRoute = createRoute({
  method: "get",
  path: "/settings",
  tags: ["evaluations"],
  summary: "The program's evaluation settings: midpoint evaluations, days until due",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { query: z.object({ programId: programIdField }) },
  responses: { 200: jsonContent(SettingsSchema, "The settings"), ...errorResponses },
});

const putSettingsRoute = createRoute({
  method: "put",
  path: "/settings",
  tags: ["evaluations"],
  summary: "Change the program's evaluation settings",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: json(evaluationSettingsSchema.extend({ programId: programIdField })),
  responses: { 200: jsonContent(SettingsSchema, "Saved"), ...errorResponses },
});

const formsRoute = createRoute({
  method: "get",
  path: "/forms",
  tags: ["evaluations"],
  summary: "The program's evaluation forms and the built-in defaults",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { query: z.object({ programId: programIdField }) },
  responses: { 200: jsonContent(FormListSchema, "The forms"), ...errorResponses },
});

const createFormRoute = createRoute({
  method: "post",
  path: "/forms",
  tags: ["evaluations"],
  summary: "Create an evaluation form (active: it replaces the program's active form of its kind)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: json(
    evaluationFormSchema.safeExtend({
      active: z.boolean({ error: "active must be true or false" }).optional(),
      programId: programIdField,
    }),
  ),
  responses: { 201: jsonContent(FormSchema, "The new form"), ...errorResponses },
});

const getFormRoute = createRoute({
  method: "get",
  path: "/forms/{id}",
  tags: ["evaluations"],
  summary: "One evaluation form (another program's: 404)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: formId },
  responses: { 200: jsonContent(FormSchema, "The form"), ...errorResponses },
});

const updateFormRoute = createRoute({
  method: "put",
  path: "/forms/{id}",
  tags: ["evaluations"],
  summary: "Edit an evaluation form (one already given to evaluations is copied, not changed)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: formId, ...json(evaluationFormEditSchema) },
  responses: { 200: jsonContent(FormSavedSchema, "Saved (or the copy)"), ...errorResponses },
});

const activateRoute = createRoute({
  method: "post",
  path: "/forms/{id}/activate",
  tags: ["evaluations"],
  summary: "Use this form for the program's new evaluations of its kind",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: formId },
  responses: { 200: jsonContent(FormSchema, "Active"), ...errorResponses },
});

const deactivateRoute = createRoute({
  method: "post",
  path: "/forms/{id}/deactivate",
  tags: ["evaluations"],
  summary: "Stop using this form: new evaluations of its kind get the default form",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: formId },
  responses: { 200: jsonContent(FormSchema, "Set aside"), ...errorResponses },
});

const detailRoute = createRoute({
  method: "get",
  path: "/{id}",
  tags: ["evaluations"],
  summary: "One evaluation with its questions and answers (not the caller's to see: 404)",
  middleware: [allow(...EVALUATION_READERS)] as const,
  request: { params: evaluationId },
  responses: { 200: jsonContent(EvaluationDetailSchema, "The evaluation"), ...errorResponses },
});

const submitRoute = createRoute({
  method: "post",
  path: "/{id}/submit",
  tags: ["evaluations"],
  summary: "Submit the evaluation of a student (once: again is 409)",
  middleware: [allow(...PRECEPTOR_SIDE)] as const,
  request: { params: evaluationId, ...json(evaluationAnswersSchema) },
  responses: { 200: jsonContent(EvaluationDetailSchema, "Submitted"), ...errorResponses },
});

const today = () => new Date().toISOString().slice(0, 10);

export const evaluationRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const { programId, ...q } = c.req.valid("query");
    return c.json(await listProgramEvaluations(c.get("deps").db, programScope(c.get("scope"), programId), q), 200);
  })
  .openapi(exportRoute, async (c) => {
    const { programId, ...f } = c.req.valid("query");
    const rows = await exportProgramEvaluations(c.get("deps").db, programScope(c.get("scope"), programId), f);
    return sendCsv(c, `evaluations-${today()}.csv`, EVALUATION_CSV_HEADER, rows) as never;
  })
  .openapi(assignedRoute, async (c) => {
    const { facilityId, ...q } = c.req.valid("query");
    return c.json(await listSupervisedEvaluations(c.get("deps").db, rotationScope(c.get("scope"), facilityId), q), 200);
  })
  .openapi(summaryRoute, async (c) =>
    c.json(await siteSummary(c.get("deps").db, facilityScope(c.get("scope"), c.req.valid("query").facilityId)), 200),
  )
  .openapi(getSettingsRoute, async (c) =>
    c.json(await getSettings(c.get("deps").db, programScope(c.get("scope"), c.req.valid("query").programId)), 200),
  )
  .openapi(putSettingsRoute, async (c) => {
    const { programId, ...input } = c.req.valid("json");
    const { before, after } = await saveSettings(
      c.get("deps").db,
      programScope(c.get("scope"), programId),
      c.get("viewer").userId,
      input,
    );
    noteAudit(c, {
      entityType: "program_evaluation_settings",
      entityId: after.programId,
      organizationId: after.programId,
      ...changedFields(before, after),
    });
    return c.json(after, 200);
  })
  .openapi(formsRoute, async (c) =>
    c.json(await listForms(c.get("deps").db, programScope(c.get("scope"), c.req.valid("query").programId)), 200),
  )
  .openapi(createFormRoute, async (c) => {
    const { programId, ...input } = c.req.valid("json");
    const form = await createForm(
      c.get("deps").db,
      programScope(c.get("scope"), programId),
      c.get("viewer").userId,
      input,
    );
    noteAudit(c, {
      entityType: FORM_ENTITY,
      entityId: form.id,
      organizationId: form.programId,
      after: { name: form.name, kind: form.kind, active: form.active, questions: form.questions.length },
    });
    return c.json(form, 201);
  })
  .openapi(getFormRoute, async (c) =>
    c.json(await getForm(c.get("deps").db, programScope(c.get("scope")), c.req.valid("param").id), 200),
  )
  .openapi(updateFormRoute, async (c) => {
    const { before, after, copied } = await updateForm(
      c.get("deps").db,
      programScope(c.get("scope")),
      c.req.valid("param").id,
      c.get("viewer").userId,
      c.req.valid("json"),
    );
    noteAudit(c, {
      entityType: FORM_ENTITY,
      entityId: after.id,
      organizationId: after.programId,
      before: { id: before.id, name: before.name, questions: before.questions.length },
      after: { id: after.id, name: after.name, questions: after.questions.length, copied },
    });
    return c.json({ ...after, copied }, 200);
  })
  .openapi(activateRoute, async (c) => {
    const { before, after } = await setFormActive(
      c.get("deps").db,
      programScope(c.get("scope")),
      c.req.valid("param").id,
      true,
    );
    noteAudit(c, {
      entityType: FORM_ENTITY,
      entityId: after.id,
      organizationId: after.programId,
      before: { active: before.active },
      after: { active: after.active },
    });
    return c.json(after, 200);
  })
  .openapi(deactivateRoute, async (c) => {
    const { before, after } = await setFormActive(
      c.get("deps").db,
      programScope(c.get("scope")),
      c.req.valid("param").id,
      false,
    );
    noteAudit(c, {
      entityType: FORM_ENTITY,
      entityId: after.id,
      organizationId: after.programId,
      before: { active: before.active },
      after: { active: after.active },
    });
    return c.json(after, 200);
  })
  .openapi(detailRoute, async (c) =>
    c.json(await getEvaluation(c.get("deps").db, c.get("scope"), c.req.valid("param").id), 200),
  )
  .openapi(submitRoute, async (c) => {
    const done = await submitStudentEvaluation(
      c.get("deps").db,
      rotationScope(c.get("scope")),
      c.req.valid("param").id,
      c.get("viewer").userId,
      c.req.valid("json").answers,
    );
    noteAudit(c, {
      entityType: ENTITY,
      entityId: done.id,
      organizationId: done.facility.id,
      after: { status: "submitted", kind: done.kind, phase: done.phase },
    });
    return c.json(done, 200);
  });
