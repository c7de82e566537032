import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { DepartmentValues } from "@/domain/placements";
import { api, unwrap } from "@/web/lib/api-client";

/** The facility's departments with capacity, filled and available (computed on the server). */
export const departmentsQuery = (facilityId?: string) =>
  queryOptions({
    queryKey: ["departments", facilityId ?? "own"],
    queryFn: async () =>
      (await unwrap(await api.api.facility.departments.$get({ query: facilityId ? { facilityId } : {} }))).items,
  });

/**
 * 'N of M seats free for these dates': the department's capacity minus the seats its other
 * placements hold on the busiest day of the range (the placement being edited not counted).
 */
export const departmentSeatsQuery = (
  departmentId: string,
  range: { startDate: string; endDate: string },
  placementId?: string,
) =>
  queryOptions({
    queryKey: ["departments", "seats", departmentId, range.startDate, range.endDate, placementId ?? "new"],
    queryFn: async () =>
      unwrap(
        await api.api.facility.departments[":id"].seats.$get({
          param: { id: departmentId },
          query: { startDate: range.startDate, endDate: range.endDate, placementId },
        }),
      ),
  });

export type Department = Awaited<ReturnType<NonNullable<ReturnType<typeof departmentsQuery>["queryFn"]>>>[number];

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ["departments"] });
    void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
    // The capacity view (issue 15) shows each department's capacity.
    void queryClient.invalidateQueries({ queryKey: ["calendar", "capacity"] });
  };
}

export function useSaveDepartment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { id?: string; values: DepartmentValues; facilityId?: string }) =>
      input.id
        ? unwrap(await api.api.facility.departments[":id"].$put({ param: { id: input.id }, json: input.values }))
        : unwrap(await api.api.facility.departments.$post({ json: { ...input.values, facilityId: input.facilityId } })),
    onSuccess: refresh,
  });
}

export function useDeleteDepartment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.api.facility.departments[":id"].$delete({ param: { id } })),
    onSuccess: refresh,
  });
}
