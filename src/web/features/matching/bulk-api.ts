import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { MatchRunInput, MatchSubmission } from "@/domain/matching/bulk";
import { api, unwrap } from "@/web/lib/api-client";

// Bulk matching (issue 13) on the typed client: the preview of a run's students and placements,
// starting a run, polling it, a student's candidates for a swap, and submitting a proposal's lines.

/** How often the page asks a run under way for its progress. */
export const POLL_MS = 700;

export const runPreviewQuery = (input: MatchRunInput | null) =>
  queryOptions({
    queryKey: ["matching", "preview", input],
    enabled: input !== null,
    queryFn: async () => unwrap(await api.api.matching.preview.$post({ json: input as MatchRunInput })),
    placeholderData: keepPreviousData,
    // A 422 (no program chosen, an impossible window) is an answer to show, not to retry.
    retry: false,
  });

export type RunPreview = Awaited<ReturnType<NonNullable<ReturnType<typeof runPreviewQuery>["queryFn"]>>>;

export const matchRunQuery = (id: string | null) =>
  queryOptions({
    queryKey: ["matching", "run", id],
    enabled: id !== null,
    queryFn: async () => unwrap(await api.api.matching.runs[":id"].$get({ param: { id: id ?? "" } })),
    // Poll while the run is under way; a finished run does not change.
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === "queued" || status === "running" ? POLL_MS : false;
    },
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 2,
  });

export type MatchRun = Awaited<ReturnType<NonNullable<ReturnType<typeof matchRunQuery>["queryFn"]>>>;
export type RunResult = NonNullable<MatchRun["result"]>;
export type Proposal = RunResult["optimal"];
export type Line = Proposal["lines"][number];

export const candidatesQuery = (runId: string, studentId: string | null) =>
  queryOptions({
    queryKey: ["matching", "candidates", runId, studentId],
    enabled: studentId !== null,
    queryFn: async () =>
      unwrap(
        await api.api.matching.runs[":id"].students[":studentId"].candidates.$get({
          param: { id: runId, studentId: studentId ?? "" },
        }),
      ),
  });

export type Candidate = Awaited<
  ReturnType<NonNullable<ReturnType<typeof candidatesQuery>["queryFn"]>>
>["items"][number];

export function useStartRun() {
  return useMutation({
    mutationFn: async (input: MatchRunInput) => unwrap(await api.api.matching.runs.$post({ json: input })),
    // The form shows the refusal beside the fields it names.
    meta: { errorToast: false },
  });
}

export function useSubmitLines(runId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: MatchSubmission) =>
      unwrap(await api.api.matching.runs[":id"].submit.$post({ param: { id: runId }, json: input })),
    onSuccess: () =>
      Promise.all(
        [["applications"], ["students"], ["dashboard"], ["placements"], ["matching", "candidates"]].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export type SubmitOutcome = Awaited<ReturnType<ReturnType<typeof useSubmitLines>["mutateAsync"]>>;
