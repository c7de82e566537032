import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApplicationStatus } from "@/domain/applications";
import type { PlacedPhase } from "@/domain/placements";
import { api, unwrap } from "@/web/lib/api-client";
import { queryString } from "@/web/lib/download";

export const FACILITY_APPLICATIONS_PAGE_SIZE = 20;

export type FacilityApplicationFilter = {
  search?: string;
  status?: ApplicationStatus;
  placementId?: string;
  departmentId?: string;
  facilityId?: string;
  page: number;
};

const filterQuery = (f: Omit<FacilityApplicationFilter, "page">) => ({
  search: f.search || undefined,
  status: f.status || undefined,
  placementId: f.placementId || undefined,
  departmentId: f.departmentId || undefined,
  facilityId: f.facilityId || undefined,
});

/** Applications to the facility's placements, newest first (D13: paginated on the server). */
export const facilityApplicationsQuery = (f: FacilityApplicationFilter) =>
  queryOptions({
    queryKey: ["applications", "facility", f],
    queryFn: async () =>
      unwrap(
        await api.api.facility.applications.$get({
          query: { ...filterQuery(f), page: String(f.page), pageSize: String(FACILITY_APPLICATIONS_PAGE_SIZE) },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export type FacilityApplication = Awaited<
  ReturnType<NonNullable<ReturnType<typeof facilityApplicationsQuery>["queryFn"]>>
>["items"][number];

export const facilityApplicationsExportUrl = (f: Omit<FacilityApplicationFilter, "page">) =>
  `/api/facility/applications/export.csv${queryString(filterQuery(f))}`;

/** Approve or reject a pending application with optional notes to the program. */
export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision, notes }: { id: string; decision: "approve" | "reject"; notes: string }) => {
      const route = api.api.facility.applications[":id"];
      const args = { param: { id }, json: { notes: notes.trim() || null } };
      return decision === "approve" ? unwrap(await route.approve.$post(args)) : unwrap(await route.reject.$post(args));
    },
    onSuccess: () => {
      for (const queryKey of [["applications"], ["dashboard"], ["placements"], ["departments"], ["placed-students"]])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export const PLACED_PAGE_SIZE = 20;

/** Students with approved applications at the facility: current and upcoming unless a phase is asked. */
export const placedStudentsQuery = (f: { search?: string; phase?: PlacedPhase; facilityId?: string; page: number }) =>
  queryOptions({
    queryKey: ["placed-students", f],
    queryFn: async () =>
      unwrap(
        await api.api.facility["placed-students"].$get({
          query: {
            search: f.search || undefined,
            phase: f.phase || undefined,
            facilityId: f.facilityId || undefined,
            page: String(f.page),
            pageSize: String(PLACED_PAGE_SIZE),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
export type PlacedStudent = Awaited<
  ReturnType<NonNullable<ReturnType<typeof placedStudentsQuery>["queryFn"]>>
>["items"][number];
