import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ADD_ADMIN_FAILED, type AddAdminInput, type AdminAction } from "@/domain/admin-accounts";
import { ApiError, api, unwrap } from "@/web/lib/api-client";
import { queryString } from "@/web/lib/download";

// Administrator accounts (issue 14): the list, "Add Admin" and rights changes.

export const ADMINS_PAGE_SIZE = 20;
export type AdminFilter = { search?: string; page: number };

export const adminsQuery = (f: AdminFilter) =>
  queryOptions({
    queryKey: ["admin", "admins", f],
    queryFn: async () =>
      unwrap(
        await api.api.admin.admins.$get({
          query: { search: f.search || undefined, page: String(f.page), pageSize: String(ADMINS_PAGE_SIZE) },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export type AdminAccount = Awaited<ReturnType<NonNullable<ReturnType<typeof adminsQuery>["queryFn"]>>>["items"][number];

export const adminsExportUrl = (f: Omit<AdminFilter, "page">) =>
  `/api/admin/admins/export.csv${queryString({ search: f.search })}`;

/** "Add Admin": a failure is the server's message, or the spec's when there is none (network). */
export function useAddAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AddAdminInput) => {
      try {
        return unwrap(await api.api.admin.admins.$post({ json: input }));
      } catch (err) {
        if (err instanceof ApiError && err.code !== "http_error") throw err;
        throw new Error(ADD_ADMIN_FAILED);
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "admins"] }),
  });
}

export function useChangeAdminRights() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string; action: AdminAction }) =>
      unwrap(await api.api.admin.admins[":id"][":action"].$post({ param: v })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "admins"] }),
  });
}
