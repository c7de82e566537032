import { hashKey, MutationCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "@/web/lib/api-client";
import { toastError } from "@/web/lib/api-errors";
import { viewedStudentId } from "@/web/lib/view-as-student";

declare module "@tanstack/react-query" {
  interface Register {
    /** `errorToast`: the toast's title when the mutation fails (default 'Error'), or false for none. */
    mutationMeta: { errorToast?: string | false };
  }
}

/**
 * The app's one query client (a module singleton: its cache survives leaving and re-entering the
 * pages under the providers, ADR 017). Loaded with the first page that asks the API, or by /auth
 * once someone signs in (the signed-in pages then find the account in its cache).
 */
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
      // Cached per viewed student (View As, lib/view-as-student.ts): another pick never shows the
      // previous student's records, also after Back.
      queryKeyHashFn: (key) => {
        const viewed = viewedStudentId();
        return viewed ? hashKey([...key, { viewAsStudent: viewed }]) : hashKey(key);
      },
    },
  },
});
