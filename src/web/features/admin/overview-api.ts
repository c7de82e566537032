import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "@/web/lib/api-client";

// The platform overview's figures (issue 14): one request for the whole page.

export const adminOverviewQuery = queryOptions({
  queryKey: ["admin", "overview"],
  queryFn: async () => unwrap(await api.api.analytics.admin.overview.$get()),
});

export type AdminOverview = Awaited<ReturnType<NonNullable<(typeof adminOverviewQuery)["queryFn"]>>>;
