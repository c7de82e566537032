import type { RouteObject } from "react-router";
import { matchRoutes, useRoutes } from "react-router";
import type { Role } from "@/domain/roles";
import { ADMIN_ROLES, FACILITY_SIDE, PRECEPTOR_PAGES, PROGRAM_SIDE, STUDENT_VIEWERS } from "@/domain/roles";
import { route } from "@/domain/web-routes";
import { lazyRoute, page, preloadMatches } from "./lazy-route";

// Every page but the public ones (router.tsx), as one chunk that loads with the first of them (ADR
// 028): the entry, which every public page loads, does not carry this table nor the list of chunks
// each page preloads, so the landing pages and /auth do not grow with each page the app gains.

/**
 * The signed-in area's guard and its shell (navigation, header, account menu) load with the first
 * protected page: the public pages never pay for them (issue 11, public pages' weight).
 */
const guarded = (roles: readonly Role[] | "any", fallback?: string) =>
  lazyRoute(async () => (await import("./require-role")).RequireRole, { roles, fallback });

/**
 * The query client (providers.tsx) as a pathless layout route around every page that asks the API:
 * it loads with that page's code, never with the landing pages (ADR 017). It also has the toaster
 * mounted (router.tsx), which then stays.
 */
const withProviders = lazyRoute(async () => (await import("./providers")).AppProviders);

/** Pages that ask the API through the query client (invitations, the signed-in area), under the providers. */
const appRoutes: RouteObject[] = [
  { path: route("/reset-password"), ...page(() => import("@/web/features/auth/pages/reset-password-page")) },
  { path: route("/invite/:token"), ...page(() => import("@/web/features/auth/pages/invite-page")) },
  {
    path: route("/preceptor-invite/:token"),
    ...page(() => import("@/web/features/preceptors/pages/accept-invitation-page")),
  },
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
      { path: route("/matching"), ...page(() => import("@/web/features/matching/pages/match-students-page")) },
      { path: route("/applications"), ...page(() => import("@/web/features/applications/pages/applications-page")) },
      {
        path: route("/calendar"),
        ...lazyRoute(async () => (await import("@/web/features/calendar/pages/calendar-page")).ProgramCalendarPage),
      },
      {
        path: route("/learning-resources"),
        ...page(() => import("@/web/features/learning/pages/learning-resources-page")),
      },
      {
        path: route("/agreements"),
        ...lazyRoute(
          async () => (await import("@/web/features/agreements/pages/agreements-page")).ProgramAgreementsPage,
        ),
      },
      {
        path: route("/rotations"),
        ...lazyRoute(
          async () => (await import("@/web/features/rotations/pages/rotation-records-page")).RotationRecordsPage,
        ),
      },
      {
        path: route("/evaluations"),
        ...page(() => import("@/web/features/evaluations/pages/program-evaluations-page")),
      },
      { path: route("/hours"), ...page(() => import("@/web/features/hours/pages/program-hours-page")) },
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
      {
        path: route("/dashboard/facility/calendar"),
        ...lazyRoute(async () => (await import("@/web/features/calendar/pages/calendar-page")).FacilityCalendarPage),
      },
      {
        path: route("/dashboard/facility/requirements"),
        ...page(() => import("@/web/features/compliance/pages/facility-requirements-page")),
      },
      {
        path: route("/dashboard/facility/agreements"),
        ...lazyRoute(
          async () => (await import("@/web/features/agreements/pages/agreements-page")).FacilityAgreementsPage,
        ),
      },
      {
        path: route("/dashboard/facility/rotations"),
        ...page(() => import("@/web/features/preceptors/pages/rotations-page")),
      },
      {
        path: route("/dashboard/facility/preceptors"),
        ...page(() => import("@/web/features/preceptors/pages/preceptors-page")),
      },
      {
        path: route("/dashboard/facility/evaluations"),
        ...lazyRoute(
          async () =>
            (await import("@/web/features/evaluations/pages/preceptor-evaluations-page")).FacilityEvaluationsPage,
        ),
      },
      {
        path: route("/dashboard/facility/hours"),
        ...lazyRoute(async () => (await import("@/web/features/hours/pages/review-page")).FacilityHoursPage),
      },
    ],
  },
  // Issue 17: the preceptor's pages (administrators may look; a facility coordinator has the facility's).
  {
    ...guarded(PRECEPTOR_PAGES),
    children: [
      {
        path: route("/dashboard/preceptor"),
        ...page(() => import("@/web/features/preceptors/pages/preceptor-dashboard-page")),
      },
      {
        path: route("/dashboard/preceptor/rotations/:id"),
        ...page(() => import("@/web/features/preceptors/pages/preceptor-rotation-page")),
      },
      {
        path: route("/dashboard/preceptor/hours"),
        ...lazyRoute(async () => (await import("@/web/features/hours/pages/review-page")).PreceptorHoursPage),
      },
      {
        path: route("/dashboard/preceptor/evaluations"),
        ...lazyRoute(
          async () =>
            (await import("@/web/features/evaluations/pages/preceptor-evaluations-page")).PreceptorEvaluationsPage,
        ),
      },
    ],
  },
  {
    ...guarded(ADMIN_ROLES),
    children: [
      { path: route("/dashboard/admin"), ...page(() => import("@/web/features/admin/pages/admin-dashboard-page")) },
      {
        path: route("/dashboard/admin/programs"),
        ...lazyRoute(async () => (await import("@/web/features/admin/pages/organizations-page")).ProgramsPage),
      },
      {
        path: route("/dashboard/admin/facilities"),
        ...lazyRoute(async () => (await import("@/web/features/admin/pages/organizations-page")).FacilitiesPage),
      },
      { path: route("/dashboard/admin/audit"), ...page(() => import("@/web/features/admin/pages/audit-page")) },
      {
        path: route("/dashboard/admin/analytics"),
        ...page(() => import("@/web/features/admin/pages/admin-analytics-page")),
      },
      {
        path: route("/dashboard/admin/programs/:id"),
        ...lazyRoute(
          async () => (await import("@/web/features/admin/pages/organization-detail-page")).ProgramDetailPage,
        ),
      },
      {
        path: route("/dashboard/admin/facilities/:id"),
        ...lazyRoute(
          async () => (await import("@/web/features/admin/pages/organization-detail-page")).FacilityDetailPage,
        ),
      },
      { path: route("/dashboard/admin/admins"), ...page(() => import("@/web/features/admin/pages/admins-page")) },
      { path: route("/dashboard/admin/settings"), ...page(() => import("@/web/features/admin/pages/settings-page")) },
      {
        path: route("/dashboard/admin/agreements"),
        ...lazyRoute(async () => (await import("@/web/features/agreements/pages/agreements-page")).AdminAgreementsPage),
      },
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
        ...page(() => import("./pages/student-placements-page")),
      },
      {
        path: route("/student/applications"),
        ...page(() => import("@/web/features/applications/pages/student-applications-page")),
      },
      {
        path: route("/student/compliance"),
        ...page(() => import("@/web/features/compliance/pages/my-compliance-page")),
      },
      {
        path: route("/student/calendar"),
        ...lazyRoute(async () => (await import("@/web/features/calendar/pages/calendar-page")).StudentCalendarPage),
      },
      { path: route("/student/hours"), ...page(() => import("@/web/features/hours/pages/student-hours-page")) },
      { path: route("/student/learning"), ...page(() => import("@/web/features/learning/pages/learning-page")) },
      { path: route("/student/messages"), ...page(() => import("@/web/features/messages/pages/messages-page")) },
      { path: route("/student/profile"), ...page(() => import("@/web/features/students/pages/student-profile-page")) },
      {
        path: route("/student/evaluations"),
        ...page(() => import("@/web/features/evaluations/pages/student-evaluations-page")),
      },
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

const appAreaRoutes: RouteObject[] = [
  { ...withProviders, children: appRoutes },
  { path: "*", ...page(() => import("@/web/features/landing/pages/not-found-page")) },
];

/** Under router.tsx's catch-all route, which matches every path that is not a public page's. */
export function AppAreaRoutes() {
  return useRoutes(appAreaRoutes);
}

/** Loads the code of every route `pathname` matches here (router.tsx's `preloadRoutes`). */
export function preloadAppAreaRoutes(pathname: string) {
  return preloadMatches(matchRoutes(appAreaRoutes, pathname), pathname);
}
