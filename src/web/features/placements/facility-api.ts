import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { PlacementStatus, PlacementValues } from "@/domain/placements";
import { api, unwrap } from "@/web/lib/api-client";

export const FACILITY_PLACEMENTS_PAGE_SIZE = 20;

export type FacilityPlacementFilter = {
  search?: string;
  status?: PlacementStatus;
  specialty?: string;
  departmentId?: string;
  facilityId?: string;
  page: number;
};

/** The facility's placements in every status (D13: paginated on the server). */
export const facilityPlacementsQuery = (f: FacilityPlacementFilter) =>
  queryOptions({
    queryKey: ["placements", "facility", f],
    queryFn: async () =>
      unwrap(
        await api.api.facility.placements.$get({
          query: {
            search: f.search || undefined,
            status: f.status || undefined,
            specialty: f.specialty || undefined,
            departmentId: f.departmentId || undefined,
            facilityId: f.facilityId || undefined,
            page: String(f.page),
            pageSize: String(FACILITY_PLACEMENTS_PAGE_SIZE),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export type FacilityPlacement = Awaited<
  ReturnType<NonNullable<ReturnType<typeof facilityPlacementsQuery>["queryFn"]>>
>["items"][number];

/** Every placement of the facility by title (the applications page's filter). */
export const facilityPlacementOptionsQuery = (facilityId?: string) =>
  queryOptions({
    queryKey: ["placements", "facility-options", facilityId ?? "own"],
    queryFn: async () =>
      (await unwrap(await api.api.facility.placements.options.$get({ query: facilityId ? { facilityId } : {} }))).items,
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    // ["calendar"]: placement dates, deadlines and the capacity view (issue 15) follow the change.
    for (const queryKey of [["placements"], ["departments"], ["dashboard"], ["calendar"]])
      void queryClient.invalidateQueries({ queryKey });
  };
}

export function useSavePlacement() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, values }: { id?: string; values: PlacementValues }) =>
      id
        ? unwrap(await api.api.facility.placements[":id"].$put({ param: { id }, json: values }))
        : unwrap(await api.api.facility.placements.$post({ json: values })),
    onSuccess: refresh,
  });
}

export function usePlacementAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: "publish" | "close" | "duplicate" }) => {
      const route = api.api.facility.placements[":id"];
      if (action === "publish") return unwrap(await route.publish.$post({ param: { id } }));
      if (action === "close") return unwrap(await route.close.$post({ param: { id } }));
      return unwrap(await route.duplicate.$post({ param: { id } }));
    },
    onSuccess: refresh,
  });
}
