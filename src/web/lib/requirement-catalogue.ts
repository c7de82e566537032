import { queryOptions } from "@tanstack/react-query";
import type { RequirementType } from "@/domain/compliance";
import { unwrap } from "@/web/lib/api-client";

/**
 * The compliance requirement catalogue (issue 12): read by the compliance pages and by the facility
 * placement form's checklist, so it lives here rather than in one feature.
 */
export const requirementTypesQuery = queryOptions({
  queryKey: ["compliance", "requirement-types"],
  queryFn: async () => {
    const response = await fetch("/api/compliance/requirement-types", { credentials: "same-origin" });
    const body = await unwrap(response as Response & { ok: true; json(): Promise<{ types: RequirementType[] }> });
    return body.types;
  },
  staleTime: 5 * 60_000,
});
