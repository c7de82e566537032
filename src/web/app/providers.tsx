import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Toaster } from "sonner";
import { ApiError } from "@/web/lib/api-client";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Retrying a 4xx never helps; network blips get two more tries.
      retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Own colours: sonner's richColors success green fails WCAG AA contrast (4.3:1). */}
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
    </QueryClientProvider>
  );
}
