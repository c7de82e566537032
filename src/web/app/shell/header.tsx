import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Bell, LogOut, Menu, ShieldCheck } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { isAdmin, ROLE_LABELS } from "@/domain/roles";
import { Button } from "@/web/components/ui/button";
import { unreadCountQuery } from "@/web/features/messages/api";
import { authClient } from "@/web/lib/auth-client";
import { actingRole, type Me } from "@/web/lib/me";
import { type Area, messagesPath } from "./navigation";
import { OrganizationSwitcher } from "./organization-switcher";
import { ViewAsMenu } from "./view-as-menu";

export function Header({
  me,
  area,
  onOpenMenu,
  onSwitchingOrganization,
}: {
  me: Me;
  area: Area;
  onOpenMenu: () => void;
  /** The session is switching organization (true) or stayed where it was (false). */
  onSwitchingOrganization: (switching: boolean) => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const unread = useQuery(unreadCountQuery);
  const count = unread.data?.unread ?? 0;
  const role = actingRole(me);

  async function logout() {
    // On a 401/403/404 from sign-out the local state is still cleared (spec section 8).
    await authClient.signOut().catch(() => undefined);
    queryClient.clear();
    toast.success("Signed out", { description: "You have been logged out successfully" });
    navigate("/", { replace: true });
  }

  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-border bg-white px-3 sm:px-5">
      <Button variant="ghost" size="icon" className="md:hidden" onClick={onOpenMenu} aria-label="Open navigation">
        <Menu aria-hidden />
      </Button>
      <Link
        to="/"
        aria-label="Clinical Placement Portal home"
        className="flex items-center gap-2 font-semibold text-teal-900"
      >
        <span aria-hidden className="flex size-7 items-center justify-center rounded bg-primary text-white">
          +
        </span>
        <span className="hidden sm:inline">Clinical Placement Portal</span>
      </Link>
      <div className="ml-auto flex items-center gap-1 sm:gap-3">
        {isAdmin(me.role) ? <ViewAsMenu /> : null}
        <OrganizationSwitcher me={me} onSwitching={onSwitchingOrganization} />
        <Button asChild variant="ghost" size="icon" className="relative">
          <Link to={messagesPath(area)} aria-label={count > 0 ? `Messages, ${count} unread` : "Messages"}>
            <Bell aria-hidden />
            {count > 0 ? (
              <span
                data-testid="unread-dot"
                className="absolute right-2 top-2 size-2.5 rounded-full bg-red-600 ring-2 ring-white"
              />
            ) : null}
          </Link>
        </Button>
        <div className="hidden text-right leading-tight sm:block">
          <div className="text-sm font-medium" data-testid="user-name">
            {me.profile.fullName}
          </div>
          <div className="text-xs text-muted-foreground" data-testid="user-role">
            {role ? ROLE_LABELS[role] : "No role yet"}
          </div>
        </div>
        <Button asChild variant="ghost" size="icon">
          <Link to="/account" aria-label="Account and security">
            <ShieldCheck aria-hidden />
          </Link>
        </Button>
        <Button variant="outline" size="sm" onClick={logout} aria-label="Logout">
          <LogOut aria-hidden />
          <span className="hidden sm:inline">Logout</span>
        </Button>
      </div>
    </header>
  );
}
