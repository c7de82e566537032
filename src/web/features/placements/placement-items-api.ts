import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "@/web/lib/api-client";

// A placement's own preparation checklist items (issue 16; served by the Learning Center's
// /api/learning/placements/:id/items): its facility lists, adds and removes them.

export type PlacementItem = { id: string; placementId: string; title: string; description: string; createdAt: string };

async function request<T>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
    credentials: "same-origin",
    headers: init.json !== undefined ? { "content-type": "application/json" } : undefined,
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
  return (await unwrap(response as Response & { ok: true; json(): Promise<T> })) as T;
}

const itemsPath = (placementId: string) => `/api/learning/placements/${encodeURIComponent(placementId)}/items`;
const key = (placementId: string) => ["placement-items", placementId];

export const placementItemsQuery = (placementId: string) =>
  queryOptions({
    queryKey: key(placementId),
    queryFn: () => request<{ items: PlacementItem[] }>(itemsPath(placementId)),
  });

export function useAddPlacementItem(placementId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: { title: string; description: string }) =>
      request<PlacementItem>(itemsPath(placementId), { json: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(placementId) }),
  });
}

export function useRemovePlacementItem(placementId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) =>
      request<{ id: string }>(`${itemsPath(placementId)}/${encodeURIComponent(itemId)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(placementId) }),
  });
}
