import { queryOptions, useQuery } from "@tanstack/react-query";
import { fetchMe } from "@/web/lib/me";

/** The signed-in user, or null when nobody is signed in. Shared by every feature (not a feature's own). */
export const meQuery = queryOptions({ queryKey: ["me"], queryFn: fetchMe, staleTime: 60_000 });

export const useMe = () => useQuery(meQuery);
