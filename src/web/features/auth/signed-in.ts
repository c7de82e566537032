import { homeFor } from "@/domain/roles";
import { actingRole, type Me } from "@/web/lib/me";

/** Where a user goes after signing in: their role's home; students to their dashboard; no role to /account. */
export function destinationFor(me: Me | null) {
  if (!me) return "/auth";
  return homeFor(actingRole(me)) ?? (me.role === "student" ? "/dashboard/student" : "/account");
}

/** The query client and the account's query: loaded by the first submit, not with /auth (issue 11). */
export const loadQueryCache = () =>
  Promise.all([import("@/web/lib/query-client"), import("@/web/lib/session")]).then(
    ([{ queryClient }, { meQuery }]) => ({
      queryClient,
      meQuery,
    }),
  );

/**
 * The account just signed in (or up), read fresh into the app's query cache, where the signed-in
 * pages find it; null when nobody is signed in.
 */
export async function fetchSignedIn() {
  const { queryClient, meQuery } = await loadQueryCache();
  return queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
}
