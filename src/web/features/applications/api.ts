import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApplicationStatus } from "@/domain/applications";
import { api, unwrap } from "@/web/lib/api-client";
import { queryString } from "@/web/lib/download";

export const APPLICATIONS_PAGE_SIZE = 20;

export type ApplicationFilter = {
  search?: string;
  status?: ApplicationStatus;
  specialty?: string;
  facilityId?: string;
  page: number;
};

const filterQuery = (f: Omit<ApplicationFilter, "page">) => ({
  search: f.search || undefined,
  status: f.status || undefined,
  specialty: f.specialty || undefined,
  facilityId: f.facilityId || undefined,
});

/** The program's applications, newest first (D13: paginated on the server). */
export const applicationsQuery = (f: ApplicationFilter) =>
  queryOptions({
    queryKey: ["applications", "list", f],
    queryFn: async () =>
      unwrap(
        await api.api.applications.$get({
          query: { ...filterQuery(f), page: String(f.page), pageSize: String(APPLICATIONS_PAGE_SIZE) },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export type ProgramApplication = Awaited<
  ReturnType<NonNullable<ReturnType<typeof applicationsQuery>["queryFn"]>>
>["items"][number];

/** Facilities the program applied to: the facility filter's options. */
export const appliedFacilitiesQuery = queryOptions({
  queryKey: ["applications", "facilities"],
  queryFn: async () => unwrap(await api.api.applications.facilities.$get({ query: {} })),
  staleTime: 60_000,
});

/** The CSV export's URL for the same filters as the list. */
export const applicationsExportUrl = (f: Omit<ApplicationFilter, "page">) =>
  `/api/applications/export.csv${queryString(filterQuery(f))}`;

/** D7: withdraw a pending or approved application (an approved one frees its slot). */
export function useWithdrawApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.api.applications[":id"].withdraw.$post({ param: { id } })),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ["applications"] });
      queryClient.invalidateQueries({ queryKey: ["dashboard"] });
      queryClient.invalidateQueries({ queryKey: ["placements"] });
      queryClient.invalidateQueries({ queryKey: ["students"] });
    },
  });
}
