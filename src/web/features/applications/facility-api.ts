import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApplicationStatus } from "@/domain/applications";
import type { PlacedPhase } from "@/domain/placements";
import { ApiError, api, unwrap } from "@/web/lib/api-client";
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

/** The server's refusal to approve a student who has not met every requirement (issue 12): what is missing. */
export type NotReady = { outcome: "not_ready"; message: string; missing: string[] };

/**
 * Approve or reject a pending application with optional notes to the program. Approving a student
 * who is not ready answers 409 `not_ready`: that is returned (not thrown, so not toasted as a
 * failure) for the dialog to ask; `confirmNotReady` approves anyway and the override is recorded.
 */
export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      decision,
      notes,
      confirmNotReady = false,
    }: {
      id: string;
      decision: "approve" | "reject";
      notes: string;
      confirmNotReady?: boolean;
    }): Promise<{ outcome: "decided" } | NotReady> => {
      const route = api.api.facility.applications[":id"];
      const json = { notes: notes.trim() || null, ...(confirmNotReady ? { confirmNotReady: true } : {}) };
      const args = { param: { id }, json };
      try {
        if (decision === "approve") await unwrap(await route.approve.$post(args));
        else await unwrap(await route.reject.$post(args));
        return { outcome: "decided" };
      } catch (err) {
        if (decision === "approve" && err instanceof ApiError && err.status === 409 && err.code === "not_ready") {
          const missing = Array.isArray(err.detail.missing) ? err.detail.missing.map(String) : [];
          return { outcome: "not_ready", message: err.message, missing };
        }
        throw err;
      }
    },
    onSuccess: (result) => {
      if (result.outcome !== "decided") return;
      for (const queryKey of [
        ["applications"],
        ["dashboard"],
        ["placements"],
        ["departments"],
        ["placed-students"],
        ["compliance"],
      ])
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
