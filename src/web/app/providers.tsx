import { MutationCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Outlet } from "react-router";
import { Toaster } from "sonner";
import { ApiError } from "@/web/lib/api-client";
import { toastError } from "@/web/lib/api-errors";

declare module "@tanstack/react-query" {
  interface Register {
    /** `errorToast`: the toast's title when the mutation fails (default 'Error'), or false for none. */
    mutationMeta: { errorToast?: string | false };
  }
}

export const queryClient = new QueryClient({
  // One error path: every failed mutation toasts its error once, here (a query's error shows in its page).
  mutationCache: new MutationCache({
    onError: (err, _variables, _context, mutation) => {
      const title = mutation.meta?.errorToast;
      if (title !== false) toastError(err, title);
    },
  }),
  defaultOptions: {
    queries: {
      // Retrying a 4xx never helps; network blips get two more tries.
      retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

/**
 * The query client as a pathless layout route (router.tsx, ADR 017): loaded with the first page that
 * asks the API, so the landing pages never download TanStack Query (issue 11, public pages' weight).
 */
export function AppProviders() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

/**
 * The toasts: mounted beside the routes (router.tsx) from the first page under AppProviders on, and
 * kept, so a toast shown before leaving for a landing page ('You have been logged out') stays.
 */
export function AppToaster() {
  return (
    // Own colours: sonner's richColors success green fails WCAG AA contrast (4.3:1).
    <Toaster
      closeButton
      position="top-right"
      toastOptions={{
        classNames: {
          success: "!bg-green-50 !text-green-900 !border-green-300",
          error: "!bg-red-50 !text-red-900 !border-red-300",
          description: "!text-inherit",
        },
      }}
    />
  );
}
