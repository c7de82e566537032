import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/web/lib/api-client";

export type AccessRequestFilter = { status?: "pending" | "approved" | "denied"; search?: string; page: number };

export const accessRequestsQuery = (f: AccessRequestFilter) =>
  queryOptions({
    queryKey: ["admin", "access-requests", f],
    queryFn: async () =>
      unwrap(
        await api.api.admin["access-requests"].$get({
          query: { status: f.status, search: f.search || undefined, page: String(f.page), pageSize: "10" },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export function useDecideAccessRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string; decision: "approve" | "deny" }) =>
      unwrap(await api.api.admin["access-requests"][":id"][":decision"].$post({ param: v })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "access-requests"] }),
  });
}
