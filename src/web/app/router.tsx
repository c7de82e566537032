import { createBrowserRouter, Navigate, type RouteObject, useParams } from "react-router";
import type { Role } from "@/domain/roles";
import { ADMIN_ROLES, FACILITY_SIDE, PROGRAM_SIDE, STUDENT_VIEWERS } from "@/domain/roles";
import { documentTitle, route } from "@/domain/web-routes";

// Route-level code splitting: each page is its own chunk.
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, "lazy"> => ({
  lazy: async () => ({ Component: (await load()).default }),
});
const section = (name: keyof typeof import("./section-pages")): Pick<RouteObject, "lazy"> => ({
  lazy: async () => ({ Component: (await import("./section-pages"))[name] }),
});

/**
 * The signed-in area's guard and its shell (navigation, header, account menu) load with the first
 * protected page: the public pages never pay for them (issue 11, public pages' weight).
 */
const guarded = (roles: readonly Role[] | "any", fallback?: string): Pick<RouteObject, "lazy"> => ({
  lazy: async () => {
    const { RequireRole } = await import("./require-role");
    return { element: <RequireRole roles={roles} fallback={fallback} /> };
  },
});

/** D5: the prototype's /facility/... links go to /dashboard/facility/... */
function FacilityRedirect() {
  const params = useParams();
  return <Navigate to={`/dashboard/facility/${params["*"] ?? ""}`} replace />;
}

/**
 * The query client and the toasts (providers.tsx) as a pathless layout route around every page that
 * asks the API: they load with that page's code, never with the landing pages (ADR 017).
 */
const withProviders: Pick<RouteObject, "lazy"> = {
  lazy: async () => ({ Component: (await import("./providers")).AppProviders }),
};

/** Pages that ask the API (sign-in, invitations, the signed-in area), under the providers. */
const appRoutes: RouteObject[] = [
  { path: route("/auth"), ...page(() => import("@/web/features/auth/pages/auth-page")) },
  { path: route("/reset-password"), ...page(() => import("@/web/features/auth/pages/reset-password-page")) },
  { path: route("/invite/:token"), ...page(() => import("@/web/features/auth/pages/invite-page")) },
  {
    ...guarded(PROGRAM_SIDE),
    children: [
      {
        path: route("/dashboard/program"),
        ...page(() => import("./dashboard/pages/program-dashboard-page")),
      },
      { path: route("/students"), ...page(() => import("@/web/features/students/pages/students-page")) },
      { path: route("/students/:id"), ...page(() => import("./pages/student-detail-page")) },
      {
        path: route("/students/:id/compliance"),
        ...page(() => import("@/web/features/compliance/pages/student-compliance-page")),
      },
      { path: route("/compliance"), ...page(() => import("@/web/features/compliance/pages/compliance-page")) },
      { path: route("/placements"), ...page(() => import("@/web/features/placements/pages/placements-page")) },
      { path: route("/applications"), ...page(() => import("@/web/features/applications/pages/applications-page")) },
      { path: route("/calendar"), ...section("CalendarPage") },
    ],
  },
  {
    ...guarded(FACILITY_SIDE),
    children: [
      {
        path: route("/dashboard/facility"),
        ...page(() => import("./dashboard/pages/facility-dashboard-page")),
      },
      {
        path: route("/dashboard/facility/placements"),
        ...page(() => import("@/web/features/placements/pages/facility-placements-page")),
      },
      {
        path: route("/dashboard/facility/applications"),
        ...page(() => import("./pages/facility-applications-page")),
      },
      {
        path: route("/dashboard/facility/students"),
        ...page(() => import("@/web/features/applications/pages/placed-students-page")),
      },
      { path: route("/dashboard/facility/calendar"), ...section("CalendarPage") },
      {
        path: route("/dashboard/facility/requirements"),
        ...page(() => import("@/web/features/compliance/pages/facility-requirements-page")),
      },
    ],
  },
  {
    ...guarded(ADMIN_ROLES),
    children: [
      { path: route("/dashboard/admin"), ...page(() => import("@/web/features/admin/pages/admin-dashboard-page")) },
      {
        path: route("/dashboard/admin/programs"),
        lazy: async () => ({ Component: (await import("@/web/features/admin/pages/organizations-page")).ProgramsPage }),
      },
      {
        path: route("/dashboard/admin/facilities"),
        lazy: async () => ({
          Component: (await import("@/web/features/admin/pages/organizations-page")).FacilitiesPage,
        }),
      },
      { path: route("/dashboard/admin/analytics"), ...section("AdminAnalyticsPage") },
      { path: route("/dashboard/admin/settings"), ...section("AdminSettingsPage") },
    ],
  },
  // The student's pages admit the same roles as /api/me/student/* (STUDENT_VIEWERS, ADR 011).
  {
    ...guarded(STUDENT_VIEWERS, "/auth?role=student"),
    children: [
      {
        path: route("/dashboard/student"),
        ...page(() => import("./dashboard/pages/student-dashboard-page")),
      },
    ],
  },
  {
    ...guarded(STUDENT_VIEWERS, "/auth?role=student"),
    children: [
      {
        path: route("/student/placements"),
        ...page(() => import("@/web/features/placements/pages/student-placements-page")),
      },
      {
        path: route("/student/applications"),
        ...page(() => import("@/web/features/applications/pages/student-applications-page")),
      },
      {
        path: route("/student/compliance"),
        ...page(() => import("@/web/features/compliance/pages/my-compliance-page")),
      },
      { path: route("/student/learning"), ...section("LearningPage") },
      { path: route("/student/messages"), ...page(() => import("@/web/features/messages/pages/messages-page")) },
      { path: route("/student/profile"), ...page(() => import("@/web/features/students/pages/student-profile-page")) },
    ],
  },
  {
    ...guarded("any"),
    children: [
      { path: route("/account"), ...page(() => import("@/web/features/account/pages/account-page")) },
      { path: route("/messages"), ...page(() => import("@/web/features/messages/pages/messages-page")) },
    ],
  },
];

export const routes: RouteObject[] = [
  // Static pages: no API, no providers (issue 11, public pages' weight).
  { path: route("/"), ...page(() => import("@/web/features/landing/pages/landing-page")) },
  { path: route("/student"), ...page(() => import("@/web/features/landing/pages/student-landing-page")) },
  { path: route("/terms"), ...page(() => import("@/web/features/landing/pages/terms-page")) },
  { path: route("/privacy"), ...page(() => import("@/web/features/landing/pages/privacy-page")) },
  { path: route("/facility/*"), element: <FacilityRedirect /> },
  { ...withProviders, children: appRoutes },
  { path: "*", ...page(() => import("@/web/features/landing/pages/not-found-page")) },
];

/** Every path comes from src/domain/web-routes.ts (the server answers 404 for others); so does each page's title. */
export function createRouter() {
  const router = createBrowserRouter(routes);
  const setTitle = () => {
    document.title = documentTitle(router.state.location.pathname);
  };
  setTitle();
  router.subscribe(setTitle);
  return router;
}
