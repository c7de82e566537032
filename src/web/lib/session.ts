import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, api, unwrap } from "@/web/lib/api-client";

async function fetchMe() {
  try {
    return await unwrap(await api.api.accounts.me.$get());
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export type Me = NonNullable<Awaited<ReturnType<typeof fetchMe>>>;

/** The signed-in user, or null when nobody is signed in. Shared by every feature (not a feature's own). */
export const meQuery = queryOptions({ queryKey: ["me"], queryFn: fetchMe, staleTime: 60_000 });

export const useMe = () => useQuery(meQuery);
