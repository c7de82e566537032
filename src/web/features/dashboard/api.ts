import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "@/web/lib/api-client";

/** The program dashboard's figures, computed on the server from live data (D9). */
export const programDashboardQuery = queryOptions({
  queryKey: ["dashboard", "program"],
  queryFn: async () => unwrap(await api.api.analytics["program-dashboard"].$get({ query: {} })),
});

export type ProgramDashboard = Awaited<ReturnType<NonNullable<typeof programDashboardQuery.queryFn>>>;
