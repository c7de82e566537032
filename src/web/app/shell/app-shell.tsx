import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useEffect, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { isAdmin } from "@/domain/roles";
import { Loading } from "@/web/components/ui/loading";
import { ViewAsOrganizationBar, viewAsKindOf } from "@/web/features/admin/components/view-as-organization-bar";
import { actingRole, type Me } from "@/web/lib/me";
import { Header } from "./header";
import { areaOf, NAVIGATION } from "./navigation";
import { SidebarNav } from "./sidebar";
import { useLiveEvents } from "./use-live-events";
import { isViewAsStudentPage, ViewAsStudentBar } from "./view-as-student-bar";

/** Header, the area's sidebar (a drawer on small screens) and the page. */
export function AppShell({ me }: { me: Me }) {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // While the session switches organization, the page being left is off screen: its queries would
  // otherwise ask the other side's routes again (403) before the new dashboard opens.
  const [leaving, setLeaving] = useState<string | null>(null);
  useEffect(() => {
    if (leaving !== null && pathname !== leaving) setLeaving(null);
  }, [pathname, leaving]);
  useLiveEvents();
  const area = areaOf(pathname, actingRole(me));
  const items = NAVIGATION[area];
  const pendingOrg = me.organization?.verificationStatus === "pending";
  // Every API route but "who am I" refuses a rejected organization's members: say why, once.
  const rejectedOrg = me.organization?.verificationStatus === "rejected" && !me.roles.some((r) => isAdmin(r));
  // A suspended organization reads but cannot write (issue 14): its writes answer 403, say why first.
  // An administrator on a program's or facility's pages picks which one they view as (issue 14).
  const admin = me.roles.some((r) => isAdmin(r));
  const viewAs = admin ? viewAsKindOf(pathname) : null;
  const suspendedOrg = me.organization?.suspendedAt && !me.roles.some((r) => isAdmin(r)) ? me.organization : null;

  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <Header
        me={me}
        area={area}
        onOpenMenu={() => setMenuOpen(true)}
        onSwitchingOrganization={(on) => setLeaving(on ? pathname : null)}
      />
      {/* The sidebar's column stretches with the page (its background and border reach the bottom of
          long pages); the navigation inside it stays in view while the page scrolls. */}
      <div className="flex min-h-[calc(100vh-3.5rem)]">
        <aside className="hidden w-60 shrink-0 border-r border-border bg-white md:block">
          <div className="sticky top-14 max-h-[calc(100vh-3.5rem)] overflow-y-auto">
            <SidebarNav items={items} />
          </div>
        </aside>
        <DialogPrimitive.Root open={menuOpen} onOpenChange={setMenuOpen}>
          <DialogPrimitive.Portal>
            <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/40 md:hidden" />
            <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 w-72 bg-white shadow-lg md:hidden">
              <div className="flex h-14 items-center justify-between border-b border-border px-4">
                <DialogPrimitive.Title className="font-semibold">Navigation</DialogPrimitive.Title>
                <DialogPrimitive.Close className="rounded p-1 hover:bg-muted" aria-label="Close navigation">
                  <X className="size-4" aria-hidden />
                </DialogPrimitive.Close>
              </div>
              <DialogPrimitive.Description className="sr-only">Pages for your role</DialogPrimitive.Description>
              <SidebarNav items={items} onNavigate={() => setMenuOpen(false)} />
            </DialogPrimitive.Content>
          </DialogPrimitive.Portal>
        </DialogPrimitive.Root>
        <main id="main" className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
          {pendingOrg ? (
            <div
              role="status"
              className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
            >
              <strong>{me.organization?.name} is pending verification.</strong> You can prepare now (
              {preparation(me.organization?.kind)}); submitting and receiving applications opens once a platform
              administrator verifies your organization.
            </div>
          ) : null}
          {suspendedOrg ? (
            <div role="alert" className="mb-6 rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900">
              <strong>{suspendedOrg.name} is suspended by the platform's administrators.</strong> You can sign in and
              read, but you cannot submit, approve, publish or invite until it is reinstated.
              {suspendedOrg.suspendedReason ? ` Reason: ${suspendedOrg.suspendedReason}` : null}
            </div>
          ) : null}
          {viewAs ? <ViewAsOrganizationBar kind={viewAs} /> : null}
          {admin && !me.studentId && isViewAsStudentPage(pathname) ? <ViewAsStudentBar /> : null}
          {rejectedOrg ? (
            <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900">
              <strong>{me.organization?.name} was not approved by the platform's administrators.</strong> Its pages are
              closed. If you think this is a mistake, contact the platform's administrators.
            </div>
          ) : leaving === pathname ? (
            <Loading label="Switching organization..." />
          ) : (
            <Outlet />
          )}
        </main>
      </div>
    </div>
  );
}

/** What a pending organization can prepare before it is verified: its own side's work. */
export function preparation(kind: string | undefined): string {
  return kind === "facility" ? "add departments, draft placements" : "add students";
}
