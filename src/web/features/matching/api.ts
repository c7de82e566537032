import { queryOptions } from "@tanstack/react-query";
import { ApiError, api, unwrap } from "@/web/lib/api-client";

// Recommendations (issue 13). The prototype's policy (spec sections 7 and 9): kept 5 minutes, up to
// 3 retries, none on a rate limit (429) or exhausted credits (402). Other refusals (4xx) are not
// retried either: they answer the same again.

export const RECOMMENDATIONS_STALE_MS = 5 * 60_000;
const MAX_RETRIES = 3;

/** Whether a failed recommendations request is tried again (`failures` so far, from 0). */
export function retryRecommendations(failures: number, err: Error): boolean {
  if (err instanceof ApiError && err.status < 500) return false;
  return failures < MAX_RETRIES;
}

/** The signed-in student's recommendations (under ["student"]: applying refreshes them). */
export const myRecommendationsQuery = queryOptions({
  queryKey: ["student", "recommendations"],
  queryFn: async () => unwrap(await api.api.me.student.recommendations.$get()),
  staleTime: RECOMMENDATIONS_STALE_MS,
  retry: retryRecommendations,
});

/** One student's recommendations, for their program's coordinator (or an admin). */
export const studentRecommendationsQuery = (studentId: string) =>
  queryOptions({
    queryKey: ["students", studentId, "recommendations"],
    queryFn: async () => unwrap(await api.api.students[":id"].recommendations.$get({ param: { id: studentId } })),
    staleTime: RECOMMENDATIONS_STALE_MS,
    retry: retryRecommendations,
  });

export type Recommendations = Awaited<ReturnType<NonNullable<typeof myRecommendationsQuery.queryFn>>>;
export type Recommendation = Recommendations["items"][number];

/** The prototype's words for the model's refusals (spec section 8). */
export const MODEL_REFUSALS = {
  429: { title: "Rate limit exceeded", description: "Too many requests. Please try again in a moment." },
  402: { title: "AI credits exhausted", description: "Please contact support to add more credits." },
} as const;

export function modelRefusal(err: unknown) {
  if (err instanceof ApiError && (err.status === 429 || err.status === 402)) return MODEL_REFUSALS[err.status];
  return null;
}
