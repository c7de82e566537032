import { Navigate, useLocation } from "react-router";
import { holdsAny, type Role } from "@/domain/roles";
import { Loading } from "@/web/components/ui/loading";
import { useMe } from "@/web/lib/session";
import { AppShell } from "./shell/app-shell";

/**
 * Spec section 6: not signed in or the wrong role → /auth (students' pages → /auth?role=student);
 * 'Loading...' meanwhile. This only hides pages: the server checks every call itself (D1).
 */
export function RequireRole({ roles, fallback = "/auth" }: { roles: readonly Role[] | "any"; fallback?: string }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <Loading />;
  if (me.isError) {
    return (
      <div role="alert" className="p-8 text-center text-destructive">
        We could not load your account. Check your connection and reload the page.
      </div>
    );
  }
  const user = me.data;
  // Issue 17: acting as a facility's preceptor (ADR 023), only the preceptor's (and own student) pages.
  const held =
    user?.role === "preceptor" ? user.roles.filter((r) => r === "preceptor" || r === "student") : user?.roles;
  const allowed = user && held && (roles === "any" || holdsAny(held, roles));
  if (!user || !allowed) return <Navigate to={fallback} replace state={{ from: location.pathname }} />;
  return <AppShell me={user} />;
}
