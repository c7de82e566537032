import { z } from "@hono/zod-openapi";
import { FACTOR_KEYS } from "../../../domain/matching/weights";
import { PlacementSchema } from "../placements/schemas";

// The matching domain's response bodies (issue 13): a student's recommendations, each an open
// placement with the prototype's `match_score` (a percent) and `reason`, and the factors behind them.

const FactorSchema = z
  .object({
    key: z.enum(FACTOR_KEYS),
    label: z.string(),
    weight: z.number().openapi({ description: "The factor's weight; the six add up to 100" }),
    value: z.number().openapi({ description: "0 to 1" }),
    detail: z.string().openapi({ description: "Why, in a sentence" }),
  })
  .openapi("MatchFactor");

export const RecommendationSchema = z
  .object({
    placement: PlacementSchema.openapi({ description: "An open placement, as the placements' search shows it" }),
    match_score: z.number().int().openapi({ description: "0–100: the engine's score, as a percent" }),
    reason: z.string().openapi({ description: "Why: the engine's sentence, or the model's rewording of it" }),
    engineReason: z.string().openapi({ description: "The engine's own sentence (the same as reason in engine mode)" }),
    factors: z.array(FactorSchema),
  })
  .openapi("Recommendation");

export const RecommendationsSchema = z
  .object({
    mode: z.enum(["engine", "model"]).openapi({
      description: "Who wrote the reasons: the portal's matching engine, or the configured language model",
    }),
    model: z.string().nullable().openapi({ description: "The language model's name in model mode" }),
    fallback: z.boolean().openapi({
      description: "A language model is configured but did not answer usably: the engine's words are shown",
    }),
    generatedAt: z.string().openapi({ description: "When the scores were computed (ISO 8601)" }),
    items: z.array(RecommendationSchema).openapi({ description: "At most 10, best first" }),
  })
  .openapi("Recommendations");

export type Recommendations = z.infer<typeof RecommendationsSchema>;
export type Recommendation = z.infer<typeof RecommendationSchema>;
