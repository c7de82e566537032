import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "@/web/lib/api-client";

// The analytics charts' data (issue 14): one request per chart, keyed by the filters in the URL.

export type AnalyticsFilters = { from?: string; to?: string; state?: string; specialty?: string };

const admin = api.api.analytics.admin;
const query = (f: AnalyticsFilters) => ({
  from: f.from || undefined,
  to: f.to || undefined,
  state: f.state || undefined,
  specialty: f.specialty || undefined,
});

export const filterOptionsQuery = queryOptions({
  queryKey: ["admin", "analytics", "filter-options"],
  queryFn: async () => unwrap(await admin["filter-options"].$get()),
  staleTime: 5 * 60_000,
});

export const applicationsOverTimeQuery = (f: AnalyticsFilters) =>
  queryOptions({
    queryKey: ["admin", "analytics", "applications-over-time", f],
    queryFn: async () => unwrap(await admin["applications-over-time"].$get({ query: query(f) })),
    placeholderData: keepPreviousData,
  });

export const facilityDecisionsQuery = (f: AnalyticsFilters) =>
  queryOptions({
    queryKey: ["admin", "analytics", "facility-decisions", f],
    queryFn: async () => unwrap(await admin["facility-decisions"].$get({ query: query(f) })),
    placeholderData: keepPreviousData,
  });

export const seatUtilizationQuery = (f: AnalyticsFilters) =>
  queryOptions({
    queryKey: ["admin", "analytics", "seat-utilization", f],
    queryFn: async () => unwrap(await admin["seat-utilization"].$get({ query: query(f) })),
    placeholderData: keepPreviousData,
  });

export const unmetDemandQuery = (f: AnalyticsFilters) =>
  queryOptions({
    queryKey: ["admin", "analytics", "unmet-demand", f],
    queryFn: async () => unwrap(await admin["unmet-demand"].$get({ query: query(f) })),
    placeholderData: keepPreviousData,
  });

export const complianceByProgramQuery = (f: AnalyticsFilters) =>
  queryOptions({
    queryKey: ["admin", "analytics", "compliance-by-program", f],
    queryFn: async () => unwrap(await admin["compliance-by-program"].$get({ query: query(f) })),
    placeholderData: keepPreviousData,
  });
