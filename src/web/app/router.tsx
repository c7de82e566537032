import { createBrowserRouter, Navigate, type RouteObject, useParams } from "react-router";
import { RequireRole } from "./require-role";

// Route-level code splitting: each page is its own chunk.
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, "lazy"> => ({
  lazy: async () => ({ Component: (await load()).default }),
});
const section = (name: keyof typeof import("./section-pages")): Pick<RouteObject, "lazy"> => ({
  lazy: async () => ({ Component: (await import("./section-pages"))[name] }),
});

/** D5: the prototype's /facility/... links go to /dashboard/facility/... */
function FacilityRedirect() {
  const params = useParams();
  return <Navigate to={`/dashboard/facility/${params["*"] ?? ""}`} replace />;
}

const PROGRAM = ["program", "admin", "super_admin"] as const;
const FACILITY = ["facility", "admin", "super_admin"] as const;
const ADMIN = ["admin", "super_admin"] as const;

export const routes: RouteObject[] = [
  { path: "/", ...page(() => import("@/web/features/landing/pages/landing-page")) },
  { path: "/student", ...page(() => import("@/web/features/landing/pages/student-landing-page")) },
  { path: "/auth", ...page(() => import("@/web/features/auth/pages/auth-page")) },
  { path: "/reset-password", ...page(() => import("@/web/features/auth/pages/reset-password-page")) },
  { path: "/invite/:token", ...page(() => import("@/web/features/auth/pages/invite-page")) },
  { path: "/facility/*", element: <FacilityRedirect /> },
  {
    element: <RequireRole roles={[...PROGRAM]} />,
    children: [
      { path: "/dashboard/program", ...page(() => import("@/web/features/dashboard/pages/program-dashboard-page")) },
      { path: "/students", ...page(() => import("@/web/features/students/pages/students-page")) },
      { path: "/students/:id", ...page(() => import("@/web/features/students/pages/student-detail-page")) },
      { path: "/students/:id/compliance", ...section("StudentCompliancePage") },
      { path: "/placements", ...page(() => import("@/web/features/placements/pages/placements-page")) },
      { path: "/applications", ...page(() => import("@/web/features/applications/pages/applications-page")) },
      { path: "/calendar", ...section("CalendarPage") },
    ],
  },
  {
    element: <RequireRole roles={[...FACILITY]} />,
    children: [
      { path: "/dashboard/facility", ...page(() => import("@/web/features/dashboard/pages/facility-dashboard-page")) },
      {
        path: "/dashboard/facility/placements",
        ...page(() => import("@/web/features/placements/pages/facility-placements-page")),
      },
      {
        path: "/dashboard/facility/applications",
        ...page(() => import("@/web/features/applications/pages/facility-applications-page")),
      },
      {
        path: "/dashboard/facility/students",
        ...page(() => import("@/web/features/applications/pages/placed-students-page")),
      },
      { path: "/dashboard/facility/calendar", ...section("CalendarPage") },
    ],
  },
  {
    element: <RequireRole roles={[...ADMIN]} />,
    children: [
      { path: "/dashboard/admin", ...page(() => import("@/web/features/admin/pages/admin-dashboard-page")) },
      {
        path: "/dashboard/admin/programs",
        lazy: async () => ({ Component: (await import("@/web/features/admin/pages/organizations-page")).ProgramsPage }),
      },
      {
        path: "/dashboard/admin/facilities",
        lazy: async () => ({
          Component: (await import("@/web/features/admin/pages/organizations-page")).FacilitiesPage,
        }),
      },
      { path: "/dashboard/admin/analytics", ...section("AdminAnalyticsPage") },
      { path: "/dashboard/admin/settings", ...section("AdminSettingsPage") },
    ],
  },
  // Spec section 6: /dashboard/student also admits super_admin; the other student pages student and admin.
  {
    element: <RequireRole roles={["student", "admin", "super_admin"]} fallback="/auth?role=student" />,
    children: [
      { path: "/dashboard/student", ...page(() => import("@/web/features/dashboard/pages/student-dashboard-page")) },
    ],
  },
  {
    element: <RequireRole roles={["student", "admin"]} fallback="/auth?role=student" />,
    children: [
      { path: "/student/placements", ...page(() => import("@/web/features/student/pages/student-placements-page")) },
      {
        path: "/student/applications",
        ...page(() => import("@/web/features/student/pages/student-applications-page")),
      },
      { path: "/student/learning", ...section("LearningPage") },
      { path: "/student/messages", ...page(() => import("@/web/features/messages/pages/messages-page")) },
      { path: "/student/profile", ...page(() => import("@/web/features/student/pages/student-profile-page")) },
    ],
  },
  {
    element: <RequireRole roles="any" />,
    children: [
      { path: "/account", ...page(() => import("@/web/features/account/pages/account-page")) },
      { path: "/messages", ...page(() => import("@/web/features/messages/pages/messages-page")) },
    ],
  },
  { path: "*", ...page(() => import("@/web/features/landing/pages/not-found-page")) },
];

export const createRouter = () => createBrowserRouter(routes);
