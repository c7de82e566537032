import { keepPreviousData, queryOptions, useMutation } from "@tanstack/react-query";
import { api, unwrap } from "@/web/lib/api-client";
import { useInvalidateStudentRecords } from "@/web/lib/use-invalidate-student-records";
import type { PlacementFilter } from "./api";

// Placements as the signed-in student sees them (/api/me/student): the server scopes every call to
// the roster entry linked to the session; nothing here sends a student id.

const me = api.api.me.student;
export const STUDENT_PLACEMENTS_PAGE_SIZE = 12;

/** Open placements with spots left, each with the student's own application to it, if any. */
export const studentPlacementsQuery = (f: PlacementFilter) =>
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

/** The student applies to a placement themselves. */
export function useApply() {
  const invalidate = useInvalidateStudentRecords();
  return useMutation({
    mutationFn: async (input: { placementId: string; notes: string }) =>
      unwrap(await me.applications.$post({ json: { placementId: input.placementId, notes: input.notes || null } })),
    // A 409 (already applied) also means the list is stale: refresh either way.
    onSettled: invalidate,
    // The apply dialog toasts its own error for now (its owner moves it onto the central toast).
    meta: { errorToast: false },
  });
}
