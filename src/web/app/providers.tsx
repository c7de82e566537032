import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect } from "react";
import { Outlet } from "react-router";
import { queryClient } from "@/web/lib/query-client";
import { wantToaster } from "@/web/lib/toasts";

/**
 * The query client as a pathless layout route (app-area-routes.tsx, ADR 017): loaded with the first
 * page that asks the API, so the public pages never download TanStack Query (issue 11, public pages'
 * weight). Its pages import `toast` from sonner: the app's toaster mounts with them and stays.
 */
export function AppProviders() {
  useEffect(wantToaster, []);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
