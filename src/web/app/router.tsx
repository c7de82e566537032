import { Component, type ComponentType, type ReactNode, Suspense, use, useEffect, useState } from "react";
import { matchRoutes, Navigate, type RouteObject, useLocation, useParams, useRoutes } from "react-router";
import type { Role } from "@/domain/roles";
import { ADMIN_ROLES, FACILITY_SIDE, PRECEPTOR_PAGES, PROGRAM_SIDE, STUDENT_VIEWERS } from "@/domain/roles";
import { documentTitle, route } from "@/domain/web-routes";
import { useToasterWanted } from "@/web/lib/toasts";

type Tracked<T> = Promise<T> & { status?: "fulfilled" | "rejected"; value?: T; reason?: unknown };
type Preload = () => Promise<unknown>;
// biome-ignore lint/suspicious/noExplicitAny: each route's component takes its own props, passed as given
type AnyComponent = ComponentType<any>;

/** `load` once, its promise carrying its outcome the way React's `use` reads it (no suspending once loaded). */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Tracked<T> | undefined;
  return () => {
    if (!loading) {
      const started: Tracked<T> = load();
      started.then(
        (value) => {
          started.status = "fulfilled";
          started.value = value;
        },
        (reason) => {
          started.status = "rejected";
          started.reason = reason;
        },
      );
      loading = started;
    }
    return loading;
  };
}

function LazyRoute({ load, props }: { load: () => Promise<AnyComponent>; props?: object }) {
  const Component = use(load());
  return <Component {...props} />;
}

/**
 * Route-level code splitting in declarative routing (ADR 017): the route's component loads when the
 * route first renders, or before by `preload` (main.tsx preloads the first page's routes, so its
 * first render replaces the prerendered markup at once). Navigations are transitions
 * (BrowserRouter): the current page stays on screen while the next one loads.
 */
function lazyRoute<P extends object>(
  load: () => Promise<ComponentType<P>>,
  props?: P,
): Pick<RouteObject, "element" | "handle"> {
  const preload = once(load);
  return { element: <LazyRoute load={preload} props={props} />, handle: { preload } };
}

// Each page is its own chunk.
const page = (load: () => Promise<{ default: ComponentType }>) => lazyRoute(async () => (await load()).default);

/**
 * The signed-in area's guard and its shell (navigation, header, account menu) load with the first
 * protected page: the public pages never pay for them (issue 11, public pages' weight).
 */
const guarded = (roles: readonly Role[] | "any", fallback?: string) =>
  lazyRoute(async () => (await import("./require-role")).RequireRole, { roles, fallback });

/** D5: the prototype's /facility/... links go to /dashboard/facility/... */
function FacilityRedirect() {
  const params = useParams();
  return <Navigate to={`/dashboard/facility/${params["*"] ?? ""}`} replace />;
}

/**
 * The query client and the toasts (providers.tsx) as a pathless layout route around every page that
 * asks the API: they load with that page's code, never with the landing pages (ADR 017).
 */
const withProviders = lazyRoute(async () => (await import("./providers")).AppProviders);
const loadToaster = once(async () => (await import("./toaster")).AppToaster);

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

const PROVIDERS = "providers";

export const routes: RouteObject[] = [
  // Static pages: no API, no providers (issue 11, public pages' weight).
  { path: route("/"), ...page(() => import("@/web/features/landing/pages/landing-page")) },
  { path: route("/student"), ...page(() => import("@/web/features/landing/pages/student-landing-page")) },
  { path: route("/terms"), ...page(() => import("@/web/features/landing/pages/terms-page")) },
  { path: route("/privacy"), ...page(() => import("@/web/features/landing/pages/privacy-page")) },
  // Sign-in asks the API without the query client, and toasts only after a submit (lib/toasts.ts):
  // it loads TanStack Query and sonner when they are needed, not on arrival (ADR 018).
  { path: route("/auth"), ...page(() => import("@/web/features/auth/pages/auth-page")) },
  { path: route("/facility/*"), element: <FacilityRedirect /> },
  { id: PROVIDERS, ...withProviders, children: appRoutes },
  { path: "*", ...page(() => import("@/web/features/landing/pages/not-found-page")) },
];

/**
 * A page whose code could not load (offline, or a deploy replaced its chunk) says so instead of
 * leaving an empty screen (another address renders as usual; reloading fetches the code again).
 */
class RouteErrorBoundary extends Component<{ pathname: string; children: ReactNode }, { failed: string | null }> {
  state = { failed: null as string | null };
  static getDerivedStateFromError() {
    return { failed: "" };
  }
  componentDidCatch() {
    this.setState({ failed: this.props.pathname });
  }
  render() {
    if (this.state.failed === null || (this.state.failed && this.state.failed !== this.props.pathname)) {
      return this.props.children;
    }
    return (
      <div role="alert" className="p-8 text-center">
        This page could not load. Check your connection and{" "}
        <button type="button" className="underline" onClick={() => window.location.reload()}>
          reload
        </button>
        .
      </div>
    );
  }
}

/** Loads the code of every route `pathname` matches (main.tsx: before the first render). */
export async function preloadRoutes(pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map((m) => (m.route.handle as { preload?: Preload } | undefined)?.preload?.()));
}

/** Every path comes from src/domain/web-routes.ts (the server answers 404 for others); so does each page's title. */
export function AppRoutes() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
  // The toaster mounts with the first page under the providers or the first toast of /auth, and
  // stays (AppToaster).
  const wanted = useToasterWanted();
  const [toaster, setToaster] = useState(false);
  if (!toaster && (wanted || matchRoutes(routes, pathname)?.some((m) => m.route.id === PROVIDERS))) setToaster(true);
  return (
    <>
      <RouteErrorBoundary pathname={pathname}>
        <Suspense fallback={null}>{useRoutes(routes)}</Suspense>
      </RouteErrorBoundary>
      {toaster ? (
        <Suspense fallback={null}>
          <LazyRoute load={loadToaster} />
        </Suspense>
      ) : null}
    </>
  );
}
