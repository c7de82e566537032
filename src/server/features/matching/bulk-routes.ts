import { createRoute, z } from "@hono/zod-openapi";
import { matchRunInputSchema, matchSubmissionSchema } from "../../../domain/matching/bulk";
import { PROGRAM_SIDE } from "../../../domain/roles";
import { allow } from "../../lib/access";
import { noteAudit } from "../../lib/audit";
import { createRouter, errorResponses, idParam, jsonContent } from "../../lib/router";
import { CandidatesSchema, MatchRunSchema, MatchSubmissionResultSchema, RunPreviewSchema } from "./bulk-schemas";
import { getRun, previewRun, runCandidates, startRun, submitRun } from "./bulk-service";

// Bulk matching for a program (issue 13), at /api/matching: program coordinators for their own
// program (D1), administrators for the program they name. A run belongs to one program: any
// other caller gets 404 for it and everything under it.

const json = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

const runId = idParam("Match run");

const previewRoute = createRoute({
  method: "post",
  path: "/preview",
  tags: ["matching"],
  summary: "The students and placements a match run would take (nothing is stored)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: json(matchRunInputSchema),
  responses: { 200: jsonContent(RunPreviewSchema, "Who and what a run would take"), ...errorResponses },
});

const startRoute = createRoute({
  method: "post",
  path: "/runs",
  tags: ["matching"],
  summary: "Start a match run: both proposals (optimal and stable) are computed off the request thread",
  description:
    "Chooses the students (active, without an approved rotation overlapping the window, of the filters or ids) and the placements (open, with a spot left, starting within the window, of the pool's filters) now, and queues the run. Poll GET /runs/{id} for its phase and percent, then its proposals. 422 names `students` or `pool` when either is empty or too large; 409 while another run of the program is under way; 403 while the program is pending verification.",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: json(matchRunInputSchema),
  responses: { 202: jsonContent(MatchRunSchema, "Queued"), ...errorResponses },
});

const getRoute = createRoute({
  method: "get",
  path: "/runs/{id}",
  tags: ["matching"],
  summary: "A match run: its progress, then its two proposals side by side",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: runId },
  responses: { 200: jsonContent(MatchRunSchema, "The run"), ...errorResponses },
});

const candidatesRoute = createRoute({
  method: "get",
  path: "/runs/{id}/students/{studentId}/candidates",
  tags: ["matching"],
  summary: "A student's candidates in the run's pool, scored now (for swapping a line)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: {
    params: runId.extend({
      studentId: z
        .uuid("Student not found")
        .openapi({ param: { name: "studentId", in: "path" }, description: "A student of the run" }),
    }),
  },
  responses: { 200: jsonContent(CandidatesSchema, "Best first"), ...errorResponses },
});

const submitRoute = createRoute({
  method: "post",
  path: "/runs/{id}/submit",
  tags: ["matching"],
  summary: "Submit a proposal's lines as applications, in one transaction, each line submitted or refused",
  description:
    "Each line (student, placement) goes through the applications' checks on its own: submitted, or refused with a code and a reason (placement full or its spots taken by earlier lines, already applied, overlapping an approved rotation, rotation started, not in the run...). Never moved to another placement. 201 when at least one application was submitted, 200 when none was; 409 while the run has not finished.",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: runId, ...json(matchSubmissionSchema) },
  responses: {
    200: jsonContent(MatchSubmissionResultSchema, "Nothing submitted: every line refused, each with a reason"),
    201: jsonContent(MatchSubmissionResultSchema, "Submitted (some lines may be refused)"),
    ...errorResponses,
  },
});

export const bulkMatchingRoutes = createRouter()
  .openapi(previewRoute, async (c) => {
    noteAudit(c, { skip: true }); // a preview stores nothing: not a change
    return c.json(await previewRun(c.get("deps").db, c.get("scope"), c.req.valid("json")), 200);
  })
  .openapi(startRoute, async (c) =>
    c.json(await startRun(c.get("deps"), c.get("viewer"), c.get("scope"), c.req.valid("json")), 202),
  )
  .openapi(getRoute, async (c) => c.json(await getRun(c.get("deps").db, c.get("scope"), c.req.valid("param").id), 200))
  .openapi(candidatesRoute, async (c) =>
    c.json(
      await runCandidates(c.get("deps").db, c.get("scope"), c.req.valid("param").id, c.req.valid("param").studentId),
      200,
    ),
  )
  .openapi(submitRoute, async (c) => {
    const result = await submitRun(
      c.get("deps"),
      c.get("viewer"),
      c.get("scope"),
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return result.submitted.length > 0 ? c.json(result, 201) : c.json(result, 200);
  });
