import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApplicationSubmission, RefusalCode } from "@/domain/applications";
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

export type Refusal = { studentId: string; name: string | null; reason: string; code: RefusalCode };
export type SubmissionOutcome = {
  placement: { id: string; title: string; facilityName: string };
  submitted: { id: string; studentId: string; name: string }[];
  refused: Refusal[];
  /** The server's message when nothing was submitted. */
  error: string | null;
};

/**
 * Submits one or several students to a placement. Every student gets an answer: a 201 lists the
 * submitted and refused ones; a 409/404 with a per-student list means all were refused (not thrown);
 * any other failure throws the ApiError (toasted by the caller).
 */
export function useSubmitApplications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ApplicationSubmission): Promise<SubmissionOutcome> => {
      const res = await api.api.applications.$post({ json: input });
      if (res.status === 201) return { ...(await res.json()), error: null };
      if (res.status === 409 || res.status === 404) {
        const body = (await res.clone().json()) as Partial<SubmissionOutcome> & { error?: { message?: string } };
        if (Array.isArray(body.refused) && body.placement) {
          return {
            placement: body.placement,
            submitted: [],
            refused: body.refused,
            error: body.error?.message ?? null,
          };
        }
      }
      return unwrap(res) as never;
    },
    onSuccess: (outcome) => {
      if (outcome.submitted.length === 0) return;
      queryClient.invalidateQueries({ queryKey: ["applications"] });
      queryClient.invalidateQueries({ queryKey: ["dashboard"] });
      queryClient.invalidateQueries({ queryKey: ["students"] });
    },
  });
}
