import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { SettingsUpdate } from "@/domain/platform-settings";
import { api, unwrap } from "@/web/lib/api-client";

// The platform settings (issue 14): any admin reads them, a super admin saves a group at a time.

export const settingsQuery = () =>
  queryOptions({
    queryKey: ["admin", "settings"],
    queryFn: async () => unwrap(await api.api.admin.settings.$get()),
  });

export type SettingsData = Awaited<ReturnType<NonNullable<ReturnType<typeof settingsQuery>["queryFn"]>>>;

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: SettingsUpdate) => unwrap(await api.api.admin.settings.$put({ json: update })),
    onSuccess: (data) =>
      queryClient.setQueryData(["admin", "settings"], { values: data.values, changes: data.changes }),
  });
}
