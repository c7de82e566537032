import { isAdmin, type Role } from "@/domain/roles";
import { api, unwrap } from "@/web/lib/api-client";

/**
 * The signed-in user, or null when nobody is signed in. The signed-in pages read it through the
 * query cache (session.ts); /auth asks it once without TanStack Query (issue 11, public pages' weight).
 * Signed out is a 200 with null, not an error the browser logs.
 */
export async function fetchMe() {
  return (await unwrap(await api.api.accounts.session.$get())).me;
}

export type Me = NonNullable<Awaited<ReturnType<typeof fetchMe>>>;

/**
 * The role the user acts in now: a coordinator of several organizations acts for the session's
 * active one (ADR 011), so a program and facility coordinator acting for the facility is on the
 * facility's side. Administrators keep their own standing.
 */
export function actingRole(me: Pick<Me, "role" | "roles" | "organization">): Role | null {
  const kind = me.organization?.kind;
  if (isAdmin(me.role) || !kind || !me.roles.includes(kind)) return me.role;
  // Issue 17: at a facility where the user is a preceptor, they act as its preceptor (ADR 023).
  if (me.organization?.membership === "preceptor" && me.roles.includes("preceptor")) return "preceptor";
  return kind;
}
