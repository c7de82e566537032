import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ExperienceInput, PreferencesInput } from "@/domain/student-profile";
import { api, unwrap } from "@/web/lib/api-client";

// The signed-in student's own records (/api/me/student). The server scopes every call to the
// roster entry linked to the session; nothing here sends a student id.

const me = api.api.me.student;
export const STUDENT_PLACEMENTS_PAGE_SIZE = 12;

export type StudentPlacementFilter = {
  search?: string;
  specialty?: string;
  startFrom?: string;
  endBy?: string;
  page: number;
};

export const studentPlacementsQuery = (f: StudentPlacementFilter) =>
  queryOptions({
    queryKey: ["student", "placements", f],
    queryFn: async () =>
      unwrap(
        await me.placements.$get({
          query: {
            search: f.search || undefined,
            specialty: f.specialty || undefined,
            startFrom: f.startFrom || undefined,
            endBy: f.endBy || undefined,
            page: String(f.page),
            pageSize: String(STUDENT_PLACEMENTS_PAGE_SIZE),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
export type StudentPlacement = Awaited<
  ReturnType<NonNullable<ReturnType<typeof studentPlacementsQuery>["queryFn"]>>
>["items"][number];

export const myApplicationsQuery = queryOptions({
  queryKey: ["student", "applications"],
  queryFn: async () => unwrap(await me.applications.$get({ query: { pageSize: "100" } })),
});
export type MyApplication = Awaited<ReturnType<NonNullable<typeof myApplicationsQuery.queryFn>>>["items"][number];

export const studentProfileQuery = queryOptions({
  queryKey: ["student", "profile"],
  queryFn: async () => unwrap(await me.profile.$get()),
});
export type StudentProfile = Awaited<ReturnType<NonNullable<typeof studentProfileQuery.queryFn>>>;
export type StudentExperience = StudentProfile["experiences"][number];

/** Anything the student changes refreshes their pages and dashboard. */
function useInvalidateStudent() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ["student"] }),
      queryClient.invalidateQueries({ queryKey: ["dashboard", "student"] }),
    ]);
}

export function useApply() {
  const invalidate = useInvalidateStudent();
  return useMutation({
    mutationFn: async (input: { placementId: string; notes: string }) =>
      unwrap(await me.applications.$post({ json: { placementId: input.placementId, notes: input.notes || null } })),
    // A 409 (already applied) also means the list is stale: refresh either way.
    onSettled: invalidate,
    // The apply dialog toasts its own error for now (its owner moves it onto the central toast).
    meta: { errorToast: false },
  });
}

export function useWithdraw() {
  const invalidate = useInvalidateStudent();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await me.applications[":id"].withdraw.$post({ param: { id } })),
    onSettled: invalidate,
  });
}

export function useSavePreferences() {
  const invalidate = useInvalidateStudent();
  return useMutation({
    mutationFn: async (input: PreferencesInput) => unwrap(await me.preferences.$put({ json: input })),
    onSuccess: invalidate,
  });
}

export function useSaveExperience() {
  const invalidate = useInvalidateStudent();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: ExperienceInput }) =>
      id
        ? unwrap(await me.experiences[":id"].$put({ param: { id }, json: input }))
        : unwrap(await me.experiences.$post({ json: input })),
    onSuccess: invalidate,
  });
}

export function useDeleteExperience() {
  const invalidate = useInvalidateStudent();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await me.experiences[":id"].$delete({ param: { id } })),
    onSuccess: invalidate,
  });
}

// Programs' claims on the student's email (issue 8): the program the account is linked to, the other
// programs listing the email (name and date only), and "Not my program".

const rosterClaims = api.api.me.student["roster-claims"];

export const rosterClaimsQuery = queryOptions({
  queryKey: ["student", "roster-claims"],
  queryFn: async () => unwrap(await rosterClaims.$get()),
});
export type RosterClaims = Awaited<ReturnType<NonNullable<typeof rosterClaimsQuery.queryFn>>>;

export function useReportRosterClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await rosterClaims[":id"].report.$post({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["student", "roster-claims"] }),
    meta: { errorToast: "Could not send the report" },
  });
}
