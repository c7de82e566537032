import { createRoute } from "@hono/zod-openapi";
import { PROGRAM_SIDE, STUDENT_VIEWERS } from "../../../domain/roles";
import { allow, programScope, studentScope } from "../../lib/access";
import { createRouter, ErrorSchema, errorResponses, idParam, jsonContent } from "../../lib/router";
import { recommendationsFor } from "./recommendations";
import { RecommendationsSchema } from "./schemas";

// Matching (issue 13): a student's recommended placements.
// - /api/me/student/recommendations: the student's own.
// - /api/students/{id}/recommendations: one student's, for their program (admins: any student);
//   another program's student is 404 (D1).
// In model mode the language model's 429 and 402 reach the caller as such (spec section 8).

const modelErrors = {
  402: {
    description: "Model mode: the language model has no credits left",
    content: { "application/json": { schema: ErrorSchema } },
  },
  429: {
    description: "Model mode: the language model is rate limited",
    content: { "application/json": { schema: ErrorSchema } },
  },
} as const;

const myRoute = createRoute({
  method: "get",
  path: "/recommendations",
  tags: ["student"],
  summary: "The 10 open placements that match the student best, each with match_score, reason and factors",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  responses: {
    200: jsonContent(RecommendationsSchema, "The student's recommendations"),
    ...errorResponses,
    ...modelErrors,
  },
});

const studentRoute = createRoute({
  method: "get",
  path: "/{id}/recommendations",
  tags: ["matching"],
  summary: "One student's recommendations, for their program (another program's student: 404)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: idParam("Student") },
  responses: {
    200: jsonContent(RecommendationsSchema, "The student's recommendations"),
    ...errorResponses,
    ...modelErrors,
  },
});

/** Mounted at /api/me/student. */
export const myRecommendationRoutes = createRouter().openapi(myRoute, async (c) => {
  const scope = studentScope(c.get("scope"));
  return c.json(await recommendationsFor(c.get("deps"), scope, scope.studentId, "student"), 200);
});

/** Mounted at /api/students. */
export const studentRecommendationRoutes = createRouter().openapi(studentRoute, async (c) => {
  const scope = programScope(c.get("scope"));
  return c.json(await recommendationsFor(c.get("deps"), scope, c.req.valid("param").id, "coordinator"), 200);
});
