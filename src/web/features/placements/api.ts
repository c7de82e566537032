import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApplicationSubmission } from "@/domain/application-submission";
import { api, unwrap } from "@/web/lib/api-client";

export const PLACEMENTS_PAGE_SIZE = 12;

export type PlacementFilter = {
  search?: string;
  specialty?: string;
  startFrom?: string;
  endBy?: string;
  page: number;
};

/** Open placements for the program (full ones hidden, spec section 9), soonest first. */
export const openPlacementsQuery = (f: PlacementFilter) =>
  queryOptions({
    queryKey: ["placements", "open", f],
    queryFn: async () =>
      unwrap(
        await api.api.placements.$get({
          query: {
            search: f.search || undefined,
            specialty: f.specialty || undefined,
            startFrom: f.startFrom || undefined,
            endBy: f.endBy || undefined,
            page: String(f.page),
            pageSize: String(PLACEMENTS_PAGE_SIZE),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export type OpenPlacement = Awaited<
  ReturnType<NonNullable<ReturnType<typeof openPlacementsQuery>["queryFn"]>>
>["items"][number];

/** The program's active students for the apply dialog's picker (the roster API, first 100 by name). */
export const pickableStudentsQuery = (search: string) =>
  queryOptions({
    queryKey: ["students", "pickable", search],
    queryFn: async () =>
      unwrap(
        await api.api.students.$get({
          query: { search: search || undefined, pageSize: "100", enrollment: "active", sort: "name" },
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** One student (the `?student=` preselection); null when not found. */
export const studentNameQuery = (id: string | null) =>
  queryOptions({
    queryKey: ["students", "name", id],
    enabled: !!id,
    queryFn: async () => {
      const res = await api.api.students[":id"].$get({ param: { id: id ?? "" } });
      if ((res.status as number) === 404) return null;
      const { student } = await unwrap(res);
      return {
        id: student.id,
        name: `${student.firstName} ${student.lastName}`,
        active: student.enrollmentStatus === "active",
      };
    },
  });

/**
 * Submits one or several students to a placement. Every student gets an answer: 201 (some
 * submitted) or 200 (none) lists the submitted and the refused ones, each refusal with its code and
 * reason; an error (unknown placement, program pending verification...) throws the ApiError.
 */
export function useSubmitApplications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ApplicationSubmission) => unwrap(await api.api.applications.$post({ json: input })),
    // The dialog words its own toasts (the prototype's "Error" with the reason).
    meta: { errorToast: false },
    onSuccess: (outcome) => {
      if (outcome.submitted.length === 0) return;
      queryClient.invalidateQueries({ queryKey: ["applications"] });
      queryClient.invalidateQueries({ queryKey: ["dashboard"] });
      queryClient.invalidateQueries({ queryKey: ["students"] });
    },
  });
}

export type SubmissionOutcome = Awaited<ReturnType<ReturnType<typeof useSubmitApplications>["mutateAsync"]>>;
export type Refusal = SubmissionOutcome["refused"][number];
