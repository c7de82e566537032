import { QueryClientProvider } from "@tanstack/react-query";
import { Outlet } from "react-router";
import { queryClient } from "@/web/lib/query-client";

/**
 * The query client as a pathless layout route (router.tsx, ADR 017): loaded with the first page that
 * asks the API, so the public pages never download TanStack Query (issue 11, public pages' weight).
 */
export function AppProviders() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
