import { createRoute } from "@hono/zod-openapi";
import { evaluationAnswersSchema } from "../../../domain/evaluations";
import { STUDENT_VIEWERS } from "../../../domain/roles";
import { allow, studentScope } from "../../lib/access";
import { noteAudit } from "../../lib/audit";
import { createRouter, errorResponses, idParam, jsonContent } from "../../lib/router";
import { EvaluationDetailSchema, MyEvaluationsSchema } from "./schemas";
import { listMyEvaluations, submitSiteEvaluation } from "./service";

// /api/me/student/evaluations (issue 17): the student's evaluations of the sites of their
// rotations, and their preceptors' evaluations of them once submitted (never a pending one).
// Administrators viewing as a student read only (the guard refuses their writes).

const myListRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["evaluations"],
  summary: "The student's site evaluations to complete and the submitted evaluations of them",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  responses: { 200: jsonContent(MyEvaluationsSchema, "The student's evaluations"), ...errorResponses },
});

const mySubmitRoute = createRoute({
  method: "post",
  path: "/{id}/submit",
  tags: ["evaluations"],
  summary: "Submit the student's evaluation of a site (once: again is 409)",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: {
    params: idParam("Evaluation"),
    body: { content: { "application/json": { schema: evaluationAnswersSchema } }, required: true },
  },
  responses: { 200: jsonContent(EvaluationDetailSchema, "Submitted"), ...errorResponses },
});

export const myEvaluationRoutes = createRouter()
  .openapi(myListRoute, async (c) =>
    c.json(await listMyEvaluations(c.get("deps").db, studentScope(c.get("scope"))), 200),
  )
  .openapi(mySubmitRoute, async (c) => {
    const done = await submitSiteEvaluation(
      c.get("deps").db,
      studentScope(c.get("scope")),
      c.req.valid("param").id,
      c.get("viewer").userId,
      c.req.valid("json").answers,
    );
    noteAudit(c, {
      entityType: "evaluations",
      entityId: done.id,
      organizationId: done.program.id,
      after: { status: "submitted", kind: done.kind, phase: done.phase },
    });
    return c.json(done, 200);
  });
