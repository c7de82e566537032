import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "@/web/lib/api-client";

/** The program dashboard's figures, computed on the server from live data (D9). */
export const programDashboardQuery = queryOptions({
  queryKey: ["dashboard", "program"],
  queryFn: async () => unwrap(await api.api.analytics["program-dashboard"].$get({ query: {} })),
});

/** The same figures for the program an administrator views as (`?program=`, issue 14); the server checks it. */
export const programDashboardQueryFor = (programId?: string) =>
  programId
    ? queryOptions({
        queryKey: ["dashboard", "program", programId],
        queryFn: async () => unwrap(await api.api.analytics["program-dashboard"].$get({ query: { programId } })),
      })
    : programDashboardQuery;

export type ProgramDashboard = Awaited<ReturnType<NonNullable<typeof programDashboardQuery.queryFn>>>;

/** The signed-in student's dashboard, from their own records (D9). */
export const studentDashboardQuery = queryOptions({
  queryKey: ["dashboard", "student"],
  queryFn: async () => unwrap(await api.api.me.student.dashboard.$get()),
});

export type StudentDashboard = Awaited<ReturnType<NonNullable<typeof studentDashboardQuery.queryFn>>>;

/** The facility dashboard's figures, computed on the server from live data (D9). */
export const facilityDashboardQuery = (facilityId?: string) =>
  queryOptions({
    queryKey: ["dashboard", "facility", facilityId ?? "own"],
    queryFn: async () =>
      unwrap(await api.api.analytics["facility-dashboard"].$get({ query: facilityId ? { facilityId } : {} })),
  });

export type FacilityDashboard = Awaited<ReturnType<NonNullable<ReturnType<typeof facilityDashboardQuery>["queryFn"]>>>;
