import { queryOptions, useMutation } from "@tanstack/react-query";
import { api, unwrap } from "@/web/lib/api-client";
import { useInvalidateStudentRecords } from "@/web/lib/use-invalidate-student-records";

// The signed-in student's own applications (/api/me/student): the server scopes every call to the
// roster entry linked to the session; nothing here sends a student id.

const me = api.api.me.student;

export const myApplicationsQuery = queryOptions({
  queryKey: ["student", "applications"],
  queryFn: async () => unwrap(await me.applications.$get({ query: { pageSize: "100" } })),
});
export type MyApplication = Awaited<ReturnType<NonNullable<typeof myApplicationsQuery.queryFn>>>["items"][number];

/** The student withdraws their own application (leaving early when the rotation is under way). */
export function useWithdrawMyApplication() {
  const invalidate = useInvalidateStudentRecords();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await me.applications[":id"].withdraw.$post({ param: { id } })),
    onSettled: invalidate,
  });
}
