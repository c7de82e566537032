import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ExperienceInput, PreferencesInput } from "@/domain/student-profile";
import { api, unwrap } from "@/web/lib/api-client";
import { useInvalidateStudentRecords } from "@/web/lib/use-invalidate-student-records";

// The signed-in student's own profile (/api/me/student): the server scopes every call to the
// roster entry linked to the session; nothing here sends a student id.

const me = api.api.me.student;

export const studentProfileQuery = queryOptions({
  queryKey: ["student", "profile"],
  queryFn: async () => unwrap(await me.profile.$get()),
});
export type StudentProfile = Awaited<ReturnType<NonNullable<typeof studentProfileQuery.queryFn>>>;
export type StudentExperience = StudentProfile["experiences"][number];

export function useSavePreferences() {
  const invalidate = useInvalidateStudentRecords();
  return useMutation({
    mutationFn: async (input: PreferencesInput) => unwrap(await me.preferences.$put({ json: input })),
    onSuccess: invalidate,
  });
}

export function useSaveExperience() {
  const invalidate = useInvalidateStudentRecords();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: ExperienceInput }) =>
      id
        ? unwrap(await me.experiences[":id"].$put({ param: { id }, json: input }))
        : unwrap(await me.experiences.$post({ json: input })),
    onSuccess: invalidate,
  });
}

export function useDeleteExperience() {
  const invalidate = useInvalidateStudentRecords();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await me.experiences[":id"].$delete({ param: { id } })),
    onSuccess: invalidate,
  });
}

// Programs' claims on the student's email (issue 8): the program the account is linked to, the other
// programs listing the email (name and date only), and "Not my program".

const rosterClaims = api.api.me.student["roster-claims"];

export const myRosterClaimsQuery = queryOptions({
  queryKey: ["student", "roster-claims"],
  queryFn: async () => unwrap(await rosterClaims.$get()),
});
export type MyRosterClaims = Awaited<ReturnType<NonNullable<typeof myRosterClaimsQuery.queryFn>>>;

export function useReportRosterClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await rosterClaims[":id"].report.$post({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["student", "roster-claims"] }),
    meta: { errorToast: "Could not send the report" },
  });
}
