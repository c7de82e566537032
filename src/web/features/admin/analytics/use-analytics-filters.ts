import { useSearchParams } from "react-router";
import type { AnalyticsFilters } from "./analytics-api";

const NAMES = ["from", "to", "state", "specialty"] as const;

/** The charts' filters, kept in the address (reload and Back show the same charts). */
export function useAnalyticsFilters() {
  const [params, setParams] = useSearchParams();
  const filters: AnalyticsFilters = Object.fromEntries(
    NAMES.map((n) => [n, params.get(n) ?? undefined]).filter(([, v]) => v),
  );
  function set(patch: AnalyticsFilters) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [name, value] of Object.entries(patch)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  }
  const clear = () => set({ from: "", to: "", state: "", specialty: "" });
  const filtered = NAMES.some((n) => filters[n]);
  return { filters, set, clear, filtered };
}
