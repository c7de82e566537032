import { z } from "@hono/zod-openapi";
import { MATCH_REFUSAL_CODES, RUN_PHASES, RUN_STATUSES } from "../../../domain/matching/bulk";
import { COMPLIANCE_STATUSES } from "../../../domain/students";

// Bulk matching's answers (issue 13): the preview of a run's students and placements, a run with
// its progress and, once done, its two proposals, a student's candidates for a swap, and the
// outcome of submitting a proposal's lines.

const PreviewStudentSchema = z.object({
  id: z.string(),
  name: z.string(),
  specialtyInterest: z.string().nullable(),
  complianceStatus: z.enum(COMPLIANCE_STATUSES),
  gpa: z.number().nullable(),
});

export const RunPreviewSchema = z
  .object({
    students: z.object({
      total: z.number().int(),
      items: z.array(PreviewStudentSchema).openapi({ description: "The first 200 by name" }),
    }),
    placements: z.object({
      total: z.number().int(),
      seats: z.number().int().openapi({ description: "Spots left over the pool" }),
    }),
    facilities: z
      .array(z.object({ id: z.string(), name: z.string(), city: z.string().nullable(), state: z.string().nullable() }))
      .openapi({ description: "Facilities with open placements in the window (the pool filter's options)" }),
  })
  .openapi("MatchRunPreview");

const LineSchema = z.object({
  studentId: z.string(),
  placementId: z.string(),
  score: z.number().openapi({ description: "The engine's match score, 0–100" }),
  rank: z.number().int().openapi({ description: "1 when no candidate of the student scores more" }),
  reason: z.string(),
});

const ProposalSchema = z.object({
  placed: z.number().int(),
  averageScore: z.number(),
  topThreeShare: z.number().openapi({ description: "Share (0–1) of the run's students placed in one of their top 3" }),
  totalScore: z.number(),
  check: z.object({
    ok: z.boolean().openapi({
      description: "Optimal: the optimality certificate (dual prices) verified; stable: no blocking pair",
    }),
    detail: z.string().nullable(),
  }),
  lines: z.array(LineSchema),
});

export const RunResultSchema = z.object({
  today: z.string(),
  pairs: z.number().int().openapi({ description: "Candidate pairs scored" }),
  priorityRule: z.string(),
  students: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      specialtyInterest: z.string().nullable(),
      gpa: z.number().nullable(),
      candidates: z.number().int(),
    }),
  ),
  placements: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      specialty: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      spotsLeft: z.number().int().openapi({ description: "When the run started" }),
      facility: z.object({
        id: z.string(),
        name: z.string(),
        city: z.string().nullable(),
        state: z.string().nullable(),
      }),
    }),
  ),
  optimal: ProposalSchema,
  stable: ProposalSchema,
});

export const MatchRunSchema = z
  .object({
    id: z.string(),
    programId: z.string(),
    status: z.enum(RUN_STATUSES),
    phase: z.enum(RUN_PHASES),
    percent: z.number().int(),
    error: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    window: z.object({ from: z.string(), to: z.string() }),
    counts: z.object({ students: z.number().int(), placements: z.number().int(), seats: z.number().int() }),
    result: RunResultSchema.nullable().openapi({ description: "The two proposals, once the run is done" }),
  })
  .openapi("MatchRun");

export const CandidatesSchema = z
  .object({
    student: z.object({ id: z.string(), name: z.string() }),
    items: z.array(
      z.object({
        placementId: z.string(),
        score: z.number(),
        reason: z.string(),
        spotsLeft: z.number().int().openapi({ description: "Now" }),
      }),
    ),
  })
  .openapi("MatchCandidates");

export const MatchSubmissionResultSchema = z
  .object({
    submitted: z.array(
      z.object({ studentId: z.string(), placementId: z.string(), applicationId: z.string(), name: z.string() }),
    ),
    refused: z.array(
      z.object({
        studentId: z.string(),
        placementId: z.string(),
        name: z.string().nullable(),
        code: z.enum(MATCH_REFUSAL_CODES),
        reason: z.string(),
      }),
    ),
  })
  .openapi("MatchSubmission");
